import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './harness.js';
import { uploadForm } from './firmware-helpers.js';
import { freeDevice } from './samples/owner-contacts.js';

// Input that must get a clear 400 naming the field, never a 500 or a silent change (issue 22 "Input").

let api: TestApi;
let admin: string;
let owner: number;
let device: number;

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  const o = await api.post('/user/add', { newUser: { email: 'input-edges@example.com', first_name: 'Ina', last_name: 'Edge', white_label_vendor_id: 1 } }, admin);
  owner = o.body.model.id;
  const d = await freeDevice(api, 1);
  const add = await api.post('/device/add?type=1', { user_id: owner, device_id: d.id, gsm_number: '+4915100000977' }, admin);
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  device = d.id;
});
afterAll(async () => {
  await api?.close();
});

const migrationDir = new URL('../../../prisma/migrations/', import.meta.url);

describe('POST /user/update', () => {
  it('an unknown country_code is a 400 naming the field, a known one is saved', async () => {
    const bad = await api.post(`/user/update?user_id=${owner}`, { country_code: 'QQ' }, admin);
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'country_code', code: 'unknownCountry', message: 'country_code is not a known country' });
    const code = (await api.pool.query<{ code: string }>('SELECT code FROM country ORDER BY code LIMIT 1')).rows[0]!.code;
    const good = await api.post(`/user/update?user_id=${owner}`, { country_code: code.toLowerCase() }, admin);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.model.user.userAddress.country_code).toBe(code);
  });

  it('refuses a field it does not know instead of dropping it, as every body does', async () => {
    const r = await api.post(`/user/update?user_id=${owner}`, { first_name: 'Ina', email: 'other@example.com' }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([expect.objectContaining({ field: 'email', code: 'unknownField', params: { field: 'email' } })]);
    const row = (await api.pool.query('SELECT email FROM owner WHERE id = $1', [owner])).rows[0];
    expect(row.email).toBe('input-edges@example.com');
    // nested objects too: a stray key inside the body of another route
    const nested = await api.post('/user/add', { newUser: { email: 'n@example.com', first_name: 'N', last_name: 'N', white_label_vendor_id: 1, role: 1 } }, admin);
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0]).toMatchObject({ field: 'newUser.role', code: 'unknownField' });
  });
});

describe('firmware upload', () => {
  it('a file name over 255 characters is a 400 naming the file', async () => {
    const r = await api.call('POST', '/firmware/upload', { token: admin, form: uploadForm({ version: 'W7.7.7', fileName: `${'f'.repeat(260)}.bin` }) });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'file', code: 'tooLong', params: { field: 'file', max: 255 } });
  });
});

describe('safe zones', () => {
  const save = (body: unknown) => api.post(`/safezone/save?user_id=${owner}`, body, admin);
  it('an edit without radius, enabled or limit keeps their stored values', async () => {
    const made = await save({ name: 'School', latitude: 52.5, longitude: 13.4, radius: 350, enabled: false, limit_percent: 50, devices: [device] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.model.zone.id;
    const edit = await save({ id, name: 'School 2', latitude: 52.5, longitude: 13.4, devices: [device] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.model.zone).toMatchObject({ name: 'School 2', radius: 350, enabled: false, limit_percent: 50 });
    // a new zone without them takes the defaults
    const fresh = await save({ name: 'Park', latitude: 52.4, longitude: 13.3, devices: [device] });
    expect(fresh.body.model.zone).toMatchObject({ radius: 200, enabled: true, limit_percent: -1 });
  });

  it('a 300-character zone name is "too long" with the maximum, not "required"', async () => {
    const r = await save({ name: 'z'.repeat(300), latitude: 52.5, longitude: 13.4, devices: [device] });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'name', code: 'tooLong', params: { field: 'name', max: 100 } });
  });
});

describe('too long, wherever it is', () => {
  it('a 5,000-character app log name is "too long"', async () => {
    const r = await api.get(`/logs/app/file?name=${'a'.repeat(5000)}.log`, admin);
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ field: 'name', code: 'tooLong', params: { field: 'name', max: 200 } });
  });
});

