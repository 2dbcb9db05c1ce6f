import { rmSync } from 'node:fs';
import { JobFailures, JobName, JobQueue, MetricsService, PgPool, SmsSweep } from '@tracker/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { future, targetable, uploadBinary } from './firmware-helpers.js';
import { devUser, eventually } from './harness.js';
import { uniqueDigits, uploadCsv, uploadDir, waitDone } from './imports-helpers.js';
import { modemDevices } from './modem-helpers.js';
import { startSmsWorld, watches, type SmsWorld } from './sms-helpers.js';

// After a short workload (sign-ins right, wrong and throttled, SMS sent, delivered, refused, undelivered and expired
// through fleet-sim and the sweep, an import with a bad line, a job retried and one failing for good, a rollout and a
// modem update running, callers waiting for the pool), every series docs/operations.md lists is exposed with real
// values: the api's at GET /metrics (outside /api), the worker's from its registry (its HTTP listener serves the same
// text: health.spec).
let w: SmsWorld;
let admin: string;
const uploads = uploadDir();

type Sample = { name: string; labels: Record<string, string>; value: number };
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}
const find = (s: Sample[], name: string, labels: Record<string, string> = {}) =>
  s.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
const total = (s: Sample[], name: string, labels: Record<string, string> = {}) => find(s, name, labels).reduce((a, x) => a + x.value, 0);

