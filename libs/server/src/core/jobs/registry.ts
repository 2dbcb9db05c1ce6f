import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import type { AppConfig } from '../config.js';

/**
 * Every queue and job of the system, declared in one place (house rule "Jobs", docs/architecture.md). A feature that
 * needs background work adds its queue and its jobs here, then a `@JobHandler(name)` method in a worker-side provider;
 * the worker refuses to boot while a declared job has no handler or a handler names no declared job.
 * Payloads carry ids only: handlers re-read Postgres, which holds each job's business state.
 */
export const QueueName = { Imports: 'imports', Sms: 'sms', Reports: 'reports', Firmware: 'firmware', Modem: 'modem' } as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  ImportRun: 'import.run',
  SmsSend: 'sms.send',
  ReportActiveDevices: 'report.active_devices',
  FirmwareAdvance: 'firmware.advance',
  ModemStep: 'modem.step',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** How one queue's worker runs: how many jobs at once, and how long a job's lock lasts before it counts as stalled. */
export interface QueueDefinition {
  concurrency: (config: AppConfig) => number;
  lockMs: (config: AppConfig) => number;
}

/** One job: its queue, its zod payload, its deterministic id, and its attempts, backoff and retention. */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  queue: QueueName;
  payload: P;
  /** Deterministic: enqueueing the same work twice is a no-op while a job for it exists (no ':' allowed by BullMQ). */
  id: (payload: z.infer<P>) => string;
  options: JobsOptions;
  /**
   * Whether the administrator's jobs page may run a failed job of this kind again (docs/operations.md "Jobs page"):
   * true when its handler re-reads Postgres and does nothing twice, so running it again is harmless.
   */
  retryable: boolean;
}

const job = <P extends z.ZodType>(d: JobDefinition<P>) => d;

export const QUEUES: Record<QueueName, QueueDefinition> = {
  [QueueName.Imports]: {
    concurrency: (c) => c.get('IMPORT_CONCURRENCY'),
    lockMs: (c) => c.get('IMPORT_LOCK_MS'),
  },
  [QueueName.Sms]: {
    concurrency: (c) => c.get('SMS_CONCURRENCY'),
    lockMs: (c) => c.get('SMS_LOCK_MS'),
  },
  /** reports (docs/statistics.md): one at a time per worker, each one set-based statement */
  [QueueName.Reports]: {
    concurrency: () => 1,
    lockMs: () => 120_000,
  },
  /** firmware rollouts (docs/firmware-modem.md "Firmware"): one job per running request at a time (its id) */
  [QueueName.Firmware]: {
    concurrency: (c) => c.get('FIRMWARE_CONCURRENCY'),
    lockMs: (c) => c.get('FIRMWARE_LOCK_MS'),
  },
  /** modem updates (docs/firmware-modem.md): one short transaction per step */
  [QueueName.Modem]: {
    concurrency: (c) => c.get('MODEM_CONCURRENCY'),
    lockMs: (c) => c.get('MODEM_LOCK_MS'),
  },
};

/** The most messages one SMS send job carries (a bulk send is enqueued in chunks of this size). */
export const SMS_CHUNK = 1000;

export const JOBS = {
  [JobName.ImportRun]: job({
    queue: QueueName.Imports,
    payload: z.object({ importId: z.number().int().positive() }),
    id: (p) => `import-${p.importId}`,
    // a final failure marks the import FAILED (its hook); run again, the runner skips an import that is not open
    retryable: false,
    options: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 2000 },
      // gone once done: Postgres keeps the outcome, and a sweep may enqueue the id again
      removeOnComplete: true,
      removeOnFail: true,
    },
  }),
  /** sends a chunk of stored messages (docs/sms.md); `round` tells a retry of the same first message apart */
  [JobName.SmsSend]: job({
    queue: QueueName.Sms,
    payload: z.object({ ids: z.array(z.number().int().positive()).min(1).max(SMS_CHUNK), round: z.number().int().min(0) }),
    id: (p) => `sms-${p.ids[0]}-${p.ids.length}-${p.round}`,
    // sends only the chunk's messages still pending and claimable: a message sent already is never sent again
    retryable: true,
    options: {
      // a message's own retries are the handler's (next_attempt_at, a delayed job); the job's attempts cover crashes
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: true,
    },
  }),
  /** generates an active devices report (docs/statistics.md) */
  [JobName.ReportActiveDevices]: job({
    queue: QueueName.Reports,
    payload: z.object({ runId: z.number().int().positive() }),
    id: (p) => `report-${p.runId}`,
    retryable: false,
    options: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: true,
      removeOnFail: true,
    },
  }),
  /**
   * moves a running rollout on: expiry, per-device timeouts, the error threshold, the next wave's FOTA commands
   * (docs/firmware-modem.md "Firmware"); enqueued by the firmware tick for every running request
   */
  [JobName.FirmwareAdvance]: job({
    queue: QueueName.Firmware,
    payload: z.object({ requestId: z.number().int().positive() }),
    id: (p) => `firmware-${p.requestId}`,
    // re-reads the rollout and moves it on from where it is (the firmware tick enqueues it every minute anyway)
    retryable: true,
    options: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: true,
    },
  }),
  /** runs the current task of a modem update if it is still at `version` (docs/firmware-modem.md "Modem update") */
  [JobName.ModemStep]: job({
    queue: QueueName.Modem,
    payload: z.object({ id: z.number().int().positive(), version: z.number().int().min(0) }),
    id: (p) => `modem-${p.id}-${p.version}`,
    // runs only while the update is still at `version`: a retry after the update moved on changes nothing
    retryable: true,
    options: {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      // gone once done: the version in the id makes every transition's job a new one, and Postgres holds the state
      removeOnComplete: true,
      removeOnFail: true,
    },
  }),
} as const satisfies Record<JobName, JobDefinition>;

export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

/** The registry a worker checks its handlers against (a test may pass another). */
export type JobRegistry = Record<string, JobDefinition>;

/** Queue key prefix: QUEUE_PREFIX, or the deployment's Redis key prefix + 'bull'. */
export function queuePrefix(config: AppConfig): string {
  return config.get('QUEUE_PREFIX') ?? `${config.get('REDIS_KEY_PREFIX')}bull`;
}

/** A fresh connection description for BullMQ (it opens its own connections; workers need blocking ones). */
export function queueConnection(config: AppConfig) {
  const u = new URL(config.get('REDIS_URL'));
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}
