import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { passPorts, reservePort } from './ports.mjs';

const CHILD = `
  const http = require('node:http');
  const port = Number(process.env.PORT);
  const s = http.createServer((_, res) => res.end('child ' + process.pid));
  s.listen(port, '127.0.0.1', () => console.log('listening ' + s.address().port + ' ' + (process.env.TEST_INHERITED_PORTS ?? 'gone')));
`;

describe('reserved ports', () => {
  it('no ports: nothing added to the child', async () => {
    const pass = passPorts([]);
    expect({ execArgv: pass.execArgv, stdio: pass.stdio, env: pass.env }).toEqual({ execArgv: [], stdio: [], env: {} });
    await pass.release();
  });

  it('an in-process server serves on the reserved socket itself (no second bind)', async () => {
    const reserved = await reservePort();
    const http = createServer((_, res) => res.end('here'));
    await new Promise((r) => http.listen(reserved.server, () => r(undefined)));
    expect(http.address()).toMatchObject({ port: reserved.port });
    expect(await (await fetch(`http://127.0.0.1:${reserved.port}/`)).text()).toBe('here');
    await new Promise((r) => http.close(r));
  });

  it('a Node child inherits the socket and its listen() on that port takes it; the port stays bound throughout', async () => {
    const reserved = await reservePort();
    const pass = passPorts([reserved]);
    const child = spawn(process.execPath, [...pass.execArgv, '-e', CHILD], {
      stdio: ['ignore', 'pipe', 'inherit', ...pass.stdio],
      env: { ...process.env, ...pass.env, PORT: String(reserved.port) },
    });
    await pass.release();
    try {
      const line = await new Promise((resolve, reject) => {
        child.stdout.on('data', (b) => resolve(b.toString().trim()));
        child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
      });
      // the child's server is on the reserved port, and the variable is not passed on to its own children
      expect(line).toBe(`listening ${reserved.port} gone`);
      expect(await (await fetch(`http://127.0.0.1:${reserved.port}/`)).text()).toBe(`child ${child.pid}`);
      // binding the port again is refused: it never was free
      const other = createServer();
      const err = await new Promise((resolve) => {
        other.once('error', resolve);
        other.listen(reserved.port, '127.0.0.1', () => resolve(null));
      });
      expect(err).toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
