import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { requestContext, requestIdOf } from './request-context.js';

const req = (id?: string | string[]) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as never;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it("keeps a caller's id that looks like one, else makes a UUID", () => {
    expect(requestIdOf(req('lb-7f3a.12:9_x'))).toBe('lb-7f3a.12:9_x');
    expect(requestIdOf(req(['first', 'second']))).toBe('first');
    expect(requestIdOf(req())).toMatch(UUID);
    expect(requestIdOf(req(''))).toMatch(UUID);
    expect(requestIdOf(req('has space'))).toMatch(UUID);
    expect(requestIdOf(req('a\nforged log line'))).toMatch(UUID);
    expect(requestIdOf(req('x'.repeat(129)))).toMatch(UUID);
    expect(requestIdOf(req('x'.repeat(128)))).toBe('x'.repeat(128));
  });
});

describe('the logger', () => {
  it('writes the request id on every line written while serving a request, and none outside', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({ write: (c, _e, done) => (lines.push(JSON.parse(String(c))), done()) });
    const logger = createLogger('info', 'api', undefined, sink);
    requestContext.run({ requestId: 'req-1' }, () => logger.info({ a: 1 }, 'inside'));
    logger.info('outside');
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['inside', 'req-1'],
      ['outside', undefined],
    ]);
  });
});
