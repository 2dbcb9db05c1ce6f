import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_TYPE_KEYS, statsTypeDef, type StatsType } from '@tracker/contract';
import { CoreModule, PERIODIC_JOBS, PeriodicJobsModule, STATS_SNAPSHOT_MS, STATS_SOURCES, StatsRepository, StatsRollup, StatsWorkerModule, ReportsWorkerModule } from '@tracker/server';
import { eventually, startApi, type TestApi } from './harness.js';
import { rowHelpers } from './rows.js';

// GET /stats/list (docs/statistics.md) against figures counted by hand: two white labels of this file's own (so the
// seeded fleet's figures do not mix in), their owners, devices and events of 1-3 May 2019, rolled up by the worker's
// StatsRollup; every type's rollup answer is also compared with the raw tables' answer.
@Module({ imports: [CoreModule, StatsWorkerModule] })
class RollupOnly {}
/** the same with its periodic jobs running (the minute's roll and the marked days' sweep, and the reports'), as in the worker */
const { 'stats.rollup': rollup, 'stats.dirty': dirty, 'reports.sweep': reports, 'daily-report.roll': daily, 'daily-report.fold': fold } = PERIODIC_JOBS;
@Module({
  imports: [
    CoreModule,
    StatsWorkerModule,
    ReportsWorkerModule,
    PeriodicJobsModule.forRegistry({ 'stats.rollup': rollup, 'stats.dirty': dirty, 'reports.sweep': reports, 'daily-report.roll': daily, 'daily-report.fold': fold }),
  ],
})
class RollupScheduled {}

let api: TestApi;
let worker: INestApplicationContext;
let admin: string;
let A: number;
let B: number;
let depA: number;
const FROM = '2019-05-01';
const TO = '2019-05-03';

