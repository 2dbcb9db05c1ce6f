import type { JobFailure } from '@tracker/contract';
import type { JobQueue } from './job-queue.service.js';
import type { QueueName } from './registry.js';

/** A queue's jobs by state, as the jobs page and the metrics show them. */
export type QueueStates = { waiting: number; active: number; delayed: number; failed: number };

/**
 * A queue's jobs by state (the administrator's jobs page, the `tracker_queue_jobs` gauge): BullMQ's counts, and
 * `failed` from the failure list (`JobFailures`, its last JOB_FAILURES_KEPT entries), since BullMQ keeps no failed job
 * (every job is removeOnFail, so its own failed count is always 0). `failures`: the list, read once for every queue.
 */
export async function queueStates(jobs: JobQueue, queue: QueueName, failures: readonly JobFailure[]): Promise<QueueStates> {
  const c = await jobs.counts(queue);
  return {
    waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
    active: c.active ?? 0,
    delayed: c.delayed ?? 0,
    failed: failures.filter((f) => f.queue === queue).length,
  };
}
