import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { REQUEST_ORIGIN_CONSOLE, REQUEST_ORIGIN_HEADER } from '@tracker/contract';
// @ts-expect-error plain ESM helper
import { cloneTemplate } from '../../../scripts/test/template-db.mjs';
import { devUser, eventually, passPorts, reservePort, type ReservedPort } from './harness.js';
import { csvForm, uploadDir } from './imports-helpers.js';

// Scale-out on the real engines: two built api processes and two built worker processes (apps/*/dist, as
// `npm start -- --api 2 --workers 2` runs them) against one Postgres database and one Redis, sharing the upload
// folder. Nothing is in-process: sessions, sign-in throttling and the import queue must live in Postgres and Redis.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const API = `${root}apps/api/dist/main.js`;
const WORKER = `${root}apps/worker/dist/main.js`;
const IMPORT_RUN_LOCK_CLASS = 7311; // import-runner.service.ts

type Proc = { name: string; child: ChildProcess; out: string[] };
const procs: Proc[] = [];
let db: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;
let env: Record<string, string>;
const bases: string[] = [];

/** Starts a built app; the database URL names the process (application_name) so pg_stat_activity tells them apart. */
function start(app: 'api' | 'worker', name: string, extra: Record<string, string> = {}, ports: ReservedPort[] = []): Proc {
  const url = new URL(db.url);
  url.searchParams.set('application_name', name);
  const pass = passPorts(ports);
  const child = spawn(process.execPath, [...pass.execArgv, app === 'api' ? API : WORKER], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit', ...pass.stdio],
    env: { ...process.env, ...env, DATABASE_URL: url.toString(), PROCESS_NAME: name, ...extra, ...pass.env },
  });
  void pass.release();
  const p: Proc = { name, child, out: [] };
  let rest = '';
  child.stdout!.on('data', (b: Buffer) => {
    const lines = (rest + b.toString()).split('\n');
    rest = lines.pop()!;
    p.out.push(...lines);
  });
  procs.push(p);
  return p;
}

async function kill(p: Proc) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGKILL');
  await exited;
}

