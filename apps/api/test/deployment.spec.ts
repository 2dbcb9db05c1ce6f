import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, passPorts, reservePort } from './harness.js';
import { assertWorkerBuilt, WORKER } from './worker-process.js';

// docs/deployment.md done as the document says, on the built output: the migrations with scripts/db/migrate.mjs on an
// empty database, then apps/api/dist/main.js and apps/worker/dist/main.js under NODE_ENV=production with the
// environment and secrets its table lists (WORKER_HTTP_PORT for the worker's probes and metrics), and nothing of
// development: the probes, /metrics of each process, no /api/docs, the refusals without a secret or with the public
// development token, and SIGTERM stopping both. (The refusal of the seeded users: production-mode.spec.ts.)
const root = fileURLToPath(new URL('../../..', import.meta.url));
const API = `${root}apps/api/dist/main.js`;
const template = inject('template');
const dbName = `deploy_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(template.adminUrl), { pathname: `/${dbName}` }).toString();

/** common.env and secrets.env of the document's services (ports are added per process) */
const deployment = (): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  REDIS_URL: template.redisUrl,
  REDIS_KEY_PREFIX: `test:deploy:${dbName}:`,
  HOST: '127.0.0.1',
  TRUST_PROXY: 'loopback',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'a-deployment-secret',
  SMS_WEBHOOK_BASE_URL: 'https://backoffice.example.com',
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:9',
  MAIL_FROM: 'Tracker <no-reply@backoffice.example.com>',
  CONSOLE_PUBLIC_URL: 'https://backoffice.example.com',
  UPLOAD_DIR: `${root}.test-data/${dbName}`,
  LOG_LEVEL: 'info',
});

/** exited: the exit code, or the signal that ended it */
type Proc = { child: ChildProcess; out: () => string; exited: Promise<number | string | null> };
function run(script: string, env: Record<string, string>, ports: Awaited<ReturnType<typeof reservePort>>[] = []): Proc {
  const pass = passPorts(ports);
  const child = spawn(process.execPath, [...pass.execArgv, script], { cwd: root, env: { ...env, ...pass.env }, stdio: ['ignore', 'pipe', 'pipe', ...pass.stdio] });
  void pass.release();
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | string | null>((r) => child.once('exit', (code, signal) => r(code ?? signal)));
  return { child, out: () => out, exited };
}
const exitOf = (p: Proc, ms = 30_000) => Promise.race([p.exited, new Promise((r) => setTimeout(() => r('still running'), ms))]);

let admin: pg.Client;
const started: Proc[] = [];

beforeAll(async () => {
  assertWorkerBuilt();
  admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'`);
});
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin?.end();
  rmSync(deployment().UPLOAD_DIR!, { recursive: true, force: true });
});

describe('docs/deployment.md on the built output', () => {
  it('migrations: scripts/db/migrate.mjs applies every migration to an empty database, a second run nothing', () => {
    const migrate = () => spawnSync(process.execPath, ['scripts/db/migrate.mjs'], { cwd: root, env: deployment(), encoding: 'utf8' });
    const first = migrate();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/\[migrate\] applied \d{14}_init, /);
    const second = migrate();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/\[migrate\] up to date \(\d+ migrations/);
  });

  it('refuses to start without a secret, or with the public development token', async () => {
    const { TWILIO_AUTH_TOKEN: _token, SMTP_URL: _smtp, ...missing } = deployment();
    const api = run(API, { ...missing, PORT: '0' });
    started.push(api);
    expect(await exitOf(api)).toBe(1);
    expect(api.out()).toMatch(/TWILIO_AUTH_TOKEN: required in production[\s\S]*SMTP_URL: required in production/);
    const worker = run(WORKER, { ...deployment(), TWILIO_AUTH_TOKEN: 'fleet-sim-auth-token' });
    started.push(worker);
    expect(await exitOf(worker)).toBe(1);
    expect(worker.out()).toMatch(/TWILIO_AUTH_TOKEN: the public development token \(fleet-sim's\) is refused in production/);
  });

  it('api and worker run: probes and /metrics on HOST:PORT and WORKER_HTTP_PORT, no /api/docs; SIGTERM stops both', async () => {
    const [apiPort, workerPort] = await Promise.all([reservePort(), reservePort()]);
    const api = run(API, { ...deployment(), PORT: String(apiPort.port), PROCESS_NAME: 'api' }, [apiPort]);
    const worker = run(WORKER, { ...deployment(), WORKER_HTTP_PORT: String(workerPort.port), WORKER_HTTP_HOST: '127.0.0.1', PROCESS_NAME: 'worker' }, [workerPort]);
    started.push(api, worker);
    const apiBase = `http://127.0.0.1:${apiPort.port}`;
    const workerBase = `http://127.0.0.1:${workerPort.port}`;
    const get = async (url: string) => {
      const r = await fetch(url).catch(() => null);
      return r ? { status: r.status, text: await r.text() } : { status: 0, text: '' };
    };
    await eventually(async () => (await get(`${apiBase}/health/ready`)).status === 200 && (await get(`${workerBase}/health/ready`)).status === 200, {
      what: `api and worker ready (${api.out()}${worker.out()})`,
      deadline: 60_000,
      interval: 250,
    });
    expect(JSON.parse((await get(`${apiBase}/health/ready`)).text)).toEqual({ status: 'ok', checks: { postgres: { status: 'up' }, redis: { status: 'up' }, queues: { status: 'up' } } });
    expect(JSON.parse((await get(`${workerBase}/health/ready`)).text).checks.handlers).toEqual({ status: 'up' });
    for (const base of [apiBase, workerBase]) expect(await get(`${base}/health/live`)).toEqual({ status: 200, text: '{"status":"ok"}' });
    expect((await get(`${apiBase}/metrics`)).text).toMatch(/^tracker_pg_pool_connections\{state="total",process="api"\} \d+$/m);
    expect((await get(`${workerBase}/metrics`)).text).toMatch(/^tracker_queue_jobs\{queue="sms",state="waiting",process="worker"\} 0$/m);
    expect((await get(`${apiBase}/api/docs/openapi.json`)).status).toBe(404);
    // a request is logged as a JSON line with its id
    const login = await fetch(`${apiBase}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'request-origin': 'backoffice-console', 'x-request-id': `deploy-${dbName}` }, body: '{"username":"nobody","password":"x"}' });
    expect(login.status).toBe(401);
    await eventually(() => api.out().includes(`"reqId":"deploy-${dbName}"`), { what: 'the request logged', deadline: 5_000 });

    api.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    // the worker exits 0 once its jobs are handed back; the api, once it answered what was in flight, ends by the
    // signal again as Nest's shutdown hooks do (systemd counts that as a clean stop of a KillSignal=SIGTERM service)
    expect([await exitOf(api), await exitOf(worker)]).toEqual(['SIGTERM', 0]);
    expect(api.out()).toContain('shutdown: no new connections, answering the requests in flight');
  });
});
