#!/usr/bin/env node
// The registry this project installs from only carries the linux-x64/arm64 builds of a few
// native packages (@swc/core, msgpackr-extract). `npm install` then leaves their other
// platform builds out of package-lock.json and `npm ci` refuses the lock as out of sync.
// This adds a platform-guarded placeholder for every optional dependency the lock misses, so
// `npm ci` accepts the lock and skips those entries (their os/cpu never match this machine).
// Run it after every `npm install` that changes the lock: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  return os && cpu ? { os, cpu } : null;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key]) continue;
    const platform = platformOf(dep);
    if (!platform) throw new Error(`${path}: cannot tell the platform of missing optional ${dep}`);
    lock.packages[key] = {
      version,
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: ${added} placeholder entr${added === 1 ? 'y' : 'ies'} added`);
