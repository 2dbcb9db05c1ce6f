import { Injectable } from '@nestjs/common';
import { SMS_STATUS, type Reason, type SmsInboundBody } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { smsReason } from './sms-reason.js';
import { parseReply, replyCommandKey, type Reply } from './sms-replies.js';
import { SmsEvents } from './sms-events.js';
import { SmsInboundRepository } from './sms-inbound.repository.js';
import { SmsStatusRepository, type LockedMessage } from './sms-status.repository.js';
import { SmsStatusService } from './sms-status.service.js';

/** What a reply does to the command it answers: its final §3 status, and the reason when the watch refused. */
function outcome(r: Reply): { status: number; error: Reason | null } {
  switch (r.kind) {
    case 'settingErr':
    case 'refused':
      return { status: SMS_STATUS.error, error: smsReason('smsDeviceRefused', { reason: r.reason }) };
    case 'unknownCommand':
      return { status: SMS_STATUS.error, error: smsReason('smsDeviceUnknownCommand') };
    default:
      return { status: SMS_STATUS.received, error: null };
  }
}

/**
 * The gateway's calls (docs/sms.md): delivery reports, and watches' replies, each matched to the command it answers
 * (`reply_to`), which it settles: received, or error with the watch's reason; a setting's `:OK` confirms the setting.
 */
@Injectable()
export class SmsWebhookService {
  constructor(
    private readonly inbound: SmsInboundRepository,
    private readonly messages: SmsStatusRepository,
    private readonly status: SmsStatusService,
    private readonly events: SmsEvents,
  ) {}

  statusCallback(sid: string, gatewayStatus: string, errorCode: number | null): Promise<void> {
    return this.status.callback(sid, gatewayStatus, errorCode);
  }

  async reply(b: SmsInboundBody): Promise<void> {
    const reply = parseReply(b.Body);
    await this.inbound.tx(async (c) => {
      const command = await this.inbound.awaiting(b.From, replyCommandKey(reply), c);
      const deviceId = command?.device_id ?? (await this.inbound.deviceOf(b.From, c));
      // the command is locked before the reply is stored: the reply's reply_to key-share-locks the command, so two
      // replies at once (the watch's and a repeat) that stored first and locked second deadlocked
      const m = command ? await this.messages.lockById(command.id, c) : null;
      const id = await this.inbound.insert(
        { sid: b.MessageSid, from: b.From, body: b.Body, deviceId, replyTo: command?.id ?? null, commandKey: command?.command_key ?? null },
        c,
      );
      if (id === null) return; // a repeat
      const replyTo = command ? { id: command.id, deviceId: command.device_id, commandKey: command.command_key } : null;
      // the command is settled first, so a listener sees the reply with its command's outcome already stored
      if (command && deviceId !== null && m) await this.settleCommand(m, reply, deviceId, c);
      await this.events.emit({ kind: 'inbound', id, deviceId, from: b.From, body: b.Body, replyTo }, c);
    });
  }

  private async settleCommand(m: LockedMessage, reply: Reply, deviceId: number, c: Queryable): Promise<void> {
    const o = outcome(reply);
    // a refusal settles even a delivered command as error; an acknowledgement only moves it forward
    if (o.status === SMS_STATUS.error ? m.status !== SMS_STATUS.error : m.status < SMS_STATUS.received) {
      // a reply that overtook the worker's commit: the claim stays, so that the sid is recorded (or reconciled) still
      await this.status.settle(m, o.status, c, { error: o.error, keepClaim: m.gateway_message_id === null });
    }
    if (reply.kind === 'settingOk') await this.inbound.confirmSetting(deviceId, reply.settingNo, reply.value, c);
  }
}
