// Shared preparation of `npm start` and `npm test`: dependencies, generated client, builds.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
  if (r.status !== 0 && !opts.allowFail) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
    process.exit(r.status || 1);
  }
  return r.status === 0;
}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

/** `npm ci` on a fresh clone or when package-lock.json changed since the last install. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || mtime(join(ROOT, 'package-lock.json')) > mtime(marker)) {
    console.log('[prepare] installing dependencies (npm ci)');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

/** Runs Nx targets with the local cache only (no daemon, no Nx Cloud): unchanged projects are restored, not rebuilt. */
export function nx(args, opts = {}) {
  return run('npx', ['nx', ...args, '--outputStyle=static'], {
    ...opts,
    env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...(opts.env ?? {}) },
  });
}

/** The server side: Prisma client (generated offline), then contract, server, api, worker and fleet-sim (tsc, in
 *  graph order). */
export function buildServer() {
  console.log('[prepare] building libs and server apps (nx: generate, build)');
  nx(['run-many', '-t', 'build', '--projects=@tracker/api,@tracker/worker,@tracker/fleet-sim']);
}

export function buildConsole() {
  console.log('[prepare] building the console (nx: vite build)');
  nx(['run', '@tracker/console:build']);
}

export async function migrate(databaseUrl) {
  const { migrate: apply } = await import('../db/migrate.mjs');
  await apply(databaseUrl);
}

export async function deviceCount(databaseUrl) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return Number((await c.query('select count(*) from device')).rows[0].count);
  } finally {
    await c.end();
  }
}

/**
 * Points the seeded local FTP server (ftp_server 1, 127.0.0.1) at the port fleet-sim's FTP server listens on, so
 * firmware uploads and the watches' downloads reach it whatever FLEET_SIM_FTP_PORT is (docs/fleet-sim.md "FTP").
 */
export async function registerFleetSimFtp(databaseUrl, port) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query("UPDATE ftp_server SET port = $1 WHERE id = 1 AND host = '127.0.0.1'", [Number(port)]);
  } finally {
    await c.end();
  }
}

export function seed(databaseUrl, args = []) {
  run('npx', ['tsx', 'seed/cli.ts', ...args], { env: { DATABASE_URL: databaseUrl } });
}
