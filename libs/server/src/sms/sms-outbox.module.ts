import { Module } from '@nestjs/common';
import { SmsOutboxRepository } from './sms-outbox.repository.js';
import { SmsOutbox } from './sms-outbox.service.js';

/** The pipeline's entrance, for every feature that sends an SMS (the SMS routes, setting pushes). */
@Module({ providers: [SmsOutbox, SmsOutboxRepository], exports: [SmsOutbox] })
export class SmsOutboxModule {}
