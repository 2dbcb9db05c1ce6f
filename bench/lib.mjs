// What both benchmarks share: their database in the local dev stack, the built api (and worker) as child processes
// on a free port, and a signed-in admin token.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import pg from 'pg';
import { generate } from 'otplib';
import { ensureStack, ROOT } from '../scripts/lib/stack.mjs';

export { ROOT };

/**
 * The benchmark's own database in the local dev stack (`fresh`: dropped and created again; otherwise created only
 * when missing). Returns the stack and the database URL.
 */
export async function benchDatabase(name, { fresh = false } = {}) {
  process.env.DATABASE_URL = '';
  const stack = await ensureStack('dev');
  const url = new URL(stack.databaseUrl);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  url.pathname = `/${name}`;
  const a = new pg.Client({ connectionString: adminUrl.toString() });
  await a.connect();
  try {
    if (fresh) await a.query(`drop database if exists "${name}" with (force)`);
    const exists = (await a.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) await a.query(`create database "${name}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C.UTF-8'`);
  } finally {
    await a.end();
  }
  return { stack, databaseUrl: url.toString() };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * The settings production mode requires, for benchmarks: fleet-sim's account and URL (never the real Twilio), and a
 * mail server and public console address (fleet-sim's mail sink's default; no benchmark sends mail).
 */
export const SMS_ENV = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000f1ee75',
  TWILIO_AUTH_TOKEN: 'fleet-sim-auth-token',
  TWILIO_API_URL: 'http://127.0.0.1:3010',
  SMS_WEBHOOK_BASE_URL: 'http://127.0.0.1:3000',
  SMTP_URL: 'smtp://127.0.0.1:3025',
  CONSOLE_PUBLIC_URL: 'http://127.0.0.1:3000',
};

/**
 * The environment of a built app in production mode against a benchmark's database and the stack's Redis, on `port`,
 * with its own Redis key prefix; `extra` adds or overrides.
 */
export function productionEnv({ databaseUrl, redisUrl, port, prefix = 'bench:', ...extra }) {
  return {
    NODE_ENV: 'production',
    // fleet-sim's public account and the development seed's users are refused in production unless allowed
    // (docs/deployment.md "Mode"): a benchmark runs the production code path against them
    ALLOW_DEVELOPMENT_SECRETS: '1',
    ...SMS_ENV,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    REDIS_KEY_PREFIX: prefix,
    ...extra,
  };
}

/**
 * The settings that point a benchmark's api and worker at a started fleet-sim (`sim`, from startFleetSim): its
 * account, API and mail sink, with the api at `base` for the webhooks and the console's links.
 */
export function fleetSimEnv(sim, base) {
  return {
    TWILIO_ACCOUNT_SID: sim.accountSid,
    TWILIO_AUTH_TOKEN: sim.authToken,
    TWILIO_API_URL: sim.url,
    SMS_WEBHOOK_BASE_URL: base,
    SMTP_URL: sim.smtpUrl,
    CONSOLE_PUBLIC_URL: base,
  };
}

/** Starts a built app (`apps/<app>/dist/main.js`) with the given environment (and node's own flags, e.g. --cpu-prof). */
export function startApp(app, env, stdout = 'ignore', nodeArgs = []) {
  return spawn(process.execPath, [...nodeArgs, `apps/${app}/dist/main.js`], { cwd: ROOT, stdio: ['ignore', stdout, 'inherit'], env: { ...process.env, ...env } });
}

