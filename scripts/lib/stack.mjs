// Local services for development and tests: PostgreSQL and Redis on loopback.
// Order of preference: DATABASE_URL / REDIS_URL given -> used as they are; a Docker engine answers ->
// docker compose; otherwise the machine's own binaries (installed with apt when missing), run from a
// git-ignored data folder. Running as root, Postgres runs as the `postgres` user (initdb refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, chownSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import net from 'node:net';
import { createHash } from 'node:crypto';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);

const log = (msg) => console.log(`[stack] ${msg}`);

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8', ...opts });
  if (r.status !== 0 && !opts.allowFail) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr ?? ''}`);
  }
  return r;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

let aptUpdated = false;
export function aptInstall(packages) {
  if (!isRoot()) {
    throw new Error(`missing system packages: ${packages.join(' ')} (install them, or run as root so this script can)`);
  }
  if (!aptUpdated) {
    log('apt-get update');
    // another install on the machine (a second checkout's first run) holds dpkg's lock: wait for it, not fail
    sh('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update', '-qq']);
    aptUpdated = true;
  }
  log(`apt-get install ${packages.join(' ')}`);
  sh('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Installs what the local stack needs and is missing: PostgreSQL (with contrib), Redis, and optionally Chromium. */
export function ensureSystemPackages({ chromium = false } = {}) {
  const missing = [];
  if (!pgBinDir()) missing.push('postgresql', 'postgresql-contrib');
  if (!which('redis-server')) missing.push('redis-server');
  if (chromium && !existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (missing.length) aptInstall(missing);
}

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((res) => {
    const s = net.connect({ port, host });
    s.once('connect', () => {
      s.destroy();
      res(true);
    });
    s.once('error', () => res(false));
  });
}

async function waitPort(port, what, ms = 20000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await portOpen(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not open port ${port} within ${ms} ms`);
}

function dockerEngineAnswers() {
  if (process.env.STACK_NO_DOCKER === '1' || !which('docker')) return false;
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 }).status === 0;
}

/** Is `pid` a running process? */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** The PostgreSQL listening on `port` runs from `dataDir` (its postmaster.pid names the port and a live process). */
export function postgresOwns(dataDir, port) {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return false;
  const lines = readFileSync(file, 'utf8').split('\n');
  return Number(lines[3]) === Number(port) && alive(Number(lines[0]));
}

/** The Redis listening on `port` keeps its data in `dataDir` (CONFIG GET dir). */
export function redisOwns(dataDir, port) {
  const r = spawnSync('redis-cli', ['-p', String(port), '--raw', 'config', 'get', 'dir'], { encoding: 'utf8', timeout: 5000 });
  return r.status === 0 && r.stdout.split('\n')[1]?.trim() === resolve(dataDir);
}

/**
 * What listens on a port the test stack wants must be the test stack's own (an earlier run's, from its data folder):
 * a test run never uses a PostgreSQL or Redis it did not start, e.g. a running `npm start` stack's.
 */
function refuseForeign(what, port, envName) {
  throw new Error(
    `${what} on 127.0.0.1:${port} was not started by the tests (not from their data folder): npm test never shares a running stack. ` +
      `Stop it, or give the tests other ports with ${envName}.`,
  );
}

/**
 * Starts Postgres in `dataDir` on `port` unless something already listens there (`own`: only one running from
 * `dataDir` is taken; anything else there is refused).
 * Returns a function that stops it (a no-op when it was already running).
 */
async function ensurePostgres(dataDir, port, { own = false } = {}) {
  if (await portOpen(port)) {
    if (own && !postgresOwns(dataDir, port)) refuseForeign('PostgreSQL', port, 'STACK_TEST_PG_PORT');
    log(`PostgreSQL already listening on 127.0.0.1:${port}${own ? ` (the tests' own, ${dataDir})` : ''}`);
    return () => {};
  }
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  mkdirSync(dataDir, { recursive: true });
  const asPg = isRoot();
  const run = (cmd, args, opts) =>
    asPg ? sh('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], opts) : sh(join(bin, cmd), args, opts);
  if (asPg) {
    const pw = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dataDir, pw, gid);
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`initdb ${dataDir}`);
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'], {
      quiet: true,
    });
    writeFileSync(
      join(dataDir, 'postgresql.auto.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dataDir}'`,
        'shared_buffers = 256MB',
        'work_mem = 16MB',
        'maintenance_work_mem = 256MB',
        'max_connections = 200',
        'fsync = on',
        'synchronous_commit = off',
        'max_wal_size = 2GB',
        '',
      ].join('\n'),
    );
    if (asPg) sh('chown', ['postgres:postgres', join(dataDir, 'postgresql.auto.conf')]);
  }
  log(`starting PostgreSQL on 127.0.0.1:${port}`);
  run('pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-o', `-p ${port}`, '-w', 'start'], {
    quiet: true,
  });
  await waitPort(port, 'PostgreSQL');
  return () => {
    log('stopping PostgreSQL');
    run('pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop'], { quiet: true, allowFail: true });
  };
}

async function ensureRedis(dataDir, port, { own = false } = {}) {
  if (await portOpen(port)) {
    if (own && !redisOwns(dataDir, port)) refuseForeign('Redis', port, 'STACK_TEST_REDIS_PORT');
    log(`Redis already listening on 127.0.0.1:${port}${own ? ` (the tests' own, ${dataDir})` : ''}`);
    return () => {};
  }
  mkdirSync(dataDir, { recursive: true });
  log(`starting Redis on 127.0.0.1:${port}`);
  sh('redis-server', [
    '--bind', '127.0.0.1',
    '--port', String(port),
    '--daemonize', 'yes',
    '--dir', dataDir,
    '--pidfile', join(dataDir, 'redis.pid'),
    '--logfile', join(dataDir, 'redis.log'),
    '--maxmemory-policy', 'noeviction',
    '--save', '60', '1000',
  ]);
  await waitPort(port, 'Redis');
  return () => {
    log('stopping Redis');
    sh('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { quiet: true, allowFail: true });
  };
}

async function createDatabaseIfMissing(adminUrl, name) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!r.rowCount) {
      log(`create database ${name}`);
      // C collation: btree indexes answer LIKE 'prefix%' and sort fast; C.UTF-8 ctype keeps ILIKE/lower() right
      await c.query(
        `create database "${name}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C.UTF-8'`,
      );
    }
  } finally {
    await c.end();
  }
}

