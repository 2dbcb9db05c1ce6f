import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '@tracker/contract';
import { apiForFile, type TestApi } from './harness.js';
import { freeSim, telemetryDevice } from './samples/device-workspace.js';

let api: TestApi;
// partner A: role 12 (device type 2); partner B: role 15 (device type 3); manager: role 10; tier 1: role 9
let admin: string, partnerA: string, partnerB: string, manager: string, tier1: string;
/** telemetry devices of each type with the last day that has fixes */
let w1: { id: number; date: string; owner: number };
let w2: { id: number; date: string; owner: number };

apiForFile(['admin', 'partnera-manager', 'partnerb-tier1', 'manager', 'tier1'], async (started, tokens) => {
  [api, [admin, partnerA, partnerB, manager, tier1]] = [started, tokens];
  w1 = await telemetryDevice(api, 1);
  w2 = await telemetryDevice(api, 2);
});

const q1 = (extra = '') => `device_id=${w1.id}${extra}`;

describe('header and information', () => {
  it('answers the device details with child, IMSI, IMEI, owner and SIM', async () => {
    const r = await api.get(`/device/device_details?${q1()}`, admin);
    expect(r.status).toBe(200);
    const d = r.body.model;
    const row = (await api.pool.query('SELECT imei, imsi, first_name, owner_id FROM device WHERE id = $1', [w1.id])).rows[0];
    expect(d).toMatchObject({ id: w1.id, imei: row.imei, imsi: row.imsi, first_name: row.first_name, owner_id: row.owner_id });
    expect(d.device_type_id).toBe(1);
    expect(d.created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('gives 400 with a clear message without device_id, and for a non-number', async () => {
    // the other malformed ids ('abc', '-3', '0x10', '1e3'): apps/api/src/route-input.spec.ts
    for (const qs of ['', '?device_id=']) {
      const r = await api.get(`/device/device_details${qs}`, admin);
      expect(r.status, qs).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
      expect(r.body.errors[0]).toMatchObject({ field: 'device_id', message: 'device_id is required (a positive whole number)' });
    }
  });

  it('gives 404 for an unknown device, in the request language', async () => {
    const r = await api.get('/device/device_details?device_id=99999999', admin);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'DEVICE_NOT_FOUND', error: 'Device not found.' });
    const de = await api.call('GET', '/device/information/imsi?device_id=99999999', { token: admin, headers: { 'accept-language': 'de' } });
    expect(de.body.error).toBe('Gerät nicht gefunden.');
  });

  it('information by IMEI follows its own row of §6 (role 10 no, role 9 yes)', async () => {
    expect((await api.get(`/device/information/imei?${q1()}`, manager)).status).toBe(403);
    expect((await api.get(`/device/information/imei?${q1()}`, tier1)).status).toBe(200);
    expect((await api.get(`/device/information/imsi?${q1()}`, manager)).status).toBe(200);
    // role 9 reaches the tabs but not the device main page
    expect((await api.get(`/device/device_details?${q1()}`, tier1)).status).toBe(403);
  });

  it('factory details: the factory record by its own id (§7), scoped by its type; unknown is 404', async () => {
    // the seed links the first device of each owner to the record it left the factory as
    const dev = (await api.pool.query('SELECT imei, factory_device_id FROM device WHERE id = $1', [w1.id])).rows[0];
    expect(dev.factory_device_id).not.toBeNull();
    expect(dev.factory_device_id).not.toBe(w1.id);
    const r = await api.get(`/device/factory_details?id=${dev.factory_device_id}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ id: dev.factory_device_id, imei: dev.imei, device_type_id: 1, status: 2 });
    // the id is the factory record's, not a device's: the record with the device's id is another one
    expect((await api.pool.query('SELECT count(*)::int AS n FROM factory_device WHERE id = $1', [w1.id])).rows[0].n, 'seed: a factory record with the id of device w1').toBe(1);
    const byDeviceId = await api.get(`/device/factory_details?id=${w1.id}`, admin);
    expect(byDeviceId.status).toBe(200);
    expect(byDeviceId.body.model.id).toBe(w1.id);
    const unknown = await api.get('/device/factory_details?id=99999999', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'id', code: 'noFactoryDevice', message: 'No factory device with this id' });
    // a partner reads the records of its own type only
    expect((await api.get(`/device/factory_details?id=${dev.factory_device_id}`, partnerA)).status).toBe(403);
    const own = (await api.pool.query('SELECT factory_device_id FROM device WHERE id = $1', [w2.id])).rows[0].factory_device_id;
    const a = await api.get(`/device/factory_details?id=${own}`, partnerA);
    expect(a.status).toBe(200);
    expect(a.body.model.device_type_id).toBe(2);
    expect((await api.get(`/device/factory_details?id=${own}`, partnerB)).status).toBe(403);
  });
});

describe('partner scope (§6): other partners get 403, also by guessing ids', () => {
  it('partner A reads its own type and is refused every other type', async () => {
    expect((await api.get(`/device/information/imsi?device_id=${w2.id}`, partnerA)).status).toBe(200);
    const others = (await api.pool.query<{ id: number }>('SELECT id FROM device WHERE device_type_id <> 2 ORDER BY id LIMIT 25')).rows;
    for (const { id } of others) {
      const r = await api.get(`/device/information/imsi?device_id=${id}`, partnerA);
      expect(r.status, `device ${id}`).toBe(403);
      expect(r.body.error).toBe('401, You are not authorised to view this section');
    }
    // an id that does not exist is still a 404
    expect((await api.get('/device/information/imsi?device_id=99999999', partnerA)).status).toBe(404);
  });

  it('every device call of partner B on a partner-A device is 403', async () => {
    const g = await api.get(`/csv/generate?device_id=${w2.id}&date=${w2.date}`, admin);
    const calls: [string, string, unknown?][] = [
      ['GET', `/location/list?device_id=${w2.id}&date=${w2.date}`],
      ['GET', `/location/path?device_id=${w2.id}&date=${w2.date}`],
      ['GET', `/setting/all?device_id=${w2.id}`],
      ['POST', `/setting/edit?device_id=${w2.id}`, { settings: [{ setting_no: 1, value: '600' }] }],
      ['GET', `/setting/push?device_id=${w2.id}&setting_no=1`],
      ['GET', `/device/remove?device_id=${w2.id}`],
      ['GET', `/device/initialized?device_id=${w2.id}`],
      ['POST', `/device/update?device_id=${w2.id}`, { is_test: false }],
      ['GET', `/device/settings?device_id=${w2.id}`],
      ['POST', `/device/settings?device_id=${w2.id}`, { height: 100 }],
      ['GET', `/contact/device?device_id=${w2.id}`],
      ['GET', `/sms/list?device_id=${w2.id}&date=${w2.date}`],
      ['GET', `/device/traces?device_id=${w2.id}`],
      ['GET', `/safezone/device?device_id=${w2.id}`],
      ['GET', `/device/notifications?device_id=${w2.id}&date=${w2.date}`],
      ['GET', `/csv/generate?device_id=${w2.id}&date=${w2.date}`],
      ['POST', '/device/swap_sim', { device_id: w2.id, sim_card_id: 1, gsm_number: '+4915100000009' }],
    ];
    for (const [method, path, body] of calls) {
      const r = await api.call(method as 'GET' | 'POST', path, { token: partnerB, body });
      expect(r.status, `${method} ${path}`).toBe(403);
    }
    // the SIM of a partner-A device cannot be looked up by IMSI either (its number and ICCID are partner A's)
    const imsi = (await api.pool.query('SELECT s.imsi FROM sim_card s JOIN device d ON d.sim_id = s.id WHERE d.id = $1', [w2.id])).rows[0].imsi;
    expect((await api.get(`/device/sim_card?imsi=${imsi}`, partnerB)).status).toBe(403);
    expect((await api.get(`/device/sim_card?imsi=${imsi}`, partnerA)).body.model).toMatchObject({ imsi, device_id: w2.id });
    // and a hash made by someone else is not theirs
    expect((await api.get(`/csv/locations?hash=${g.body.model.hash}`, partnerB)).status).toBe(404);
    const still = await api.pool.query('SELECT owner_id FROM device WHERE id = $1', [w2.id]);
    expect(still.rows[0].owner_id).not.toBeNull();
  });
});

describe('bad input is a 400 with a clear message, never a 500', () => {
  it('ids out of the column range or not in decimal digits', async () => {
    const tooLarge = await api.get('/device/device_details?device_id=2147483648', admin);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors[0]).toMatchObject({ field: 'device_id', message: 'device_id is too large' });
    const swap = await api.post('/device/swap_sim', { device_id: w1.id, sim_card_id: 2147483648, gsm_number: '+4915100000009' }, admin);
    expect(swap.status).toBe(400);
    expect(swap.body.errors[0].field).toBe('sim_card_id');
    expect((await api.post(`/device/update?${q1('&factory_id=2147483648')}`, { is_test: false }, admin)).status).toBe(400);
    expect((await api.get(`/setting/push?${q1('&setting_no=2147483648')}`, admin)).status).toBe(400);
    const count = await api.get(`/device/traces?${q1('&count=abc')}`, admin);
    expect(count.body.errors[0]).toMatchObject({ field: 'count', message: 'count must be a number from 1 to 100' });
    // location ids are bigint: a large one is simply not found
    expect((await api.get(`/location/by_id?${q1('&location_id=2147483648')}`, admin)).status).toBe(404);
  });

  it('a day PostgreSQL cannot hold, and a zone the runtime knows but PostgreSQL does not', async () => {
    const y0 = await api.get(`/location/list?${q1('&date=0000-01-01')}`, admin);
    expect(y0.status).toBe(400);
    expect(y0.body.errors[0].field).toBe('date');
    // Node's ICU still lists US/Pacific-New; PostgreSQL's zone data dropped it
    const tz = `&date=${w1.date}&tz=US/Pacific-New`;
    for (const path of ['/location/list', '/location/path', '/sms/list', '/device/communications', '/safezone/logs', '/device/notifications', '/csv/generate']) {
      const r = await api.get(`${path}?${q1(tz)}`, admin);
      expect(r.status, path).toBe(400);
      expect(r.body.errors[0], path).toMatchObject({ field: 'tz', message: 'tz is not a known time zone' });
    }
  });

  it('control characters in stored text, and impossible birth dates', async () => {
    const nul = await api.post(`/device/settings?${q1()}`, { first_name: 'Mi\u0000a' }, admin);
    expect(nul.status).toBe(400);
    expect(nul.body.errors[0]).toMatchObject({ field: 'first_name', message: 'Must not contain control characters' });
    const setting = await api.post(`/setting/edit?${q1()}`, { settings: [{ setting_no: 3, value: 'UTC\u0000' }] }, admin);
    expect(setting.status).toBe(400);
    expect(setting.body.errors[0].field).toBe('settings.0.value');
    const future = await api.post(`/device/settings?${q1()}`, { birth_date: '2999-01-01' }, admin);
    expect(future.status).toBe(400);
    expect(future.body.errors[0]).toMatchObject({ field: 'birth_date', code: 'birthDateFuture', message: 'Birth date cannot be in the future' });
    expect((await api.post(`/device/settings?${q1()}`, { birth_date: '0001-01-01' }, admin)).status).toBe(400);
  });
});

describe('partner scope inside an answer', () => {
  it("contacts: another partner's device of the same owner is left out of the devices and the contacts' device lists", async () => {
    // the owner of the partner-A device also holds a plain (type 1) watch that shares a contact
    const other = (await api.pool.query<{ id: number }>('SELECT id FROM device WHERE device_type_id = 1 AND owner_id IS NULL ORDER BY id LIMIT 1')).rows[0]!.id;
    await api.pool.query('UPDATE device SET owner_id = $2 WHERE id = $1', [other, w2.owner]);
    const contact = (await api.pool.query<{ contact_id: number }>('SELECT contact_id FROM contact_device WHERE device_id = $1 LIMIT 1', [w2.id])).rows[0];
    expect(contact, 'seed: the partner-A device has a contact').toBeDefined();
    await api.pool.query('INSERT INTO contact_device (contact_id, device_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [contact.contact_id, other]);
    try {
      const a = await api.get(`/contact/device?device_id=${w2.id}`, partnerA);
      expect(a.status).toBe(200);
      expect(a.body.model.devices.map((d: { id: number }) => d.id)).toContain(w2.id);
      expect(a.body.model.devices.map((d: { id: number }) => d.id)).not.toContain(other);
      for (const c of a.body.model.contacts) expect(c.devices).not.toContain(other);
      // the administrator sees both
      const all = await api.get(`/contact/device?device_id=${w2.id}`, admin);
      expect(all.body.model.devices.map((d: { id: number }) => d.id)).toContain(other);
      expect(all.body.model.contacts.find((c: { id: number }) => c.id === contact!.contact_id).devices).toContain(other);
    } finally {
      await api.pool.query('DELETE FROM contact_device WHERE device_id = $1', [other]);
      await api.pool.query('UPDATE device SET owner_id = NULL WHERE id = $1', [other]);
    }
  });
});

describe('general settings, reinitialize, remove', () => {
  it('saves the record: name id and test flag, recorded in the trail; the wearer is not the record’s', async () => {
    const r = await api.post(`/device/update?${q1()}`, { name_id: 'Watch of Lotte', is_test: true }, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ name_id: 'Watch of Lotte', is_test: true });
    const t = await api.get(`/device/traces?${q1()}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ action: 'device.update', after: { name_id: 'Watch of Lotte', is_test: true } });
    await api.post(`/device/update?${q1()}`, { is_test: false }, admin);
    // the wearer's profile is /device/settings: a height sent here changes nothing
    const height = (await api.pool.query('SELECT height FROM device WHERE id = $1', [w1.id])).rows[0].height;
    expect((await api.post(`/device/update?${q1()}`, { height: 99 }, admin)).status).toBe(400);
    expect((await api.pool.query('SELECT height FROM device WHERE id = $1', [w1.id])).rows[0].height).toBe(height);
  });

  it('refuses bad values field by field', async () => {
    expect((await api.post(`/device/update?${q1()}`, {}, admin)).status).toBe(400);
    expect((await api.post(`/device/update?${q1('&factory_id=99999999')}`, { is_test: false }, admin)).body.errors[0].field).toBe('factory_id');
    // a factory record of another type cannot be linked (partner A would read partner B's factory data through it)
    const foreign = (await api.pool.query<{ id: number }>('SELECT id FROM factory_device WHERE device_type_id = 3 ORDER BY id LIMIT 1')).rows[0]!.id;
    const link = await api.post(`/device/update?device_id=${w2.id}&factory_id=${foreign}`, { is_test: false }, partnerA);
    expect(link.status).toBe(400);
    expect(link.body.errors[0]).toMatchObject({ field: 'factory_id', code: 'factoryOtherType', message: 'The factory device is of another device type' });
    const own = (await api.pool.query<{ id: number }>('SELECT id FROM factory_device WHERE device_type_id = 1 ORDER BY id LIMIT 1')).rows[0]!.id;
    expect((await api.post(`/device/update?${q1(`&factory_id=${own}`)}`, { is_test: false }, admin)).status).toBe(200);
  });

  it('enables and disables a device (audit status 4, then 3) and links a factory record', async () => {
    const off = await api.post(`/device/update?${q1()}`, { enabled: false }, admin);
    expect(off.status).toBe(200);
    expect(off.body.model.enabled).toBe(false);
    let t = await api.get(`/device/traces?${q1()}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ action: 'device.update', status: 4, before: { enabled: true }, after: { enabled: false } });
    const on = await api.post(`/device/update?${q1()}`, { enabled: true }, admin);
    expect(on.body.model.enabled).toBe(true);
    t = await api.get(`/device/traces?${q1()}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ status: 3, after: { enabled: true } });
    // a factory record of the device's type: linked, then readable by its id
    const before = (await api.pool.query('SELECT factory_device_id FROM device WHERE id = $1', [w1.id])).rows[0].factory_device_id;
    const rec = (await api.pool.query<{ id: number }>('SELECT id FROM factory_device WHERE device_type_id = 1 AND id <> $1 ORDER BY id DESC LIMIT 1', [before])).rows[0]!.id;
    const link = await api.post(`/device/update?${q1(`&factory_id=${rec}`)}`, {}, admin);
    expect(link.status).toBe(200);
    expect(link.body.model.factory_device_id).toBe(rec);
    t = await api.get(`/device/traces?${q1()}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ before: { factory_device_id: before }, after: { factory_device_id: rec } });
    expect((await api.get(`/device/factory_details?id=${rec}`, admin)).body.model.id).toBe(rec);
    await api.post(`/device/update?${q1(`&factory_id=${before}`)}`, {}, admin);
  });

  it('reinitialize sets initialized false and device_status 1 (audit status 2)', async () => {
    const r = await api.get(`/device/initialized?${q1()}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ initialized: false, device_status: 1 });
    const t = await api.get(`/device/traces?${q1()}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ action: 'device.reinitialize', status: 2 });
  });

  it('remove takes the device out of its account (audit status 6) and is idempotent', async () => {
    const spare = (await api.pool.query('SELECT id, owner_id FROM device WHERE device_type_id = 1 AND owner_id IS NOT NULL ORDER BY id DESC LIMIT 1')).rows[0];
    const r = await api.get(`/device/remove?device_id=${spare.id}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ owner_id: null, device_status: 0, initialized: false });
    const links = await api.pool.query('SELECT count(*)::int AS n FROM contact_device WHERE device_id = $1', [spare.id]);
    expect(links.rows[0].n).toBe(0);
    const t = await api.get(`/device/traces?device_id=${spare.id}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ status: 6, before: { owner_id: spare.owner_id } });
    expect((await api.get(`/device/remove?device_id=${spare.id}`, admin)).status).toBe(200);
  });
});

describe('tracking', () => {
  it('lists a day 20 per page, newest first, with the page count', async () => {
    const r = await api.get(`/location/list?${q1(`&date=${w1.date}&page=0`)}`, admin);
    expect(r.status).toBe(200);
    const m = r.body.model;
    const n = (
      await api.pool.query(
        `SELECT count(*)::int AS n FROM location WHERE device_id = $1 AND time >= $2::date AND time < $2::date + 1`,
        [w1.id, w1.date],
      )
    ).rows[0].n;
    expect(m.total).toBe(n);
    expect(m.items).toHaveLength(Math.min(20, n));
    expect(m.total_pages).toBe(Math.ceil(n / 20));
    const times = m.items.map((i: { time: string }) => i.time);
    expect([...times].sort().reverse()).toEqual(times);
    const last = await api.get(`/location/list?${q1(`&date=${w1.date}&page=${m.total_pages - 1}`)}`, admin);
    expect(last.body.model.items.length).toBe(n - 20 * (m.total_pages - 1));
  });

  it('cuts the day in the user time zone', async () => {
    const tz = 'America/New_York';
    const r = await api.get(`/location/path?${q1(`&date=${w1.date}&tz=${encodeURIComponent(tz)}`)}`, admin);
    expect(r.status).toBe(200);
    const n = (
      await api.pool.query(
        `SELECT count(*)::int AS n FROM location WHERE device_id = $1
         AND time >= ($2::date::timestamp AT TIME ZONE $3) AND time < (($2::date + 1)::timestamp AT TIME ZONE $3)`,
        [w1.id, w1.date, tz],
      )
    ).rows[0].n;
    expect(r.body.model.points).toHaveLength(n);
    const [lat, lng, at, id] = r.body.model.points[0];
    expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(lng)).toBeLessThanOrEqual(180);
    expect(at).toBeGreaterThan(0);
    expect(id).toBeGreaterThan(0);
    const ts = r.body.model.points.map((p: number[]) => p[2]);
    expect([...ts].sort((a, b) => a - b)).toEqual(ts);
  });

  it('a fix has its wifi (MAC with colons), GSM and provider details', async () => {
    const row = (
      await api.pool.query(
        `SELECT l.id FROM location l WHERE l.device_id = $1 AND EXISTS (SELECT 1 FROM location_wifi w WHERE w.location_id = l.id)
         AND EXISTS (SELECT 1 FROM location_gsm g WHERE g.location_id = l.id) ORDER BY l.id LIMIT 1`,
        [w1.id],
      )
    ).rows[0];
    const r = await api.get(`/location/by_id?${q1(`&location_id=${row.id}`)}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model.wifi.length).toBeGreaterThan(0);
    expect(r.body.model.wifi[0].mac_address).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/i);
    expect(r.body.model.gsm[0]).toMatchObject({ mcc: expect.any(Number), mnc: expect.any(Number), lac: expect.any(Number) });
    expect(r.body.model.wifi_count).toBe(r.body.model.wifi.length);
  });

  it('gives 400 for a bad or missing date and tz, 404 for a fix of another device', async () => {
    const bad = await api.get(`/location/list?${q1('&date=2026-13-01')}`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'date', message: 'date is not a real calendar day' });
    const missing = await api.get(`/location/list?${q1()}`, admin);
    expect(missing.body.errors[0]).toMatchObject({ field: 'date', message: 'date is required (YYYY-MM-DD)' });
    const shape = await api.get(`/location/list?${q1('&date=23.11.2026')}`, admin);
    expect(shape.body.errors[0].message).toBe('date must be YYYY-MM-DD');
    const tz = await api.get(`/location/list?${q1(`&date=${w1.date}&tz=Mars/Olympus`)}`, admin);
    expect(tz.body.errors[0]).toMatchObject({ field: 'tz', message: 'tz is not a known time zone' });
    const other = (await api.pool.query('SELECT id FROM location WHERE device_id <> $1 LIMIT 1', [w1.id])).rows[0];
    const r = await api.get(`/location/by_id?${q1(`&location_id=${other.id}`)}`, admin);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('LOCATION_NOT_FOUND');
  });

  it("lists the owner's safe zones and the day's safe-zone log (0 exit, 9 entry)", async () => {
    const z = await api.get(`/safezone/device?${q1()}`, admin);
    expect(z.status).toBe(200);
    expect(z.body.model.length).toBeGreaterThan(0);
    expect(z.body.model.some((x: { attached: boolean }) => x.attached)).toBe(true);
    const day = (
      await api.pool.query(`SELECT to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM safe_zone_log WHERE device_id = $1 ORDER BY time DESC LIMIT 1`, [w1.id])
    ).rows[0]?.d;
    expect(day, 'seed: device w1 has safe-zone log entries').toBeDefined();
    const l = await api.get(`/safezone/logs?${q1(`&date=${day}`)}`, admin);
    expect(l.status).toBe(200);
    expect(l.body.model.length).toBeGreaterThan(0);
    for (const e of l.body.model) expect([0, 9]).toContain(e.type);
  });
});

