import { Injectable } from '@nestjs/common';
import { JobHandler, JobName, JOBS, type JobPayload } from '../core/jobs/index.js';
import { SmsDispatcher } from './sms-dispatch.service.js';

/** The SMS send job's handler (worker side): thin, the dispatcher re-reads Postgres. */
@Injectable()
export class SmsJobs {
  constructor(private readonly dispatcher: SmsDispatcher) {}

  /** The job's own id owns its claims: a run of the same job after a crash takes its messages back at once. */
  @JobHandler(JobName.SmsSend)
  send(payload: JobPayload<typeof JobName.SmsSend>) {
    return this.dispatcher.run(payload.ids, JOBS[JobName.SmsSend].id(payload));
  }
}