async function call(base: string, method: 'GET' | 'POST', path: string, opts: { token?: string; body?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = { [REQUEST_ORIGIN_HEADER]: REQUEST_ORIGIN_CONSOLE };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}/api${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** Both sign-in steps on one api; returns the session token. */
async function signIn(base: string, username: string) {
  const u = devUser(username);
  await pool.query('update backoffice_user set totp_last_step = null where username = $1', [username]);
  const r = await call(base, 'POST', '/token', { body: { username, password: u.password, code: await generate({ secret: u.totpSecret! }) } });
  if (r.status !== 200) throw new Error(`token ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.model.token as string;
}

const importRow = async (id: number) =>
  (await pool.query(`SELECT status::text, count, imported, failed, progress FROM import WHERE id = $1`, [id])).rows[0] as {
    status: string;
    count: number;
    imported: number;
    failed: number;
    progress: number;
  };

/** Which worker process holds the run lock of an import (the runner's session advisory lock), if any. */
async function runner(id: number): Promise<string | undefined> {
  const r = await pool.query<{ name: string }>(
    `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.granted`,
    [IMPORT_RUN_LOCK_CLASS, id],
  );
  return r.rows[0]?.name;
}

/** The 'import finished' log lines of a worker for an import. */
const finishedBy = (p: Proc, id: number) =>
  p.out.filter((l) => l.includes('"import finished"') && JSON.parse(l).importId === id).length;

function simCsv(prefix: string, rows: number) {
  const lines = ['imsi,gsm_number,status'];
  for (let i = 0; i < rows; i++) lines.push(`${prefix}${String(i).padStart(15 - prefix.length, '0')},,1`);
  return lines.join('\n') + '\n';
}

let admin: string;

beforeAll(async () => {
  for (const f of [API, WORKER]) if (!existsSync(f)) throw new Error(`${f} is missing: build first (tsc -b tsconfig.json)`);
  const template = inject('template');
  db = await cloneTemplate(template, 'scale');
  pool = new pg.Pool({ connectionString: db.url, max: 3 });
  env = {
    NODE_ENV: 'test',
    REDIS_URL: template.redisUrl,
    REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    UPLOAD_DIR: uploadDir(),
    IMPORT_LOCK_MS: '2000',
    CONSOLE_DIST: '',
    HOST: '127.0.0.1',
  };
  for (const name of ['api-a', 'api-b']) {
    const port = await reservePort();
    // sessions cached for the longest time allowed: only the revocation message through Redis can end one on the
    // other api within the test's waits
    start('api', name, { PORT: String(port.port), LOG_LEVEL: 'warn', SESSION_CACHE_MS: '60000' }, [port]);
    bases.push(`http://127.0.0.1:${port.port}`);
  }
  for (const name of ['worker-a', 'worker-b']) start('worker', name, { LOG_LEVEL: 'info' });
  // up when they answer (401 without a token) and both workers have registered with BullMQ
  for (const base of bases) await eventually(async () => (await call(base, 'GET', '/local/role')).status === 401, { what: `${base} up`, deadline: 60_000, interval: 20, ignoreErrors: true });
  await eventually(async () => procs.filter((p) => p.name.startsWith('worker') && p.out.some((l) => l.includes('worker running'))).length === 2, { what: 'workers up', deadline: 60_000, interval: 20, ignoreErrors: true });
  admin = await signIn(bases[0]!, 'admin');
}, 120_000);

afterAll(async () => {
  for (const p of procs) await kill(p);
  await pool?.end();
  await db?.drop();
  if (env?.UPLOAD_DIR) rmSync(env.UPLOAD_DIR, { recursive: true, force: true });
});

describe('two api processes', () => {
  it('a session made on api A works on api B, and signing out on B ends it on A', async () => {
    const [a, b] = bases as [string, string];
    const token = await signIn(a, 'tier1');
    expect((await call(b, 'GET', '/local/role', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/device/search?filter=imei&query=35', { token })).status).toBe(200);
    expect((await call(b, 'POST', '/logout', { token, body: {} })).status).toBe(200);
    expect((await call(a, 'GET', '/local/role', { token })).status).toBe(401);
  });

  it('a session in use on api A (kept in its cache) ends there when it is signed out on B', async () => {
    const [a, b] = bases as [string, string];
    const token = await signIn(a, 'tier1');
    expect((await call(a, 'GET', '/local/role', { token })).status).toBe(200);
    expect((await call(b, 'POST', '/logout', { token, body: {} })).status).toBe(200);
    // B answers once Redis has the message; A drops the session when the message reaches it (within a millisecond
    // on a quiet machine), long before its cache would let the session go
    await eventually(async () => (await call(a, 'GET', '/local/role', { token })).status === 401, { what: 'A refuses the session', deadline: 20_000, interval: 20, ignoreErrors: true });
  });

  it('failed sign-ins on api A count on api B', async () => {
    // whatever the limits are: once A refuses the account and address with 429, B refuses them too (counters in
    // Redis); a per-process counter would let B answer 401 to the same wrong password
    const [a, b] = bases as [string, string];
    const attempt = (base: string) => call(base, 'POST', '/login', { body: { username: 'manager', password: 'wrong-password-1' } });
    let onA = 0;
    for (; onA < 200; onA++) {
      const r = await attempt(a);
      if (r.status === 429) break;
      expect(r.status).toBe(401);
    }
    expect(onA).toBeLessThan(200);
    expect((await attempt(b)).status).toBe(429);
  });
});

describe('two worker processes', () => {
  it('an import started on either api is run exactly once, by one of the workers', async () => {
    const ids: number[] = [];
    for (const [i, base] of bases.entries()) {
      const up = await call(base, 'POST', '/import/upload', { token: admin, form: csvForm(simCsv(`99${6 - i}`, 2_000), { kind: 'SIM' }, `scale-${i}.csv`) });
      expect(up.status).toBe(200);
      ids.push(up.body.model.id);
    }
    const workers = procs.filter((p) => p.name.startsWith('worker'));
    for (const id of ids) {
      const done = await eventually(async () => {
        const r = await importRow(id);
        return r.status === 'FINISHED' || r.status === 'FAILED' ? r : undefined;
      }, { what: `import ${id} done`, deadline: 60_000, interval: 20, ignoreErrors: true });
      expect(done).toMatchObject({ status: 'FINISHED', count: 2_000, imported: 2_000, failed: 0 });
      const rows = await pool.query(`SELECT count(*)::int AS n FROM sim_card WHERE import_id = $1`, [id]);
      expect(rows.rows[0].n).toBe(2_000);
      // once: one worker finished it, and the other did not run it too
      await eventually(async () => workers.some((w) => finishedBy(w, id) > 0), { what: `log of import ${id}`, deadline: 60_000, interval: 20, ignoreErrors: true });
      expect(workers.map((w) => finishedBy(w, id)).sort()).toEqual([0, 1]);
    }
  }, 120_000);

  it('the job of a killed worker is finished by the other one', async () => {
    const rows = 100_000;
    const up = await call(bases[1]!, 'POST', '/import/upload', { token: admin, form: csvForm(simCsv('994', rows), { kind: 'SIM' }, 'killed.csv') });
    expect(up.status).toBe(200);
    const id: number = up.body.model.id;
    const first = await eventually(async () => {
      const r = await importRow(id);
      return r.status === 'RUNNING' && r.progress < 90 ? runner(id) : undefined;
    }, { what: `a worker runs import ${id}`, deadline: 60_000, interval: 20, ignoreErrors: true });
    const victim = procs.find((p) => p.name === first)!;
    const other = procs.find((p) => p.name.startsWith('worker') && p.name !== first)!;
    await kill(victim);
    const done = await eventually(
      async () => {
        const r = await importRow(id);
        return r.status === 'FINISHED' || r.status === 'FAILED' ? r : undefined;
      },
      { what: `import ${id} finished after ${first} was killed`, deadline: 150_000, interval: 20, ignoreErrors: true },
    );
    expect(done).toMatchObject({ status: 'FINISHED', count: rows, imported: rows, failed: 0 });
    const inDb = await pool.query(`SELECT count(*)::int AS n FROM sim_card WHERE import_id = $1`, [id]);
    expect(inDb.rows[0].n).toBe(rows);
    await eventually(async () => finishedBy(other, id) === 1, { what: `log of import ${id}`, deadline: 60_000, interval: 20, ignoreErrors: true });
    expect(finishedBy(victim, id)).toBe(0);
  }, 200_000);
});
