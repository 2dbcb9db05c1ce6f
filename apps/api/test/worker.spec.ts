import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportSweep, SessionSweepService } from '@tracker/server';
import { WorkerModule } from '../../worker/src/worker.module.js';
import { startApi, type TestApi } from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

describe('worker', () => {
  it('sweeps at its start (the periodic job sessions.sweep) sessions and reset links that ended long ago, keeping recent ones', async () => {
    await api.signIn('admin');
    await api.pool.query(`
      insert into backoffice_session (user_id, token_hash, exp_date, revoked_at)
      select id, repeat('a', 64), now() - interval '40 days', null from backoffice_user where username = 'admin'
      union all
      select id, repeat('b', 64), now() + interval '1 day', now() - interval '31 days' from backoffice_user where username = 'admin'
      union all
      select id, repeat('c', 64), now() - interval '1 day', null from backoffice_user where username = 'admin'`);
    const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    try {
      // the start's sweep has run: nothing is left to sweep
      expect(await worker.get(SessionSweepService).sweep()).toEqual({ sessions: 0, resets: 0 });
    } finally {
      await worker.close();
    }
    const left = await api.pool.query(`select token_hash from backoffice_session where token_hash in ($1, $2, $3)`, [
      'a'.repeat(64),
      'b'.repeat(64),
      'c'.repeat(64),
    ]);
    expect(left.rows.map((r) => r.token_hash)).toEqual(['c'.repeat(64)]);
  });

  it('sweeps export hashes that expired more than a day ago (the periodic job exports.sweep), keeping the others', async () => {
    const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    try {
      await api.pool.query(`
        insert into csv_export (hash, kind, params, expires_at) values
          ('sweep-old', 'x', '{}', now() - interval '25 hours'),
          ('sweep-recent', 'x', '{}', now() - interval '23 hours'),
          ('sweep-live', 'x', '{}', now() + interval '1 hour')`);
      expect(await worker.get(ExportSweep).sweep()).toBe(1);
    } finally {
      await worker.close();
    }
    const left = await api.pool.query(`select hash from csv_export where hash like 'sweep-%' order by hash`);
    expect(left.rows.map((r) => r.hash)).toEqual(['sweep-live', 'sweep-recent']);
  });
});
