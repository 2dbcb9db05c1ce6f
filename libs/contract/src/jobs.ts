import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { coded } from './reasons.js';
import { envelope } from './schemas.js';

/**
 * The administrator's jobs page (/admin/jobs; docs/operations.md "Jobs page"): each queue's counts, the recent final
 * failures with their reason, and a retry of a failed job whose job kind is safe to run again.
 */
export const JOB_QUEUES = ['imports', 'sms', 'reports', 'firmware', 'modem'] as const;

export const jobQueueCounts = z.object({
  queue: z.enum(JOB_QUEUES),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  /**
   * the queue's final failures among the last `failures_kept` of all queues (the failure list; BullMQ itself keeps no
   * failed job: every job is removeOnFail)
   */
  failed: z.number().int(),
});
export type JobQueueCounts = z.infer<typeof jobQueueCounts>;

export const jobFailure = z.object({
  /** the failure's own id (a retry names it) */
  id: z.string(),
  queue: z.enum(JOB_QUEUES),
  job: z.string(),
  job_id: z.string(),
  /** the job's payload (ids only) */
  payload: z.record(z.string(), z.unknown()),
  /** the error's message, as the handler threw it (English, technical: for the engineer) */
  reason: z.string(),
  attempts: z.number().int(),
  failed_at: z.string(),
  /** the job kind is safe to run again (its handler re-reads Postgres and does nothing twice) */
  retryable: z.boolean(),
});
export type JobFailure = z.infer<typeof jobFailure>;

export const jobsOverview = z.object({
  queues: z.array(jobQueueCounts),
  failures: z.array(jobFailure),
  /** how many final failures (of all queues, newest first) the list keeps: `failed` counts among these */
  failures_kept: z.number().int(),
});
export type JobsOverview = z.infer<typeof jobsOverview>;

export const jobRetryBody = z.object({
  id: z
    .string({ error: coded('required') })
    .trim()
    .min(1, coded('required'))
    .max(100, coded('tooLong', { max: 100 })),
});
export type JobRetryBody = z.infer<typeof jobRetryBody>;

export const JOB_ROUTES = {
  adminJobs: route({
    method: 'GET',
    path: '/admin/jobs',
    area: 'admin',
    summary: "Each queue's waiting, active, delayed and failed counts, and the recent final job failures (newest first)",
    response: envelope(jobsOverview),
  }),
  adminJobRetry: route({
    method: 'POST',
    path: '/admin/jobs/retry',
    area: 'admin',
    summary: 'Runs a failed job again (only a job kind that is safe to repeat); the failure leaves the list',
    body: jobRetryBody,
    response: envelope(z.object({ ok: z.literal(true) })),
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
