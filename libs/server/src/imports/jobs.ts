import { z } from 'zod';
import type { ConnectionOptions, JobsOptions } from 'bullmq';
import type { AppConfig } from '../core/config.js';

/**
 * Queues, job names and payloads of the worker, declared in one place. Payloads carry ids only: handlers re-read
 * Postgres, which holds each job's business state (an import's status and progress).
 */
export const QueueName = { Imports: 'imports' } as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = { ImportRun: 'import.run' } as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** Payload of every job name, checked with zod by the producer and again by the worker. */
export const JOB_PAYLOADS = {
  [JobName.ImportRun]: z.object({ importId: z.number().int().positive() }),
} as const satisfies Record<JobName, z.ZodType>;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;

/** Which queue carries which job. The worker refuses to start when a job name has no handler. */
export const JOB_QUEUE: Record<JobName, QueueName> = { [JobName.ImportRun]: QueueName.Imports };

/** Deterministic job ids: enqueueing the same import twice is a no-op (BullMQ forbids ':' in custom ids). */
export const importJobId = (importId: number) => `import-${importId}`;

/** Attempts, backoff and retention, set here for every job. */
export const JOB_OPTIONS: Record<JobName, JobsOptions> = {
  [JobName.ImportRun]: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2000 },
    // gone once done: Postgres keeps the outcome, and a sweep may enqueue the id again
    removeOnComplete: true,
    removeOnFail: true,
  },
};

/** Queue key prefix: QUEUE_PREFIX, or the deployment's Redis key prefix + 'bull'. */
export function queuePrefix(config: AppConfig): string {
  return config.get('QUEUE_PREFIX') ?? `${config.get('REDIS_KEY_PREFIX')}bull`;
}

/** A fresh connection description for BullMQ (it opens its own connections; workers need blocking ones). */
export function queueConnection(config: AppConfig): ConnectionOptions {
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
