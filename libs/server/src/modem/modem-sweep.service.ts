import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../core/config.js';
import { LOGGER } from '../core/tokens.js';
import { countedRun, JobName, JobQueue, PERIODIC_JOBS, PeriodicJob, PeriodicJobName } from '../core/jobs/index.js';
import { ModemRepository } from './modem.repository.js';

export const MODEM_SWEEP_MS = PERIODIC_JOBS[PeriodicJobName.ModemSweep].everyMs;
const BATCH = 2_000;

/**
 * Periodic work of the modem updates (worker, periodic job `modem.sweep`, at start and every 5 s): hands the worker the processes whose time is
 * up by Postgres' clock (past the 10-day deadline, a check whose SMS was sent longer ago than its timeout, a wait
 * whose retry is due) and those whose job was lost. The job ids carry the process's version, so a job still queued
 * (or delayed until its retry) is not queued twice, and a job for a process that moved on does nothing. A retry's
 * time is in Postgres (`retry_at`): a worker restarted, or Redis emptied, loses no wait.
 */
@Injectable()
export class ModemSweep {
  constructor(
    private readonly config: AppConfig,
    private readonly repo: ModemRepository,
    private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @PeriodicJob(PeriodicJobName.ModemSweep)
  tick(): Promise<number> {
    return countedRun(this.log, 'modem sweep', async () => {
      const due = await this.repo.due(this.config.get('MODEM_CHECK_TIMEOUT_MS'), this.config.get('MODEM_STALE_MS'), BATCH);
      await this.jobs.enqueueMany(JobName.ModemStep, due);
      return due.length;
    });
  }
}
