import { describe, expect, it } from 'vitest';
import { apiForFile, type TestApi } from './harness.js';
import { freshMac } from './samples/admin-data.js';

// The owner's own wifi access points (§2 /owner/{id}/addwifi; docs/owner-workspace.md "Wifi access points"): the §5
// rules with their exact messages, the owner's points only, audited, partner scope, fixed/blacklisted kept.
let api: TestApi;
let admin: string, tier1: string, manager: string, partnerA: string, partnerB: string;
apiForFile(['admin', 'tier1', 'manager', 'partnera-tier1', 'partnerb-tier1'], (started, tokens) => {
  [api, [admin, tier1, manager, partnerA, partnerB]] = [started, tokens];
});

let seq = 0;
/** A new owner with one spare device of each given type. */
async function ownerWith(types: number[]): Promise<number> {
  const o = await api.pool.query<{ id: number }>(
    `INSERT INTO owner (email, first_name, last_name, white_label_vendor_id) VALUES ($1, 'Wanda', 'Wifi', (SELECT min(id) FROM white_label)) RETURNING id`,
    [`owner-wifi-${++seq}-${Date.now()}@example.com`],
  );
  const id = o.rows[0]!.id;
  for (const type of types) {
    await api.pool.query(
      `UPDATE device SET owner_id = $1 WHERE id = (SELECT id FROM device WHERE owner_id IS NULL AND device_type_id = $2 ORDER BY id LIMIT 1)`,
      [id, type],
    );
  }
  return id;
}

const messages = (r: { body: { errors?: { field: string; message: string }[] } }) => Object.fromEntries((r.body.errors ?? []).map((e) => [e.field, e.message]));
const audits = async (mac: string) =>
  (await api.pool.query(`SELECT action, area, before, after FROM audit_event WHERE entity = 'wifi_access_point' AND entity_id = $1 ORDER BY id`, [mac])).rows;
const point = (b: Record<string, unknown>) => ({ latitude: 52.52, longitude: 13.405, ...b });