const ins = (table: string, row: Record<string, unknown>) => rowHelpers(api.pool).ins(table, row);

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  A = await ins('white_label', { name: 'Stats A' });
  B = await ins('white_label', { name: 'Stats B' });
  depA = await ins('white_label_deployment', { white_label_id: A, name: 'Stats A EU' });
  const owner = (email: string, wl: number, created: string, extra: Record<string, unknown> = {}) =>
    ins('owner', { email, white_label_vendor_id: wl, created, ...extra });
  const a1 = await owner('a1@stats.test', A, '2019-05-01T10:00:00Z', { last_login_at: '2019-05-02T08:00:00Z', language: 'de' });
  const a2 = await owner('a2@stats.test', A, '2019-05-01T23:30:00Z', { language: 'en' });
  const b1 = await owner('b1@stats.test', B, '2019-05-02T12:00:00Z', { language: 'es', last_login_at: '2019-05-02T09:00:00Z' });
  // later sign-ins: a1 again on the 3rd (its sign-in of the 2nd still counts there), a2 twice on the 3rd (one owner)
  await api.pool.query(`UPDATE owner SET last_login_at = '2019-05-03T08:00:00Z' WHERE id = $1`, [a1]);
  await api.pool.query(`UPDATE owner SET last_login_at = '2019-05-03T09:00:00Z' WHERE id = $1`, [a2]);
  await api.pool.query(`UPDATE owner SET last_login_at = '2019-05-03T10:00:00Z' WHERE id = $1`, [a2]);
  await api.pool.query(`UPDATE owner SET first_name = 'Anna' WHERE id = $1`, [a2]); // not a sign-in
  const factory = await ins('factory_device', { imei: '990000000000001', white_label_deployment_id: depA });
  const device = (imei: string, owner_id: number, created: string, extra: Record<string, unknown>) =>
    ins('device', { imei, device_type_id: 1, owner_id, created, ...extra });
  const dA1 = await device('990000000000001', a1, '2019-05-01T11:00:00Z', {
    gender: 1, firmware: 'v1', factory_device_id: factory, birth_date: '2015-01-01', device_status: 2, last_seen_at: '2019-05-03T01:00:00Z',
  });
  const dA2 = await device('990000000000002', a2, '2019-05-02T11:00:00Z', { gender: 2, firmware: 'v2', device_status: 2 });
  const dB1 = await device('990000000000003', b1, '2019-05-02T13:00:00Z', { firmware: 'v1', device_status: 1 });
  await ins('audit_event', { action: 'POST /device/add', area: 'deviceEdit', device_id: dA1, status: 5, created: '2019-05-01T11:00:00Z' });
  // communications: dA1 twice on the 1st (one active device) and on the 2nd, dB1 on the 2nd, dA2 on the 3rd
  await api.pool.query(
    `INSERT INTO device_communication (device_id, time, kind) VALUES ($1, '2019-05-01T08:00:00Z', 'heartbeat'), ($1, '2019-05-01T20:00:00Z', 'location'),
       ($1, '2019-05-02T08:00:00Z', 'heartbeat'), ($2, '2019-05-02T23:59:00Z', 'sms'), ($3, '2019-05-03T00:01:00Z', 'heartbeat')`,
    [dA1, dB1, dA2],
  );
  const loc = (device_id: number, time: string, reason: number | null, source: number, is_valid = true) =>
    ins('location', { device_id, time, latitude: 1, longitude: 2, reason, source, is_valid });
  await loc(dA1, '2019-05-01T12:00:00Z', 22, 1);
  await loc(dA1, '2019-05-01T13:00:00Z', 2, 6);
  await loc(dA1, '2019-05-02T00:10:00Z', 22, 7, false);
  await loc(dB1, '2019-05-02T10:00:00Z', 22, 8);
  await loc(dB1, '2019-05-04T10:00:00Z', 22, 1); // after the range
  // valid fixes of the third-party providers (§4 sources 2-5) are wifi or cells, never invalid; a fix not valid is
  // invalid whatever its source
  for (const [n, source] of [2, 3, 4, 5].entries()) await loc(dB1, `2019-05-03T1${n}:00:00Z`, null, source);
  await loc(dA2, '2019-05-03T14:00:00Z', null, 0, false);
  const sms = (device_id: number, created: string, direction: string, status: number) =>
    api.pool.query(`INSERT INTO sms_message (message, device_id, direction, status, created) VALUES ('x', $1, $2::sms_direction, $3, $4)`, [device_id, direction, status, created]);
  await sms(dA1, '2019-05-01T09:00:00Z', 'OUTBOUND', 1);
  await sms(dA1, '2019-05-01T09:30:00Z', 'OUTBOUND', 3);
  await sms(dA1, '2019-05-02T09:30:00Z', 'INBOUND', 2);
  await sms(dB1, '2019-05-03T09:30:00Z', 'OUTBOUND', 2);
  await ins('voice_message', { user_id: a1, device_id: dA1, to_device: true, duration_seconds: 90, file_name: 'a.amr', created: '2019-05-01T10:00:00Z' });
  await ins('voice_message', { user_id: a1, device_id: dA1, to_device: false, duration_seconds: 60, file_name: 'b.amr', created: '2019-05-01T11:00:00Z' });
  await ins('contact', { user_id: a1, first_name: 'Pri', primary: true, created: '2019-05-01T12:00:00Z' });
  await ins('contact', { user_id: a1, first_name: 'Sec', created: '2019-05-01T12:00:00Z' });
  await ins('contact', { user_id: a2, first_name: 'Sec', created: '2019-05-02T12:00:00Z' });
  await ins('owner_guest', { owner_id: a1, email: 'g1@stats.test', can_call: true, created: '2019-05-01T12:00:00Z', accepted_at: '2019-05-02T12:00:00Z', status: 'ACCEPTED' });
  await api.pool.query(`INSERT INTO owner_guest (owner_id, email, created) VALUES ($1, 'g2@stats.test', '2019-05-01T13:00:00Z')`, [a1]);
  const zone = await ins('safe_zone', { user_id: a1, name: 'Home', latitude: 1, longitude: 2, created: '2019-05-01T12:00:00Z' });
  await ins('safe_zone_log', { device_id: dA1, safe_zone_id: zone, type: 9, time: '2019-05-02T12:00:00Z' });
  await ins('safe_zone_log', { device_id: dA1, safe_zone_id: zone, type: 0, time: '2019-05-02T13:00:00Z' });
  await api.pool.query(
    `INSERT INTO notification (user_id, device_id, platform, message, error_code, created)
     VALUES ($1, $2, 'IOS', 'm', 0, '2019-05-01T12:00:00Z'), ($1, $2, 'ANDROID', 'm', 400, '2019-05-01T12:00:00Z')`,
    [a1, dA1],
  );
  await ins('app_log', { user_id: a1, file_name: 'stats-test.log', created: '2019-05-03T12:00:00Z' });
  await api.pool.query(`INSERT INTO device_setting (device_id, setting_no, value) VALUES ($1, 1, '300'), ($2, 1, '65000'), ($3, 1, '600')`, [dA1, dA2, dB1]);
  // a test owner of A (the profile's "Test user") with a device and events of every kind on the same days: left out
  // of every statistic, so the figures below are those without it
  const tester = await owner('tester@stats.test', A, '2019-05-02T10:00:00Z', { is_test: true, last_login_at: '2019-05-02T10:00:00Z', language: 'fr' });
  const dT = await device('990000000000009', tester, '2019-05-02T10:00:00Z', { gender: 2, firmware: 'v9', birth_date: '2010-01-01', device_status: 3 });
  await ins('audit_event', { action: 'POST /device/add', area: 'deviceEdit', device_id: dT, status: 5, created: '2019-05-02T10:00:00Z' });
  await api.pool.query(`INSERT INTO device_communication (device_id, time, kind) VALUES ($1, '2019-05-02T10:00:00Z', 'heartbeat')`, [dT]);
  await loc(dT, '2019-05-02T10:00:00Z', 22, 3);
  await loc(dT, '2019-05-02T10:05:00Z', 2, 0, false);
  await sms(dT, '2019-05-02T10:00:00Z', 'OUTBOUND', 3);
  await sms(dT, '2019-05-02T10:01:00Z', 'INBOUND', 2);
  await ins('voice_message', { user_id: tester, device_id: dT, to_device: true, duration_seconds: 600, file_name: 't.amr', created: '2019-05-02T10:00:00Z' });
  await ins('contact', { user_id: tester, first_name: 'Test', primary: true, created: '2019-05-02T10:00:00Z' });
  await ins('owner_guest', { owner_id: tester, email: 'tg@stats.test', can_call: true, created: '2019-05-02T10:00:00Z', accepted_at: '2019-05-02T11:00:00Z', status: 'ACCEPTED' });
  const tzone = await ins('safe_zone', { user_id: tester, name: 'Lab', latitude: 1, longitude: 2, created: '2019-05-02T10:00:00Z' });
  await ins('safe_zone_log', { device_id: dT, safe_zone_id: tzone, type: 9, time: '2019-05-02T10:00:00Z' });
  await api.pool.query(`INSERT INTO notification (user_id, device_id, platform, message, error_code, created) VALUES ($1, $2, 'IOS', 'm', 8, '2019-05-02T10:00:00Z')`, [tester, dT]);
  await ins('app_log', { user_id: tester, file_name: 'tester.log', created: '2019-05-02T10:00:00Z' });
  await api.pool.query(`INSERT INTO device_setting (device_id, setting_no, value) VALUES ($1, 1, '60')`, [dT]);
  // what the worker's start rolls (backfill, today's snapshots; PeriodicJobsModule is not in RollupOnly): tick();
  // the days of 2019 lie before the backfill
  worker = await NestFactory.createApplicationContext(RollupOnly, { logger: false });
  await worker.get(StatsRollup).tick();
  await worker.get(StatsRollup).rollDays(FROM, '2019-05-31');
});
afterAll(async () => {
  await worker?.close();
  await api?.close();
});

