import { rmSync } from 'node:fs';
import { JobFailures, MetricsService } from '@tracker/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devUser, eventually } from './harness.js';
import { uniqueDigits, uploadCsv, uploadDir, waitDone } from './imports-helpers.js';
import { startSmsWorld, watches, type SmsWorld } from './sms-helpers.js';

// After a short workload (sign-ins right, wrong and throttled, an SMS sent and delivered through fleet-sim, an import
// with a bad line), every series docs/operations.md lists is exposed with real values: the api's at GET /metrics
// (outside /api), the worker's from its registry (its HTTP listener serves the same text: health.spec).
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
  w = await startSmsWorld({ env: { UPLOAD_DIR: uploads, THROTTLE_PAIR_MAX: '2' } });
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
