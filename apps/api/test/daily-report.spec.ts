import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_FIGURES, type DailyReportDay } from '@tracker/contract';
import { DAILY_REPORT_TODAY_STALE_MS, DailyReportRepository, DailyReportRoll } from '@tracker/server';
import { startApi, type TestApi } from './harness.js';
import { rowHelpers } from './rows.js';

// GET /reports/daily (docs/statistics.md "Daily report") against figures counted by hand: events of 9-12 June 2019
// (which the seeded history does not reach) of two white labels of this file's own, read in New York's zone (UTC-4
// then), where an event at 02:00 UTC belongs to the day before.
let api: TestApi;
let admin: string;
let A: number;
let B: number;

const ins = (table: string, row: Record<string, unknown>) => rowHelpers(api.pool).ins(table, row);

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  A = await ins('white_label', { name: 'Daily A' });
  B = await ins('white_label', { name: 'Daily B' });
  // owners: a1 on the 10th, a2 at 23:00 on the 10th (03:00 UTC on the 11th), b1 on the 11th (New York)
  const a1 = await ins('owner', { email: 'a1@daily.test', white_label_vendor_id: A, created: '2019-06-10T15:00:00Z' });
  await ins('owner', { email: 'a2@daily.test', white_label_vendor_id: A, created: '2019-06-11T03:00:00Z' });
  const b1 = await ins('owner', { email: 'b1@daily.test', white_label_vendor_id: B, created: '2019-06-11T12:00:00Z' });
  const device = (imei: string, owner_id: number | null) => ins('device', { imei, device_type_id: 1, owner_id });
  const dA = await device('991000000000001', a1);
  const dB = await device('991000000000002', b1);
  const dX = await device('991000000000003', null);
  // communications: dA twice on the 10th; dB on the 10th (23:30) and the 11th; dX (no owner) on the 11th; dA on the 12th
  for (const [id, time] of [
    [dA, '2019-06-10T12:00:00Z'],
    [dA, '2019-06-10T13:00:00Z'],
    [dB, '2019-06-11T03:30:00Z'],
    [dB, '2019-06-11T14:00:00Z'],
    [dX, '2019-06-11T15:00:00Z'],
    [dA, '2019-06-12T05:00:00Z'],
  ] as const) {
    await api.pool.query(`INSERT INTO device_communication (device_id, time, kind) VALUES ($1, $2, 'heartbeat')`, [id, time]);
  }
  // pairings (audit status 5): dA and dB on the 10th; a status 1 is no pairing
  const audit = (device_id: number, status: number, created: string) => ins('audit_event', { action: 'POST /device/add', area: 'deviceEdit', device_id, status, created });
  await audit(dA, 5, '2019-06-10T20:00:00Z');
  await audit(dB, 5, '2019-06-11T02:00:00Z');
  await audit(dA, 1, '2019-06-10T20:00:00Z');
  // SMS: dA sent on the 9th, an error and a reply on the 10th; dX delivered and one without a device on the 11th
  const sms = (device_id: number | null, created: string, direction: string, status: number) =>
    api.pool.query(`INSERT INTO sms_message (message, device_id, direction, status, created) VALUES ('x', $1, $2::sms_direction, $3, $4)`, [device_id, direction, status, created]);
  await sms(dA, '2019-06-09T12:00:00Z', 'OUTBOUND', 1);
  await sms(dA, '2019-06-10T12:00:00Z', 'OUTBOUND', 3);
  await sms(dA, '2019-06-10T13:00:00Z', 'INBOUND', 2);
  await sms(dX, '2019-06-11T12:00:00Z', 'OUTBOUND', 2);
  await sms(null, '2019-06-11T13:00:00Z', 'OUTBOUND', 0);
  // imports on the 10th: one finished (5 rows), one failed (at 21:00)
  await ins('import', { kind: 'SIM', file_name: 'a.csv', status: 'FINISHED', imported: 5, created: '2019-06-10T12:00:00Z' });
  await ins('import', { kind: 'SIM', file_name: 'b.csv', status: 'FAILED', imported: 0, created: '2019-06-11T01:00:00Z' });
  // firmware: a request on the 10th; dA's update started on the 10th and finished on the 11th, dB's started on the 11th
  const binary = await ins('firmware_binary', { name: 'fw', version: '9.9', file_name: 'fw.bin' });
  const request = await ins('firmware_upload_request', { fup_upload_id: binary, expired_at: '2019-07-01T00:00:00Z', created: '2019-06-10T12:00:00Z' });
  const ota = (device_id: number, imei: string, status: number, created: string, updated_at: string) =>
    ins('firmware_ota_activity', { request_id: request, device_id, imei, status, created, updated_at });
  await ota(dA, '991000000000001', 2, '2019-06-10T12:05:00Z', '2019-06-11T12:00:00Z');
  await ota(dB, '991000000000002', 1, '2019-06-11T12:00:00Z', '2019-06-11T12:30:00Z');
  // modem updates: dA started on the 9th, done on the 10th; dB started on the 10th, failed on the 11th; dX running
  const modem = (device_id: number, imei: string, status: string, started: string, finished_at: string | null) =>
    api.pool.query(
      `INSERT INTO modem_update_task (device_id, imei, task_count, status, started, deadline_at, finished_at)
       VALUES ($1, $2, 3, $3::modem_update_status, $4, $4::timestamptz + interval '10 days', $5)`,
      [device_id, imei, status, started, finished_at],
    );
  await modem(dA, '991000000000001', 'DONE', '2019-06-09T12:00:00Z', '2019-06-10T12:00:00Z');
  await modem(dB, '991000000000002', 'FAILED', '2019-06-10T12:00:00Z', '2019-06-11T12:00:00Z');
  await modem(dX, '991000000000003', 'RUNNING', '2019-06-11T12:00:00Z', null);
});
afterAll(async () => {
  await api?.close();
});

