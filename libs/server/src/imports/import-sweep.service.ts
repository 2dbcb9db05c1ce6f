import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../core/config.js';
import { LOGGER } from '../core/tokens.js';
import { countedRun, JobName, JobQueue, PERIODIC_JOBS, PeriodicJob, PeriodicJobName } from '../core/jobs/index.js';
import { ImportsRepository } from './imports.repository.js';
import { UploadStore } from './upload-store.js';

export const IMPORT_SWEEP_MS = PERIODIC_JOBS[PeriodicJobName.ImportSweep].everyMs;

/**
 * Periodic work of the imports (worker, the periodic job `imports.sweep` like every sweep): re-enqueues imports that Postgres says
 * are open but that have no job (Redis lost, api died mid-upload), and deletes upload files past their retention.
 * Runs at worker start and every minute.
 */
@Injectable()
export class ImportSweep {
  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly repo: ImportsRepository,
    private readonly store: UploadStore,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @PeriodicJob(PeriodicJobName.ImportSweep)
  async tick() {
    await this.sweep();
    await this.expireFiles();
  }

  /** Re-enqueues open imports without a job. Returns how many it queued. */
  sweep(): Promise<number> {
    return countedRun(this.log, 'import sweep', async () => {
      const n = await this.jobs.enqueueMissing(JobName.ImportRun, (await this.repo.open()).map((importId) => ({ importId })));
      if (n) this.log.info({ queued: n }, 'import sweep re-enqueued open imports');
      return n;
    });
  }

  /**
   * Deletes the uploaded files of imports that ended more than UPLOAD_RETENTION_DAYS ago (the import row, its counts
   * and error rows stay; only the report download goes). Files are found through this database's imports only, as
   * several databases may share the folder. Returns how many it deleted.
   */
  async expireFiles(): Promise<number> {
    let n = 0;
    try {
      for (const f of await this.repo.filesEndedBefore(this.config.get('UPLOAD_RETENTION_DAYS'))) {
        await this.repo.clearFile(f.id);
        await this.store.remove(this.store.resolve(f.file_path));
        n++;
      }
      if (n) this.log.info({ deleted: n }, 'import sweep deleted expired upload files');
    } catch (err) {
      this.log.warn({ err }, 'expiring upload files failed');
    }
    return n;
  }
}