describe('settings', () => {
  it('lists the settings with defaults and pending state', async () => {
    const r = await api.get(`/setting/all?${q1()}`, admin);
    expect(r.status).toBe(200);
    const interval = r.body.model.find((s: { name: string }) => s.name === 'location_interval');
    expect(interval).toMatchObject({ setting_no: 1, editable: true });
  });

  it('checks §9 values: interval 2-60 min in seconds or Stand by 65000, operational time 1-24, editable only', async () => {
    const edit = (settings: unknown) => api.post(`/setting/edit?${q1()}`, { settings }, admin);
    let r = await edit([{ setting_no: 1, value: '700' }]);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toMatch(/Location interval/);
    r = await edit([{ setting_no: 2, value: '25' }]);
    expect(r.body.errors[0]).toMatchObject({ code: 'operationalTime', params: { min: 1, max: 24 }, message: 'Operational time must be a whole number from 1 to 24' });
    r = await edit([{ setting_no: 13, value: 'evil.example.com' }]);
    expect(r.body.errors[0].message).toBe('This setting cannot be edited.');
    r = await edit([{ setting_no: 999, value: '1' }]);
    expect(r.body.errors[0].message).toBe('This setting does not exist for the device type.');
    r = await edit([{ setting_no: 1, value: '65000' }, { setting_no: 2, value: '12' }]);
    expect(r.status).toBe(200);
    const s1 = r.body.model.find((s: { setting_no: number }) => s.setting_no === 1);
    expect(s1).toMatchObject({ value: '65000', synced: false });
  });

  it('push queues an SMS for the pipeline and shows the setting as pending', async () => {
    const r = await api.get(`/setting/push?${q1('&setting_no=1')}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ setting_no: 1, status: 0, pending: true, message: 'SETTING,1,65000#' });
    const sms = (await api.pool.query('SELECT device_id, status, direction, command_key, created_by FROM sms_message WHERE id = $1', [r.body.model.sms_id])).rows[0];
    expect(sms).toMatchObject({ device_id: w1.id, status: 0, direction: 'OUTBOUND', command_key: 'SETTING_1' });
    const all = await api.get(`/setting/all?${q1()}`, admin);
    const s1 = all.body.model.find((s: { setting_no: number }) => s.setting_no === 1);
    expect(s1.synced).toBe(false);
    expect(s1.last_push).toMatchObject({ sms_id: r.body.model.sms_id, status: 0 });
    expect((await api.get(`/setting/push?${q1('&setting_no=999')}`, admin)).status).toBe(404);
    // a setting that cannot be edited is not pushed either (as push_all leaves it out)
    const locked = await api.get(`/setting/push?${q1('&setting_no=13')}`, admin);
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ code: 'SETTING_NOT_EDITABLE', errors: [{ field: 'setting_no', message: 'This setting cannot be edited.' }] });
    // the device's trail records the push, so support sees what was sent and when
    const t = await api.get(`/device/traces?${q1()}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ action: 'setting.push', actor_name: 'admin', after: { 1: '65000', sms_id: r.body.model.sms_id } });
  });

  it('the location interval takes every whole minute from 2 to 60 (seconds), not only the common ones', async () => {
    const edit = (value: string) => api.post(`/setting/edit?${q1()}`, { settings: [{ setting_no: 1, value }] }, admin);
    for (const v of ['180', '1500', '2460', '3540']) {
      const r = await edit(v);
      expect(r.status, v).toBe(200);
      expect(r.body.model.find((x: { setting_no: number }) => x.setting_no === 1).value).toBe(v);
    }
    for (const v of ['60', '150', '3660', '1500.0']) {
      const r = await edit(v);
      expect(r.status, v).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ field: 'settings.0.value', message: expect.stringMatching(/^Location interval must be a whole number of minutes from 2 to 60/) });
    }
  });

  it('loadDefault: a profile of the type sets only its settings; an unknown profile is a 400 on type', async () => {
    const all = await api.get(`/setting/all?${q1()}`, admin);
    const profiles = [...new Set(all.body.model.flatMap((x: { profiles: number[] }) => x.profiles))].sort();
    expect(profiles).toEqual([1, 2]);
    for (const type of ['3', '99', '-1', 'x']) {
      const r = await api.get(`/setting/loadDefault?${q1(`&type=${type}`)}`, admin);
      expect(r.status, type).toBe(400);
      expect(r.body.errors[0].field, type).toBe('type');
    }
    const unknown = await api.get(`/setting/loadDefault?${q1('&type=3')}`, admin);
    expect(unknown.body.errors[0]).toMatchObject({
      code: 'notDefaultProfile',
      params: { known: '1, 2' },
      message: 'type is not a default profile of this device type: use 0 (all) or one of 1, 2',
    });
    // interval (profile 1) and volume (profile 2) both differ from their defaults; profile 1 resets only the interval
    const edited = await api.post(`/setting/edit?${q1()}`, { settings: [{ setting_no: 1, value: '1500' }, { setting_no: 5, value: '1' }] }, admin);
    expect(edited.status).toBe(200);
    const r = await api.get(`/setting/loadDefault?${q1('&type=1')}`, admin);
    expect(r.status).toBe(200);
    const byNo = new Map(r.body.model.map((x: { setting_no: number }) => [x.setting_no, x]));
    expect(byNo.get(1)).toMatchObject({ value: '300', default_value: '300', profiles: [1] });
    expect(byNo.get(5)).toMatchObject({ value: '1', profiles: [2] });
    const t = await api.get(`/device/traces?${q1()}`, admin);
    expect(t.body.model.items[0]).toMatchObject({ action: 'setting.load_default', before: { 1: '1500' }, after: { type: 1, changed: { 1: '300' } } });
    // a band (type 3) has the same profiles; partner B may load them on its own device
    const band = await telemetryDevice(api, 3);
    expect((await api.get(`/setting/loadDefault?device_id=${band.id}&type=2`, partnerB)).status).toBe(200);
  });

  it('push_all queues every editable setting; loadDefault restores the defaults of the type', async () => {
    const p = await api.get(`/setting/push_all?${q1()}`, admin);
    expect(p.status).toBe(200);
    const editable = (await api.pool.query('SELECT count(*)::int AS n FROM default_setting WHERE device_type_id = 1 AND editable')).rows[0].n;
    expect(p.body.model).toHaveLength(editable);
    const d = await api.get(`/setting/loadDefault?${q1('&type=0')}`, admin);
    expect(d.status).toBe(200);
    for (const s of d.body.model) expect(s.value).toBe(s.default_value);
  });
});

