import { Module } from '@nestjs/common';
import { SmsEventsModule } from './sms-events.js';
import { SmsOutboxRepository } from './sms-outbox.repository.js';
import { SmsOutbox } from './sms-outbox.service.js';
import { SmsStatusRepository } from './sms-status.repository.js';
import { SmsStatusService } from './sms-status.service.js';

/**
 * The pipeline's entrance, for every feature that sends an SMS (the SMS routes, setting pushes, firmware, modem), and
 * its events (`@OnSmsEvent`), for the features that follow what becomes of their commands.
 */
@Module({ imports: [SmsEventsModule], providers: [SmsOutbox, SmsOutboxRepository, SmsStatusService, SmsStatusRepository], exports: [SmsOutbox, SmsEventsModule] })
export class SmsOutboxModule {}
