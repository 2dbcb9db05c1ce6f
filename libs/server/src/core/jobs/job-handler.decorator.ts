import { SetMetadata } from '@nestjs/common';
import type { JobName, PeriodicJobName } from './registry.js';

export const JOB_HANDLER = 'tracker:job-handler';
export const JOB_FAILED = 'tracker:job-failed';
export const PERIODIC_JOB = 'tracker:periodic-job';

/**
 * Marks a method of a worker-side provider as the handler of a job: it receives the payload, already checked with
 * the job's zod schema. Exactly one handler per declared job, or the worker does not boot.
 */
export const JobHandler = (name: JobName) => SetMetadata(JOB_HANDLER, name);

/**
 * Marks a method called when an attempt of the job fails: `(payload, error, final)`, with `final` true after the last
 * attempt (or when the job kept killing its worker), so the feature can record the outcome in Postgres. Optional.
 */
export const OnJobFailed = (name: JobName) => SetMetadata(JOB_FAILED, name);

export type JobFailedHandler = (payload: unknown, error: Error, final: boolean) => Promise<void> | void;

/**
 * Marks a method of a worker-side provider as the run of a periodic job declared in PERIODIC_JOBS (registry.ts): the
 * worker's PeriodicJobScheduler calls it at start (if the declaration says so) and every `everyMs`. Exactly one per
 * declared periodic job, or the worker does not boot.
 */
export const PeriodicJob = (name: PeriodicJobName) => SetMetadata(PERIODIC_JOB, name);
