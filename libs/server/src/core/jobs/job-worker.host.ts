import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { AppConfig } from '../config.js';
import { LOGGER } from '../tokens.js';
import { HealthService } from '../health/health.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { checkHandlers, discoverMethods } from './discover.js';
import { JobFailures } from './job-failures.js';
import { JOB_FAILED, JOB_HANDLER, type JobFailedHandler } from './job-handler.decorator.js';
import { JOBS, QUEUES, type JobRegistry, type QueueName, queueConnection, queuePrefix } from './registry.js';

/** Injection token for the registry the worker checks against; JOBS unless a test provides another. */
export const JOB_REGISTRY = 'tracker:job-registry';

type Handler = (payload: unknown) => Promise<unknown>;

/**
 * The consumer side of every queue (worker process only): finds the `@JobHandler` methods of all providers, refuses
 * to boot on a job without a handler or a handler without a job, and runs one BullMQ worker per queue. A job whose
 * worker died is taken again once its lock expires (stalled check); on shutdown it waits for running jobs.
 */
@Injectable()
export class JobWorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly workers: Worker[] = [];
  private readonly handlers = new Map<string, Handler>();
  private readonly failureHooks = new Map<string, JobFailedHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Optional() @Inject(JOB_REGISTRY) private readonly registry: JobRegistry = JOBS,
    @Optional() private readonly health?: HealthService,
    @Optional() private readonly metrics?: MetricsService,
    @Optional() private readonly failures?: JobFailures,
  ) {}

  /** Readiness of the worker's jobs: every handler found (boot) and every queue's BullMQ worker running. */
  private handlersReady(): void {
    if (!this.workers.length) throw new Error('the job handlers are not registered yet');
    const stopped = this.workers.filter((w) => !w.isRunning() || w.closing).map((w) => w.name);
    if (stopped.length) throw new Error(`the workers of ${stopped.join(', ')} are not running`);
  }

  async onApplicationBootstrap() {
    this.health?.addCheck('handlers', () => this.handlersReady());
    const handlers = discoverMethods(this.discovery, this.scanner, this.reflector, JOB_HANDLER);
    const hooks = discoverMethods(this.discovery, this.scanner, this.reflector, JOB_FAILED);
    for (const h of handlers) this.handlers.set(h.job, h.call as Handler);
    for (const h of hooks) this.failureHooks.set(h.job, h.call as JobFailedHandler);
    const problems = checkHandlers(this.registry, handlers, hooks);
    if (problems.length) throw new Error(`the worker cannot start: ${problems.join('; ')}`);

    const queues = new Set(Object.values(this.registry).map((d) => d.queue));
    for (const queue of queues) this.workers.push(this.startWorker(queue));
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  private startWorker(queue: QueueName): Worker {
    const def = QUEUES[queue];
    const lock = def.lockMs(this.config);
    const worker = new Worker(queue, (job: Job) => this.process(job), {
      connection: queueConnection(this.config),
      prefix: queuePrefix(this.config),
      concurrency: def.concurrency(this.config),
      lockDuration: lock,
      stalledInterval: Math.max(500, Math.floor(lock / 2)),
      maxStalledCount: 3,
    });
    worker.on('failed', (job, err) => void this.onFailed(job, err));
    worker.on('error', (err) => this.log.error({ err, queue }, 'queue worker error'));
    return worker;
  }

  private async process(job: Job) {
    const def = this.registry[job.name];
    const handler = this.handlers.get(job.name);
    if (!def || !handler) throw new Error(`no handler for job ${job.name}`);
    const end = this.metrics?.jobDuration.startTimer({ queue: job.queueName, job: job.name });
    try {
      const out = await handler(def.payload.parse(job.data));
      end?.({ outcome: 'completed' });
      return out;
    } catch (e) {
      end?.({ outcome: 'failed' });
      throw e;
    }
  }

  private async onFailed(job: Job | undefined, err: Error) {
    if (!job) return;
    const attempts = job.opts.attempts ?? this.registry[job.name]?.options.attempts ?? 1;
    // a job that kept killing its worker fails for good too (else a sweep would queue it again and again)
    const final = job.attemptsMade >= attempts || /stalled more than allowable limit/.test(err.message);
    this.log.warn({ err, job: job.name, jobId: job.id, attempt: job.attemptsMade, final }, 'job attempt failed');
    this.metrics?.jobFailures.inc({ queue: job.queueName, job: job.name, final: String(final) });
    if (final && this.failures) {
      // the jobs page's list of recent failures (BullMQ keeps no failed job: removeOnFail)
      await this.failures
        .add({ queue: job.queueName as never, job: job.name, job_id: String(job.id), payload: job.data as Record<string, unknown>, reason: err.message.slice(0, 500), attempts: job.attemptsMade, failed_at: new Date().toISOString() })
        .catch((e: unknown) => this.log.warn({ err: e, jobId: job.id }, 'job failure not listed'));
    }
    const hook = this.failureHooks.get(job.name);
    if (!hook) return;
    try {
      await hook(job.data, err, final);
    } catch (e) {
      this.log.error({ err: e, job: job.name, jobId: job.id }, 'job failure hook failed');
    }
  }

  /**
   * Graceful shutdown (SIGTERM; docs/operations.md "Shutdown"): stop taking jobs and wait for the running ones to
   * finish, in the first phase of shutdown, while Postgres, Redis and the queues are still open (they close in the
   * last). A job cut short anyway (SIGKILL after the orchestrator's grace period) is retaken once its lock expires.
   */
  async onModuleDestroy() {
    const running = this.workers.length;
    if (running) this.log.info({ queues: running }, 'shutdown: waiting for running jobs');
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
