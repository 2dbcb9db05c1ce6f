import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonText } from '@tracker/contract';
import { startSmsWorld, type SmsWorld } from './sms-helpers.js';
import { eventually } from './harness.js';

// Default settings (docs/administration.md): list, add, edit under the §9 rules with before/after audit rows,
// and the push of one default to every device of a type as an SMS campaign through the real pipeline (worker and
// fleet-sim's watches, which confirm the setting).
let w: SmsWorld;
let admin: string;
let type: number;

beforeAll(async () => {
  w = await startSmsWorld();
  admin = await w.api.signIn('admin');
  // the type with the fewest devices: the push sends one SMS to each
  type = (await w.api.pool.query('SELECT t.id FROM device_type t ORDER BY (SELECT count(*) FROM device d WHERE d.device_type_id = t.id), t.id LIMIT 1')).rows[0].id;
}, 120_000);
afterAll(() => w?.close());

const messages = (r: { body: { errors?: { field: string; message: string }[] } }) =>
  Object.fromEntries((r.body.errors ?? []).map((e) => [e.field, e.message]));
const defaults = async () => (await w.api.get(`/setting/defaults?device_type_id=${type}`, admin)).body.model as { id: number; setting_no: number; name: string | null; value: string; editable: boolean; synced: boolean; types: number[] }[];

describe('default settings', () => {
  it("lists a type's defaults by number; an unknown type is a 400 naming it", async () => {
    const list = await defaults();
    const stored = (await w.api.pool.query('SELECT setting_no FROM default_setting WHERE device_type_id = $1 ORDER BY setting_no', [type])).rows;
    expect(list.map((d) => d.setting_no)).toEqual(stored.map((r) => r.setting_no));
    expect(list.length).toBeGreaterThan(0);
    const bad = await w.api.get('/setting/defaults?device_type_id=999', admin);
    expect(bad.status).toBe(400);
    expect(Object.keys(messages(bad))).toEqual(['device_type_id']);
  });

  it('adds under the §9 rules of its name; a taken number is a 409; audited with after', async () => {
    const bad = await w.api.post('/setting/addDefault', { device_type_id: type, setting_no: 501, name: 'location_interval', value: '7' }, admin);
    expect(bad.status).toBe(400);
    expect(messages(bad)).toEqual({ value: reasonText('locationInterval', { min: 2, max: 60, standby: 65000 }) });
    const ok = await w.api.post('/setting/addDefault', { device_type_id: type, setting_no: 501, name: 'location_interval', value: '600', types: [2, 1, 2] }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body.model).toMatchObject({ device_type_id: type, setting_no: 501, value: '600', synced: true, editable: true, types: [1, 2] });
    const dup = await w.api.post('/setting/addDefault', { device_type_id: type, setting_no: 501, value: '1' }, admin);
    expect(dup.status).toBe(409);
    expect(messages(dup)).toEqual({ setting_no: 'Duplicate entry' });
    const audit = await w.api.pool.query(`SELECT action, before, after FROM audit_event WHERE entity = 'default_setting' AND entity_id = $1`, [String(ok.body.model.id)]);
    expect(audit.rows).toEqual([{ action: 'POST /setting/addDefault', before: null, after: ok.body.model }]);
  });

  it('edits by id with before and after; an unknown id is a 404', async () => {
    const d = (await defaults()).find((x) => x.name === 'operational_time')!;
    const { id, name, synced, editable, types } = d;
    // the editable fields only: a body field the route does not know (device_type_id, updated_at) is refused
    const bad = await w.api.post('/setting/editDefault', { id, name, synced, editable, types, value: '25' }, admin);
    expect(messages(bad)).toEqual({ value: reasonText('operationalTime', { min: 1, max: 24 }) });
    const edited = await w.api.post('/setting/editDefault', { id, name, synced: !synced, editable, types, value: '12' }, admin);
    expect(edited.status).toBe(200);
    expect(edited.body.model).toMatchObject({ id, value: '12', synced: !synced });
    const audit = await w.api.pool.query(`SELECT before, after FROM audit_event WHERE entity = 'default_setting' AND entity_id = $1 AND action = 'POST /setting/editDefault'`, [String(id)]);
    expect(audit.rows).toEqual([{ before: expect.objectContaining({ id, value: d.value, synced }), after: edited.body.model }]);
    expect((await w.api.post('/setting/editDefault', { id: 2_000_000_000, value: '1' }, admin)).status).toBe(404);
  });
});

