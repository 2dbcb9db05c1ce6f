import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from 'otplib';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../scripts/test/eventually.mjs';
import { reservePort } from '../../../scripts/test/ports.mjs';

// `npm start` (scripts/start.mjs) keeps its parts alive (docs/deployment.md, README): a worker killed as a crash would
// kill it (SIGKILL) in the middle of a campaign is restarted by its supervisor while the api, fleet-sim, PostgreSQL,
// Redis and the start itself stay up, and every device gets its message exactly once; SIGTERM to the start stops
// every process it started, PostgreSQL and Redis included. The start owns its PostgreSQL and Redis as on a
// developer's machine (started from a data folder of its own: STACK_DATA_DIR and STACK_*_PORT in a temporary folder,
// then migrated and seeded), and runs the built output (`--skip-build`: this target's dependencies built it).
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Free ports for what `npm start` starts: its grandchildren bind them, beyond a socket's reach (scripts/test/ports.mjs
 * hands sockets to children only), so they are taken, then given up for them.
 */
async function portsForStart(n: number): Promise<number[]> {
  const reserved = await Promise.all(Array.from({ length: n }, () => reservePort()));
  await Promise.all(reserved.map((r) => new Promise((done) => r.server.close(done))));
  return reserved.map((r) => r.port);
}

/** The processes below `pid` (children, grandchildren), with their command lines. */
function descendants(pid: number): { pid: number; args: string }[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const out: { pid: number; args: string }[] = [];
  const walk = (p: number) => {
    for (const r of rows.filter((x) => x.ppid === p)) {
      out.push({ pid: r.pid, args: r.args });
      walk(r.pid);
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function ready(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** The pid in the first line of a pid file (PostgreSQL's postmaster.pid, Redis's pidfile), 0 when there is none. */
const pidIn = (file: string) => (existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0);

const portAnswers = async (port: number) => {
  const net = await import('node:net');
  return new Promise<boolean>((done) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), done(true)));
    s.once('error', () => done(false));
  });
};

/** The seeded users' passwords and TOTP secrets (development only). */
const devUsers = JSON.parse(readFileSync(join(root, 'seed/dev-users.json'), 'utf8')) as { username: string; password: string; totpSecret: string | null }[];