describe('contacts, sms, gaps, temperature, notifications, logs', () => {
  it("contacts: the device's contacts, the owner's devices and the limit", async () => {
    const r = await api.get(`/contact/device?${q1('&device_type=1')}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model.limit).toBeGreaterThan(0);
    expect(r.body.model.devices.map((d: { id: number }) => d.id)).toContain(w1.id);
    for (const c of r.body.model.contacts) expect(c.devices).toContain(w1.id);
    const otherType = await api.get(`/contact/device?${q1('&device_type=3')}`, admin);
    expect(otherType.status).toBe(400);
    expect(otherType.body.errors).toEqual([{ field: 'device_type', code: 'notDeviceType', message: 'device_type is not the type of this device' }]);
  });

  it('sms of a day with §3 statuses, and the commands of the type', async () => {
    const day = (await api.pool.query(`SELECT to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d FROM sms_message WHERE device_id = $1 LIMIT 1`, [w1.id])).rows[0].d;
    const r = await api.get(`/sms/list?${q1(`&date=${day}`)}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model.length).toBeGreaterThan(0);
    for (const m of r.body.model) expect([0, 1, 2, 3]).toContain(m.status);
    const c = await api.get(`/sms/commands?${q1()}`, admin);
    expect(c.body.model.map((x: { command_key: string }) => x.command_key)).toContain('LOCATE');
  });

  it('communications with gaps, temperatures (roles 1 and 9 only)', async () => {
    const g = await api.get(`/device/communications?${q1(`&date=${w1.date}`)}`, admin);
    expect(g.status).toBe(200);
    expect(g.body.model.length).toBeGreaterThan(10);
    expect(g.body.model.slice(1).every((c: { gap_seconds: number | null }) => c.gap_seconds !== null)).toBe(true);
    const t = await api.get(`/device/temperature?${q1(`&date=${w1.date}`)}`, tier1);
    expect(t.status).toBe(200);
    expect(t.body.model.length).toBeGreaterThanOrEqual(20);
    expect((await api.get(`/device/temperature?${q1(`&date=${w1.date}`)}`, manager)).status).toBe(403);
  });

  it('notifications by day, and a test notification queued for the owner', async () => {
    const r = await api.get(`/device/test_notification?${q1(`&user_id=${w1.owner}`)}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ type: 'TEST', status: 0, error_code: 0 });
    const today = r.body.model.created.slice(0, 10);
    const l = await api.get(`/device/notifications?${q1(`&date=${today}`)}`, admin);
    expect(l.body.model.map((n: { id: number }) => n.id)).toContain(r.body.model.id);
    const notOwner = await api.get(`/device/test_notification?${q1('&user_id=99999')}`, admin);
    expect(notOwner.status).toBe(400);
    expect(notOwner.body.errors).toEqual([{ field: 'user_id', code: 'notOwner', message: 'user_id is not the owner of this device' }]);
  });

  it('device logs: list, view and download; unknown file 404', async () => {
    const l = await api.get(`/logs/device?${q1()}`, tier1);
    expect(l.status).toBe(200);
    const name = l.body.model[0].file_name;
    const v = await api.get(`/logs/device/file?name=${name}`, tier1);
    expect(v.status).toBe(200);
    expect(v.body.model.content).toContain(`# device ${w1.id}`);
    const d = await api.get(`/logs/device/file?name=${name}&download=true`, admin);
    expect(d.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect((await api.get('/logs/device/file?name=nope.log', admin)).status).toBe(404);
    expect((await api.get(`/logs/device/file?name=${name}`, manager)).status).toBe(403);
  });
});

describe('swap SIM', () => {
  it('looks the SIM up: exactly 15 characters, unknown is 404', async () => {
    const short = await api.get('/device/sim_card?imsi=26201123456789', admin);
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ field: 'imsi', code: 'imsiLength', message: 'IMSI must be exactly 15 characters' });
    const unknown = await api.get('/device/sim_card?imsi=999999999999999', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SIM_NOT_FOUND');
  });

  it('refuses a SIM in another device and a number without +', async () => {
    const inUse = (await api.pool.query('SELECT sim_id FROM device WHERE id <> $1 AND sim_id IS NOT NULL LIMIT 1', [w1.id])).rows[0].sim_id;
    const r = await api.post('/device/swap_sim', { device_id: w1.id, sim_card_id: inUse, gsm_number: '+4915100000002' }, admin);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('SIM_IN_USE');
    // its own SIM is not "in another device"
    const own = (await api.pool.query('SELECT sim_id FROM device WHERE id = $1', [w1.id])).rows[0].sim_id;
    const same = await api.post('/device/swap_sim', { device_id: w1.id, sim_card_id: own, gsm_number: '+4915100000002' }, admin);
    expect(same.status).toBe(400);
    expect(same.body.errors[0]).toMatchObject({ field: 'sim_card_id', code: 'simAlreadyInDevice', message: 'The SIM card is already in this device' });
    const sim = await freeSim(api);
    const noPlus = await api.post('/device/swap_sim', { device_id: w1.id, sim_card_id: sim.id, gsm_number: '4915100000002' }, admin);
    expect(noPlus.status).toBe(400);
    expect(noPlus.body.errors[0].field).toBe('gsm_number');
  });

  it('two swaps of the same free SIM at once: one wins, the other is 409 (the SIM never ends up in two devices)', async () => {
    const sim = await freeSim(api);
    const devices = (await api.pool.query<{ id: number }>('SELECT id FROM device WHERE device_type_id = 1 AND id <> $1 ORDER BY id DESC LIMIT 2', [w1.id])).rows.map((r) => r.id);
    for (let round = 0; round < 3; round++) {
      const target = round === 0 ? sim : await freeSim(api);
      const rs = await Promise.all(
        devices.map((d, i) => api.post('/device/swap_sim', { device_id: d, sim_card_id: target.id, gsm_number: `+491510000010${i}` }, admin)),
      );
      expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
      const holders = await api.pool.query('SELECT id FROM device WHERE sim_id = $1', [target.id]);
      expect(holders.rowCount).toBe(1);
    }
  });

  it('swaps: the device takes the new IMSI and number, the old SIM goes back to stock, audited 7 then 8', async () => {
    const before = (await api.pool.query('SELECT sim_id, imsi FROM device WHERE id = $1', [w1.id])).rows[0];
    const sim = await freeSim(api);
    const look = await api.get(`/device/sim_card?imsi=${sim.imsi}`, admin);
    expect(look.body.model).toMatchObject({ id: sim.id, device_id: null });
    const r = await api.post('/device/swap_sim', { device_id: w1.id, sim_card_id: sim.id, gsm_number: '+4915100000003' }, admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ imsi: sim.imsi, gsm_number: '+4915100000003', sim_id: sim.id });
    const old = (await api.pool.query('SELECT status FROM sim_card WHERE id = $1', [before.sim_id])).rows[0];
    expect(old.status).toBe(0);
    const t = await api.get(`/device/traces?${q1()}`, admin);
    const [swapIn, swapOut] = t.body.model.items;
    expect(swapOut).toMatchObject({ status: 7, before: { imsi: before.imsi } });
    expect(swapIn).toMatchObject({ status: 8, after: { imsi: sim.imsi } });
  });
});