const NY = 'America%2FNew_York';
const report = (qs: string, token = admin) => api.get(`/reports/daily?${qs}`, token);
/** The figures of a day that are not 0, as the test names them. */
const addDaysIso = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const nonZero = (d: DailyReportDay) => Object.fromEntries(DAILY_FIGURES.filter((f) => d[f] !== 0).map((f) => [f, d[f]]));

describe('GET /reports/daily: figures counted by hand', () => {
  it("counts each figure on its day of the user's zone, newest day first (the whole fleet for the administrator)", async () => {
    const r = await report(`date=2019-06-11&days=3&tz=${NY}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model).toMatchObject({ date: '2019-06-11', days: 3, tz: 'America/New_York', white_label_ids: null });
    const items = r.body.model.items as DailyReportDay[];
    expect(items.map((d) => d.day)).toEqual(['2019-06-11', '2019-06-10', '2019-06-09']);
    expect(items.map(nonZero)).toEqual([
      {
        devices_active: 2, // dB, dX
        new_owners: 1,
        sms_created: 2,
        sms_sent: 1,
        sms_received: 1,
        firmware_updates_started: 1,
        firmware_updates_finished: 1,
        modem_updates_started: 1,
        modem_updates_failed: 1,
      },
      {
        devices_active: 2, // dA (twice), dB at 23:30
        new_owners: 2,
        new_pairings: 2,
        sms_created: 1,
        sms_errors: 1,
        sms_replies: 1, // dA's reply: a reply, not a message received by a device
        imports: 2,
        imports_failed: 1,
        imported_rows: 5,
        firmware_requests: 1,
        firmware_updates_started: 1,
        modem_updates_started: 1,
        modem_updates_finished: 1,
      },
      { sms_created: 1, sms_sent: 1, modem_updates_started: 1 },
    ]);
  });

  it('cuts the days in the zone asked for (UTC: the owner of 23:00 in New York belongs to the 11th)', async () => {
    const r = await report('date=2019-06-11&days=2&tz=UTC');
    const items = r.body.model.items as DailyReportDay[];
    expect(items.map((d) => [d.day, d.new_owners, d.devices_active, d.new_pairings, d.imports])).toEqual([
      ['2019-06-11', 2, 2, 1, 1],
      ['2019-06-10', 1, 1, 1, 1],
    ]);
  });

  it("gives a white label's figures only, and no fleet-wide figures, when white labels are asked for", async () => {
    const r = await report(`date=2019-06-11&days=3&tz=${NY}&whitelabel_ids=${A}`);
    expect(r.status).toBe(200);
    expect(r.body.model.white_label_ids).toEqual([A]);
    const items = r.body.model.items as DailyReportDay[];
    for (const d of items) expect([d.imports, d.imports_failed, d.imported_rows, d.firmware_requests]).toEqual([null, null, null, null]);
    const attributable = (d: DailyReportDay) => Object.fromEntries(Object.entries(nonZero(d)).filter(([, v]) => v !== null));
    expect(items.map(attributable)).toEqual([
      { firmware_updates_finished: 1 },
      { devices_active: 1, new_owners: 2, new_pairings: 1, sms_created: 1, sms_errors: 1, sms_replies: 1, firmware_updates_started: 1, modem_updates_finished: 1 },
      { sms_created: 1, sms_sent: 1, modem_updates_started: 1 },
    ]);
    const both = await report(`date=2019-06-11&days=1&tz=${NY}&whitelabel_ids=${A},${B}`);
    expect(nonZero(both.body.model.items[0])).toMatchObject({ devices_active: 1, new_owners: 1, firmware_updates_started: 1, modem_updates_failed: 1 });
  });

  it('leaves test owners (owner.is_test) and their devices out of every figure, of the fleet and of a white label', async () => {
    const before = { fleet: await report(`date=2019-06-11&days=3&tz=${NY}`), a: await report(`date=2019-06-11&days=3&tz=${NY}&whitelabel_ids=${A}`) };
    const tester = await ins('owner', { email: 'tester@daily.test', white_label_vendor_id: A, is_test: true, created: '2019-06-10T15:00:00Z' });
    const dT = await ins('device', { imei: '991000000000009', device_type_id: 1, owner_id: tester });
    await api.pool.query(`INSERT INTO device_communication (device_id, time, kind) VALUES ($1, '2019-06-10T12:00:00Z', 'heartbeat')`, [dT]);
    await ins('audit_event', { action: 'POST /device/add', area: 'deviceEdit', device_id: dT, status: 5, created: '2019-06-10T20:00:00Z' });
    await api.pool.query(
      `INSERT INTO sms_message (message, device_id, direction, status, created) VALUES ('x', $1, 'OUTBOUND', 1, '2019-06-10T12:00:00Z'), ('x', $1, 'INBOUND', 2, '2019-06-10T12:00:00Z')`,
      [dT],
    );
    await api.pool.query(
      `INSERT INTO modem_update_task (device_id, imei, task_count, status, started, deadline_at, finished_at)
       VALUES ($1, '991000000000009', 3, 'DONE', '2019-06-10T12:00:00Z', '2019-06-20T12:00:00Z', '2019-06-10T13:00:00Z')`,
      [dT],
    );
    try {
      // the past days were rolled by the first read: rolled again with the test owner's rows (as after a correction)
      await api.pool.query(`DELETE FROM daily_report_rollup`);
      expect((await report(`date=2019-06-11&days=3&tz=${NY}`)).body.model.items).toEqual(before.fleet.body.model.items);
      expect((await report(`date=2019-06-11&days=3&tz=${NY}&whitelabel_ids=${A}`)).body.model.items).toEqual(before.a.body.model.items);
    } finally {
      await api.pool.query('DELETE FROM modem_update_task WHERE device_id = $1', [dT]);
      await api.pool.query('DELETE FROM sms_message WHERE device_id = $1', [dT]);
      await api.pool.query('DELETE FROM audit_event WHERE device_id = $1', [dT]);
      await api.pool.query('DELETE FROM device_communication WHERE device_id = $1', [dT]);
      await api.pool.query('DELETE FROM device WHERE id = $1', [dT]);
      await api.pool.query('DELETE FROM owner WHERE id = $1', [tester]);
    }
  });

  it('answers past days from its rollup, equal to the raw tables for the fleet and a white label, in any zone', async () => {
    const repo = api.app.get(DailyReportRepository);
    await api.pool.query(`DELETE FROM daily_report_rollup`);
    for (const tz of ['America/New_York', 'UTC', 'Asia/Kolkata']) {
      for (const whiteLabels of [null, [A], [A, B]]) {
        const scope = { first: '2019-06-08', last: '2019-06-12', tz, whiteLabels };
        const rolled = await repo.days({ ...scope, today: '2026-01-01' });
        expect(rolled, `${tz} ${JSON.stringify(whiteLabels)}`).toEqual(await repo.raw(scope));
      }
      // one row per day for the fleet-wide figures at least, read again rather than counted again
      const rows = await api.pool.query(`SELECT count(DISTINCT day)::int AS n FROM daily_report_rollup WHERE tz = $1 AND day BETWEEN '2019-06-08' AND '2019-06-12'`, [tz]);
      expect(rows.rows[0].n).toBe(5);
    }
  });

  it('takes a late write into a rolled day when the days are rolled again (the worker rolls the recent days)', async () => {
    const repo = api.app.get(DailyReportRepository);
    const scope = { first: '2019-06-10', last: '2019-06-10', tz: 'UTC', whiteLabels: null };
    const before = (await repo.days({ ...scope, today: '2026-01-01' }))[0]!;
    const owner = await ins('owner', { email: 'late@daily.test', white_label_vendor_id: B, created: '2019-06-10T12:00:00Z' });
    try {
      expect((await repo.days({ ...scope, today: '2026-01-01' }))[0]!.new_owners).toBe(before.new_owners);
      await repo.roll('UTC', '2019-06-10', '2019-06-10');
      expect((await repo.days({ ...scope, today: '2026-01-01' }))[0]!.new_owners).toBe((before.new_owners ?? 0) + 1);
    } finally {
      await api.pool.query('DELETE FROM owner WHERE id = $1', [owner]);
      await repo.roll('UTC', '2019-06-10', '2019-06-10');
    }
  });

  it('rolls a past day again when its roll was taken before the day ended (while it was today)', async () => {
    const repo = api.app.get(DailyReportRepository);
    const scope = { first: '2019-06-10', last: '2019-06-10', tz: 'UTC', whiteLabels: null };
    await repo.roll('UTC', '2019-06-10', '2019-06-10');
    const before = (await repo.days({ ...scope, today: '2026-01-01' }))[0]!;
    // as if rolled at 18:00 that day: the owner of 20:00 came after it
    await api.pool.query(`UPDATE daily_report_rollup SET rolled_at = '2019-06-10T18:00:00Z' WHERE tz = 'UTC' AND day = '2019-06-10'`);
    const owner = await ins('owner', { email: 'evening@daily.test', white_label_vendor_id: B, created: '2019-06-10T20:00:00Z' });
    try {
      expect((await repo.days({ ...scope, today: '2026-01-01' }))[0]!.new_owners).toBe((before.new_owners ?? 0) + 1);
    } finally {
      await api.pool.query('DELETE FROM owner WHERE id = $1', [owner]);
      await repo.roll('UTC', '2019-06-10', '2019-06-10');
    }
  });

  it("counts today as of its last roll, says when (as_of), and rolls it again once it is older than the limit", async () => {
    const repo = api.app.get(DailyReportRepository);
    const tz = 'Pacific/Kiritimati';
    const qs = `tz=Pacific%2FKiritimati&whitelabel_ids=${A}`;
    const first = await report(qs);
    expect(first.status).toBe(200);
    const today = first.body.model.date as string;
    const asOf = Date.parse(first.body.model.as_of);
    expect(Date.now() - asOf).toBeGreaterThanOrEqual(0);
    expect(Date.now() - asOf).toBeLessThan(DAILY_REPORT_TODAY_STALE_MS);
    const owner = await ins('owner', { email: 'today@daily.test', white_label_vendor_id: A });
    try {
      // within the limit the read answers from the roll, as of its time: the new owner is not counted yet
      const again = await report(qs);
      expect(again.body.model.as_of).toBe(first.body.model.as_of);
      expect(again.body.model.items[0].new_owners).toBe(first.body.model.items[0].new_owners);
      // a roll older than the limit is rolled again by the read, equal to the raw tables
      await api.pool.query(`UPDATE daily_report_rollup SET rolled_at = rolled_at - make_interval(secs => $2) WHERE tz = $1`, [
        tz,
        DAILY_REPORT_TODAY_STALE_MS / 1000 + 60,
      ]);
      const later = await report(qs);
      expect(Date.parse(later.body.model.as_of)).toBeGreaterThanOrEqual(asOf);
      expect(later.body.model.items[0].new_owners).toBe(first.body.model.items[0].new_owners + 1);
      expect(later.body.model.items[0]).toEqual((await repo.raw({ first: today, last: today, tz, whiteLabels: [A] }))[0]);
      // the worker's roll (every DAILY_REPORT_ROLL_MS) rolls today of every zone in use, so reads do not have to
      await api.pool.query(`UPDATE daily_report_rollup SET rolled_at = rolled_at - interval '1 hour' WHERE tz = $1`, [tz]);
      await new DailyReportRoll(repo, { warn: () => {} } as never).tick();
      expect(Date.now() - Date.parse((await repo.rolledAt(tz, today))!)).toBeLessThan(DAILY_REPORT_TODAY_STALE_MS);
      // the days before today: rolled again once their roll is an hour old (DAILY_REPORT_RECENT_EVERY_MS), not on
      // every tick as today is
      const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const [hourOld] = await repo.rolls(tz, yesterday, yesterday);
      expect(Date.now() - hourOld!.rolledAt!).toBeLessThan(DAILY_REPORT_TODAY_STALE_MS);
      await api.pool.query(`UPDATE daily_report_rollup SET rolled_at = rolled_at - interval '1 second' WHERE tz = $1 AND day = $2::date`, [tz, yesterday]);
      const [before] = await repo.rolls(tz, yesterday, yesterday);
      await new DailyReportRoll(repo, { warn: () => {} } as never).tick();
      expect((await repo.rolls(tz, yesterday, yesterday))[0]).toEqual(before);
      // a week that ends before today has no as_of: its days are complete
      const past = await report(`tz=Pacific%2FKiritimati&date=2019-06-12`);
      expect(past.body.model.as_of).toBeNull();
    } finally {
      await api.pool.query('DELETE FROM owner WHERE id = $1', [owner]);
    }
  });

  it('answers a week ending today in the zone by default, zeros on days without events', async () => {
    const r = await report('tz=Pacific%2FKiritimati');
    expect(r.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(r.body.model).toMatchObject({ date: today, days: 7, tz: 'Pacific/Kiritimati' });
    expect(r.body.model.items).toHaveLength(7);
    expect(r.body.model.items[0].day).toBe(today);
  });
});

describe('GET /reports/daily: days counted at write time', () => {
  // a zone counting since ten days ago (as if first read then), and events of the last days of a white label of its
  // own, written the way the product writes them: inserts, then the status changes of an SMS, an update and a modem run
  const TZ = 'Asia/Kathmandu'; // UTC+05:45: its days start on a 15-minute slot, not on an hour
  let C: number;
  let dcDays: number;
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  beforeAll(async () => {
    await api.pool.query(`INSERT INTO daily_report_zone (tz, since) VALUES ($1, now() - interval '10 days')`, [TZ]);
    C = await ins('white_label', { name: 'Daily C' });
    const c1 = await ins('owner', { email: 'c1@daily.test', white_label_vendor_id: C, created: ago(30) });
    const t = await ins('owner', { email: 't@daily.test', white_label_vendor_id: C, created: ago(30), is_test: true });
    const device = (imei: string, owner_id: number | null) => ins('device', { imei, device_type_id: 1, owner_id });
    const dc = await device('991000000000011', c1);
    const dt = await device('991000000000012', t);
    const comm = (id: number, at: string) => api.pool.query(`INSERT INTO device_communication (device_id, time, kind) VALUES ($1, $2, 'heartbeat')`, [id, at]);
    // dc three times over two days (counted once a day), the test owner's device not at all
    const times = [ago(26), ago(25), ago(0.1)];
    for (const at of times) await comm(dc, at);
    dcDays = new Set(times.map((at) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(at)))).size;
    await comm(dt, ago(0.1));
    await ins('audit_event', { action: 'POST /device/add', area: 'deviceEdit', device_id: dc, status: 5, created: ago(40) });
    // an SMS through its states (waiting, sent, delivered), one that fails, a reply, and one of the test owner's
    const sms = (device_id: number, created: string, direction: string, status: number) =>
      api.pool.query(`INSERT INTO sms_message (message, device_id, direction, status, created) VALUES ('x', $1, $2::sms_direction, $3, $4) RETURNING id`, [
        device_id,
        direction,
        status,
        created,
      ]);
    const sent = (await sms(dc, ago(20), 'OUTBOUND', 0)).rows[0].id;
    await api.pool.query(`UPDATE sms_message SET status = 1 WHERE id = $1`, [sent]);
    await api.pool.query(`UPDATE sms_message SET status = 2 WHERE id = $1`, [sent]);
    const failed = (await sms(dc, ago(19), 'OUTBOUND', 1)).rows[0].id;
    await api.pool.query(`UPDATE sms_message SET status = 3 WHERE id = $1`, [failed]);
    await sms(dc, ago(18), 'INBOUND', 2);
    await sms(dt, ago(18), 'OUTBOUND', 2);
    // a firmware update started and finished later; a modem update started and done
    const binary = await ins('firmware_binary', { name: 'fw-c', version: '9.8', file_name: 'fw-c.bin' });
    const request = await ins('firmware_upload_request', { fup_upload_id: binary, expired_at: ago(-240), created: ago(50) });
    const ota = await ins('firmware_ota_activity', { request_id: request, device_id: dc, imei: '991000000000011', status: 1, created: ago(50), updated_at: ago(50) });
    await api.pool.query(`UPDATE firmware_ota_activity SET status = 2, updated_at = $2 WHERE id = $1`, [ota, ago(3)]);
    await api.pool.query(
      `INSERT INTO modem_update_task (device_id, imei, task_count, status, started, deadline_at) VALUES ($1, '991000000000011', 3, 'RUNNING', $2, now() + interval '1 day')`,
      [dc, ago(60)],
    );
    await api.pool.query(`UPDATE modem_update_task SET status = 'DONE', finished_at = $2 WHERE device_id = $1`, [dc, ago(2)]);
  });

  it('answers the days after the zone began counting from the counts, equal to the raw tables before and after the fold', async () => {
    const repo = api.app.get(DailyReportRepository);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
    const scope = { first: addDaysIso(today, -4), last: today, tz: TZ, whiteLabels: [C] };
    const raw = await repo.raw(scope);
    // what the events make: dc active on each day of its communications, one new owner (not the test one), one pairing, two SMS sent, one each
    // received, error and reply, one firmware update started and finished, one modem update started and finished
    const sum = (f: keyof DailyReportDay) => raw.reduce((n, d) => n + (d[f] as number), 0);
    expect([sum('devices_active'), sum('new_owners'), sum('new_pairings'), sum('sms_created'), sum('sms_sent'), sum('sms_received')]).toEqual([dcDays, 1, 1, 2, 1, 1]);
    expect([sum('sms_errors'), sum('sms_replies'), sum('firmware_updates_started'), sum('firmware_updates_finished'), sum('modem_updates_started'), sum('modem_updates_finished')]).toEqual([1, 1, 1, 1, 1, 1]);
    // as of the last fold (the worker's, every minute): before it, none of these writes is in
    const zero = await repo.days({ ...scope, today });
    expect(zero.every((d) => d.sms_created === 0 && d.devices_active === 0)).toBe(true);
    const worker = new DailyReportRoll(repo, { warn: () => {} } as never);
    expect(await worker.fold()).toBeGreaterThan(0);
    expect((await api.pool.query(`SELECT count(*)::int AS n FROM daily_report_delta`)).rows[0].n).toBe(0);
    expect(await repo.days({ ...scope, today })).toEqual(raw);
    // no roll read them: the rollup has no row of this zone, and today is as of the fold
    expect((await api.pool.query(`SELECT count(*)::int AS n FROM daily_report_rollup WHERE tz = $1`, [TZ])).rows[0].n).toBe(0);
    expect(Date.now() - Date.parse((await repo.rolledAt(TZ, today))!)).toBeLessThan(60_000);
    // the worker's roll rolls nothing of a counted zone
    await worker.tick();
    expect((await api.pool.query(`SELECT count(*)::int AS n FROM daily_report_rollup WHERE tz = $1`, [TZ])).rows[0].n).toBe(0);
  });

  it('takes a late write into a counted day at the next fold, with no roll; a delete likewise', async () => {
    const repo = api.app.get(DailyReportRepository);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
    const scope = { first: addDaysIso(today, -4), last: today, tz: TZ, whiteLabels: [C] };
    const before = await repo.days({ ...scope, today });
    const owner = await ins('owner', { email: 'late-c@daily.test', white_label_vendor_id: C, created: ago(72) });
    try {
      await repo.fold();
      const after = await repo.days({ ...scope, today });
      expect(after.reduce((n, d) => n + d.new_owners!, 0)).toBe(before.reduce((n, d) => n + d.new_owners!, 0) + 1);
      expect(after).toEqual(await repo.raw(scope));
    } finally {
      await api.pool.query('DELETE FROM owner WHERE id = $1', [owner]);
    }
    // a deleted row is taken away again
    await repo.fold();
    expect(await repo.days({ ...scope, today })).toEqual(before);
  });

  it('reads the report of a counted zone through the api, as of the last fold', async () => {
    await api.app.get(DailyReportRepository).fold();
    const r = await report(`tz=Asia%2FKathmandu&whitelabel_ids=${C}`);
    expect(r.status).toBe(200);
    expect(Date.now() - Date.parse(r.body.model.as_of)).toBeLessThan(60_000);
    expect(r.body.model.items.reduce((n: number, d: DailyReportDay) => n + d.sms_created!, 0)).toBe(2);
  });
});

describe('GET /reports/daily: white labels, roles and bad input', () => {
  it("refuses another white label's id (403 naming whitelabel_ids) and the roles outside the reports area", async () => {
    const foreign = await report(`date=2019-06-11&whitelabel_ids=${B + 1000}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0]).toMatchObject({ field: 'whitelabel_ids', code: 'statsWhiteLabelNotAllowed' });
    for (const user of ['tier1', 'manager']) expect((await report('date=2019-06-11', await api.signIn(user))).status, user).toBe(403);
  });

  it.each([
    ['date', 'date=2019-02-30'],
    ['date', 'date=2019-6-1'],
    ['date', 'date=2999-01-01'],
    ['days', 'days=0'],
    ['days', 'days=32'],
    ['days', 'days=1e1'],
    ['tz', 'tz=Nowhere%2FElse'],
    ['whitelabel_ids', 'whitelabel_ids=1,,2'],
  ])('%s: %s is a 400 naming the field', async (field, qs) => {
    const r = await report(qs);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('says a day after today in the zone with its own code', async () => {
    const r = await report('date=2999-01-01');
    expect(r.body.errors[0]).toMatchObject({ field: 'date', code: 'reportDayInFuture' });
  });
});