describe('the owner wifi access points', () => {
  it('adds a point of the owner (MAC in any spelling, stored without separators), lists it, audited; the staff flags are not read', async () => {
    const owner = await ownerWith([1]);
    const mac = freshMac();
    const spelled = mac.toLowerCase().replace(/(..)(?!$)/g, '$1-');
    const r = await api.post(`/user/wifi?user_id=${owner}`, point({ mac: spelled }), manager);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ mac, latitude: 52.52, longitude: 13.405, fixed: false, blacklisted: false, user_id: owner });
    expect(await audits(mac)).toEqual([{ action: 'POST /user/wifi', area: 'ownerEdit', before: null, after: r.body.model }]);
    const list = await api.get(`/user/wifi?user_id=${owner}`, tier1);
    expect(list.status).toBe(200);
    expect(list.body.model).toMatchObject({ items: [r.body.model], total_pages: 1, page: 0 });
    // the staff's flags are not the owner workspace's: a flag in the body is refused, as any field a body does not know
    const flagged = await api.post(`/user/wifi?user_id=${owner}`, point({ mac: freshMac(), fixed: true, blacklisted: true }), manager);
    expect(flagged.status).toBe(400);
    expect(flagged.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([['fixed', 'unknownField'], ['blacklisted', 'unknownField']]);
    // role 9 sees the points but changes none (§6 read-only)
    const readOnly = await api.post(`/user/wifi?user_id=${owner}`, point({ mac: freshMac() }), tier1);
    expect([readOnly.status, readOnly.body.code]).toEqual([403, 'READ_ONLY_ROLE']);
    // a taken MAC (this owner's, another owner's or crowd data): 409 on mac
    const dup = await api.post(`/user/wifi?user_id=${await ownerWith([1])}`, point({ mac }), admin);
    expect(dup.status).toBe(409);
    expect(messages(dup)).toEqual({ mac: 'Duplicate entry' });
  });

  it('answers each §5 message exactly', async () => {
    const owner = await ownerWith([1]);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ mac: '' }, { mac: 'MAC address cant be blank' }],
      [{ mac: '   ' }, { mac: 'MAC address cant be blank' }],
      [{ mac: undefined }, { mac: 'MAC address cant be blank' }],
      [{ mac: '02:AA:BB:CC:DD' }, { mac: 'Wrong MAC address format' }],
      [{ mac: '02:AA-BB:CC:DD:EE' }, { mac: 'Wrong MAC address format' }],
      [{ mac: 'ZZ:AA:BB:CC:DD:EE' }, { mac: 'Wrong MAC address format' }],
      [{ mac: freshMac(), latitude: 90.01 }, { latitude: 'Latitude may range from -90 to 90' }],
      [{ mac: freshMac(), latitude: -90.01 }, { latitude: 'Latitude may range from -90 to 90' }],
      [{ mac: freshMac(), longitude: 180.01 }, { longitude: 'Longitude may range from -180 to 180' }],
      [{ mac: freshMac(), longitude: -181 }, { longitude: 'Longitude may range from -180 to 180' }],
      [{ mac: freshMac(), latitude: '' }, { latitude: 'Longitude and latitude cant be empty' }],
      [{ mac: freshMac(), latitude: null }, { latitude: 'Longitude and latitude cant be empty' }],
      [{ mac: freshMac(), longitude: undefined }, { longitude: 'Longitude and latitude cant be empty' }],
    ];
    for (const [b, expected] of cases) {
      const r = await api.post(`/user/wifi?user_id=${owner}`, point(b), admin);
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(messages(r), JSON.stringify(b)).toEqual(expected);
    }
    expect((await api.post(`/user/wifi?user_id=${owner}`, point({ mac: freshMac(), latitude: 90, longitude: -180 }), admin)).status).toBe(200);
    const badOwner = await api.post('/user/wifi?user_id=abc', point({ mac: freshMac() }), admin);
    expect(messages(badOwner)).toEqual({ user_id: expect.any(String) });
  });

  it("edits only the owner's points (the MAC may change; fixed and blacklisted stay), audited with before and after", async () => {
    const owner = await ownerWith([1]);
    const mac = freshMac();
    await api.pool.query('INSERT INTO wifi_access_point (mac, latitude, longitude, fixed, blacklisted, user_id) VALUES ($1, 1, 2, true, true, $2)', [mac, owner]);
    const before = (await api.get(`/user/wifi?user_id=${owner}`, admin)).body.model.items[0];
    const moved = freshMac();
    const r = await api.post(`/user/wifi/save?user_id=${owner}&oldMac=${mac.replace(/(..)(?!$)/g, '$1:')}`, point({ mac: moved }), manager);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ mac: moved, latitude: 52.52, longitude: 13.405, fixed: true, blacklisted: true, user_id: owner });
    expect(await audits(moved)).toEqual([{ action: 'POST /user/wifi/save', area: 'ownerEdit', before, after: r.body.model }]);
    // another owner's point and crowd data are not this owner's: 404 on oldMac, nothing changed
    const other = await ownerWith([1]);
    const foreign = freshMac();
    await api.pool.query('INSERT INTO wifi_access_point (mac, latitude, longitude, user_id) VALUES ($1, 1, 2, $2)', [foreign, other]);
    const crowd = freshMac();
    await api.pool.query('INSERT INTO wifi_access_point (mac, latitude, longitude) VALUES ($1, 1, 2)', [crowd]);
    for (const m of [foreign, crowd]) {
      const refused = await api.post(`/user/wifi/save?user_id=${owner}&oldMac=${m}`, point({ mac: m }), admin);
      expect(refused.status).toBe(404);
      expect(refused.body.errors[0].field).toBe('oldMac');
    }
    expect((await api.pool.query('SELECT latitude FROM wifi_access_point WHERE mac = $1', [foreign])).rows[0].latitude).toBe(1);
    // moving onto a taken MAC is a 409
    expect((await api.post(`/user/wifi/save?user_id=${owner}&oldMac=${moved}`, point({ mac: crowd }), admin)).status).toBe(409);
    expect(messages(await api.post(`/user/wifi/save?user_id=${owner}&oldMac=nope`, point({ mac: freshMac() }), admin))).toEqual({ oldMac: 'Wrong MAC address format' });
  });

  it("deletes only the owner's points, audited; the owner's removal takes its points along", async () => {
    const owner = await ownerWith([]);
    const mac = freshMac();
    const created = (await api.post(`/user/wifi?user_id=${owner}`, point({ mac }), admin)).body.model;
    const other = await ownerWith([]);
    expect((await api.post(`/user/wifi/delete?user_id=${other}`, { id: mac }, admin)).status).toBe(404);
    const r = await api.post(`/user/wifi/delete?user_id=${owner}`, { id: mac.toLowerCase() }, admin);
    expect(r.status).toBe(200);
    expect(await audits(mac)).toEqual([
      { action: 'POST /user/wifi', area: 'ownerEdit', before: null, after: created },
      { action: 'POST /user/wifi/delete', area: 'ownerEdit', before: created, after: null },
    ]);
    expect((await api.post(`/user/wifi/delete?user_id=${owner}`, { id: mac }, admin)).status).toBe(404);
    expect(messages(await api.post(`/user/wifi/delete?user_id=${owner}`, {}, admin))).toEqual({ id: 'MAC address cant be blank' });
    const kept = freshMac();
    await api.post(`/user/wifi?user_id=${owner}`, point({ mac: kept }), admin);
    expect((await api.get(`/user/remove?user_id=${owner}`, admin)).status).toBe(200);
    expect((await api.pool.query('SELECT 1 FROM wifi_access_point WHERE mac = $1', [kept])).rowCount).toBe(0);
  });

  it('partner scope: a partner reaches the points of an owner with devices of its type only (403 otherwise, 404 unknown)', async () => {
    const ofA = await ownerWith([2]);
    const mac = freshMac();
    expect((await api.post(`/user/wifi?user_id=${ofA}`, point({ mac }), partnerA)).status).toBe(200);
    expect((await api.get(`/user/wifi?user_id=${ofA}`, partnerA)).body.model.items.map((i: { mac: string }) => i.mac)).toEqual([mac]);
    expect((await api.get(`/user/wifi?user_id=${ofA}`, partnerB)).status).toBe(403);
    expect((await api.post(`/user/wifi?user_id=${ofA}`, point({ mac: freshMac() }), partnerB)).status).toBe(403);
    expect((await api.post(`/user/wifi/save?user_id=${ofA}&oldMac=${mac}`, point({ mac }), partnerB)).status).toBe(403);
    expect((await api.post(`/user/wifi/delete?user_id=${ofA}`, { id: mac }, partnerB)).status).toBe(403);
    expect((await api.pool.query('SELECT 1 FROM wifi_access_point WHERE mac = $1', [mac])).rowCount).toBe(1);
    // a shared owner: both partners reach its points (they are the owner's, not a device's)
    const shared = await ownerWith([2, 3]);
    expect((await api.get(`/user/wifi?user_id=${shared}`, partnerB)).status).toBe(200);
    expect((await api.get('/user/wifi?user_id=99999999', admin)).status).toBe(404);
  });

  it("lists 25 per page in MAC order and filters by the start of a MAC", async () => {
    const owner = await ownerWith([1]);
    const macs = Array.from({ length: 27 }, () => freshMac()).sort();
    await api.pool.query('INSERT INTO wifi_access_point (mac, latitude, longitude, user_id) SELECT m, 1, 2, $2 FROM unnest($1::text[]) m', [macs, owner]);
    const first = await api.get(`/user/wifi?user_id=${owner}`, admin);
    expect(first.body.model.items.map((i: { mac: string }) => i.mac)).toEqual(macs.slice(0, 25));
    expect(first.body.model.total_pages).toBe(2);
    const second = await api.get(`/user/wifi?user_id=${owner}&page=1`, admin);
    expect(second.body.model.items.map((i: { mac: string }) => i.mac)).toEqual(macs.slice(25));
    const prefix = macs[26]!.slice(0, 6);
    const filtered = await api.get(`/user/wifi?user_id=${owner}&query=${prefix.replace(/(..)(?!$)/g, '$1:')}`, admin);
    expect(filtered.body.model.items.every((i: { mac: string }) => i.mac.startsWith(prefix))).toBe(true);
    expect(filtered.body.model.items.length).toBeGreaterThan(0);
  });
});

