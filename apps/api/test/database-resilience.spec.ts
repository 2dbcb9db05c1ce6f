import { Writable } from 'node:stream';
import { pino } from 'pino';
import { AppConfig, PgPool } from '@tracker/server';
import { describe, expect, it } from 'vitest';
import { apiForFile, eventually, type TestApi } from './harness.js';

// Postgres ending a process's idle connections (a restart, a failover, an administrator's pg_terminate_backend): the
// pool drops them and the next query opens new ones. pg's pool emits 'error' for each; Prisma listens only while it
// is connected (not before its first query, not once it has disconnected on shutdown), so PgPool listens itself:
// unheard, the event ended the process (vitest: "Uncaught Exception: terminating connection due to administrator
// command", which failed a CI run when a test database was dropped during an api's shutdown).
let api: TestApi;
let admin: string;
apiForFile(['admin'], (started, [token]) => ([api, admin] = [started, token]));

const terminate = (application: string) =>
  api.pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [application]);

describe('the database ends the connections', () => {
  it("the api's pool drops the ended idle connections, and the next requests are answered", async () => {
    const pool = api.app.get(PgPool);
    // requests at once leave several idle connections in the api's pool
    const first = await Promise.all(Array.from({ length: 4 }, () => api.get('/firmware/getFTP', admin)));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await eventually(() => pool.idleCount > 0, { what: 'idle api connections', deadline: 60_000 });
    // every idle connection ended tells the pool on its own ('error', one each, in separate ticks): wait for all of
    // them, not the first (a request that took a not yet noticed dead connection answered 500 in a loaded CI run)
    let ended = 0;
    const count = () => ended++;
    pool.on('error', count);
    const idle = pool.idleCount;
    await terminate('api');
    await eventually(() => ended >= idle, { what: 'every ended idle connection dropped from the pool', deadline: 60_000 });
    pool.off('error', count);
    const again = await Promise.all(Array.from({ length: 4 }, () => api.get('/firmware/getFTP', admin)));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(again[0]!.body).toEqual(first[0]!.body);
  });

  it('a pool Prisma does not listen on (a worker before its first Prisma query) warns and goes on', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const config = api.app.get(AppConfig);
    const name = process.env.PROCESS_NAME;
    process.env.PROCESS_NAME = 'resilience-spec';
    const pool = new PgPool(config, log);
    if (name === undefined) delete process.env.PROCESS_NAME;
    else process.env.PROCESS_NAME = name;
    try {
      expect(pool.listenerCount('error')).toBe(1);
      await Promise.all([pool.rows('SELECT pg_sleep(0.05)'), pool.rows('SELECT pg_sleep(0.05)')]);
      expect(pool.idleCount).toBe(2);
      await terminate('resilience-spec');
      await eventually(() => pool.totalCount === 0, { what: 'both connections dropped', deadline: 60_000 });
      await eventually(() => lines.length === 2, { what: 'a warning per connection', deadline: 60_000 });
      expect(lines.map((l) => JSON.parse(l).msg)).toEqual(Array(2).fill('database: an idle connection was closed by the server'));
      expect(await pool.rows<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
