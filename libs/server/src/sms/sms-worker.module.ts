import { Module } from '@nestjs/common';
import { SmsEventsModule } from './sms-events.js';
import { SmsDispatchRepository } from './sms-dispatch.repository.js';
import { SmsDispatcher } from './sms-dispatch.service.js';
import { SmsGateways } from './sms-gateways.js';
import { SmsJobs } from './sms-jobs.js';
import { SmsRateLimiter } from './sms-rate.js';
import { SmsStatusRepository } from './sms-status.repository.js';
import { SmsStatusService } from './sms-status.service.js';
import { SmsSweep } from './sms-sweep.service.js';

/** SMS, worker side (docs/sms.md): the send job's handler, the dispatcher, the gateways and their rate, the sweep. */
@Module({
  imports: [SmsEventsModule],
  providers: [SmsJobs, SmsDispatcher, SmsDispatchRepository, SmsGateways, SmsRateLimiter, SmsStatusService, SmsStatusRepository, SmsSweep],
})
export class SmsWorkerModule {}
