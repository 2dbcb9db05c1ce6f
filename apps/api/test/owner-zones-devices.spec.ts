import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditStatus } from '@tracker/contract';
import { startApi, type TestApi } from './harness.js';
import { freeDevice, insertZone } from './samples/owner-contacts.js';

// Owner workspace, safe zones (§5 Safe zone, §7 Safe zones) and the add-device wizard (§5 Add device, §7 Device
// by_code_or_imsi, add): good input, every rule with its exact message, the partner scope. docs/owner-workspace.md.

let api: TestApi;
let admin: string;
let partnerA: string; // role 12: device type 2
let partnerB: string; // role 15: device type 3
let owner: number;
let d1: number;
let dA: number;

beforeAll(async () => {
  api = await startApi();
  [admin, partnerA, partnerB] = await Promise.all([api.signIn('admin'), api.signIn('partnera-manager'), api.signIn('partnerb-tier1')]);
  const o = await api.post('/user/add', { newUser: { email: 'zones-owner@example.com', first_name: 'Zoe', last_name: 'Owner', white_label_vendor_id: 1 } }, admin);
  owner = o.body.model.id;
});
afterAll(async () => {
  await api?.close();
});

describe('add device (GET /device/by_code_or_imsi, POST /device/add)', () => {
  it('finds a free device by activation code (any case) and by IMSI, with its SIM data', async () => {
    const d = await freeDevice(api, 1);
    const byCode = await api.get(`/device/by_code_or_imsi?param=${d.activation_code.toLowerCase()}&type=1`, admin);
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(byCode.body.model).toMatchObject({ id: d.id, device_type_id: 1, activation_code: d.activation_code, enabled: true });
    if (d.imsi) {
      const byImsi = await api.get(`/device/by_code_or_imsi?param=${d.imsi}&type=1`, admin);
      expect(byImsi.body.model.id).toBe(d.id);
    }
  });

  it("refuses a code that is not 15 characters, and marks an unknown one or another type's invalid", async () => {
    // an empty one here; 14 and 16 characters in apps/api/src/route-input.spec.ts
    const empty = await api.get('/device/by_code_or_imsi?param=&type=1', admin);
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ field: 'param', message: 'Activation code or IMSI must be exactly 15 characters' });
    const unknown = await api.get('/device/by_code_or_imsi?param=ZZZZZZZZZZZZZZZ&type=1', admin);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'param', message: 'No device of this type has this activation code or IMSI' });
    const d = await freeDevice(api, 1);
    const wrongType = await api.get(`/device/by_code_or_imsi?param=${d.activation_code}&type=3`, admin);
    expect(wrongType.body.errors[0].code).toBe('codeOrImsiNotFound');
  });

  it("assigns the device: it shows on the owner, its audit trail says 'assigned', and it is no longer free", async () => {
    const d = await freeDevice(api, 1);
    const r = await api.post('/device/add?type=1', { user_id: owner, device_id: d.id, gsm_number: '+4915100000301' }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ device_id: d.id, owner_id: owner, gsm_number: '+4915100000301' });
    d1 = d.id;
    const row = (await api.pool.query('SELECT owner_id, gsm_number, device_status FROM device WHERE id = $1', [d.id])).rows[0];
    expect(row).toEqual({ owner_id: owner, gsm_number: '+4915100000301', device_status: 1 });
    const audit = await api.get(`/device/traces?device_id=${d.id}&page=0&count=20`, admin);
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(JSON.stringify(audit.body.model)).toContain(`"status":${AuditStatus.Assigned}`);
    const again = await api.get(`/device/by_code_or_imsi?param=${d.activation_code}&type=1`, admin);
    expect(again.body.errors[0]).toMatchObject({ field: 'param', message: 'This device already belongs to an owner' });
    const twice = await api.post('/device/add?type=1', { user_id: owner, device_id: d.id, gsm_number: '+4915100000301' }, admin);
    expect(twice.body.errors[0]).toMatchObject({ field: 'device_id', code: 'deviceTaken' });
  });

  it("refuses a disabled device ('Device is disabled') and a GSM number without +", async () => {
    const d = await freeDevice(api, 1);
    await api.pool.query('UPDATE device SET enabled = false WHERE id = $1', [d.id]);
    const r = await api.get(`/device/by_code_or_imsi?param=${d.activation_code}&type=1`, admin);
    expect(r.body.errors[0]).toMatchObject({ field: 'param', message: 'Device is disabled' });
    await api.pool.query('UPDATE device SET enabled = true WHERE id = $1', [d.id]);
    const bad = await api.post('/device/add?type=1', { user_id: owner, device_id: d.id, gsm_number: '4915100000301' }, admin);
    expect(bad.body.errors[0]).toMatchObject({ field: 'gsm_number', message: 'GSM number starts with + and has 8 to 15 digits' });
  });

  it('keeps partners to their own type: another type is 403, their own type works', async () => {
    const d1free = await freeDevice(api, 1);
    expect((await api.get(`/device/by_code_or_imsi?param=${d1free.activation_code}&type=1`, partnerA)).status).toBe(403);
    expect((await api.post('/device/add?type=1', { user_id: owner, device_id: d1free.id, gsm_number: '+4915100000302' }, partnerA)).status).toBe(403);
    // the owner (white label 1, devices of type 1 only) is not partner A's: 403 even for its own type
    const d2 = await freeDevice(api, 2);
    expect((await api.post('/device/add?type=2', { user_id: owner, device_id: d2.id, gsm_number: '+4915100000303' }, partnerA)).status).toBe(403);
    expect((await api.post('/device/add?type=2', { user_id: owner, device_id: d2.id, gsm_number: '+4915100000303' }, admin)).status).toBe(200);
    // an owner without devices in partner A's own white label is partner A's: it adds the first device
    const wl = ((await api.get('/local/role', partnerA)).body.model.white_labels as number[])[0]!;
    const mine = await api.post('/user/add', { newUser: { email: 'partner-owner@example.com', first_name: 'Paula', last_name: 'Partner', white_label_vendor_id: wl } }, partnerA);
    const d2b = await freeDevice(api, 2);
    const first = await api.post('/device/add?type=2', { user_id: mine.body.model.id, device_id: d2b.id, gsm_number: '+4915100000304' }, partnerA);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    dA = d2.id;
    // partner B (type 3) does not see this owner at all now
    expect((await api.get(`/safezone/user?user_id=${owner}`, partnerB)).status).toBe(403);
  });
});