describe('npm start: a crashed process comes back, the stack stays up', () => {
  it('restarts a worker killed with SIGKILL mid-campaign: each device gets its message once, the api, PostgreSQL and Redis stay up; SIGTERM stops everything', { timeout: 420_000 }, async () => {
    const [port, simPort, smtpPort, ftpPort, pgPort, redisPort] = (await portsForStart(6)) as [number, number, number, number, number, number];
    const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-stack-'));
    // PostgreSQL runs as the postgres user when the start runs as root: it must be able to enter the folder
    chmodSync(dataDir, 0o755);
    const ftpRoot = mkdtempSync(join(tmpdir(), 'npm-start-ftp-'));
    const uploads = mkdtempSync(join(tmpdir(), 'npm-start-uploads-'));
    // no DATABASE_URL or REDIS_URL: the start starts its own
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
    const start = spawn(process.execPath, ['scripts/start.mjs', '--skip-build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...inherited,
        NODE_ENV: 'development',
        STACK_NO_DOCKER: '1',
        STACK_DATA_DIR: dataDir,
        STACK_PG_PORT: String(pgPort),
        STACK_REDIS_PORT: String(redisPort),
        PORT: String(port),
        FLEET_SIM_PORT: String(simPort),
        FLEET_SIM_SMTP_PORT: String(smtpPort),
        FLEET_SIM_FTP_PORT: String(ftpPort),
        FLEET_SIM_FTP_ROOT: ftpRoot,
        UPLOAD_DIR: uploads,
        LOG_LEVEL: 'warn',
        // the killed worker's job and claims are taken over after seconds, not the 30 s lock and 60 s lease by default
        // (the timings of apps/api/test/sms-helpers.ts CHILD_WORKER_ENV)
        SMS_LOCK_MS: '5000',
        SMS_CLAIM_LEASE_MS: '6000',
        SMS_UNQUEUED_MS: '5000',
      },
    });
    let out = '';
    start.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    start.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => start.once('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    const sim = `http://127.0.0.1:${simPort}`;
    const health = `${base}/health/ready`;
    const count = (s: string) => out.split(s).length - 1;
    const db = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/tracker` });
    let dbOpen = false;
    const pgPid = () => pidIn(join(dataDir, 'pg', 'postmaster.pid'));
    const redisPid = () => pidIn(join(dataDir, 'redis', 'redis.pid'));
    try {
      // up: its own PostgreSQL and Redis, migrated and seeded, the api ready and the worker running its queues
      await eventually(async () => count('worker running') >= 1 && (await ready(health)) === 200, { what: 'the api ready and the worker running', deadline: 300_000, interval: 500 });
      expect(out).toContain(`[stack] starting PostgreSQL on 127.0.0.1:${pgPort}`);
      expect(out).toContain(`[stack] starting Redis on 127.0.0.1:${redisPort}`);
      const [pgPid0, redisPid0] = [pgPid(), redisPid()];
      expect(pgPid0 > 0 && alive(pgPid0) && redisPid0 > 0 && alive(redisPid0), out).toBe(true);
      const before = descendants(start.pid!);
      const worker = before.find((p) => p.args.includes('apps/worker/dist/main.js'));
      const api = before.find((p) => p.args.includes('apps/api/dist/main.js'));
      const fleetSim = before.find((p) => p.args.includes('apps/fleet-sim/dist/main.js'));
      expect([worker, api, fleetSim].every(Boolean), out).toBe(true);

      // a campaign slow enough to be killed in the middle: 30 watches at 5 messages a second through the gateway
      await db.connect();
      dbOpen = true;
      await db.query('UPDATE sms_gateway SET rate_per_second = 5 WHERE id = 1');
      const devices = (
        await db.query<{ id: number; gsm: string }>(
          `SELECT id, gsm_number AS gsm FROM device d WHERE device_type_id = 1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3
             AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
           ORDER BY id LIMIT 30`,
        )
      ).rows;
      expect(devices).toHaveLength(30);
      const admin = devUsers.find((u) => u.username === 'admin')!;
      const call = async (method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
        const r = await fetch(`${base}/api${path}`, {
          method,
          headers: { 'request-origin': 'backoffice-console', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: r.status, body: (await r.json()) as any };
      };
      expect((await call('POST', '/login', { username: 'admin', password: admin.password })).status).toBe(200);
      const signedIn = await call('POST', '/token', { username: 'admin', password: admin.password, code: await generate({ secret: admin.totpSecret! }) });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const token = signedIn.body.model.token as string;
      // every process re-reads the gateways once their version moves, as after a save in the console (gatewaysChanged)
      execFileSync('redis-cli', ['-p', String(redisPort), 'INCR', `${inherited.REDIS_KEY_PREFIX ?? 'tracker:'}sms:gateways:version`]);
      const bulkBody = { command_key: 'LOCATE', message: '', devices: devices.map((d) => d.id), device_type: 1 };
      const first = await call('POST', '/sms/sendBulk', bulkBody, token);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const started = await call('POST', '/sms/sendBulk', { ...bulkBody, confirm_token: first.body.model.confirm_token }, token);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const bulk = started.body.model.bulk_id as string;
      const gsms = new Set(devices.map((d) => d.gsm));
      const accepted = async () => ((await (await fetch(`${sim}/control/messages`)).json()) as { to: string; body: string }[]).filter((m) => gsms.has(m.to) && m.body === 'WHERE#').length;
      await eventually(async () => (await accepted()) >= 3, { what: 'the campaign under way', deadline: 120_000, interval: 100 });

      // the crash, mid-campaign: SIGKILL, nothing to clean up
      process.kill(worker!.pid, 'SIGKILL');
      const atKill = await accepted();
      expect(atKill, 'the worker was killed before the campaign was over').toBeLessThan(30);
      // the api answers ready all along, and the supervisor says what it does
      const answers: number[] = [];
      await eventually(
        async () => {
          answers.push(await ready(health));
          return count('worker running') >= 2;
        },
        { what: 'the worker running again', deadline: 120_000, interval: 500 },
      );
      expect(out).toMatch(/\[start\] worker .*; restarting it in [\d.]+ s \(restart 1; Ctrl-C stops everything\)/);
      expect(out).toContain('[start] restarting worker');
      expect(answers.filter((s) => s !== 200), out).toEqual([]);
      const after = descendants(start.pid!);
      const worker2 = after.find((p) => p.args.includes('apps/worker/dist/main.js'));
      expect(worker2 && worker2.pid !== worker!.pid).toBe(true);
      // the others were never restarted, PostgreSQL and Redis are the same processes, and the start is still running
      expect(after.some((p) => p.pid === api!.pid) && after.some((p) => p.pid === fleetSim!.pid)).toBe(true);
      expect([pgPid(), redisPid()]).toEqual([pgPid0, redisPid0]);
      expect(alive(pgPid0) && alive(redisPid0)).toBe(true);
      expect(start.exitCode).toBeNull();

      // the restarted worker finishes the campaign: every watch got the message exactly once, as the gateway saw it
      const done = await eventually(async () => {
        const p = (await call('GET', `/sms/campaign?bulk_id=${bulk}`, undefined, token)).body.model;
        return p.waiting === 0 && p.sent === p.received ? p : null;
      }, { what: 'the campaign done', deadline: 180_000, interval: 1_000 });
      expect(done).toMatchObject({ total: 30, received: 30, errors: 0, done: true });
      const handsets = async () => ((await (await fetch(`${sim}/control/handsets`)).json()) as { to: string; body: string; count: number }[]).filter((h) => gsms.has(h.to) && h.body === 'WHERE#');
      // a handset counts a message once the gateway's delivery report is answered
      await eventually(async () => (await handsets()).length === 30, { what: 'every handset counted', deadline: 60_000 });
      expect((await handsets()).filter((h) => h.count !== 1)).toEqual([]);
      expect(await accepted()).toBe(30);
      expect((await db.query('SELECT count(*)::int AS n FROM sms_message WHERE bulk_id = $1', [bulk])).rows[0].n).toBe(30);
      await db.end();
      dbOpen = false;

      // SIGTERM (as Ctrl-C): every process it started stops, PostgreSQL and Redis too, and it exits 0
      start.kill('SIGTERM');
      expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))])).toBe(0);
      for (const p of [api!, fleetSim!, worker2!]) await eventually(() => !alive(p.pid), { what: `process ${p.pid} gone`, deadline: 15_000 });
      await eventually(async () => !alive(pgPid0) && !alive(redisPid0) && !(await portAnswers(pgPort)) && !(await portAnswers(redisPort)), { what: 'PostgreSQL and Redis stopped', deadline: 30_000 });
    } finally {
      if (dbOpen) await db.end().catch(() => undefined);
      if (start.exitCode === null) {
        for (const p of descendants(start.pid!)) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
        start.kill('SIGKILL');
      }
      // a stack a failed run left: its own PostgreSQL and Redis, from the temporary folder
      for (const pid of [pgPid(), redisPid()]) if (pid && alive(pid)) process.kill(pid, 'SIGTERM');
      await eventually(() => ![pgPid(), redisPid()].some((pid) => pid && alive(pid)), { what: 'the stack stopped', deadline: 30_000 }).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(ftpRoot, { recursive: true, force: true });
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});