/**
 * Where Postgres keeps its data: `.data/pg` of the checkout, unless the checkout lies below a folder the `postgres`
 * user cannot enter (running as root in a clone under `mktemp -d`, mode 700): then a folder of its own under /var/tmp,
 * one per checkout, which it can.
 */
function pgDataDir(dataRoot, profile) {
  const inside = join(dataRoot, 'pg');
  if (!isRoot()) return inside;
  mkdirSync(dataRoot, { recursive: true });
  const reachable = spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dataRoot], { stdio: 'ignore' }).status === 0;
  if (reachable) return inside;
  // one per checkout (and per STACK_DATA_DIR, when that names another data folder)
  const key = dataRoot === join(ROOT, '.data') || dataRoot === join(ROOT, '.data', 'test') ? ROOT : dataRoot;
  const dir = `/var/tmp/tracker-pg-${createHash('sha256').update(key).digest('hex').slice(0, 12)}${profile === 'test' ? '-test' : ''}`;
  log(`${dataRoot} is not reachable by the postgres user: PostgreSQL data in ${dir}`);
  return dir;
}

/**
 * Ports and data folder of a profile. 'dev' (`npm start`, benchmarks): STACK_PG_PORT / STACK_REDIS_PORT (54329,
 * 63799), `.data/` (STACK_DATA_DIR: another folder, e.g. a stack of its own for npm-start.e2e.ts). 'test' (`npm test`, the suites' global setups): a PostgreSQL and Redis of their own,
 * STACK_TEST_PG_PORT / STACK_TEST_REDIS_PORT (default: the dev ports + 1000), `.data/test/`, so a running `npm start`
 * and a test run never share a fate.
 */
export function stackLayout(profile = 'dev', env = process.env) {
  const pg = Number(env.STACK_PG_PORT ?? 54329);
  const redis = Number(env.STACK_REDIS_PORT ?? 63799);
  if (profile !== 'test') return { pgPort: pg, redisPort: redis, dataRoot: env.STACK_DATA_DIR ? resolve(env.STACK_DATA_DIR) : join(ROOT, '.data') };
  return {
    pgPort: Number(env.STACK_TEST_PG_PORT ?? pg + 1000),
    redisPort: Number(env.STACK_TEST_REDIS_PORT ?? redis + 1000),
    dataRoot: join(ROOT, '.data', 'test'),
  };
}

/**
 * Ensures Postgres and Redis for a profile ('dev' or 'test', stackLayout) and returns
 * { databaseUrl, redisUrl, stop }. `stop` stops only what this call started. The test profile takes only a
 * PostgreSQL and Redis it started itself (now or in an earlier run, from `.data/test/`), and never Docker Compose's
 * (the development stack's).
 */
export async function ensureStack(profile = 'dev') {
  const stops = [];
  const { pgPort, redisPort, dataRoot } = stackLayout(profile);
  const own = profile === 'test';
  const dbName = profile === 'test' ? 'tracker_test' : 'tracker';
  let databaseUrl = process.env.DATABASE_URL;
  let redisUrl = process.env.REDIS_URL;

  if (!databaseUrl || !redisUrl) {
    if (!own && dockerEngineAnswers()) {
      log('Docker engine found: docker compose up -d');
      sh('docker', ['compose', 'up', '-d', '--wait']);
    } else {
      ensureSystemPackages();
      if (!databaseUrl) stops.push(await ensurePostgres(pgDataDir(dataRoot, profile), pgPort, { own }));
      if (!redisUrl) stops.push(await ensureRedis(join(dataRoot, 'redis'), redisPort, { own }));
    }
    if (!databaseUrl) {
      await createDatabaseIfMissing(`postgres://postgres@127.0.0.1:${pgPort}/postgres`, dbName);
      databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/${dbName}`;
    }
    // tests use their own Redis database index so they never touch dev queues
    redisUrl ??= `redis://127.0.0.1:${redisPort}/${profile === 'test' ? 1 : 0}`;
  }
  return {
    databaseUrl,
    redisUrl,
    stop: () => {
      for (const s of stops.reverse()) s();
    },
  };
}

export function isDir(p) {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
