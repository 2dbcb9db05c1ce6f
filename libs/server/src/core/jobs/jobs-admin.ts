import { Controller, Injectable, Module } from '@nestjs/common';
import { ErrorCode, fieldError, JOB_QUEUES, ROUTES, type JobRetryBody, type JobsOverview } from '@tracker/contract';
import { Endpoint, Input } from '../../access/endpoint.decorator.js';
import { AuditService } from '../audit.service.js';
import { DomainError } from '../errors.js';
import { JOB_FAILURES_KEPT, JobFailures } from './job-failures.js';
import { JobQueue } from './job-queue.service.js';
import { queueStates } from './queue-states.js';
import { JOBS, type JobName } from './registry.js';

/** The administrator's jobs page (docs/operations.md "Jobs page"). */
@Injectable()
export class JobsAdminService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly failures: JobFailures,
    private readonly audit: AuditService,
  ) {}

  /** Each queue's jobs by state (`queueStates`: `failed` from the failure list) and the failures themselves. */
  async overview(): Promise<JobsOverview> {
    const failures = await this.failures.list();
    const queues = await Promise.all(JOB_QUEUES.map(async (queue) => ({ queue, ...(await queueStates(this.jobs, queue, failures)) })));
    return { queues, failures, failures_kept: JOB_FAILURES_KEPT };
  }

  /** Enqueues a failed job again under its registry's id and options; only a retryable kind (else 400 naming `id`). */
  async retry(body: JobRetryBody): Promise<void> {
    const listed = (await this.failures.list()).find((f) => f.id === body.id);
    if (!listed) throw new DomainError(ErrorCode.NotFound);
    if (!listed.retryable) {
      // a failure of a job kind that is not safe to repeat: the field names the kinds that are
      const kinds = Object.entries(JOBS).filter(([, d]) => d.retryable).map(([name]) => name);
      throw new DomainError(ErrorCode.ValidationFailed, [fieldError('id', 'notOneOf', { field: 'id', options: `a failure of ${kinds.join(', ')}` })]);
    }
    const taken = await this.failures.remove(body.id);
    if (!taken) throw new DomainError(ErrorCode.NotFound);
    await this.jobs.enqueue(taken.job as JobName, taken.payload as never);
    await this.audit.recordCall(null, { entity: 'job', entityId: taken.job_id, result: { queue: taken.queue, job: taken.job, retried: true } });
  }
}

@Controller()
export class JobsAdminController {
  constructor(private readonly service: JobsAdminService) {}

  @Endpoint(ROUTES.adminJobs)
  async overview() {
    return { model: await this.service.overview() };
  }

  @Endpoint(ROUTES.adminJobRetry)
  async retry(@Input('body') body: JobRetryBody) {
    await this.service.retry(body);
    return { model: { ok: true as const } };
  }
}

@Module({ controllers: [JobsAdminController], providers: [JobsAdminService] })
export class JobsAdminModule {}
