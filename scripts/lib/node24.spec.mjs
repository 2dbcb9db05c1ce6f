import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { major, NODE24_VERSION, pathWith } from './node24.mjs';

const fixture = fileURLToPath(new URL('./fixtures/print-runtime.mjs', import.meta.url));

describe('runtime: Node 24 (README "Runtime")', () => {
  it('runs a script and the children it starts on Node 24, whatever Node started it', () => {
    // the system's Node where there is one (Node 20 on this machine kind), else the one running the spec
    const starter = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
      try {
        execFileSync(p, ['--version']);
        return true;
      } catch {
        return false;
      }
    }) ?? process.execPath;
    const out = JSON.parse(execFileSync(starter, [fixture, 'a', '--b'], { encoding: 'utf8' }).trim().split('\n').pop());
    expect(major(out.self)).toBeGreaterThanOrEqual(24);
    expect(out.child).toBe(out.self);
    expect(out.args).toEqual(['a', '--b']);
    const starterMajor = major(execFileSync(starter, ['--version'], { encoding: 'utf8' }).trim());
    if (starterMajor < 24) expect(out.self).toBe(`v${NODE24_VERSION}`);
  }, 180_000); // a first run fetches the build (~50 MB)

  it('puts a directory first on PATH once', () => {
    expect(pathWith('/a', '/b:/a:/c')).toBe('/a:/b:/c');
    expect(pathWith('/a', '')).toBe('/a');
  });
});
