import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../tokens.js';
import { PeriodicJob } from '../jobs/job-handler.decorator.js';
import { countedRun } from '../jobs/periodic-jobs.js';
import { PeriodicJobName } from '../jobs/registry.js';
import { ExportSweepRepository } from './export-sweep.repository.js';

/** Periodic sweep (worker, periodic job `exports.sweep`, hourly): deletes export hashes that expired more than a day ago. */
@Injectable()
export class ExportSweep {
  constructor(
    private readonly repo: ExportSweepRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @PeriodicJob(PeriodicJobName.ExportSweep)
  sweep(): Promise<number> {
    return countedRun(this.log, 'export sweep', async () => {
      const n = await this.repo.deleteExpired();
      if (n) this.log.info({ deleted: n }, 'swept expired export hashes');
      return n;
    });
  }
}
