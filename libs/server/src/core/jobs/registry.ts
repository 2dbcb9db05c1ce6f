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

/**
 * A job's attempts with exponential backoff from `firstDelayMs`; gone from Redis once done or failed for good
 * (Postgres keeps the outcome, and a sweep may enqueue the same id again).
 */
const retried = (attempts: number, firstDelayMs: number): JobsOptions => ({
  attempts,
  backoff: { type: 'exponential', delay: firstDelayMs },
  removeOnComplete: true,
  removeOnFail: true,
});
/** a row id in a payload */
const rowId = () => z.number().int().positive();

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
    payload: z.object({ importId: rowId() }),
    id: (p) => `import-${p.importId}`,
    // a final failure marks the import FAILED (its hook); run again, the runner skips an import that is not open
    retryable: false,
    options: retried(5, 2000),
  }),
  /** sends a chunk of stored messages (docs/sms.md); `round` tells a retry of the same first message apart */
  [JobName.SmsSend]: job({
    queue: QueueName.Sms,
    payload: z.object({ ids: z.array(rowId()).min(1).max(SMS_CHUNK), round: z.number().int().min(0) }),
    id: (p) => `sms-${p.ids[0]}-${p.ids.length}-${p.round}`,
    // sends only the chunk's messages still pending and claimable: a message sent already is never sent again
    retryable: true,
    // a message's own retries are the handler's (next_attempt_at, a delayed job); the job's attempts cover crashes
    options: retried(3, 1000),
  }),
  /** generates an active devices report (docs/statistics.md) */
  [JobName.ReportActiveDevices]: job({
    queue: QueueName.Reports,
    payload: z.object({ runId: rowId() }),
    id: (p) => `report-${p.runId}`,
    retryable: false,
    options: retried(3, 2000),
  }),
  /**
   * moves a running rollout on: expiry, per-device timeouts, the error threshold, the next wave's FOTA commands
   * (docs/firmware-modem.md "Firmware"); enqueued by the firmware tick for every running request
   */
  [JobName.FirmwareAdvance]: job({
    queue: QueueName.Firmware,
    payload: z.object({ requestId: rowId() }),
    id: (p) => `firmware-${p.requestId}`,
    // re-reads the rollout and moves it on from where it is (the firmware tick enqueues it every minute anyway)
    retryable: true,
    options: retried(3, 1000),
  }),
  /** runs the current task of a modem update if it is still at `version` (docs/firmware-modem.md "Modem update") */
  [JobName.ModemStep]: job({
    queue: QueueName.Modem,
    payload: z.object({ id: rowId(), version: z.number().int().min(0) }),
    id: (p) => `modem-${p.id}-${p.version}`,
    // runs only while the update is still at `version`: a retry after the update moved on changes nothing
    retryable: true,
    // gone once done: the version in the id makes every transition's job a new one, and Postgres holds the state
    options: retried(5, 1000),
  }),
} as const satisfies Record<JobName, JobDefinition>;

/**
 * Periodic jobs (the sweeps, ticks and rolls): declared here like the queued jobs, run by the worker's one scheduler
 * (`PeriodicJobScheduler`, periodic-jobs.ts) on the `@PeriodicJob(name)` method of a worker-side provider. No feature
 * starts its own timer (`@Interval`, `setInterval`, a BullMQ repeatable job). A handler catches what it can and
 * answers; a throw is logged and the next run comes at its time.
 */
export const PeriodicJobName = {
  SessionSweep: 'sessions.sweep',
  ExportSweep: 'exports.sweep',
  ImportSweep: 'imports.sweep',
  SmsSweep: 'sms.sweep',
  ModemSweep: 'modem.sweep',
  FirmwareTick: 'firmware.tick',
  ReportSweep: 'reports.sweep',
  DailyReportRoll: 'daily-report.roll',
  DailyReportFold: 'daily-report.fold',
  StatsRollup: 'stats.rollup',
  StatsDirty: 'stats.dirty',
} as const;
export type PeriodicJobName = (typeof PeriodicJobName)[keyof typeof PeriodicJobName];

export interface PeriodicJobDefinition {
  /** how often it runs (a run still going when the next is due is not started twice in a process: that one is skipped) */
  everyMs: number;
  /**
   * at the worker's start: `await` runs it before the worker counts as booted (in this list's order), `background`
   * starts it without waiting (a long first roll), `no` waits for the first interval
   */
  onStart: 'await' | 'background' | 'no';
  /** what keeps two worker processes running it at once from doing the work twice (docs/architecture.md "Jobs") */
  acrossProcesses: string;
}

export const PERIODIC_JOBS = {
  [PeriodicJobName.SessionSweep]: {
    everyMs: 60 * 60_000,
    onStart: 'await',
    acrossProcesses: 'idempotent deletes of sessions and reset links ended more than 30 days ago',
  },
  [PeriodicJobName.ExportSweep]: {
    everyMs: 60 * 60_000,
    onStart: 'no',
    acrossProcesses: 'an idempotent delete of export hashes expired a day ago',
  },
  [PeriodicJobName.ImportSweep]: {
    everyMs: 60_000,
    onStart: 'await',
    acrossProcesses: "enqueueMissing under the import's job id; an upload file is cleared in its row before it is removed",
  },
  [PeriodicJobName.SmsSweep]: {
    everyMs: 10_000,
    onStart: 'await',
    acrossProcesses: "messages claimed with a lease, re-enqueued under the sweep round's job ids; expiry under row locks",
  },
  [PeriodicJobName.ModemSweep]: {
    everyMs: 5_000,
    onStart: 'await',
    acrossProcesses: "job ids carry the update's version: a step is queued once, and a step of an update that moved on does nothing",
  },
  [PeriodicJobName.FirmwareTick]: {
    everyMs: 1_000,
    onStart: 'await',
    acrossProcesses: "one job id per running request; the rollout's transitions lock its row",
  },
  [PeriodicJobName.ReportSweep]: {
    everyMs: 60_000,
    onStart: 'await',
    acrossProcesses: "enqueueMissing under the run's job id",
  },
  [PeriodicJobName.DailyReportRoll]: {
    everyMs: 5 * 60_000,
    onStart: 'no',
    acrossProcesses: "each zone's days rolled in one transaction (delete and upsert): a second roll writes the same rows",
  },
  [PeriodicJobName.DailyReportFold]: {
    everyMs: 60_000,
    onStart: 'no',
    acrossProcesses: 'one statement deletes the deltas it folds: a second fold at once takes the other rows',
  },
  [PeriodicJobName.StatsRollup]: {
    everyMs: 60_000,
    onStart: 'background',
    acrossProcesses: 'an advisory lock per statistic type; one roll at a time in a process',
  },
  [PeriodicJobName.StatsDirty]: {
    everyMs: 2_000,
    onStart: 'no',
    acrossProcesses: 'an advisory lock per statistic type; only the marks read are deleted',
  },
} as const satisfies Record<PeriodicJobName, PeriodicJobDefinition>;

/** The periodic jobs a scheduler runs (a test may pass a part of PERIODIC_JOBS). */
export type PeriodicJobRegistry = Partial<Record<PeriodicJobName, PeriodicJobDefinition>> | Record<string, PeriodicJobDefinition>;

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
