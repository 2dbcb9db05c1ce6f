import { Injectable, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { z } from 'zod';
import { AppConfig, CoreModule, JobFailures, JobHandler, JobQueue, JobsWorkerModule, queueConnection, queuePrefix, type JobName, type JobRegistry } from '@tracker/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startApi, userOfRole, type TestApi } from './harness.js';

// The administrator's jobs page (docs/operations.md "Jobs page"): each queue's counts, the recent final failures
// (the worker lists each one: JobWorkerHost.onFailed -> JobFailures), and a retry of a failed job of a kind that is
// safe to repeat, audited. Administrators only.
let api: TestApi;
let admin: string;
let failures: JobFailures;

beforeAll(async () => {
  api = await startApi();
  admin = await api.signIn('admin');
  failures = api.app.get(JobFailures);
});
afterAll(() => api?.close());

const failure = (job: string, queue: string, payload: Record<string, unknown>, jobId: string) =>
  failures.add({ queue: queue as never, job, job_id: jobId, payload, reason: 'gateway answered 500', attempts: 3, failed_at: new Date().toISOString() });

describe('GET /admin/jobs', () => {
  it("answers every queue's counts and the recent failures, newest first, with whether each can be retried", async () => {
    await failure('import.run', 'imports', { importId: 4242 }, 'import-4242');
    await failure('modem.step', 'modem', { id: 77, version: 3 }, 'modem-77-3');
    const r = await api.get('/admin/jobs', admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.model.queues.map((q: { queue: string }) => q.queue)).toEqual(['imports', 'sms', 'reports', 'firmware', 'modem']);
    for (const q of r.body.model.queues) expect(q).toEqual({ queue: q.queue, waiting: expect.any(Number), active: expect.any(Number), delayed: expect.any(Number), failed: expect.any(Number) });
    expect(r.body.model.failures.map((f: { job: string; retryable: boolean; reason: string }) => [f.job, f.retryable, f.reason])).toEqual([
      ['modem.step', true, 'gateway answered 500'],
      ['import.run', false, 'gateway answered 500'],
    ]);
  });

  it('is for administrators only', async () => {
    const other = await api.signIn(userOfRole(12).username);
    expect((await api.get('/admin/jobs', other)).status).toBe(403);
    expect((await api.post('/admin/jobs/retry', { id: 'x' }, other)).status).toBe(403);
    expect((await api.get('/admin/jobs')).status).toBe(401);
  });
});

describe('POST /admin/jobs/retry', () => {
  it('enqueues a retryable job again, takes it off the list and audits it; a second retry is a 404', async () => {
    const list = (await api.get('/admin/jobs', admin)).body.model.failures as { id: string; job: string }[];
    const modem = list.find((f) => f.job === 'modem.step')!;
    const r = await api.post('/admin/jobs/retry', { id: modem.id }, admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await api.app.get(JobQueue).has('modem.step', { id: 77, version: 3 })).toBe(true);
    const after = (await api.get('/admin/jobs', admin)).body.model;
    expect(after.failures.map((f: { job: string }) => f.job)).toEqual(['import.run']);
    expect(after.queues.find((q: { queue: string }) => q.queue === 'modem').waiting).toBeGreaterThanOrEqual(1);
    const audit = await api.pool.query(`SELECT action, entity, entity_id FROM audit_event WHERE action = 'POST /admin/jobs/retry'`);
    expect(audit.rows).toEqual([{ action: 'POST /admin/jobs/retry', entity: 'job', entity_id: 'modem-77-3' }]);
    expect((await api.post('/admin/jobs/retry', { id: modem.id }, admin)).status).toBe(404);
  });

  it('refuses a job kind that is not safe to repeat (400 naming id) and bad input', async () => {
    const list = (await api.get('/admin/jobs', admin)).body.model.failures as { id: string; job: string }[];
    const imp = list.find((f) => f.job === 'import.run')!;
    const r = await api.post('/admin/jobs/retry', { id: imp.id }, admin);
    expect(r.status).toBe(400);
    expect(r.body.errors).toMatchObject([{ field: 'id', code: 'notOneOf' }]);
    expect(await api.app.get(JobQueue).has('import.run', { importId: 4242 })).toBe(false);
    const bad = await api.post('/admin/jobs/retry', {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('id');
  });
});

describe('a job that fails for good', () => {
  it('is listed by the worker with its reason, and shown on the page', async () => {
    // a worker whose registry has one more job, whose handler always throws (the real job host runs it)
    const registry: JobRegistry = { 'boom.run': { queue: 'reports', payload: z.object({ n: z.number() }), id: (p) => `boom-${(p as { n: number }).n}`, options: { attempts: 1, removeOnFail: true }, retryable: false } };
    @Injectable()
    class Boom {
      @JobHandler('boom.run' as JobName)
      run() {
        throw new Error('the disk is full');
      }
    }
    @Module({ imports: [CoreModule, DiscoveryModule, JobsWorkerModule.forRegistry(registry)], providers: [Boom] })
    class BoomWorker {}
    const worker = await NestFactory.createApplicationContext(BoomWorker, { logger: false });
    const config = worker.get(AppConfig);
    const queue = new Queue('reports', { connection: queueConnection(config), prefix: queuePrefix(config) });
    try {
      await queue.add('boom.run', { n: 1 }, { jobId: 'boom-1', attempts: 1, removeOnFail: true });
      const listed = await eventually(async () => {
        const r = await api.get('/admin/jobs', admin);
        return r.body.model.failures.find((f: { job: string }) => f.job === 'boom.run');
      }, { what: 'the failure listed', deadline: 60_000 });
      expect(listed).toMatchObject({ queue: 'reports', job: 'boom.run', job_id: 'boom-1', payload: { n: 1 }, reason: 'the disk is full', attempts: 1, retryable: false });
    } finally {
      await queue.close();
      await worker.close();
    }
  });
});
