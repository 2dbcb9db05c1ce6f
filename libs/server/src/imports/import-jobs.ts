import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../core/tokens.js';
import { JobHandler, JobName, OnJobFailed, type JobPayload } from '../core/jobs/index.js';
import { ImportRunner } from './import-runner.service.js';

/** The import job's handlers (worker side): thin, they call the runner, which re-reads Postgres. */
@Injectable()
export class ImportJobs {
  constructor(
    private readonly runner: ImportRunner,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @JobHandler(JobName.ImportRun)
  run({ importId }: JobPayload<typeof JobName.ImportRun>) {
    return this.runner.run(importId);
  }

  /** After the last attempt the import ends FAILED with the reason, so the list does not show it running forever. */
  @OnJobFailed(JobName.ImportRun)
  async failed(payload: unknown, err: Error, final: boolean) {
    const importId = (payload as Partial<JobPayload<typeof JobName.ImportRun>>)?.importId;
    if (!final || typeof importId !== 'number') return;
    await this.runner.fail(importId, err).catch((e) => this.log.error({ err: e }, 'marking import failed'));
  }
}