describe('partner SIM scope (§6): a partner reads and takes only SIMs of its own operators', () => {
  const PARTNERS = [
    { user: 'partnera-manager', type: 2, operators: [1, 2, 4] },
    { user: 'partnera-tier1', type: 2, operators: [1, 2, 4] },
    { user: 'partnerb-manager', type: 3, operators: [1, 3, 4] },
    { user: 'partnerb-tier1', type: 3, operators: [1, 3, 4] },
  ];
  /** A SIM no device holds, of an operator outside the list. */
  const foreignFreeSim = async (operators: number[]) =>
    (
      await api.pool.query<{ id: number; imsi: string; iccid: string; gsm_number: string }>(
        `SELECT s.id, s.imsi, s.iccid, s.gsm_number FROM sim_card s WHERE NOT EXISTS (SELECT 1 FROM device d WHERE d.sim_id = s.id)
           AND s.operator_id IS NOT NULL AND s.operator_id <> ALL($1::int[]) ORDER BY s.id LIMIT 1`,
        [operators],
      )
    ).rows[0]!;
  const simOf = async (device: number) => (await api.pool.query('SELECT sim_id FROM device WHERE id = $1', [device])).rows[0].sim_id as number | null;

  for (const p of PARTNERS) {
    it(`${p.user}: free and in-use SIMs of other operators are 403 to read and to swap; its own are not`, async () => {
      const token = await api.signIn(p.user);
      expect((await api.get('/local/role', token)).body.model.operators).toEqual(p.operators);
      const [mine, other] = (
        await api.pool.query<{ id: number }>('SELECT id FROM device WHERE device_type_id = $1 AND sim_id IS NOT NULL ORDER BY id DESC OFFSET 3 LIMIT 2', [p.type])
      ).rows.map((r) => r.id) as [number, number];
      const swap = (device: number, sim: number) => api.post('/device/swap_sim', { device_id: device, sim_card_id: sim, gsm_number: '+4915100000077' }, token);

      // a free SIM of another operator: neither its data nor the SIM itself
      const foreign = await foreignFreeSim(p.operators);
      const read = await api.get(`/device/sim_card?imsi=${foreign.imsi}`, token);
      expect(read.status).toBe(403);
      expect(JSON.stringify(read.body)).not.toContain(foreign.iccid);
      const before = await simOf(mine);
      expect((await swap(mine, foreign.id)).status).toBe(403);
      expect(await simOf(mine)).toBe(before);
      expect((await api.pool.query('SELECT count(*)::int AS n FROM device WHERE sim_id = $1', [foreign.id])).rows[0].n).toBe(0);
      // the administrator still reads it
      expect((await api.get(`/device/sim_card?imsi=${foreign.imsi}`, admin)).body.model).toMatchObject({ id: foreign.id, device_id: null });

      // a SIM of another operator in use, even in one of the partner's own devices
      const otherSim = await simOf(other);
      await api.pool.query('UPDATE device SET sim_id = $2 WHERE id = $1', [other, foreign.id]);
      try {
        expect((await api.get(`/device/sim_card?imsi=${foreign.imsi}`, token)).status).toBe(403);
        expect((await swap(mine, foreign.id)).status).toBe(403);
      } finally {
        await api.pool.query('UPDATE device SET sim_id = $2 WHERE id = $1', [other, otherSim]);
      }
      // in use in another partner's device: 403 to read (the device is not theirs)
      const elsewhere = (
        await api.pool.query<{ imsi: string }>(
          'SELECT s.imsi FROM sim_card s JOIN device d ON d.sim_id = s.id WHERE d.device_type_id <> $1 AND s.operator_id <> ALL($2::int[]) ORDER BY s.id LIMIT 1',
          [p.type, p.operators],
        )
      ).rows[0]!;
      expect((await api.get(`/device/sim_card?imsi=${elsewhere.imsi}`, token)).status).toBe(403);

      // a free SIM of its own operators: read and swapped in
      const own = await freeSim(api, p.operators);
      const look = await api.get(`/device/sim_card?imsi=${own.imsi}`, token);
      expect(look.status).toBe(200);
      expect(look.body.model).toMatchObject({ id: own.id, device_id: null });
      expect(p.operators).toContain(look.body.model.operator_id);
      const done = await swap(mine, own.id);
      expect(done.status).toBe(200);
      expect(done.body.model).toMatchObject({ sim_id: own.id, imsi: own.imsi });
      // and a SIM of its own operator that is in use elsewhere is only "in use"
      expect((await swap(other, own.id)).status).toBe(409);
    });
  }
});

