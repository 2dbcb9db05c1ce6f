import { Injectable } from '@nestjs/common';
import type { SmsInboundBody } from '@tracker/contract';
import { CommandReplies } from '../commands/command-replies.service.js';
import { SmsStatusService } from './sms-status.service.js';

/**
 * The gateway's calls (docs/sms.md): delivery reports, applied to their messages; and the watches' messages, which
 * the command ledger correlates with the commands they answer (`CommandReplies`).
 */
@Injectable()
export class SmsWebhookService {
  constructor(
    private readonly status: SmsStatusService,
    private readonly replies: CommandReplies,
  ) {}

  statusCallback(sid: string, gatewayStatus: string, errorCode: number | null): Promise<void> {
    return this.status.callback(sid, gatewayStatus, errorCode);
  }

  reply(b: SmsInboundBody): Promise<void> {
    return this.replies.receive(b);
  }
}