/** Waits until the api at `base` (`http://host:port/api`) answers. */
export async function waitForApi(base, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      // a public route: /api/docs is off in production (docs/access.md, "HTTP headers")
      if ((await fetch(`${base}/console/config`, { headers: { 'request-origin': 'backoffice-console' } })).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} did not answer within ${ms} ms`);
}

/** Signs the seeded admin in through both steps and returns the session token. */
export async function adminToken(base, databaseUrl) {
  const admin = JSON.parse(readFileSync(`${ROOT}/seed/dev-users.json`, 'utf8')).find((u) => u.username === 'admin');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(`update backoffice_user set totp_last_step = null where username = 'admin'`); // the replay guard
  await c.end();
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'request-origin': 'backoffice-console' },
    body: JSON.stringify({ username: 'admin', password: admin.password, code: await generate({ secret: admin.totpSecret }) }),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).model.token;
}

/** A process's memory from /proc: resident now and its peak (VmHWM, the kernel's high-water mark), in MB. */
export function procMemory(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const TICK_MS = 10; // USER_HZ is 100 on Linux: /proc's CPU times count 10 ms ticks
const procStat = (pid) => {
  // the command name (field 2) may hold spaces: the fields after it start past its closing parenthesis
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return s.slice(s.lastIndexOf(')') + 2).split(' ');
};

/** CPU ms a process has used so far (user + system), from /proc/<pid>/stat. */
export function procCpuMs(pid) {
  const f = procStat(pid); // f[11] utime, f[12] stime (fields 14 and 15 of proc(5))
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

/**
 * CPU ms used so far by a Postgres server: the postmaster found from one of its backends (`client`'s), its own time
 * and that of its children gone (cutime, cstime), plus each live child's (backends, checkpointer, autovacuum...).
 * A difference of two readings is what the server spent between them, whichever backend spent it.
 */
export async function postgresCpu(client) {
  const backend = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
  const postmaster = Number(procStat(backend)[1]);
  return () => {
    const f = procStat(postmaster);
    let ms = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const c = procStat(d);
        if (Number(c[1]) === postmaster) ms += (Number(c[11]) + Number(c[12])) * TICK_MS;
      } catch {
        /* gone meanwhile */
      }
    }
    return ms;
  };
}

/** The 1-minute load average (/proc/loadavg): the machine is shared, so every figure carries it. */
export const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/**
 * The dashboard search's queries, drawn from the fleet in `pool` so each one has hits (bench/search, bench/scale):
 * the makers per filter name (each answers { filter, query }) and `reseed`, which restarts their pseudo-random
 * sequence (mulberry32 from 42), so runs and paths compare like for like.
 */
export async function searchQueries(pool) {
  const pick = async (sql) => (await pool.query(sql)).rows;
  const sampleDevices = await pick(`select imei, imsi, gsm_number from device tablesample system (0.5) repeatable (42) where imsi is not null and gsm_number is not null order by id limit 200`);
  const sampleOwners = await pick(`select email, first_name, last_name from owner tablesample system (0.5) repeatable (42) where first_name is not null order by id limit 200`);
  // a small fleet's 0.5 % sample may hold no row: then the whole table's first rows
  if (!sampleDevices.length) sampleDevices.push(...(await pick(`select imei, imsi, gsm_number from device where imsi is not null and gsm_number is not null order by id limit 200`)));
  if (!sampleOwners.length) sampleOwners.push(...(await pick(`select email, first_name, last_name from owner where first_name is not null order by id limit 200`)));
  let state = 42;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rnd = (arr) => arr[Math.floor(random() * arr.length)];
  return {
    reseed: () => (state = 42),
    filters: {
      'exact IMEI': () => ({ filter: 'imei', query: rnd(sampleDevices).imei }),
      'IMEI prefix (8)': () => ({ filter: 'imei', query: rnd(sampleDevices).imei.slice(0, 8) }),
      'IMSI prefix (10)': () => ({ filter: 'imsi', query: rnd(sampleDevices).imsi.slice(0, 10) }),
      'phone prefix (9)': () => ({ filter: 'gsm_number', query: rnd(sampleDevices).gsm_number.slice(0, 10) }),
      'e-mail part': () => ({ filter: 'email', query: rnd(sampleOwners).email.split('@')[0].slice(0, 6) }),
      'name part': () => ({ filter: 'user_name', query: rnd(sampleOwners).last_name.slice(0, 4) }),
    },
  };
}

/** `requests` calls of `fn` from `concurrency` closed-loop clients: p50, p95 (ms), calls per second, wall ms. */
export async function closedLoop(fn, requests, concurrency) {
  const times = [];
  let next = 0;
  const client = async () => {
    while (next < requests) {
      next++;
      const t = process.hrtime.bigint();
      await fn();
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  };
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, client));
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)], rate: (requests / wall) * 1000, wall };
}

/**
 * Warms `fn` at `concurrency` (at least 20 calls, 3 per client): every pooled connection open with its statements
 * prepared and planned, caches and the JIT warm, before a measured phase.
 */
export async function warmUp(fn, concurrency) {
  let left = Math.max(20, 3 * concurrency);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await fn();
    }),
  );
}
