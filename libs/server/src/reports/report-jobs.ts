import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../core/tokens.js';
import { withoutValues } from '../core/redact.js';
import { JobHandler, JobName, OnJobFailed, type JobPayload } from '../core/jobs/index.js';
import { ReportsRepository } from './reports.repository.js';

/** The report jobs (worker side). */
@Injectable()
export class ReportJobs {
  constructor(
    private readonly repo: ReportsRepository,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  @JobHandler(JobName.ReportActiveDevices)
  async activeDevices({ runId }: JobPayload<typeof JobName.ReportActiveDevices>) {
    const total = await this.repo.generate(runId);
    this.log.info({ runId, total }, 'active devices report generated');
  }

  /** After the last attempt the run ends FAILED, so the console stops polling. */
  @OnJobFailed(JobName.ReportActiveDevices)
  async failed(payload: unknown, err: Error, final: boolean) {
    const runId = (payload as Partial<JobPayload<typeof JobName.ReportActiveDevices>>)?.runId;
    if (!final || typeof runId !== 'number') return;
    await this.repo.fail(runId, withoutValues(err.message)).catch((e) => this.log.error({ err: e }, 'marking report failed'));
  }
}