describe('exports', () => {
  const download = (kind: string, hash: string, token = admin) => api.get<string>(`/csv/${kind}?hash=${hash}`, token);

  it('streams a day with many rows as CSV in the user time zone', async () => {
    const day = '2020-02-02';
    await api.pool.query(
      `INSERT INTO location (device_id, time, latitude, longitude, radius, source, reason)
       SELECT $1, $2::timestamptz + (g * interval '1 second'), 52.5 + g / 1e6, 13.4, 10, 1, 1 FROM generate_series(0, 11999) g`,
      [w1.id, `${day}T00:00:00Z`],
    );
    const g = await api.get(`/csv/generate?${q1(`&date=${day}`)}`, admin);
    expect(g.status).toBe(200);
    expect(g.body.model.hash).toMatch(/^[a-f0-9]{48}$/);
    const r = await download('locations', g.body.model.hash);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="locations_${w1.id}_${day}.csv"; filename*=UTF-8''locations_${w1.id}_${day}.csv`);
    const lines = r.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,time (UTC),latitude,longitude,radius,altitude,angle,speed,reason,source,is_valid,gsm_operator,gsm_cell_id');
    expect(lines).toHaveLength(12_001);
    expect(lines[1]).toContain(',2020-02-02 00:00:00,52.5,13.4,10,');
    // the same hash serves the other downloads of that device and day
    for (const kind of ['communications', 'device_trace', 'sms_per_device', 'device_notification', 'safezone']) {
      const x = await download(kind, g.body.model.hash);
      expect(x.status, kind).toBe(200);
    }
  });

  it('neutralises formula cells', async () => {
    const day = '2020-03-03';
    await api.pool.query(
      `INSERT INTO sms_message (device_id, message, command_key, direction, status, created) VALUES
        ($1, '=HYPERLINK("http://evil.example","x")', '+CMD', 'INBOUND', 2, '2020-03-03T10:00:00Z'),
        ($1, E'\\tSUM(A1)', '@x', 'INBOUND', 2, '2020-03-03T11:00:00Z'),
        ($1, 'plain -1', '-1', 'INBOUND', 2, '2020-03-03T12:00:00Z')`,
      [w1.id],
    );
    const g = await api.get(`/csv/generate?${q1(`&date=${day}`)}`, admin);
    const r = await download('sms_per_device', g.body.model.hash);
    expect(r.status).toBe(200);
    expect(r.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(r.body).toContain(`'+CMD`);
    expect(r.body).toContain(`'\tSUM(A1)`);
    expect(r.body).toContain(`'@x`);
    // a plain number is a value, not a formula: no apostrophe; the status is written as its label
    expect(r.body).toContain(`INBOUND,-1,plain -1,received,`);
    expect(r.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('writes a phone number so that a spreadsheet shows it with its + and without an apostrophe', async () => {
    const day = '2020-03-04';
    await api.pool.query(
      `INSERT INTO sms_message (device_id, message, command_key, direction, status, created, gsm_number) VALUES
        ($1, 'hi', 'PING', 'OUTBOUND', 1, '2020-03-04T10:00:00Z', '+15550100')`,
      [w1.id],
    );
    const g = await api.get(`/csv/generate?${q1(`&date=${day}`)}`, admin);
    const r = await download('sms_per_device', g.body.model.hash);
    expect(r.status).toBe(200);
    expect(r.body).toContain(`,sent,`);
    expect(r.body).toContain(`,+15550100\r\n`);
    expect(r.body).not.toContain(`'+15550100`);
  });

  it('the hash expires (export store, 600 s), and unknown, expired or foreign hashes are 404', async () => {
    const g = await api.get(`/csv/generate?${q1(`&date=${w1.date}`)}`, admin);
    const row = (await api.pool.query(`SELECT kind, extract(epoch FROM expires_at - created) AS ttl FROM csv_export WHERE hash = $1`, [g.body.model.hash])).rows[0];
    expect(row.kind).toBe('device');
    expect(Number(row.ttl)).toBeGreaterThan(599);
    expect(Number(row.ttl)).toBeLessThanOrEqual(601);
    expect((await download('locations', g.body.model.hash, tier1)).status).toBe(404);
    await api.pool.query(`UPDATE csv_export SET expires_at = now() - interval '1 second' WHERE hash = $1`, [g.body.model.hash]);
    const r = await download('locations', g.body.model.hash);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'EXPORT_NOT_FOUND', error: 'The export link has expired. Generate it again.' });
    expect((await download('locations', 'zz')).status).toBe(400);
    expect((await api.get(`/csv/generate?device_id=${w1.id}`, admin)).status).toBe(400);
  });
});

describe('contract', () => {
  it('every device route has a sample in the role matrix', async () => {
    const { DEVICE_SAMPLES } = await import('./samples/device-workspace.js');
    const { DEVICE_ROUTES } = await import('@tracker/contract');
    expect(Object.keys(DEVICE_SAMPLES).sort()).toEqual(Object.keys(DEVICE_ROUTES).sort());
    for (const name of Object.keys(DEVICE_ROUTES)) expect((ROUTES as Record<string, RouteDef>)[name]).toBeDefined();
  });
});
