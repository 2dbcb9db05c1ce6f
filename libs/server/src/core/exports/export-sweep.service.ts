import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../tokens.js';
import { PeriodicJob } from '../jobs/job-handler.decorator.js';
import { PeriodicJobName } from '../jobs/registry.js';
import { ExportStore } from './export-store.js';

/** Periodic sweep (worker, periodic job `exports.sweep`, hourly): deletes export hashes that expired more than a day ago. */
@Injectable()
export class ExportSweep {
  constructor(
    private readonly store: ExportStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @PeriodicJob(PeriodicJobName.ExportSweep)
  async sweep(): Promise<number> {
    const n = await this.store.sweep().catch((err) => {
      this.log.warn({ err }, 'export sweep failed');
      return 0;
    });
    if (n) this.log.info({ deleted: n }, 'swept expired export hashes');
    return n;
  }
}