describe('GET /setting/pushToAll', () => {
  it('refuses a setting the type lacks or one that is not editable, sending nothing', async () => {
    const before = (await w.api.pool.query('SELECT count(*)::int AS n FROM sms_message')).rows[0].n;
    const missing = await w.api.get(`/setting/pushToAll?setting_no=9999&device_type_id=${type}`, admin);
    expect(missing.status).toBe(400);
    expect(Object.keys(messages(missing))).toEqual(['setting_no']);
    const fixed = (await defaults()).find((x) => !x.editable)!;
    const refused = await w.api.get(`/setting/pushToAll?setting_no=${fixed.setting_no}&device_type_id=${type}`, admin);
    expect(refused.status).toBe(400);
    expect(Object.keys(messages(refused))).toEqual(['setting_no']);
    expect((await w.api.get('/setting/pushToAll?setting_no=5', admin)).status).toBe(400);
    expect((await w.api.pool.query('SELECT count(*)::int AS n FROM sms_message')).rows[0].n).toBe(before);
  });

  it("sends the default to every device of the type as one campaign, whose progress runs to done and whose watches confirm", async () => {
    const d = (await defaults()).find((x) => x.name === 'low_battery_threshold')!;
    await w.api.post('/setting/editDefault', { id: d.id, name: d.name, synced: d.synced, editable: d.editable, types: d.types, value: '20' }, admin);
    // the ledger's gate: a number, enabled, not terminated; the others are refused with their reasons
    const targets = (await w.api.pool.query('SELECT id FROM device WHERE device_type_id = $1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3 ORDER BY id', [type])).rows.map((r) => r.id);
    const all = (await w.api.pool.query('SELECT count(*)::int AS n FROM device WHERE device_type_id = $1', [type])).rows[0].n;
    expect(targets.length).toBeGreaterThan(1);

    // the first call says what it would do and stores nothing; only the call with its token starts it
    const path = `/setting/pushToAll?setting_no=${d.setting_no}&device_type_id=${type}`;
    const ask = await w.api.get(path, admin);
    expect(ask.status, JSON.stringify(ask.body)).toBe(200);
    expect(ask.body.model).toMatchObject({ action: 'setting.push_to_all', command_key: `SETTING_${d.setting_no}`, targets: targets.length, refused: all - targets.length });
    expect((await w.api.pool.query("SELECT count(*)::int AS n FROM sms_message WHERE command_key = $1 AND created > now() - interval '1 minute'", [`SETTING_${d.setting_no}`])).rows[0].n).toBe(0);
    const r = await w.api.get(`${path}&confirm_token=${ask.body.model.confirm_token}`, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // a token is good once
    expect((await w.api.get(`${path}&confirm_token=${ask.body.model.confirm_token}`, admin)).body.errors[0]).toMatchObject({ field: 'confirm_token', code: 'smsConfirmationInvalid' });
    const c = r.body.model;
    expect(c).toMatchObject({ command_key: `SETTING_${d.setting_no}`, message: `SETTING,${d.setting_no},20#`, device_type: type, total: targets.length, refused: all - targets.length });
    const stored = await w.api.pool.query('SELECT device_id FROM sms_message WHERE bulk_id = $1 ORDER BY device_id', [c.bulk_id]);
    expect(stored.rows.map((x) => x.device_id)).toEqual(targets);
    const pending = await w.api.pool.query('SELECT count(*)::int AS n FROM device_setting WHERE setting_no = $1 AND value = $2 AND device_id = ANY($3::int[])', [d.setting_no, '20', targets]);
    expect(pending.rows[0].n).toBe(targets.length);
    const audit = await w.api.pool.query(`SELECT action, area, after FROM audit_event WHERE entity = 'default_setting' AND entity_id = $1 AND action = 'GET /setting/pushToAll'`, [String(d.id)]);
    expect(audit.rows).toEqual([{ action: 'GET /setting/pushToAll', area: 'defaultSettings', after: expect.objectContaining({ bulk_id: c.bulk_id, total: targets.length, value: '20' }) }]);

    const done = await eventually(async () => {
      const p = (await w.api.get(`/sms/campaign?bulk_id=${c.bulk_id}`, admin)).body.model;
      return p.done ? p : null;
    }, { what: 'campaign done', deadline: 120_000 });
    expect(done.received + done.errors).toBe(targets.length);
    expect(done.received).toBeGreaterThan(0);
    const confirmed = await eventually(async () => {
      const n = (await w.api.pool.query('SELECT count(*)::int AS n FROM device_setting WHERE setting_no = $1 AND value = $2 AND synced AND device_id = ANY($3::int[])', [d.setting_no, '20', targets])).rows[0].n;
      return n > 0 ? n : null;
    }, { what: 'a watch confirmed', deadline: 60_000 });
    expect(confirmed).toBeGreaterThan(0);
  }, 180_000);
});

describe('partner managers (§6 "their own device type and operators in default settings")', () => {
  it('roles 12 and 14 open their own type only; their push reaches only devices of their operators; tier roles stay out', async () => {
    // partner A's manager keeps one of its operators: the type's devices on the others are not its
    await w.api.pool.query("UPDATE backoffice_user SET operators = operators[1:1] WHERE username = 'partnera-manager'");
    const managerA = await w.api.signIn('partnera-manager');
    expect((await w.api.get('/setting/defaults?device_type_id=2', managerA)).status).toBe(200);
    expect((await w.api.get('/setting/defaults?device_type_id=3', managerA)).status).toBe(403);
    expect((await w.api.get('/setting/defaults?device_type_id=2', await w.api.signIn('partnerb-manager'))).status).toBe(403);
    expect((await w.api.get('/setting/defaults?device_type_id=3', await w.api.signIn('partnerb-manager'))).status).toBe(200);
    for (const user of ['partnera-tier1', 'tier1', 'manager']) expect((await w.api.get('/setting/defaults?device_type_id=2', await w.api.signIn(user))).status, user).toBe(403);

    const d = (await w.api.get('/setting/defaults?device_type_id=2', managerA)).body.model.find((x: { editable: boolean }) => x.editable);
    const { operators } = (await w.api.pool.query("SELECT operators FROM backoffice_user WHERE username = 'partnera-manager'")).rows[0];
    const scoped = (await w.api.pool.query(
      'SELECT count(*)::int AS n FROM device d JOIN sim_card s ON s.id = d.sim_id WHERE d.device_type_id = 2 AND s.operator_id = ANY($1::int[])',
      [operators],
    )).rows[0].n;
    const all = (await w.api.pool.query('SELECT count(*)::int AS n FROM device WHERE device_type_id = 2')).rows[0].n;
    expect(scoped).toBeLessThan(all);
    const ask = await w.api.get(`/setting/pushToAll?setting_no=${d.setting_no}&device_type_id=2`, managerA);
    expect(ask.status, JSON.stringify(ask.body)).toBe(200);
    expect(ask.body.model.targets + ask.body.model.refused).toBe(scoped);
    const admins = await w.api.get(`/setting/pushToAll?setting_no=${d.setting_no}&device_type_id=2`, admin);
    expect(admins.body.model.targets + admins.body.model.refused).toBe(all);
  });
});
