import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import type { Redis } from 'ioredis';
import { JobQueue, RedisService } from '@tracker/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, reservePort, startApi, type TestApi } from './harness.js';
import { kill } from './worker-process.js';
import { watches } from './sms-helpers.js';

// Redis going away under a running api (a restart, a failover): every connection of ours keeps reconnecting, its
// errors go to the structured log, at most one per connection every 10 s (core/redis.ts logRedisErrors), and the api
// works again once Redis is back. Unheard, each failed reconnect printed a stack trace on the console (ioredis'
// "Unhandled error event", BullMQ's console.error), several a second. This api has a Redis of its own, so the
// other specs' Redis is left alone.
let api: TestApi;
let admin: string;
let redis: ChildProcess | null = null;
let port = 0;
const dir = mkdtempSync(join(tmpdir(), 'redis-resilience-'));

const listening = () =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function startRedis() {
  redis = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  await eventually(listening, { what: `redis-server on ${port}`, deadline: 60_000 });
}

beforeAll(async () => {
  // redis-server binds its port itself (it cannot take a socket), and the test restarts it on the same port: the one
  // port of the test tree given up and bound again (scripts/test/ports.mjs)
  const reserved = await reservePort();
  port = reserved.port;
  await new Promise((r) => reserved.server.close(r));
  await startRedis();
  api = await startApi({ REDIS_URL: `redis://127.0.0.1:${port}` });
  admin = await api.signIn('admin');
});
afterAll(async () => {
  await api?.close();
  if (redis) await kill(redis);
  rmSync(dir, { recursive: true, force: true });
});

describe('Redis goes away and comes back', () => {
  it('the api keeps running while its connections reconnect, and queues jobs again once Redis is back', async () => {
    const [d, e] = await watches(api, 1, 2, 300);
    // a command queues a job: the api now has a queue connection, besides the shared one
    const first = await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: d!.id }, admin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const shared = api.app.get(RedisService);
    const consoleErrors = vi.spyOn(console, 'error');
    await kill(redis!);
    redis = null;
    // every reconnect is refused, and each refusal is an 'error' of the connection: wait for two of the shared
    // connection and two of the sms queue's (counted by their 'reconnecting' events, since a listener of 'error' here
    // would hide what this test looks for; BullMQ waits at least 1 s before each)
    const queue = (api.app.get(JobQueue) as unknown as { queues: Map<string, { getBackend(): { client: Promise<Redis> } }> }).queues.get('sms')!;
    const counts = { shared: 0, queue: 0 };
    shared.on('reconnecting', () => counts.shared++);
    (await queue.getBackend().client).on('reconnecting', () => counts.queue++);
    await eventually(() => counts.shared >= 2 && counts.queue >= 2, { what: 'two reconnects of each', deadline: 20_000 });
    // the api still answers what needs no Redis, and nothing of the outage reached the console
    expect((await api.get('/firmware/getFTP', admin)).status).toBe(200);
    expect(consoleErrors.mock.calls.map((c) => String(c[0]).slice(0, 80))).toEqual([]);
    consoleErrors.mockRestore();

    await startRedis();
    await eventually(() => shared.status === 'ready', { what: 'the shared connection back', deadline: 60_000 });
    const again = await eventually(async () => {
      const r = await api.post('/sms/send', { command_key: 'LOCATE', message: '', device_id: e!.id }, admin);
      return r.status === 200 ? r : null;
    }, { what: 'a command queued again', deadline: 60_000 });
    const rows = (await api.pool.query('SELECT device_id, status FROM sms_message WHERE id = ANY($1) ORDER BY id', [[first.body.model.id, again.body.model.id]])).rows;
    expect(rows).toEqual([
      { device_id: d!.id, status: 0 },
      { device_id: e!.id, status: 0 },
    ]);
  }, 60_000);
});
