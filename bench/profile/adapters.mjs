// Nest on Express against Nest on Fastify (issue 25: "the Fastify adapter of Nest is one option; measure, do not
// assume"): one app, the same controller, global guard and interceptor (adapters-app.mjs), on each adapter in turn,
// twice; the server's CPU per request for a GET answering 25 search-like rows and for a form-encoded POST like the
// gateway's calls, at 10 clients. Nothing of the project's own pipeline runs: this is the adapter's share alone.
//
//   node bench/profile/adapters.mjs [--requests 5000] [--concurrency 10]
//
// Installs @nestjs/platform-fastify (not a dependency of the project) beside the project's Nest version into
// .data/bench-adapters the first time (npm, from the registry).
import { execFileSync, fork } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ROOT } from '../lib.mjs';

const { values: opts } = parseArgs({ options: { requests: { type: 'string', default: '5000' }, concurrency: { type: 'string', default: '10' } } });
const N = Number(opts.requests);
const C = Number(opts.concurrency);
const dir = `${ROOT}/.data/bench-adapters`;
const version = (p) => JSON.parse(readFileSync(`${ROOT}/node_modules/${p}/package.json`, 'utf8')).version;
const nest = version('@nestjs/core');
if (!existsSync(`${dir}/node_modules/@nestjs/platform-fastify`)) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/package.json`, JSON.stringify({ name: 'bench-adapters', private: true, type: 'module' }));
  const pkgs = [`@nestjs/core@${nest}`, `@nestjs/common@${nest}`, `@nestjs/platform-express@${nest}`, `@nestjs/platform-fastify@${nest.split('.')[0]}`, `reflect-metadata@${version('reflect-metadata')}`, `rxjs@${version('rxjs')}`];
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...pkgs], { cwd: dir, stdio: 'inherit' });
}
copyFileSync(`${ROOT}/bench/profile/adapters-app.mjs`, `${dir}/app.mjs`);
const versions = ['@nestjs/core', '@nestjs/platform-express', 'express', '@nestjs/platform-fastify', 'fastify'].map((p) => `${p} ${JSON.parse(readFileSync(`${dir}/node_modules/${p}/package.json`, 'utf8')).version}`);

const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const loop = async (fn) => {
  let next = 0;
  await Promise.all(Array.from({ length: C }, async () => { while (next++ < N) await fn(); }));
};
const rows = [];
for (const round of [1, 2]) {
  for (const adapter of ['express', 'fastify']) {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = fork(`${dir}/app.mjs`, [adapter, String(port)], { stdio: 'inherit' });
    await new Promise((r) => child.once('message', r));
    const base = `http://127.0.0.1:${port}`;
    const get = async () => (await fetch(`${base}/search?query=35123456`)).arrayBuffer();
    const post = async () =>
      (await fetch(`${base}/hook`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'MessageSid=SM123&MessageStatus=delivered&AccountSid=AC1&To=%2B1555&From=%2B1666&ApiVersion=2010-04-01' })).arrayBuffer();
    for (const [name, fn] of [['GET, 25 rows', get], ['POST, form', post]]) {
      await loop(fn);
      const c0 = cpuMs(child.pid);
      const t0 = performance.now();
      await loop(fn);
      rows.push(`| ${round} | ${adapter} | ${name} | ${((cpuMs(child.pid) - c0) / N).toFixed(3)} | ${((N / (performance.now() - t0)) * 1000).toFixed(0)} |`);
    }
    child.kill();
  }
}
console.log(`${versions.join(', ')}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
console.log(`| round | adapter | request | server CPU ms per request | requests/s at ${C} clients |\n|---|---|---|---|---|\n${rows.join('\n')}`);