describe('safe zones (GET /safezone/user, POST /safezone/save, GET /safezone/remove)', () => {
  const zone = (over: Record<string, unknown> = {}) => ({ name: 'School', latitude: 52.52, longitude: 13.405, devices: [d1], ...over });
  const save = (body: unknown, token = admin) => api.post(`/safezone/save?user_id=${owner}`, body, token);

  it('creates a zone with the defaults (radius 200, enabled, limit disabled) and lists it', async () => {
    const r = await save(zone());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toEqual({ zone: expect.objectContaining({ name: 'School', radius: 200, enabled: true, limit_percent: -1, devices: [d1] }), notes: [] });
    const l = await api.get(`/safezone/user?user_id=${owner}`, admin);
    expect(l.body.model.zones.map((z: { name: string }) => z.name)).toEqual(['School']);
    expect(l.body.model.devices.map((d: { id: number }) => d.id)).toEqual([d1, dA].sort((a, b) => a - b));
    expect(l.body.model.limit).toBeGreaterThan(0);
  });

  it('clamps a radius over 500 to 500 with a message', async () => {
    const r = await save(zone({ name: 'Park', radius: 800 }));
    expect(r.status).toBe(200);
    expect(r.body.model.zone.radius).toBe(500);
    expect(r.body.model.notes).toEqual([{ field: 'radius', code: 'safeZoneRadiusClamped', params: { max: 500 }, message: 'The radius is at most 500 m: it was set to the maximum' }]);
    const edge = await save(zone({ id: r.body.model.zone.id, name: 'Park', radius: 500, limit_percent: 30, enabled: false }));
    expect(edge.body.model).toMatchObject({ zone: { radius: 500, limit_percent: 30, enabled: false }, notes: [] });
  });

  const rules: [string, Record<string, unknown>, string, string][] = [
    ['no latitude', { latitude: undefined }, 'latitude', 'Longitude and latitude cant be empty'],
    ['no longitude', { longitude: undefined }, 'longitude', 'Longitude and latitude cant be empty'],
    ['latitude out of range', { latitude: 91 }, 'latitude', 'Latitude may range from -90 to 90'],
    ['longitude out of range', { longitude: -181 }, 'longitude', 'Longitude may range from -180 to 180'],
    ['no device', { devices: [] }, 'devices', 'Select at least one device'],
    ['a limit of 35', { limit_percent: 35 }, 'limit_percent', 'Limit must be 10 % to 100 % in steps of 10, or disabled'],
    ['a limit of 0', { limit_percent: 0 }, 'limit_percent', 'Limit must be 10 % to 100 % in steps of 10, or disabled'],
    ['a radius of 0', { radius: 0 }, 'radius', 'Radius must be at least 1 m'],
  ];
  for (const [what, over, field, message] of rules) {
    it(`refuses ${what}: '${message}'`, async () => {
      const r = await save(zone(over));
      expect(r.status).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ field, message });
    });
  }

  it('enforces the zone limit in the api', async () => {
    const l = (await api.get(`/safezone/user?user_id=${owner}`, admin)).body.model;
    for (let i = l.zones.length; i < l.limit; i++) expect((await save(zone({ name: `Fill ${i}` }))).status).toBe(200);
    const over = await save(zone({ name: 'One Too Many' }));
    expect(over.status).toBe(400);
    expect(over.body.errors[0]).toMatchObject({ code: 'safeZoneLimit', message: 'This owner cannot have more safe zones' });
  });

  it('removes a zone, audited', async () => {
    const id = (await api.get(`/safezone/user?user_id=${owner}`, admin)).body.model.zones[0].id;
    const r = await api.get(`/safezone/remove?user_id=${owner}&zone_id=${id}`, admin);
    expect(r.status).toBe(200);
    expect((await api.pool.query('SELECT 1 FROM safe_zone WHERE id = $1', [id])).rowCount).toBe(0);
    expect((await api.pool.query("SELECT 1 FROM audit_event WHERE entity = 'safe_zone' AND entity_id = $1", [String(id)])).rowCount).toBeGreaterThan(0);
    expect((await api.get(`/safezone/remove?user_id=${owner}&zone_id=${id}`, admin)).status).toBe(404);
  });

  it('shows a partner only the zones on its devices and keeps the other links', async () => {
    const both = await insertZone(api, owner, dA);
    await api.pool.query('INSERT INTO safe_zone_device (safe_zone_id, device_id) VALUES ($1, $2)', [both, d1]);
    const l = (await api.get(`/safezone/user?user_id=${owner}`, partnerA)).body.model;
    expect(l.devices.map((d: { id: number }) => d.id)).toEqual([dA]);
    expect(l.zones.map((z: { id: number; devices: number[] }) => [z.id, z.devices])).toEqual([[both, [dA]]]);
    const r = await save(zone({ id: both, name: 'Matrix zone', devices: [dA], radius: 300 }), partnerA);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const stored = await api.pool.query('SELECT device_id FROM safe_zone_device WHERE safe_zone_id = $1 ORDER BY 1', [both]);
    expect(stored.rows.map((x) => x.device_id)).toEqual([d1, dA].sort((a, b) => a - b));
    expect((await save(zone({ id: both, devices: [dA, d1] }), partnerA)).status).toBe(403);
  });
});
