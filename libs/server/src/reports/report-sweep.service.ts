import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../core/tokens.js';
import { countedRun, JobName, JobQueue, PERIODIC_JOBS, PeriodicJob, PeriodicJobName } from '../core/jobs/index.js';
import { ReportsRepository } from './reports.repository.js';

export const REPORT_SWEEP_MS = PERIODIC_JOBS[PeriodicJobName.ReportSweep].everyMs;

/**
 * Re-enqueues report runs that Postgres says are open (QUEUED) but Redis has no job for: the api died between the
 * run's commit and its enqueue, or Redis lost the queue. The job id is the run's (`report-<id>`), so a run whose job
 * is there, or one the api enqueues at the same moment, is queued once. Worker (periodic job `reports.sweep`), at start and every minute, like the
 * import sweep (docs/statistics.md "Reports").
 */
@Injectable()
export class ReportSweep {
  constructor(
    private readonly jobs: JobQueue,
    private readonly repo: ReportsRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  /** Re-enqueues open runs without a job. Returns how many it queued. */
  @PeriodicJob(PeriodicJobName.ReportSweep)
  sweep(): Promise<number> {
    return countedRun(this.log, 'report sweep', async () => {
      const n = await this.jobs.enqueueMissing(JobName.ReportActiveDevices, (await this.repo.open()).map((runId) => ({ runId })));
      if (n) this.log.info({ queued: n }, 'report sweep re-enqueued open report runs');
      return n;
    });
  }
}
