import { Module } from '@nestjs/common';
import { DeviceScopeService } from '../device-workspace/device-scope.service.js';
import { DeviceWorkspaceRepository } from '../device-workspace/device-workspace.repository.js';
import { SmsController } from './sms.controller.js';
import { CommandLedgerModule } from '../commands/command-ledger.module.js';
import { SmsSendRepository } from './sms-send.repository.js';
import { SmsSendService } from './sms-send.service.js';
import { SmsStatusRepository } from './sms-status.repository.js';
import { SmsStatusService } from './sms-status.service.js';
import { SmsWebhookController } from './sms-webhook.controller.js';
import { SmsWebhookService } from './sms-webhook.service.js';

/** SMS, api side (§7 SMS, docs/sms.md): sending, campaigns, and the gateway's webhooks. The worker side is SmsWorkerModule. */
@Module({
  imports: [CommandLedgerModule],
  controllers: [SmsController, SmsWebhookController],
  providers: [
    SmsSendService,
    SmsSendRepository,
    DeviceScopeService,
    DeviceWorkspaceRepository,
    SmsWebhookService,
    SmsStatusService,
    SmsStatusRepository,
  ],
})
export class SmsModule {}
