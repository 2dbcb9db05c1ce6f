import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { devUser, eventually, startApi } from './harness.js';
import { uniqueDigits, uploadCsv, uploadDir, waitDone } from './imports-helpers.js';
import { childWorkerWorld, watches } from './sms-helpers.js';

// SIGTERM (docs/operations.md "Shutdown"). The api: Nest's shutdown hooks (enableShutdownHooks) first stop taking
// connections and answer the requests in flight (HttpDrain), and only then close Postgres, Redis and the queues.
// The worker (a child process, the built apps/worker/dist): its BullMQ workers take no new job and the running ones
// finish, Postgres still open; the next worker goes on; no job is lost or run twice.
const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });

describe('the api on SIGTERM', () => {
  it('stops taking connections and answers the request in flight, Postgres and Redis still open for it', async () => {
    const api = await startApi();
    const port = Number(new URL(api.base).port);
    const u = devUser('admin');
    // a request in flight: its headers sent, its body not yet
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json', 'request-origin': 'backoffice-console', 'transfer-encoding': 'chunked' } });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    const body = JSON.stringify({ username: 'admin', password: u.password });
    req.write(body.slice(0, 10));
    const server = api.app.getHttpServer();
    const open = () => new Promise<number>((resolve) => server.getConnections((_e: unknown, n: number) => resolve(n)));
    await eventually(async () => (await open()) > 0, { what: 'the request connected', deadline: 60_000 });
    // what SIGTERM runs (enableShutdownHooks): the whole shutdown sequence
    const closing = api.app.close();
    await eventually(() => refused(port), { what: 'new connections refused', deadline: 60_000 });
    req.end(body.slice(10));
    const r = await answer;
    expect(r.status, r.body).toBe(200);
    expect(JSON.parse(r.body).model).toBeTruthy();
    await closing;
    // the harness's own cleanup (the api is closed already)
    await api.pool.end();
  });
});

describe('the worker on SIGTERM', () => {
  const world = childWorkerWorld({ SMS_LOCK_MS: '5000', SMS_CLAIM_LEASE_MS: '6000', SMS_MAX_ATTEMPTS: '6', SMS_RETRY_BASE_MS: '200', UPLOAD_DIR: uploadDir() });

  it('mid-campaign: the running send finishes, the next worker sends the rest, every device gets it exactly once', async () => {
    const { w, admin } = world;
    const ds = await watches(w.api, 1, 80, 0);
    expect(ds).toHaveLength(80);
    await w.api.pool.query('UPDATE sms_gateway SET rate_per_second = 10 WHERE id = 1');
    const r = await w.api.confirmed('POST', '/sms/sendBulk', { command_key: 'LOCATE', message: '', devices: ds.map((d) => d.id), device_type: 1 }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const bulk = r.body.model.bulk_id;
    const progress = async () => (await w.api.get(`/sms/campaign?bulk_id=${bulk}`, admin)).body.model;
    let worker = world.startWorker();
    await eventually(async () => {
      const p = await progress();
      return p.total - p.waiting >= 10;
    }, { what: '10 sent', deadline: 150_000 });
    worker.kill('SIGTERM');
    const end = await exited(worker);
    // Nest re-raises the signal once shut down: a clean stop is the signal, never a crash's exit code
    expect(end.signal === 'SIGTERM' || end.code === 0, JSON.stringify(end)).toBe(true);
    // nothing the stopped worker took is left half-done: no message claimed by it without being sent
    const claimed = await w.api.pool.query(`SELECT count(*)::int AS n FROM sms_message WHERE bulk_id = $1 AND status = 0 AND claimed_at IS NOT NULL AND gateway_message_id IS NULL`, [bulk]);
    expect(claimed.rows[0].n).toBe(0);
    worker = world.startWorker();
    const done = await eventually(async () => {
      const p = await progress();
      return p.waiting === 0 && p.sent === p.received ? p : null;
    }, { what: 'campaign done', deadline: 180_000 });
    expect(done).toMatchObject({ total: 80, received: 80, errors: 0, done: true });
    await eventually(() => ds.every((d) => w.sim.control.handsets(d.gsm).length > 0), { what: 'every handset counted', deadline: 60_000 });
    for (const d of ds) expect(w.sim.control.handsets(d.gsm), d.gsm).toEqual([{ to: d.gsm, body: 'WHERE#', count: 1 }]);
    for (const d of ds) expect(w.sim.control.messages(d.gsm).length, d.gsm).toBe(1);
    worker.kill('SIGTERM');
    await exited(worker);
  }, 600_000);

  it('mid-import: the running import finishes before the worker exits, each row imported once', async () => {
    const { w, admin } = world;
    const n = 60_000;
    const prefix = uniqueDigits('2620').slice(0, 6);
    const lines = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(9, '0')}`);
    const up = await uploadCsv(w.api, admin, '/import/upload', `imsi\n${lines.join('\n')}\n`, { kind: 'SIM' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const id = up.body.model.id as number;
    const worker = world.startWorker();
    await eventually(async () => (await w.api.pool.query(`SELECT status::text FROM import WHERE id = $1`, [id])).rows[0]?.status === 'RUNNING', { what: 'the import running', deadline: 150_000 });
    worker.kill('SIGTERM');
    const end = await exited(worker);
    expect(end.signal === 'SIGTERM' || end.code === 0, JSON.stringify(end)).toBe(true);
    // it ran to its end in the stopped worker (or, stopped before its commit, is retaken by the next: never lost)
    let row = (await w.api.pool.query(`SELECT status::text, imported, failed FROM import WHERE id = $1`, [id])).rows[0];
    let next: ChildProcess | null = null;
    if (row.status !== 'FINISHED') {
      next = world.startWorker();
      row = await waitDone(w.api, id, 150_000);
    }
    expect(row).toMatchObject({ status: 'FINISHED', imported: n, failed: 0 });
    expect((await w.api.pool.query(`SELECT count(*)::int AS n FROM sim_card WHERE import_id = $1`, [id])).rows[0].n).toBe(n);
    expect(next, 'the stopped worker finished the running import itself').toBeNull();
  }, 600_000);
});
