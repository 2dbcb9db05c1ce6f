import { Inject, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import { PgPool } from '../db.js';
import { LOGGER } from '../tokens.js';
import { JobFailures } from '../jobs/job-failures.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { queueStates } from '../jobs/queue-states.js';
import { QUEUES, type QueueName } from '../jobs/registry.js';
import { MetricsRepository } from './metrics.repository.js';

/** §3 outbound statuses as metric labels (0 pending is no event). */
const SMS_STATUS_LABEL: Record<number, string> = { 1: 'sent', 2: 'delivered', 3: 'failed', 4: 'expired' };
const FIRMWARE_STATUS_LABEL: Record<number, string> = { 0: 'processing', 1: 'downloading', 2: 'finished', 3: 'failed', 4: 'cancelled' };
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The Prometheus metrics of a process (prom-client; docs/operations.md "Metrics" lists each one and what a bad value
 * means). One registry per process (per Nest application: a spec may run several in one process). Counters and
 * histograms are moved where things happen (the api's request middleware, the job host, the SMS status service, the
 * import runner, the sign-in); gauges of queues, rollouts, modem updates and the pool are read at scrape time.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'tracker_http_request_duration_seconds',
    help: 'api requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'tracker_job_duration_seconds',
    help: 'job runs by queue, job and outcome (completed, failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({
    name: 'tracker_job_failures_total',
    help: 'failed job attempts by queue and job; final="true" when no attempt is left',
    labelNames: ['queue', 'job', 'final'] as const,
    registers: [this.registry],
  });
  readonly smsStatus = new Counter({
    name: 'tracker_sms_status_total',
    help: 'outbound SMS status changes by gateway id and new status (sent, delivered, failed, expired)',
    labelNames: ['gateway', 'status'] as const,
    registers: [this.registry],
  });
  readonly importRows = new Counter({
    name: 'tracker_import_rows_total',
    help: 'rows of finished imports by outcome (imported, failed)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly signIn = new Counter({
    name: 'tracker_signin_failures_total',
    help: 'refused sign-in attempts by step (login, token) and reason (credentials, code, throttled)',
    labelNames: ['step', 'reason'] as const,
    registers: [this.registry],
  });

  constructor(
    pool: PgPool,
    jobs: JobQueue,
    failures: JobFailures,
    repo: MetricsRepository,
    @Inject(LOGGER) log: Logger,
  ) {
    this.registry.setDefaultLabels({ process: process.env.PROCESS_NAME ?? 'api' });
    collectDefaultMetrics({ register: this.registry, prefix: 'tracker_' });
    const registers = [this.registry];
    new Gauge({
      name: 'tracker_pg_pool_connections',
      help: "the process's Postgres pool: total, idle, and callers waiting for a connection",
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'tracker_pg_pool_max',
      help: "the process's Postgres pool size (DB_POOL_SIZE)",
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
    new Gauge({
      name: 'tracker_queue_jobs',
      help: 'jobs of each queue by state (waiting, active, delayed; failed: its entries in the recent failure list)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        try {
          const failed = await failures.list();
          for (const queue of Object.keys(QUEUES) as QueueName[]) {
            const c = await queueStates(jobs, queue, failed);
            for (const state of QUEUE_STATES) this.set({ queue, state }, c[state]);
          }
        } catch (err) {
          log.warn({ err }, 'metrics: queue counts unavailable');
        }
      },
    });
    new Gauge({
      name: 'tracker_firmware_devices',
      help: 'devices of running firmware rollouts by status',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        this.reset();
        for (const s of Object.values(FIRMWARE_STATUS_LABEL)) this.set({ status: s }, 0);
        try {
          for (const r of await repo.firmwareDevices()) this.set({ status: FIRMWARE_STATUS_LABEL[r.status] ?? String(r.status) }, r.n);
        } catch (err) {
          log.warn({ err }, 'metrics: firmware progress unavailable');
        }
      },
    });
    new Gauge({
      name: 'tracker_modem_updates',
      help: 'modem updates by status (running, done, failed, stopped)',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        this.reset();
        for (const s of ['running', 'done', 'failed', 'stopped']) this.set({ status: s }, 0);
        try {
          for (const r of await repo.modemUpdates()) this.set({ status: r.status.toLowerCase() }, r.n);
        } catch (err) {
          log.warn({ err }, 'metrics: modem progress unavailable');
        }
      },
    });
  }

  /** An SMS moved to `status` through `gateway` (an id; none: never sent). */
  sms(gateway: number | null | undefined, status: number): void {
    const label = SMS_STATUS_LABEL[status];
    if (label) this.smsStatus.inc({ gateway: gateway == null ? 'none' : String(gateway), status: label });
  }

  /** The /metrics route (text exposition format). */
  async expose(res: ServerResponse): Promise<void> {
    const body = await this.registry.metrics();
    res.statusCode = 200;
    res.setHeader('Content-Type', this.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}
