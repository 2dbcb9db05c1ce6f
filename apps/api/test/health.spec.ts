import type { ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, reservePort, startApi, type TestApi } from './harness.js';
import { tcpProxy } from './tcp-proxy.js';
import { assertWorkerBuilt, kill, workerProcesses } from './worker-process.js';

// Liveness and readiness of the api and the worker (docs/operations.md "Health"): ready while Postgres, Redis and the
// queues answer (and, for the worker, its job handlers run); unready (503, naming what is down) when Postgres or
// Redis goes away, ready again once it is back. Both processes reach Postgres and Redis through proxies this spec
// cuts, so the servers the other specs share stay up.
type Proxy = Awaited<ReturnType<typeof tcpProxy>>;
let api: TestApi;
let pgProxy: Proxy;
let redisProxy: Proxy;
let worker: ChildProcess;
let workerBase = '';
const workers = workerProcesses();

const probe = async (base: string, path: string) => {
  const r = await fetch(`${base}${path}`);
  return { status: r.status, body: (await r.json()) as { status: string; checks?: Record<string, { status: string; error?: string }> } };
};
const downChecks = (b: { checks?: Record<string, { status: string }> }) =>
  Object.entries(b.checks ?? {})
    .filter(([, c]) => c.status !== 'up')
    .map(([k]) => k)
    .sort();

beforeAll(async () => {
  assertWorkerBuilt();
  const template = inject('template');
  redisProxy = await tcpProxy(Number(new URL(template.redisUrl).port));
  pgProxy = await tcpProxy(Number(new URL(template.templateUrl).port));
  const viaProxy = (url: string) => {
    const u = new URL(url);
    u.port = String(pgProxy.port);
    return u.toString();
  };
  api = await startApi({ REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`, HEALTH_TIMEOUT_MS: '1000' }, { apiDatabaseUrl: viaProxy });
  const port = await reservePort();
  workerBase = `http://127.0.0.1:${port.port}`;
  worker = workers.start({ WORKER_HTTP_PORT: String(port.port) }, [port]);
  await eventually(async () => (await fetch(`${workerBase}/health/live`).catch(() => null))?.ok, { what: 'the worker probes', deadline: 60_000 });
});
afterAll(async () => {
  if (worker) await kill(worker).catch(() => undefined);
  workers.killAll();
  await api?.close();
  await pgProxy?.close();
  await redisProxy?.close();
});

describe('health probes', () => {
  it('answer outside /api, without a session', async () => {
    expect(await probe(api.base, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await probe(api.base, '/health/ready');
    expect(ready).toEqual({ status: 200, body: { status: 'ok', checks: { postgres: { status: 'up' }, redis: { status: 'up' }, queues: { status: 'up' } } } });
    expect((await fetch(`${api.base}/health/ready`, { method: 'POST' })).status).not.toBe(200);
  });

  it("the worker's listener answers too, its job handlers included", async () => {
    expect(await probe(workerBase, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await eventually(async () => {
      const r = await probe(workerBase, '/health/ready');
      return r.status === 200 ? r : null;
    }, { what: 'the worker ready', deadline: 60_000 });
    expect(ready.body.checks).toEqual({ postgres: { status: 'up' }, redis: { status: 'up' }, queues: { status: 'up' }, handlers: { status: 'up' } });
    expect((await fetch(`${workerBase}/nothing`)).status).toBe(404);
    // and its metrics (docs/operations.md "Metrics")
    const metrics = await fetch(`${workerBase}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^tracker_queue_jobs\{queue="sms",state="waiting",process="worker"\} \d+$/m);
    expect(text).toMatch(/^tracker_pg_pool_connections\{state="total",process="worker"\} \d+$/m);
  });
});

describe('probes and metrics are not api requests', () => {
  it('write no audit entry (even signed in and POSTed), count in no route, and live outside /api', async () => {
    const admin = await api.signIn('admin');
    const lastAudit = async () => Number((await api.pool.query('SELECT coalesce(max(id), 0) AS n FROM audit_event')).rows[0].n);
    const since = await lastAudit();
    const answers: string[] = [];
    for (const base of [api.base, workerBase]) {
      for (const path of ['/health/live', '/health/ready', '/metrics']) {
        for (const method of ['GET', 'POST', 'DELETE']) {
          const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
          answers.push(`${base === api.base ? 'api' : 'worker'} ${method} ${path} ${r.status}`);
          await r.arrayBuffer();
        }
      }
    }
    // only GET answers; the others are no api call either (no route of the api behind them)
    expect(answers.filter((a) => / (200|503)$/.test(a)).every((a) => / GET /.test(a))).toBe(true);
    expect(answers.filter((a) => / GET /.test(a)).every((a) => / (200|503)$/.test(a))).toBe(true);
    // the audit is written in the request's transaction (docs/access.md), so it would be there by now
    expect((await api.pool.query('SELECT action, entity FROM audit_event WHERE id > $1', [since])).rows).toEqual([]);
    // under /api they are not the probes: no such api route (the console's SPA fallback is off here)
    for (const path of ['/api/health/live', '/api/health/ready', '/api/metrics']) {
      const r = await fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(r.status, path).toBe(404);
      expect(await r.text()).not.toMatch(/"status":"ok"|tracker_/);
    }
    // the request histogram counts api routes only
    const routes = [...(await (await fetch(`${api.base}/metrics`)).text()).matchAll(/^tracker_http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]);
    expect(routes.filter((r) => /health|metrics/.test(r!))).toEqual([]);
    expect(routes).toContain('/api/token');
  });
});

describe('readiness follows Postgres and Redis', () => {
  const both = () => [api.base, workerBase];
  const readyEverywhere = async () => (await Promise.all(both().map((b) => probe(b, '/health/ready')))).every((r) => r.status === 200);

  it('Postgres gone: both unready (503, postgres down), still live; ready again once it is back', async () => {
    await eventually(readyEverywhere, { what: 'ready', deadline: 60_000 });
    await pgProxy.cut();
    for (const base of both()) {
      const r = await eventually(async () => {
        const p = await probe(base, '/health/ready');
        return p.status === 503 ? p : null;
      }, { what: `${base} unready`, deadline: 60_000 });
      expect(r.body.status).toBe('error');
      expect(downChecks(r.body)).toEqual(['postgres']);
      expect(r.body.checks!.postgres!.error).toBeTruthy();
      expect((await probe(base, '/health/live')).status).toBe(200);
    }
    await pgProxy.restore();
    await eventually(readyEverywhere, { what: 'ready again after Postgres came back', deadline: 60_000 });
  });

  it('Redis gone: both unready (503, redis and queues down); ready again once it is back', async () => {
    await eventually(readyEverywhere, { what: 'ready', deadline: 60_000 });
    await redisProxy.cut();
    for (const base of both()) {
      const r = await eventually(async () => {
        const p = await probe(base, '/health/ready');
        return p.status === 503 ? p : null;
      }, { what: `${base} unready`, deadline: 60_000 });
      expect(downChecks(r.body)).toContain('redis');
      expect(downChecks(r.body)).toContain('queues');
      expect(downChecks(r.body)).not.toContain('postgres');
      expect((await probe(base, '/health/live')).status).toBe(200);
    }
    await redisProxy.restore();
    await eventually(readyEverywhere, { what: 'ready again after Redis came back', deadline: 60_000 });
    expect(worker.exitCode).toBeNull();
  });
});
