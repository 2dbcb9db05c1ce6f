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
