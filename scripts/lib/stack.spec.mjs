import net from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureStack, ROOT, stackLayout } from './stack.mjs';

/** a listener that is not the tests' PostgreSQL or Redis (a running `npm start` stack, anything else) */
async function foreignListener() {
  const server = net.createServer((s) => s.destroy());
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { port: server.address().port, close: () => new Promise((r) => server.close(r)) };
}

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'STACK_TEST_PG_PORT', 'STACK_TEST_REDIS_PORT']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('the test stack is its own (npm test never shares a running npm start stack)', () => {
  it('has its own ports and data folder', () => {
    expect(stackLayout('dev', {})).toEqual({ pgPort: 54329, redisPort: 63799, dataRoot: join(ROOT, '.data') });
    expect(stackLayout('dev', { STACK_DATA_DIR: '/tmp/own-stack', STACK_PG_PORT: '6100', STACK_REDIS_PORT: '6101' })).toEqual({ pgPort: 6100, redisPort: 6101, dataRoot: '/tmp/own-stack' });
    expect(stackLayout('test', { STACK_DATA_DIR: '/tmp/own-stack' }).dataRoot).toBe(join(ROOT, '.data', 'test'));
    expect(stackLayout('test', {})).toEqual({ pgPort: 55329, redisPort: 64799, dataRoot: join(ROOT, '.data', 'test') });
    expect(stackLayout('test', { STACK_PG_PORT: '54344', STACK_REDIS_PORT: '63814' })).toMatchObject({ pgPort: 55344, redisPort: 64814 });
    expect(stackLayout('test', { STACK_TEST_PG_PORT: '6000', STACK_TEST_REDIS_PORT: '6001' })).toMatchObject({ pgPort: 6000, redisPort: 6001 });
  });

  it('refuses a PostgreSQL it did not start on its port', async () => {
    const other = await foreignListener();
    try {
      delete process.env.DATABASE_URL;
      process.env.REDIS_URL = 'redis://127.0.0.1:1/1';
      process.env.STACK_TEST_PG_PORT = String(other.port);
      await expect(ensureStack('test')).rejects.toThrow(
        new RegExp(`PostgreSQL on 127.0.0.1:${other.port} was not started by the tests .* npm test never shares a running stack.*STACK_TEST_PG_PORT`),
      );
    } finally {
      await other.close();
    }
  });

  it('refuses a Redis it did not start on its port', async () => {
    const other = await foreignListener();
    try {
      process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/x';
      delete process.env.REDIS_URL;
      process.env.STACK_TEST_REDIS_PORT = String(other.port);
      await expect(ensureStack('test')).rejects.toThrow(new RegExp(`Redis on 127.0.0.1:${other.port} was not started by the tests.*STACK_TEST_REDIS_PORT`));
    } finally {
      await other.close();
    }
  }, 20_000);
});
