import { Module } from '@nestjs/common';
import { SmsEventsModule } from '../sms/sms-events.js';
import { SmsStatusRepository } from '../sms/sms-status.repository.js';
import { SmsStatusService } from '../sms/sms-status.service.js';
import { SettingsModule } from '../settings/settings.module.js';
import { CommandLedger } from './command-ledger.service.js';
import { CommandReplies } from './command-replies.service.js';
import { CommandQuota, Confirmations } from './command-limits.js';
import { CommandStoreRepository } from './command-store.repository.js';

/**
 * The command ledger, for every feature that sends a command to a watch (the SMS routes, setting pushes, contact
 * pushes, firmware, modem), and the SMS events (`@OnSmsEvent`), for the features that follow what becomes of their
 * commands (docs/sms.md "The command ledger").
 */
@Module({
  imports: [SmsEventsModule, SettingsModule],
  providers: [CommandLedger, CommandReplies, CommandStoreRepository, CommandQuota, Confirmations, SmsStatusService, SmsStatusRepository],
  exports: [CommandLedger, CommandReplies, CommandStoreRepository, SmsEventsModule],
})
export class CommandLedgerModule {}
