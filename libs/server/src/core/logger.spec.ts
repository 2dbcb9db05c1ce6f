import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nestLogger, startupFailed } from './logger.js';

/** A logger writing into `lines`, as parsed JSON. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe("nestLogger: Nest's own errors and warnings as JSON log lines", () => {
  it('writes an error with its kind, message and context, a warning with its context, and drops informational lines', () => {
    const { lines, stream } = capture();
    const log = nestLogger('worker', stream);
    log.error(new Error('Invalid configuration:\n  SMTP_URL: required in production'));
    log.warn('a route is mapped twice', 'RouterExplorer');
    log.error('a plain message', 'Error: a plain message\n    at somewhere', 'ExceptionsHandler');
    log.log('Nest application successfully started', 'NestApplication');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 50, name: 'worker', msg: 'Invalid configuration:\n  SMTP_URL: required in production' });
    expect((lines[0]!.err as { type: string }).type).toBe('Error');
    expect(lines[1]).toMatchObject({ level: 40, context: 'RouterExplorer', msg: 'a route is mapped twice' });
    expect(lines[2]).toMatchObject({ level: 50, context: 'ExceptionsHandler', msg: 'a plain message' });
    expect(lines[2]!.stack).toMatch(/^Error: a plain message/);
  });
});

describe('startupFailed: a process that cannot start says why in one JSON line and exits 1', () => {
  it('logs the reason at level fatal with the error, then exits with 1', () => {
    const { lines, stream } = capture();
    let code: number | undefined;
    const exit = ((c: number) => {
      code = c;
    }) as (c: number) => never;
    startupFailed('api', new Error('Refusing to start in production: the development seed\'s users admin'), stream, exit);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, name: 'api', msg: "Refusing to start in production: the development seed's users admin" });
  });
});