const list = (type: string, token = admin, extra = `&whitelabel_ids=${A},${B}`, from = FROM, to = TO) =>
  api.get(`/stats/list?type=${type}&from=${from}&to=${to}${extra}`, token);
/** The items as [day, white label, field value, value] (the field's value '' for types without one). */
async function figures(type: StatsType, extra?: string) {
  const r = await list(type, admin, extra);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const model = r.body.model as { items: Record<string, string | number>[] };
  const fields = ['day', 'value', 'white_label_id', 'white_label_name'];
  return model.items.map((i) => {
    const field = Object.keys(i).find((k) => !fields.includes(k));
    return [i.day, i.white_label_id === A ? 'A' : 'B', field ? i[field] : '', i.value];
  });
}

describe('GET /stats/list: every type against figures counted by hand', () => {
  const d1 = '2019-05-01', d2 = '2019-05-02', d3 = '2019-05-03';
  const daily: Partial<Record<StatsType, unknown[]>> = {
    new_registrations: [[d1, 'A', '', 2], [d2, 'B', '', 1]],
    new_pairing: [[d1, 'A', '', 1]],
    new_devices: [[d1, 'A', '', 1], [d2, 'A', '', 1], [d2, 'B', '', 1]],
    // owners signed in on the day (owner_sign_in): a past day keeps its owners when they sign in again
    active_users: [[d2, 'A', '', 1], [d2, 'B', '', 1], [d3, 'A', '', 2]],
    active_devices: [[d1, 'A', '', 1], [d2, 'A', '', 1], [d2, 'B', '', 1], [d3, 'A', '', 1]],
    sms_sent_to_band: [[d1, 'A', '', 2], [d3, 'B', '', 1]],
    sms_errors: [[d1, 'A', '', 1]],
    text_messages: [[d2, 'A', '', 1]],
    voice_messages: [[d1, 'A', 'from_device', 1], [d1, 'A', 'to_device', 1]],
    voice_minutes: [[d1, 'A', '', 3]],
    calls_to_911: [[d1, 'A', '', 1], [d2, 'A', '', 1], [d2, 'B', '', 1]],
    alarm_button: [[d1, 'A', '', 1]],
    // the invalid phone fix of the 2nd is invalid (0), not phone
    location_technology: [[d1, 'A', '1', 1], [d1, 'A', '2', 1], [d2, 'A', '0', 1], [d2, 'B', '3', 1], [d3, 'A', '0', 1], [d3, 'B', '2', 2], [d3, 'B', '3', 2]],
    location_sources: [[d1, 'A', '1', 1], [d1, 'A', '6', 1], [d2, 'A', '7', 1], [d2, 'B', '8', 1], [d3, 'A', '0', 1], [d3, 'B', '2', 1], [d3, 'B', '3', 1], [d3, 'B', '4', 1], [d3, 'B', '5', 1]],
    location_reasons: [[d1, 'A', '2', 1], [d1, 'A', '22', 1], [d2, 'A', '22', 1], [d2, 'B', '22', 1]],
    invalid_locations: [[d2, 'A', '', 1], [d3, 'A', '', 1]],
    new_contacts: [[d1, 'A', '', 2], [d2, 'A', '', 1]],
    new_guests: [[d1, 'A', '', 2]],
    accepted_guests: [[d2, 'A', '', 1]],
    new_safe_zones: [[d1, 'A', '', 1]],
    safe_zone_events: [[d2, 'A', 'entry', 1], [d2, 'A', 'exit', 1]],
    notifications: [[d1, 'A', 'ANDROID', 1], [d1, 'A', 'IOS', 1]],
    notification_errors: [[d1, 'A', '', 1]],
    app_logs: [[d3, 'A', '', 1]],
  };
  it.each(Object.entries(daily))('%s', async (type, expected) => {
    expect(await figures(type as StatsType)).toEqual(expected);
  });

  // snapshots are today's figures; the range must reach today
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const snapshots: Partial<Record<StatsType, unknown[]>> = {
    firmware_version: [['A', 'v1', 1], ['A', 'v2', 1], ['B', 'v1', 1]],
    child_gender: [['A', '1', 1], ['A', '2', 1], ['B', '0', 1]],
    // born on 1 January 2015: as old as the years since
    child_age: [['A', String(new Date().getUTCFullYear() - 2015), 1]],
    language: [['A', 'de', 1], ['A', 'en', 1], ['B', 'es', 1]],
    contacts_role: [['A', '1', 1], ['A', '2', 2]],
    contacts_primary: [['A', '0', 1], ['A', '1', 1]],
    guests: [['A', '2', 1]],
    calls_by_guests: [['A', '1', 1]],
    update_frequency: [['A', '5', 1], ['A', 'standby', 1], ['B', '10', 1]],
    device_status: [['A', '2', 2], ['B', '1', 1]],
  };
  it.each(Object.entries(snapshots))('%s (snapshot)', async (type, expected) => {
    const r = await api.get(`/stats/list?type=${type}&from=${monthAgo}&to=${today}&whitelabel_ids=${A},${B}`, admin);
    expect(r.status).toBe(200);
    const items = r.body.model.items as Record<string, string | number>[];
    expect(items.every((i) => i.day === today)).toBe(true);
    expect(items.map((i) => [i.white_label_id === A ? 'A' : 'B', Object.entries(i).find(([k]) => !['day', 'value', 'white_label_id', 'white_label_name'].includes(k))?.[1], i.value])).toEqual(expected);
  });

  it('says when the snapshot shown was taken (as_of), and no time for a daily type', async () => {
    const r = await api.get(`/stats/list?type=language&from=${monthAgo}&to=${today}&whitelabel_ids=${A},${B}`, admin);
    const state = (await worker.get(StatsRepository).states()).find((s) => s.type === 'language');
    expect(r.body.model.as_of).toBe(new Date(state!.rolled_at).toISOString());
    expect((await list('new_registrations')).body.model.as_of).toBeNull();
  });

  it('takes a snapshot again once the last is five minutes old, not an hour', async () => {
    expect(STATS_SNAPSHOT_MS).toBeLessThanOrEqual(5 * 60_000);
    await api.pool.query(`UPDATE stats_rollup_state SET rolled_at = now() - interval '6 minutes' WHERE type = 'language'`);
    const owner = await ins('owner', { email: 'snapshot@stats.test', white_label_vendor_id: B, language: 'it' });
    await worker.get(StatsRollup).roll(Date.now(), ['language']);
    const r = await api.get(`/stats/list?type=language&from=${today}&to=${today}&whitelabel_ids=${B}`, admin);
    expect(r.body.model.items.map((i: { language: string }) => i.language)).toContain('it');
    expect(Date.parse(r.body.model.as_of)).toBeGreaterThan(Date.now() - 5 * 60_000);
    // as it was, for the tests that follow
    await api.pool.query('DELETE FROM owner WHERE id = $1', [owner]);
    await api.pool.query(`UPDATE stats_rollup_state SET rolled_at = now() - interval '6 minutes' WHERE type = 'language'`);
    await worker.get(StatsRollup).roll(Date.now(), ['language']);
  });

  it('covers every type of the stats menu', () => {
    expect(new Set([...Object.keys(daily), ...Object.keys(snapshots)])).toEqual(new Set(STATS_TYPE_KEYS));
  });

  it("answers every type's rollup figures equal to the raw tables' figures", async () => {
    const repo = worker.get(StatsRepository);
    for (const type of STATS_TYPE_KEYS) {
      const scope = { type, from: FROM, to: today, whiteLabels: [A, B] };
      const rolled = await repo.items(scope);
      expect(rolled.length, type).toBeGreaterThan(0);
      expect(await repo.raw(scope), type).toEqual(rolled);
    }
  });

  it("counts location_technology's invalid slice as invalid_locations for any range", async () => {
    const sum = (f: unknown[][]) => f.reduce((n, x) => n + Number(x[3]), 0);
    for (const [from, to] of [[d1, d1], [d2, d2], [d3, d3], [d1, d3], [d2, d3]] as const) {
      const extra = `&whitelabel_ids=${A},${B}`;
      const tech = (await list('location_technology', admin, extra, from, to)).body.model.items as { value: number; source_type: string }[];
      const invalid = (await list('invalid_locations', admin, extra, from, to)).body.model.items as { value: number }[];
      expect(sum(tech.filter((i) => i.source_type === '0').map((i) => [0, 0, 0, i.value])), `${from}..${to}`).toBe(sum(invalid.map((i) => [0, 0, 0, i.value])));
    }
  });

  it('filters firmware_version by the sub-white-label (deployment)', async () => {
    const r = await api.get(`/stats/list?type=firmware_version&from=${today}&to=${today}&whitelabel_ids=${A}&deployment_id=${depA}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.model.items).toEqual([{ day: today, value: 1, white_label_id: A, white_label_name: 'Stats A', firmware: 'v1' }]);
    expect((await api.get(`/stats/list?type=child_gender&from=${today}&to=${today}&deployment_id=${depA}`, admin)).status).toBe(400);
  });

  it("refuses another white label's deployment without naming the white label that owns it, as an unknown one", async () => {
    await api.pool.query(`UPDATE backoffice_user SET white_labels = $1 WHERE username = 'manager'`, [[B]]);
    const manager = await api.signIn('manager');
    const foreign = await api.get(`/stats/list?type=firmware_version&from=${today}&to=${today}&deployment_id=${depA}`, manager);
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ field: 'deployment_id', code: 'statsDeploymentNotAllowed' })]);
    expect(foreign.body.errors[0].params ?? {}).toEqual({});
    expect(JSON.stringify(foreign.body)).not.toMatch(new RegExp(`\\b${A}\\b|Stats A`));
    const unknown = await api.get(`/stats/list?type=firmware_version&from=${today}&to=${today}&deployment_id=99999999`, manager);
    expect([unknown.status, unknown.body.errors[0].code]).toEqual([403, 'statsDeploymentNotAllowed']);
  });

  it('answers the chart kind and the type', async () => {
    const r = await list('location_technology');
    expect(r.body.model).toMatchObject({ type: 'location_technology', chart: 'pie' });
  });
});

describe('GET /stats/list: white-label scope (§6)', () => {
  it("gives a user only their own white labels, all of them when none is asked for; another one's id answers 403", async () => {
    await api.pool.query(`UPDATE backoffice_user SET white_labels = $1 WHERE username = 'manager'`, [[A]]);
    await api.pool.query(`UPDATE backoffice_user SET white_labels = '{}' WHERE username = 'partnerb-tier1'`);
    const manager = await api.signIn('manager');
    const own = await list('new_registrations', manager, '');
    expect(own.status).toBe(200);
    expect(own.body.model.items.map((i: { white_label_id: number }) => i.white_label_id)).toEqual([A]);
    const foreign = await list('new_registrations', manager, `&whitelabel_ids=${A},${B}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0]).toMatchObject({ field: 'whitelabel_ids', code: 'statsWhiteLabelNotAllowed' });
    // the refusal names no white label (neither in its parameters nor in its text)
    expect(foreign.body.errors[0].params ?? {}).toEqual({});
    // (the request id, a random UUID, is left out: its hex digits may hold the id's)
    const { request_id: _requestId, ...said } = foreign.body;
    expect(JSON.stringify(said)).not.toMatch(new RegExp(`\\b${B}\\b`));
    const none = await api.signIn('partnerb-tier1');
    expect((await list('new_registrations', none, '')).body.model.items).toEqual([]);
    expect((await list('new_registrations', none, `&whitelabel_ids=${A}`)).status).toBe(403);
    // the administrator sees every white label
    expect((await list('new_registrations', admin, '')).body.model.items.map((i: { white_label_id: number }) => i.white_label_id)).toEqual(expect.arrayContaining([A, B]));
  });

  it('refuses roles outside the stats area', async () => {
    const nologin = await api.signIn('nologin');
    expect((await list('new_registrations', nologin)).status).toBe(403);
  });
});