const apiMetrics = async () => {
  const r = await fetch(`${w.api.base}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
  return parse(await r.text());
};
const workerMetrics = async () => parse(await w.worker!.get(MetricsService).registry.metrics());

beforeAll(async () => {
  // a message the gateway keeps refusing fails on its second attempt (SMS_MAX_ATTEMPTS)
  w = await startSmsWorld({ env: { UPLOAD_DIR: uploads, THROTTLE_PAIR_MAX: '2', SMS_MAX_ATTEMPTS: '2' } });
  admin = await w.api.signIn('admin');
});
afterAll(async () => {
  await w?.close();
  rmSync(uploads, { recursive: true, force: true });
});

describe('metrics after a short workload', () => {
  it('the api: request latency by route template and status, sign-in failures and throttles, the pool, queue depth', async () => {
    const u = devUser('admin');
    expect((await w.api.post('/login', { username: 'admin', password: 'wrong' })).status).toBe(401);
    expect((await w.api.post('/login', { username: 'admin', password: 'wrong' })).status).toBe(401);
    expect((await w.api.post('/login', { username: 'admin', password: u.password })).status).toBe(429);
    expect((await w.api.get('/local/role', admin)).status).toBe(200);

    const s = await apiMetrics();
    expect(total(s, 'tracker_http_request_duration_seconds_count', { method: 'POST', route: '/api/login', status: '401' })).toBe(2);
    expect(total(s, 'tracker_http_request_duration_seconds_count', { method: 'POST', route: '/api/login', status: '429' })).toBe(1);
    expect(total(s, 'tracker_http_request_duration_seconds_count', { method: 'GET', route: '/api/local/role', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(total(s, 'tracker_http_request_duration_seconds_sum', { route: '/api/login' })).toBeGreaterThan(0);
    expect(find(s, 'tracker_http_request_duration_seconds_count').every((x) => !/\d/.test(x.labels.route!))).toBe(true);
    expect(total(s, 'tracker_signin_failures_total', { step: 'login', reason: 'credentials' })).toBe(2);
    expect(total(s, 'tracker_signin_failures_total', { step: 'login', reason: 'throttled' })).toBe(1);
    expect(total(s, 'tracker_pg_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(total(s, 'tracker_pg_pool_max')).toBeGreaterThan(0);
    for (const queue of ['imports', 'sms', 'reports', 'firmware', 'modem']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(find(s, 'tracker_queue_jobs', { queue, state })).toHaveLength(1);
    }
    // failed: the queue's entries in the recent failure list (BullMQ keeps no failed job), as the jobs page counts them
    const failures = w.api.app.get(JobFailures);
    const before = (await failures.list()).filter((f) => f.queue === 'reports').length;
    const id = await failures.add({ queue: 'reports', job: 'report.active_devices', job_id: 'metrics-spec', payload: { id: 0 }, reason: 'a failure for the gauge', attempts: 3, failed_at: new Date().toISOString() });
    try {
      expect(total(await apiMetrics(), 'tracker_queue_jobs', { queue: 'reports', state: 'failed' })).toBe(before + 1);
    } finally {
      await failures.remove(id);
    }
    expect(find(s, 'tracker_firmware_devices', { status: 'processing' })).toHaveLength(1);
    expect(find(s, 'tracker_modem_updates', { status: 'running' })).toHaveLength(1);
    expect(find(s, 'tracker_process_cpu_seconds_total')).toHaveLength(1);
    // the probes and /metrics are not api requests
    expect(find(s, 'tracker_http_request_duration_seconds_count', { route: '/metrics' })).toEqual([]);
  });

  it('the worker: job durations by queue, SMS sent and delivered by gateway, import rows', async () => {
    const [d] = await watches(w.api, 1, 1);
    const sent = await w.api.post('/sms/send', { command_key: 'STATUS', message: '', device_id: d!.id }, admin);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await eventually(async () => {
      const r = await w.api.pool.query('SELECT status, gateway_id FROM sms_message WHERE id = $1', [sent.body.model.id]);
      return r.rows[0]?.status === 2 && r.rows[0]?.gateway_id ? r.rows[0] : null;
    }, { what: 'the SMS delivered', deadline: 60_000 });

    const file = `imsi\n${uniqueDigits('26201')}\nnot-an-imsi\n${uniqueDigits('26201')}\n`;
    const up = await uploadCsv(w.api, admin, '/import/upload', file, { kind: 'SIM' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const imp = await waitDone(w.api, up.body.model.id);
    expect(imp).toMatchObject({ imported: 2, failed: 1 });

    const ws = await eventually(async () => {
      const s = await workerMetrics();
      return total(s, 'tracker_job_duration_seconds_count', { queue: 'imports', outcome: 'completed' }) >= 1 ? s : null;
    }, { what: 'the import job counted', deadline: 60_000 });
    expect(total(ws, 'tracker_job_duration_seconds_count', { queue: 'sms', job: 'sms.send', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(total(ws, 'tracker_import_rows_total', { kind: 'SIM', outcome: 'imported' })).toBe(2);
    expect(total(ws, 'tracker_import_rows_total', { kind: 'SIM', outcome: 'failed' })).toBe(1);
    expect(total(ws, 'tracker_sms_status_total', { status: 'sent', gateway: '1' })).toBeGreaterThanOrEqual(1);
    // the delivery report comes to the api's webhook: counted there
    const s = await apiMetrics();
    expect(total(s, 'tracker_sms_status_total', { status: 'delivered', gateway: '1' }) + total(ws, 'tracker_sms_status_total', { status: 'delivered', gateway: '1' })).toBeGreaterThanOrEqual(1);
    expect(find(ws, 'tracker_job_failures_total')).toEqual([]);
  });
});

const FIRMWARE = ['processing', 'downloading', 'finished', 'failed', 'cancelled'];
const MODEM = ['running', 'done', 'failed', 'stopped'];
/** a series summed over both processes (the api and the worker count different events of one series) */
const both = async (name: string, labels: Record<string, string>) => {
  const [a, k] = await Promise.all([apiMetrics(), workerMetrics()]);
  return { api: total(a, name, labels), worker: total(k, name, labels) };
};
const send = async (deviceId: number) => {
  const r = await w.api.post('/sms/send', { command_key: 'STATUS', message: '', device_id: deviceId }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.model.id as number;
};
const smsAt = (id: number, status: number, what: string) =>
  eventually(async () => {
    const r = (await w.api.pool.query('SELECT status, gateway_id, error_code FROM sms_message WHERE id = $1', [id])).rows[0];
    return r?.status === status ? (r as { status: number; gateway_id: number | null; error_code: string | null }) : null;
  }, { what, deadline: 60_000 });
const countStatus = async (status: number) => Number((await w.api.pool.query('SELECT count(*) AS n FROM sms_message WHERE status = $1', [status])).rows[0].n);

describe('metrics of things going wrong', () => {
  it('SMS failed by the gateway that refused it (worker) or reported it undelivered (api), expired by the sweep', async () => {
    const [refused, undelivered, expiring] = await watches(w.api, 1, 3, 1);
    const failed0 = await both('tracker_sms_status_total', { status: 'failed', gateway: '1' });
    const expired0 = await both('tracker_sms_status_total', { status: 'expired', gateway: 'none' });
    const dbFailed0 = await countStatus(3);
    const dbExpired0 = await countStatus(4);

    // the gateway answers 500 to both attempts (SMS_MAX_ATTEMPTS 2): the worker ends the message failed
    w.sim.control.configure({ error500: true });
    try {
      const m = await smsAt(await send(refused!.id), 3, 'the refused SMS failed');
      expect(m.error_code).toBe('smsGatewayUnavailable');
    } finally {
      w.sim.control.configure({ error500: false });
    }
    // the gateway takes it, then reports it undelivered (30003): the api's webhook ends it failed
    w.sim.control.configure({ failureRate: 1 });
    try {
      const m = await smsAt(await send(undelivered!.id), 3, 'the undelivered SMS failed');
      expect(m.gateway_id).toBe(1);
    } finally {
      w.sim.control.configure({ failureRate: 0 });
    }
    // a command past its time to live that no gateway took: the sweep ends it expired (never sent: gateway "none")
    const ins = await w.api.pool.query(
      `INSERT INTO sms_message (command_key, message, device_id, direction, status, created, created_by, expires_at)
       VALUES ('STATUS', 'STATUS#', $1, 'OUTBOUND', 0, now() - interval '2 hours', 1, now() - interval '1 minute') RETURNING id`,
      [expiring!.id],
    );
    await w.worker!.get(SmsSweep).expireDue();
    await smsAt(ins.rows[0].id, 4, 'the SMS expired');

    expect(await countStatus(3)).toBe(dbFailed0 + 2);
    expect(await countStatus(4)).toBe(dbExpired0 + 1);
    expect(await both('tracker_sms_status_total', { status: 'failed', gateway: '1' })).toEqual({ api: failed0.api + 1, worker: failed0.worker + 1 });
    expect(await both('tracker_sms_status_total', { status: 'expired', gateway: 'none' })).toEqual({ api: expired0.api, worker: expired0.worker + 1 });
    // the refusal is not counted as never sent
    expect(total(await workerMetrics(), 'tracker_sms_status_total', { status: 'failed', gateway: 'none' })).toBe(0);
  });

  it('job failures by queue and job: the retries (final="false"), then the failure for good (final="true"), on the jobs list', async () => {
    // a report run whose period Postgres cannot read: every attempt of its job throws (3 attempts, registry)
    const run = await w.api.pool.query(
      `INSERT INTO report_run (kind, params, created_by) VALUES ('active_devices', jsonb_build_object('from', 'not-a-day', 'to', 'not-a-day'), 1) RETURNING id`,
    );
    const runId = run.rows[0].id as number;
    await w.worker!.get(JobQueue).enqueue(JobName.ReportActiveDevices, { runId });
    const labels = { queue: 'reports', job: JobName.ReportActiveDevices };
    const ws = await eventually(async () => {
      const s = await workerMetrics();
      return total(s, 'tracker_job_failures_total', { ...labels, final: 'true' }) >= 1 ? s : null;
    }, { what: 'the job failed for good', deadline: 60_000 });
    expect(total(ws, 'tracker_job_failures_total', { ...labels, final: 'false' })).toBe(2);
    expect(total(ws, 'tracker_job_failures_total', { ...labels, final: 'true' })).toBe(1);
    expect(total(ws, 'tracker_job_duration_seconds_count', { ...labels, outcome: 'failed' })).toBe(3);
    // the run ended FAILED (the job's failure hook), and the failure is the queue's failed count on both processes
    await eventually(async () => (await w.api.pool.query('SELECT status FROM report_run WHERE id = $1', [runId])).rows[0].status === 'FAILED', { what: 'the run FAILED', deadline: 10_000 });
    const listed = (await w.api.app.get(JobFailures).list()).filter((f) => f.queue === 'reports');
    expect(listed.map((f) => [f.job, f.payload, f.attempts])).toEqual([[JobName.ReportActiveDevices, { runId }, 3]]);
    expect(total(await apiMetrics(), 'tracker_queue_jobs', { queue: 'reports', state: 'failed' })).toBe(1);
    expect(total(await workerMetrics(), 'tracker_queue_jobs', { queue: 'reports', state: 'failed' })).toBe(1);
  });

  it('firmware and modem progress as the database has it: a rollout running, a modem update started', async () => {
    // the watches report downloading and then nothing more: the rollout stays running with both devices downloading
    w.sim.control.configure({ fotaStallRate: 1 });
    try {
      const ds = await targetable(w.api, 1, 2, 10);
      const bin = await uploadBinary(w.api, admin, 'W7.7.7');
      const r = await w.api.post('/firmware/insert', { expired_at: future(), fup_upload_id: bin.id, upload_type: 2, extend: ds.map((d) => d.imei), wave_size: 2, error_threshold: 100 }, admin);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const [m] = await modemDevices(w.api, 1);
      const init = await w.api.post('/device/initModemUpdateProcess', { IMEIs: [m!.imei] }, admin);
      expect(init.body.model.items[0]).toMatchObject({ outcome: 'started' });

      const fromDb = async () => {
        const fw = await w.api.pool.query<{ status: number; n: number }>(
          'SELECT status, count(*)::int AS n FROM firmware_ota_activity WHERE request_id IN (SELECT id FROM firmware_upload_request WHERE status = 0) GROUP BY status',
        );
        const mu = await w.api.pool.query<{ s: string; n: number }>('SELECT lower(status::text) AS s, count(*)::int AS n FROM modem_update_task GROUP BY 1');
        return {
          firmware: Object.fromEntries(FIRMWARE.map((s, i) => [s, fw.rows.find((x) => x.status === i)?.n ?? 0])),
          modem: Object.fromEntries(MODEM.map((s) => [s, mu.rows.find((x) => x.s === s)?.n ?? 0])),
        };
      };
      const gauges = (s: Sample[]) => ({
        firmware: Object.fromEntries(FIRMWARE.map((status) => [status, total(s, 'tracker_firmware_devices', { status })])),
        modem: Object.fromEntries(MODEM.map((status) => [status, total(s, 'tracker_modem_updates', { status })])),
      });
      // the update moves on while we read: a moment where the database read before and after the scrapes agree
      const seen = await eventually(async () => {
        const before = await fromDb();
        const [a, k] = [gauges(await apiMetrics()), gauges(await workerMetrics())];
        const after = await fromDb();
        const same = (x: unknown) => JSON.stringify(x) === JSON.stringify(before);
        return before.firmware.downloading === 2 && same(after) && same(a) && same(k) ? before : null;
      }, { what: 'the gauges matching the database', deadline: 60_000 });
      expect(seen.firmware).toEqual({ processing: 0, downloading: 2, finished: 0, failed: 0, cancelled: 0 });
      // the seed's 8 ended updates and ours (running, or done already)
      expect(seen.modem.running + seen.modem.done).toBe(5);
      expect(seen.modem.failed + seen.modem.stopped).toBe(4);
    } finally {
      w.sim.control.configure({ fotaStallRate: 0 });
    }
  });

  it("the Postgres pool: every connection taken and callers waiting for one", async () => {
    const pool = w.api.app.get(PgPool);
    const max = pool.options.max!;
    const held = [];
    for (let i = 0; i < max; i++) held.push(await pool.connect());
    const waiting = [pool.query('SELECT 1'), pool.query('SELECT 2')];
    try {
      // the pool's series alone: the rest of /metrics (rollouts, modem updates) would wait for a connection too
      const s = parse(await w.api.app.get(MetricsService).registry.getSingleMetricAsString('tracker_pg_pool_connections'));
      expect(total(s, 'tracker_pg_pool_connections', { state: 'total' })).toBe(max);
      expect(total(s, 'tracker_pg_pool_connections', { state: 'idle' })).toBe(0);
      // ours, and whatever the api started meanwhile (a delivery report of an earlier message)
      expect(total(s, 'tracker_pg_pool_connections', { state: 'waiting' })).toBe(pool.waitingCount);
      expect(pool.waitingCount).toBeGreaterThanOrEqual(2);
    } finally {
      for (const c of held) c.release();
    }
    await Promise.all(waiting);
    const s = await apiMetrics();
    expect(total(s, 'tracker_pg_pool_connections', { state: 'waiting' })).toBe(0);
    expect(total(s, 'tracker_pg_pool_max')).toBe(max);
  });
});
