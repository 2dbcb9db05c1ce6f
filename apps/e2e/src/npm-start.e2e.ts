import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../scripts/test/eventually.mjs';
import { reservePort } from '../../../scripts/test/ports.mjs';
// @ts-expect-error plain ESM helper shared with the integration setup
import { cloneTemplate, ensureTemplate } from '../../../scripts/test/template-db.mjs';

// `npm start` (scripts/start.mjs) keeps its parts alive (docs/deployment.md, README): a worker killed as a crash would
// kill it (SIGKILL) is restarted by its supervisor while the api, fleet-sim and the start itself stay up; SIGTERM to
// the start stops every process it started. The stack runs on a clone of the test template (DATABASE_URL and
// REDIS_URL given, so the start takes no Postgres or Redis of its own) and on the built output (`--skip-build`: this
// target's dependencies built it).
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

describe('npm start: a crashed process comes back, the stack stays up', () => {
  it('restarts a worker killed with SIGKILL while the api keeps answering; SIGTERM stops everything', { timeout: 300_000 }, async () => {
    const template = await ensureTemplate();
    const db = await cloneTemplate(template, 'npmstart');
    const [port, simPort, smtpPort, ftpPort] = (await portsForStart(4)) as [number, number, number, number];
    const ftpRoot = mkdtempSync(join(tmpdir(), 'npm-start-ftp-'));
    const uploads = mkdtempSync(join(tmpdir(), 'npm-start-uploads-'));
    const start = spawn(process.execPath, ['scripts/start.mjs', '--skip-build'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        REDIS_URL: template.redisUrl,
        REDIS_KEY_PREFIX: `npmstart:${port}:`,
        PORT: String(port),
        FLEET_SIM_PORT: String(simPort),
        FLEET_SIM_SMTP_PORT: String(smtpPort),
        FLEET_SIM_FTP_PORT: String(ftpPort),
        FLEET_SIM_FTP_ROOT: ftpRoot,
        UPLOAD_DIR: uploads,
        LOG_LEVEL: 'warn',
      },
    });
    let out = '';
    start.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    start.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => start.once('exit', (code) => r(code)));
    const health = `http://127.0.0.1:${port}/health/ready`;
    const count = (s: string) => out.split(s).length - 1;
    try {
      // up: the api ready and the worker running its queues
      await eventually(async () => count('worker running') >= 1 && (await ready(health)) === 200, { what: 'the api ready and the worker running', deadline: 180_000, interval: 500 });
      const before = descendants(start.pid!);
      const worker = before.find((p) => p.args.includes('apps/worker/dist/main.js'));
      const api = before.find((p) => p.args.includes('apps/api/dist/main.js'));
      const sim = before.find((p) => p.args.includes('apps/fleet-sim/dist/main.js'));
      expect([worker, api, sim].every(Boolean), out).toBe(true);

      // the crash: SIGKILL, nothing to clean up
      process.kill(worker!.pid, 'SIGKILL');
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
      // the others were never restarted, and the start itself is still running
      expect(after.some((p) => p.pid === api!.pid) && after.some((p) => p.pid === sim!.pid)).toBe(true);
      expect(start.exitCode).toBeNull();

      // SIGTERM (as Ctrl-C): every process it started stops, and it exits 0
      start.kill('SIGTERM');
      expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 30_000))])).toBe(0);
      for (const p of [api!, sim!, worker2!]) await eventually(() => !alive(p.pid), { what: `process ${p.pid} gone`, deadline: 15_000 });
    } finally {
      if (start.exitCode === null) {
        for (const p of descendants(start.pid!)) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
        start.kill('SIGKILL');
      }
      await db.drop();
      rmSync(ftpRoot, { recursive: true, force: true });
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});