describe('GET /stats/list: bad input is a 400 naming the field', () => {
  it.each([
    ['type', 'type=nope&from=2019-05-01&to=2019-05-02'],
    ['from', 'type=new_pairing&from=2019-02-30&to=2019-05-02'],
    ['to', 'type=new_pairing&from=2019-05-02&to=2019-05-01'],
    ['to', 'type=new_pairing&from=2018-01-01&to=2019-05-01'],
    ['whitelabel_ids', 'type=new_pairing&from=2019-05-01&to=2019-05-02&whitelabel_ids=1,,2'],
    ['whitelabel_ids', 'type=new_pairing&from=2019-05-01&to=2019-05-02&whitelabel_ids=0'],
  ])('%s: %s', async (field, qs) => {
    const r = await api.get(`/stats/list?${qs}`, admin);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('StatsRollup', () => {
  it('rolls a corrected past day again and counts each event once however often it rolls', async () => {
    const rollup = worker.get(StatsRollup);
    await api.pool.query(`INSERT INTO owner (email, white_label_vendor_id, created) VALUES ('late@stats.test', $1, '2019-05-03T05:00:00Z')`, [B]);
    expect(await figures('new_registrations')).toEqual([['2019-05-01', 'A', '', 2], ['2019-05-02', 'B', '', 1]]);
    await rollup.rollDays('2019-05-03', '2019-05-03');
    await rollup.rollDays('2019-05-03', '2019-05-03');
    expect(await figures('new_registrations')).toEqual([['2019-05-01', 'A', '', 2], ['2019-05-02', 'B', '', 1], ['2019-05-03', 'B', '', 1]]);
  });

  it('backfills a type never rolled and rolls it again from its last day on', async () => {
    const rollup = worker.get(StatsRollup);
    const repo = worker.get(StatsRepository);
    await api.pool.query(`DELETE FROM stats_rollup_state WHERE type = 'new_registrations'`);
    await api.pool.query(`INSERT INTO owner (email, white_label_vendor_id, created) VALUES ('now@stats.test', $1, now())`, [A]);
    await rollup.roll(Date.now(), ['new_registrations']);
    const today = new Date().toISOString().slice(0, 10);
    const state = (await repo.states()).find((s) => s.type === 'new_registrations');
    expect(state?.rolled_day).toBe(today);
    const r = await api.get(`/stats/list?type=new_registrations&from=${today}&to=${today}&whitelabel_ids=${A}`, admin);
    expect(r.body.model.items).toEqual([{ day: today, value: 1, white_label_id: A, white_label_name: 'Stats A' }]);
  });
});

describe('StatsRollup on the events that change the figures (stats_dirty)', () => {
  const today = new Date().toISOString().slice(0, 10);
  const todays = async (type: StatsType, wl: number) =>
    (await api.get(`/stats/list?type=${type}&from=${today}&to=${today}&whitelabel_ids=${wl}`, admin)).body.model.items as { value: number }[];
  const marks = async (source: string, day: string) =>
    Number((await api.pool.query(`SELECT count(*) AS n FROM stats_dirty WHERE source = $1 AND day = $2::date`, [source, day])).rows[0].n);

  it('keeps every daily type in step with the writes of its source tables', () => {
    const covered = new Set(Object.values(STATS_SOURCES).flat());
    expect(STATS_TYPE_KEYS.filter((t) => statsTypeDef(t).kind === 'daily' && !covered.has(t))).toEqual([]);
  });

  it('has the triggers of migration stats_events on exactly the source tables the sweep knows', async () => {
    const r = await api.pool.query(`SELECT DISTINCT c.relname AS t FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname LIKE 'stats\\_dirty\\_%' ORDER BY 1`);
    expect(r.rows.map((x) => x.t)).toEqual(Object.keys(STATS_SOURCES).sort());
  });

  it('marks the days a write changes, in the statement, and rolls exactly those days (a mark is rolled once)', async () => {
    const rollup = worker.get(StatsRollup);
    await rollup.rollDirty({ throttle: false }); // what earlier tests marked
    await api.pool.query(`INSERT INTO owner (email, white_label_vendor_id, created) VALUES ('event1@stats.test', $1, '2019-05-02T10:00:00Z'), ('event2@stats.test', $1, '2019-05-02T11:00:00Z')`, [B]);
    // one statement of two rows: one mark of its one day
    expect(await marks('owner', '2019-05-02')).toBe(1);
    expect(await figures('new_registrations')).toContainEqual(['2019-05-02', 'B', '', 1]);
    await rollup.rollDirty({ throttle: false });
    expect(await marks('owner', '2019-05-02')).toBe(0);
    expect(await figures('new_registrations')).toContainEqual(['2019-05-02', 'B', '', 3]);
    // an update that changes what counts marks the old and the new day; one that does not marks nothing
    await api.pool.query(`UPDATE owner SET created = '2019-05-03T10:00:00Z' WHERE email = 'event2@stats.test'`);
    await api.pool.query(`UPDATE owner SET first_name = 'Eve' WHERE email = 'event1@stats.test'`);
    const marked = await api.pool.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM stats_dirty WHERE source = 'owner' ORDER BY day`);
    expect(marked.rows.map((r) => r.day)).toEqual(['2019-05-02', '2019-05-03']);
    // rolled by two sweeps and a correction at once: counted once (one roll of a type at a time)
    const other = await NestFactory.createApplicationContext(RollupOnly, { logger: false });
    try {
      await Promise.all([rollup.rollDirty({ throttle: false }), other.get(StatsRollup).rollDirty({ throttle: false }), rollup.rollDays('2019-05-02', '2019-05-03')]);
    } finally {
      await other.close();
    }
    const figs = await figures('new_registrations');
    expect(figs).toContainEqual(['2019-05-02', 'B', '', 2]);
    expect(figs.filter((f) => f[0] === '2019-05-03' && f[1] === 'B')).toEqual([['2019-05-03', 'B', '', 2]]);
  });

  it('lets a day whose roll is slow wait for a few times its duration, its marks kept for the next sweep', async () => {
    const rollup = worker.get(StatsRollup);
    await api.pool.query(`INSERT INTO owner (email, white_label_vendor_id, created) VALUES ('slow1@stats.test', $1, '2019-05-04T10:00:00Z')`, [B]);
    await rollup.rollDirty();
    // as if that roll had taken a minute
    const last = (rollup as unknown as { lastDirtyRoll: Map<string, { at: number; ms: number }> }).lastDirtyRoll;
    last.set('new_registrations|2019-05-04', { at: Date.now(), ms: 60_000 });
    await api.pool.query(`INSERT INTO owner (email, white_label_vendor_id, created) VALUES ('slow2@stats.test', $1, '2019-05-04T11:00:00Z')`, [B]);
    await rollup.rollDirty();
    expect(await marks('owner', '2019-05-04')).toBe(1);
    // ten minutes later (the source's other type, rolled a moment ago in milliseconds, is due again too)
    for (const key of last.keys()) last.set(key, { at: Date.now() - 600_000, ms: 60_000 });
    await rollup.rollDirty();
    expect(await marks('owner', '2019-05-04')).toBe(0);
    const r = await api.get(`/stats/list?type=new_registrations&from=2019-05-04&to=2019-05-04&whitelabel_ids=${B}`, admin);
    expect(r.body.model.items.map((i: { value: number }) => i.value)).toEqual([2]);
  });

  it('shows a new owner, an SMS and a communication of today in GET /stats/list without waiting for the minute', async () => {
    const scheduled = await NestFactory.createApplicationContext(RollupScheduled, { logger: false });
    try {
      await scheduled.get(StatsRollup).tick(); // the roll at its start
      const before = { owners: await todays('new_registrations', A), sms: await todays('sms_sent_to_band', A), active: await todays('active_devices', A) };
      const count = (items: { value: number }[]) => items.reduce((n, i) => n + i.value, 0);
      const owner = await ins('owner', { email: 'today@stats.test', white_label_vendor_id: A });
      // a device of A that has not communicated today (UTC), so its communication adds one active device
      const [{ id: device }] = (
        await api.pool.query(
          `SELECT id FROM device d WHERE owner_id IN (SELECT id FROM owner WHERE white_label_vendor_id = $1)
             AND NOT EXISTS (SELECT 1 FROM device_communication c WHERE c.device_id = d.id AND c.time >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
           ORDER BY id LIMIT 1`,
          [A],
        )
      ).rows;
      await api.pool.query(`INSERT INTO sms_message (message, device_id, direction, status) VALUES ('now', $1, 'OUTBOUND', 1)`, [device]);
      await api.pool.query(`INSERT INTO device_communication (device_id, time, kind) VALUES ($1, now(), 'heartbeat')`, [device]);
      expect(owner).toBeGreaterThan(0);
      // the worker's sweep of the marked days rolls them (the minute's roll is a minute away)
      const want = { owners: count(before.owners) + 1, sms: count(before.sms) + 1, active: count(before.active) + 1 };
      await eventually(
        async () => ({ owners: count(await todays('new_registrations', A)), sms: count(await todays('sms_sent_to_band', A)), active: count(await todays('active_devices', A)) }),
        { what: `today's counts ${JSON.stringify(want)}`, deadline: 25_000, interval: 200, until: (got) => got.owners === want.owners && got.sms === want.sms && got.active === want.active },
      );
      expect(await marks('owner', today)).toBe(0);
    } finally {
      await scheduled.close();
    }
  });
});
