import type { RouteName } from '@tracker/contract';
import { JobFailures } from '@tracker/server';
import type { SampleBuilder } from './index.js';

/** Valid requests of the jobs page's routes (area admin: role 1; docs/operations.md "Jobs page"). */
export const JOB_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  adminJobs: () => ({ path: '/admin/jobs' }),
  // a listed failure of a retryable job kind (each call lists its own: a retry takes it off the list)
  adminJobRetry: async ({ api }) => {
    const id = await api.app.get(JobFailures).add({ queue: 'modem', job: 'modem.step', job_id: 'modem-1-99', payload: { id: 1, version: 99 }, reason: 'sample', attempts: 5, failed_at: new Date().toISOString() });
    return { path: '/admin/jobs/retry', body: { id } };
  },
};
