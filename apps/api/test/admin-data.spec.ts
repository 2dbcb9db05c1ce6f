import { describe, expect, it } from 'vitest';
import { apiForFile, type TestApi } from './harness.js';
import { freshMac, wifiRow } from './samples/admin-data.js';

// Administration data (docs/administration.md): translations and wifi access points, every rule and §5 message,
// and the audit row of every save with the record before and after. Default settings: admin-defaults.spec.ts.
let api: TestApi;
let admin: string;
apiForFile(['admin'], (started, [token]) => ([api, admin] = [started, token]));

/** The field errors of a refusal as field -> message. */
const messages = (r: { body: { errors?: { field: string; message: string }[] } }) =>
  Object.fromEntries((r.body.errors ?? []).map((e) => [e.field, e.message]));

/** The audit rows of an entity, oldest first: action and the before/after the save recorded. */
async function audits(entity: string, id: string | number) {
  const r = await api.pool.query(`SELECT action, area, before, after FROM audit_event WHERE entity = $1 AND entity_id = $2 ORDER BY id`, [entity, String(id)]);
  return r.rows.map((x) => ({ action: x.action, area: x.area, before: x.before, after: x.after }));
}

describe('translations', () => {
  const add = (body: Record<string, unknown>) => api.post('/translation/add', { language_code: 'en', device_type_id: 1, is_html: false, ...body }, admin);

  it('lists a language by type and key, one type when asked; an unknown language is a 400 naming it', async () => {
    const all = await api.get('/translation/all?language=de', admin);
    expect(all.status).toBe(200);
    const n = (await api.pool.query(`SELECT count(*)::int AS n FROM translation WHERE language_code = 'de'`)).rows[0].n;
    expect(all.body.model).toHaveLength(n);
    expect(n).toBeGreaterThan(0);
    const one = await api.get('/translation/all?language=de&device_type_id=2', admin);
    expect(one.body.model.length).toBeGreaterThan(0);
    expect(one.body.model.every((t: { device_type_id: number; language_code: string }) => t.device_type_id === 2 && t.language_code === 'de')).toBe(true);
    const bad = await api.get('/translation/all?language=xx', admin);
    expect(bad.status).toBe(400);
    expect(messages(bad)).toEqual({ language: 'Unknown language xx' });
  });

  it('sanitises an HTML value on save, keeps a plain value as typed, and audits the add with after', async () => {
    const html = await add({ key: 'PROMO.html', is_html: true, value: '<p onclick="x()">Hi <b>you</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://e.example">y</a></p>' });
    expect(html.status).toBe(200);
    expect(html.body.model.value).toBe('<p>Hi <b>you</b> <a>x</a> <a href="https://e.example">y</a></p>');
    const plain = await add({ key: 'PROMO.plain', value: 'a <b>b</b> & c' });
    expect(plain.body.model).toMatchObject({ key: 'PROMO.plain', value: 'a <b>b</b> & c', is_html: false });
    expect(await audits('translation', html.body.model.id)).toEqual([
      { action: 'POST /translation/add', area: 'translations', before: null, after: html.body.model },
    ]);
  });

  it('refuses a taken key (409), a bad key, an unknown language or type (400 naming each)', async () => {
    await add({ key: 'DUP.key', value: 'one' });
    const dup = await add({ key: 'DUP.key', value: 'two' });
    expect(dup.status).toBe(409);
    expect(messages(dup)).toEqual({ key: 'Duplicate entry' });
    const bad = await add({ key: 'has space', value: 'x' });
    expect(bad.status).toBe(400);
    expect(messages(bad)).toEqual({ key: 'A key may hold only letters, digits, dots, dashes and underscores' });
    const unknown = await add({ key: 'OK.key', language_code: 'xx', device_type_id: 999, value: 'x' });
    expect(unknown.status).toBe(400);
    expect(messages(unknown)).toEqual({ language_code: 'Unknown language xx', device_type_id: expect.any(String) });
  });

  it('edits by id with before and after in the audit row; an unknown id is a 404', async () => {
    const t = (await add({ key: 'EDIT.me', value: 'old' })).body.model;
    // the item without updated_at: a body field the route does not know is refused
    const { updated_at: _updated, ...fields } = t;
    const edited = await api.post('/translation/edit', { ...fields, value: '<i>new</i><img src=x onerror=alert(1)>', is_html: true }, admin);
    expect(edited.status).toBe(200);
    expect(edited.body.model).toMatchObject({ id: t.id, value: '<i>new</i>', is_html: true });
    const rows = await audits('translation', t.id);
    expect(rows[1]).toEqual({ action: 'POST /translation/edit', area: 'translations', before: t, after: edited.body.model });
    const missing = await api.post('/translation/edit', { ...fields, id: 2_000_000_000 }, admin);
    expect(missing.status).toBe(404);
  });
});