describe('administration reference lists', () => {
  it('a second operator with the same start is refused naming start (imports would pick either)', async () => {
    const first = await api.post('/operator/save', { name: 'Edge One', start: '99901' }, admin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await api.post('/operator/save', { name: 'Edge Two', start: '99901' }, admin);
    expect(second.status).toBe(409);
    expect(second.body.errors[0]).toMatchObject({ field: 'start', code: 'operatorStartTaken', params: { start: '99901' } });
    const other = await api.post('/operator/save', { name: 'Edge Two', start: '99902' }, admin);
    expect(other.status).toBe(200);
    const moved = await api.post('/operator/save', { id: other.body.model.id, name: 'Edge Two', start: '99901' }, admin);
    expect(moved.status).toBe(409);
    // saving an operator with its own start is no clash
    const same = await api.post('/operator/save', { id: first.body.model.id, name: 'Edge One renamed', start: '99901' }, admin);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('two saves of one start at once: one is saved, the other gets the same 409 (the unique index decides)', async () => {
    const both = await Promise.all(['Race One', 'Race Two'].map((name) => api.post('/operator/save', { name, start: '99921' }, admin)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.errors[0]).toMatchObject({ field: 'start', code: 'operatorStartTaken', params: { start: '99921' } });
    const rows = await api.pool.query(`SELECT count(*)::int AS n FROM operator WHERE start = '99921'`);
    expect(rows.rows[0].n).toBe(1);
  });

  it('the start migration stops with a message listing the clashing operators, and passes once they are changed', async () => {
    const dir = readdirSync(migrationDir).find((d) => d.endsWith('_operator_start_unique'))!;
    const sql = readFileSync(new URL(`${dir}/migration.sql`, migrationDir), 'utf8');
    const c = await api.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query('DROP INDEX operator_start_key');
      const ids = (await c.query<{ id: number }>(`INSERT INTO operator (name, start) VALUES ('Clash A', '99931'), ('Clash B', '99931'), ('Clash C', '99932'), ('Clash D', '99932'), ('Alone', '99933') RETURNING id`)).rows.map((r) => r.id);
      await c.query('SAVEPOINT before');
      const refused = await c.query(sql).then(() => null, (e: Error) => e.message);
      expect(refused).toBe(
        'operator starts must be unique; change the start of all but one operator of each group, then migrate again: ' +
          `99931: Clash A (id ${ids[0]}), Clash B (id ${ids[1]}); 99932: Clash C (id ${ids[2]}), Clash D (id ${ids[3]})`,
      );
      await c.query('ROLLBACK TO SAVEPOINT before');
      await c.query(`UPDATE operator SET start = '99934' WHERE id = $1`, [ids[1]]);
      await c.query(`DELETE FROM operator WHERE id = $1`, [ids[3]]);
      await c.query(sql);
      await expect(c.query(`INSERT INTO operator (name, start) VALUES ('Again', '99933')`)).rejects.toThrow(/operator_start_key/);
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });

  it('an operator edit without region, types, terms key or limits keeps their stored values', async () => {
    const made = await api.post('/operator/save', { name: 'Edge Keep', start: '99911', region: 'US', device_types: [1], terms_key: 'edge.terms', zones_limit: 9, contacts_limit: 8, alarms_limit: 7 }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const edit = await api.post('/operator/save', { id: made.body.model.id, name: 'Edge Keep 2', start: '99911' }, admin);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.model).toMatchObject({ name: 'Edge Keep 2', region: 'US', device_types: [1], terms_key: 'edge.terms', zones_limit: 9, contacts_limit: 8, alarms_limit: 7 });
    const fresh = await api.post('/operator/save', { name: 'Edge New', start: '99912' }, admin);
    expect(fresh.body.model).toMatchObject({ region: 'EU', device_types: [], zones_limit: 5, contacts_limit: 5, alarms_limit: 10 });
  });

  it('a wifi access point edit without fixed or blacklisted keeps them', async () => {
    const made = await api.post('/geolocation/wifi', { mac: '02:ED:6E:00:00:01', latitude: 48.1, longitude: 11.5, fixed: true, blacklisted: true }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const edit = await api.post('/geolocation/wifi/save?oldMac=02ED6E000001', { mac: '02ED6E000001', latitude: 48.2, longitude: 11.6 }, admin);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.model).toMatchObject({ latitude: 48.2, fixed: true, blacklisted: true });
    const fresh = await api.post('/geolocation/wifi', { mac: '02:ED:6E:00:00:02', latitude: 48.1, longitude: 11.5 }, admin);
    expect(fresh.body.model).toMatchObject({ fixed: false, blacklisted: false });
  });

  it('an empty translation is refused', async () => {
    for (const value of ['', '   ']) {
      const r = await api.post('/translation/add', { key: 'edge.empty', language_code: 'en', device_type_id: 1, is_html: false, value }, admin);
      expect(r.status).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ field: 'value', code: 'translationEmpty' });
    }
  });

  it('is_allowed "yes" says it must be true or false, a missing one that it is required', async () => {
    const yes = await api.post('/updateWhiteListNumber', { number: '+493099990001', is_allowed: 'yes' }, admin);
    expect(yes.status).toBe(400);
    expect(yes.body.errors[0]).toMatchObject({ field: 'is_allowed', code: 'invalidBool' });
    const missing = await api.post('/updateWhiteListNumber', { number: '+493099990001' }, admin);
    expect(missing.body.errors[0]).toMatchObject({ field: 'is_allowed', code: 'required' });
  });
});
