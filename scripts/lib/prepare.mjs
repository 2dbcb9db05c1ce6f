// Shared preparation of `npm start` and `npm test`: dependencies, generated client, builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/** The Node ABI node_modules was installed for (native modules such as bcrypt are built or picked for it). */
export const ABI_MARKER = join(ROOT, 'node_modules', '.node-abi');
const abi = () => `${process.versions.modules} ${process.platform}-${process.arch}`;

/**
 * `npm ci` on a fresh clone or when package-lock.json changed since the last install; `npm rebuild` when the Node
 * ABI changed since (node_modules installed under another Node, e.g. the system's Node 20 before the switch to 24:
 * README "Runtime"), so native modules match the Node that runs them.
 */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || mtime(join(ROOT, 'package-lock.json')) > mtime(marker)) {
    console.log('[prepare] installing dependencies (npm ci)');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  } else if ((existsSync(ABI_MARKER) ? readFileSync(ABI_MARKER, 'utf8').trim() : '') !== abi()) {
    console.log(`[prepare] node_modules was installed for another Node ABI: npm rebuild for Node ${process.versions.node} (ABI ${process.versions.modules})`);
    run('npm', ['rebuild', '--no-audit', '--no-fund']);
  }
  writeFileSync(ABI_MARKER, `${abi()}\n`);
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
 * firmware uploads and the watches' downloads reach it whatever FLEET_SIM_FTP_PORT is (docs/fleet-sim.md "FTP"), and
 * gives the seeded firmware binaries of that server real files under its root (`ftpRoot`): a binary whose file is
 * missing gets one of its recorded size, simulated content derived from its version, and the row's sha256 and size
 * are set from the simulated file (written now or for an earlier seed), so a rollout of a seeded binary downloads
 * and checks out in the simulated fleet as an uploaded one does. Uploaded files are never touched.
 */
export async function registerFleetSimFtp(databaseUrl, port, ftpRoot) {
  const { default: pg } = await import('pg');
  const { createHash } = await import('node:crypto');
  const { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, writeFileSync } = await import('node:fs');
  const { dirname, join, resolve, sep } = await import('node:path');
  const HEADER = Buffer.from('SIMULATED FIRMWARE ');
  const simulated = (file) => {
    const fd = openSync(file, 'r');
    try {
      const head = Buffer.alloc(HEADER.length);
      return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(HEADER);
    } finally {
      closeSync(fd);
    }
  };
  /** `size` bytes: a header naming the version, then blocks of sha256 chained from it (deterministic, not compressible) */
  const simulatedFirmware = (version, size) => {
    const out = Buffer.alloc(size);
    let at = out.write(`${HEADER}${version}\n`.slice(0, size));
    let block = createHash('sha256').update(version).digest();
    while (at < size) {
      at += block.copy(out, at);
      block = createHash('sha256').update(block).digest();
    }
    return out;
  };
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    // fleet-sim's download login (read-only, what a watch gets in its FOTA command): a database seeded before the
    // server had one gets fleet-sim's
    await c.query(
      `UPDATE ftp_server SET port = $1, download_username = COALESCE(download_username, $2), download_password = COALESCE(download_password, $3)
       WHERE id = 1 AND host = '127.0.0.1'`,
      [Number(port), process.env.FLEET_SIM_FTP_DOWNLOAD_USER ?? 'firmware-dl', process.env.FLEET_SIM_FTP_DOWNLOAD_PASSWORD ?? 'firmware-dl-dev'],
    );
    if (!ftpRoot) return;
    const root = resolve(ftpRoot);
    const { rows } = await c.query('SELECT id, version, path, size_bytes FROM firmware_binary WHERE ftp_server_id = 1 ORDER BY id');
    for (const b of rows) {
      const file = resolve(join(root, b.path));
      if (!file.startsWith(root + sep)) continue;
      if (!existsSync(file)) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, simulatedFirmware(b.version, Number(b.size_bytes)));
      } else if (!simulated(file)) continue;
      const content = readFileSync(file);
      await c.query('UPDATE firmware_binary SET sha256 = $2, size_bytes = $3 WHERE id = $1', [b.id, createHash('sha256').update(content).digest('hex'), content.length]);
    }
  } finally {
    await c.end();
  }
}

export function seed(databaseUrl, args = []) {
  run('npx', ['tsx', 'seed/cli.ts', ...args], { env: { DATABASE_URL: databaseUrl } });
}