describe('wifi access points', () => {
  const body = (b: Record<string, unknown>) => ({ latitude: 48.137, longitude: 11.575, fixed: false, blacklisted: false, ...b });

  it('adds a MAC in any accepted spelling, stored without separators, audited with after', async () => {
    const r = await api.post('/geolocation/wifi/', body({ mac: '02-aa-bb-cc-dd-01', fixed: true }), admin);
    expect(r.status).toBe(200);
    expect(r.body.model).toMatchObject({ mac: '02AABBCCDD01', latitude: 48.137, longitude: 11.575, fixed: true, blacklisted: false, user_id: null });
    expect(await audits('wifi_access_point', '02AABBCCDD01')).toEqual([
      { action: 'POST /geolocation/wifi', area: 'geolocation', before: null, after: r.body.model },
    ]);
    const dup = await api.post('/geolocation/wifi', body({ mac: '02:AA:BB:CC:DD:01' }), admin);
    expect(dup.status).toBe(409);
    expect(messages(dup)).toEqual({ mac: 'Duplicate entry' });
  });

  it('answers each §5 message exactly', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ mac: '' }, { mac: 'MAC address cant be blank' }],
      [{ mac: undefined }, { mac: 'MAC address cant be blank' }],
      [{ mac: '02:AA:BB:CC:DD' }, { mac: 'Wrong MAC address format' }],
      [{ mac: '02:AA-BB:CC:DD:EE' }, { mac: 'Wrong MAC address format' }],
      [{ mac: 'GG:AA:BB:CC:DD:EE' }, { mac: 'Wrong MAC address format' }],
      [{ mac: freshMac(), latitude: 90.5 }, { latitude: 'Latitude may range from -90 to 90' }],
      [{ mac: freshMac(), latitude: -91 }, { latitude: 'Latitude may range from -90 to 90' }],
      [{ mac: freshMac(), longitude: 180.1 }, { longitude: 'Longitude may range from -180 to 180' }],
      [{ mac: freshMac(), longitude: -181 }, { longitude: 'Longitude may range from -180 to 180' }],
      [{ mac: freshMac(), latitude: '' }, { latitude: 'Longitude and latitude cant be empty' }],
      [{ mac: freshMac(), longitude: undefined }, { longitude: 'Longitude and latitude cant be empty' }],
    ];
    for (const [b, expected] of cases) {
      const r = await api.post('/geolocation/wifi', body(b), admin);
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(messages(r), JSON.stringify(b)).toEqual(expected);
    }
    const edge = await api.post('/geolocation/wifi', body({ mac: freshMac(), latitude: -90, longitude: 180 }), admin);
    expect(edge.status).toBe(200);
  });

  it('searches by the start of a MAC in any spelling, 25 per page in MAC order', async () => {
    const all = await api.get('/geolocation/wifi/search', admin);
    expect(all.status).toBe(200);
    const n = (await api.pool.query('SELECT count(*)::int AS n FROM wifi_access_point')).rows[0].n;
    expect(all.body.model.items).toHaveLength(25);
    expect(all.body.model.total_pages).toBe(Math.ceil(n / 25));
    const macs = all.body.model.items.map((i: { mac: string }) => i.mac);
    expect(macs).toEqual([...macs].sort());
    const first = macs[0] as string;
    const byPrefix = await api.get(`/geolocation/wifi/search?query=${first.slice(0, 2).toLowerCase()}:${first.slice(2, 4)}-${first.slice(4, 6)}`, admin);
    expect(byPrefix.body.model.items.length).toBeGreaterThan(0);
    expect(byPrefix.body.model.items.every((i: { mac: string }) => i.mac.startsWith(first.slice(0, 6)))).toBe(true);
    const page2 = await api.get('/geolocation/wifi/search?page=1&count=25', admin);
    expect(page2.body.model.items[0].mac > macs[24]).toBe(true);
    const bad = await api.get('/geolocation/wifi/search?query=zz', admin);
    expect(bad.status).toBe(400);
    expect(messages(bad)).toEqual({ query: 'Wrong MAC address format' });
  });

  it('sorts by a whitelisted column and direction, the MAC breaking ties; another sort is a 400 naming the field', async () => {
    type W = { mac: string; latitude: number; fixed: boolean; user_id: number | null; updated_at: string };
    const page = async (qs: string) => {
      const r = await api.get(`/geolocation/wifi/search?${qs}`, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.model.items as W[];
    };
    const byLat = await page('sort=latitude&dir=desc');
    const top = (await api.pool.query('SELECT mac FROM wifi_access_point ORDER BY latitude DESC, mac LIMIT 25')).rows.map((r) => r.mac);
    expect(byLat.map((w) => w.mac)).toEqual(top);
    const next = await page('sort=latitude&dir=desc&page=1');
    expect(next[0]!.latitude).toBeLessThanOrEqual(byLat[24]!.latitude);
    // flags: equal values in MAC order
    const fixed = await page('sort=fixed&dir=asc');
    const falses = fixed.filter((w) => !w.fixed).map((w) => w.mac);
    expect(falses).toEqual([...falses].sort());
    // owners: access points without one last, either way
    const owners = (await page('sort=user_id&dir=desc&count=100')).map((w) => w.user_id);
    const firstNull = owners.indexOf(null);
    if (firstNull >= 0) expect(owners.slice(firstNull).every((o) => o === null)).toBe(true);
    // the prefix still applies
    const prefix = byLat[0]!.mac.slice(0, 3);
    expect((await page(`query=${prefix}&sort=updated_at&dir=desc`)).every((w) => w.mac.startsWith(prefix))).toBe(true);
    for (const [qs, field] of [['sort=latitude;DROP TABLE wifi_access_point', 'sort'], ['sort=owner', 'sort'], ['dir=down', 'dir'], ['sort=mac&sort=latitude', 'sort']] as const) {
      const bad = await api.get(`/geolocation/wifi/search?${qs}`, admin);
      expect(bad.status, qs).toBe(400);
      expect(Object.keys(messages(bad)), qs).toEqual([field]);
    }
    expect(messages(await api.get('/geolocation/wifi/search?sort=owner', admin))).toEqual({
      sort: 'sort must be one of mac, latitude, longitude, fixed, blacklisted, user_id, updated_at',
    });
  });

  it('shows details by MAC; edits under oldMac (the MAC may change) with before and after; a taken or unknown MAC is refused', async () => {
    const mac = await wifiRow(api);
    const details = await api.get(`/geolocation/wifi/details?id=${mac.replace(/(..)(?!$)/g, '$1:')}`, admin);
    expect(details.status).toBe(200);
    expect(details.body.model).toMatchObject({ mac, latitude: 48.1, longitude: 11.5 });
    const moved = freshMac();
    const saved = await api.post(`/geolocation/wifi/save?oldMac=${mac}`, body({ mac: moved, blacklisted: true, latitude: -33.9 }), admin);
    expect(saved.status).toBe(200);
    expect(saved.body.model).toMatchObject({ mac: moved, blacklisted: true, latitude: -33.9 });
    expect((await api.get(`/geolocation/wifi/details?id=${mac}`, admin)).status).toBe(404);
    expect(await audits('wifi_access_point', moved)).toEqual([
      { action: 'POST /geolocation/wifi/save', area: 'geolocation', before: details.body.model, after: saved.body.model },
    ]);
    const other = await wifiRow(api);
    const taken = await api.post(`/geolocation/wifi/save?oldMac=${other}`, body({ mac: moved }), admin);
    expect(taken.status).toBe(409);
    const unknown = await api.post(`/geolocation/wifi/save?oldMac=${freshMac()}`, body({ mac: freshMac() }), admin);
    expect(unknown.status).toBe(404);
    const badOld = await api.post('/geolocation/wifi/save?oldMac=nope', body({ mac: freshMac() }), admin);
    expect(messages(badOld)).toEqual({ oldMac: 'Wrong MAC address format' });
  });

  it('deletes by id (the MAC), audited with before; an unknown one is a 404', async () => {
    const mac = await wifiRow(api);
    const before = (await api.get(`/geolocation/wifi/details?id=${mac}`, admin)).body.model;
    const r = await api.post('/geolocation/wifi/delete', { id: mac.toLowerCase() }, admin);
    expect(r.status).toBe(200);
    expect((await api.pool.query('SELECT 1 FROM wifi_access_point WHERE mac = $1', [mac])).rowCount).toBe(0);
    expect(await audits('wifi_access_point', mac)).toEqual([{ action: 'POST /geolocation/wifi/delete', area: 'geolocation', before, after: null }]);
    expect((await api.post('/geolocation/wifi/delete', { id: mac }, admin)).status).toBe(404);
    expect(messages(await api.post('/geolocation/wifi/delete', {}, admin))).toEqual({ id: 'MAC address cant be blank' });
  });
});
