import { Injectable } from '@nestjs/common';
import { MODEM_COMMAND_PREFIX, SMS_STATUS } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { OnSmsEvent, type SmsEvent } from '../sms/sms-events.js';
import { ModemEngine } from './modem-engine.service.js';

/**
 * The SMS events of the modem commands (command keys MODEM_*; docs/sms.md "Events"): a watch's reply to the command a
 * check waits for moves the process on, the command's error (undelivered, refused, no gateway) counts as an error; in
 * the transaction that stores the reply or the status, so the process moves with the SMS or not at all. In the api
 * (webhooks) and the worker (sends and their final failures).
 */
@Injectable()
export class ModemSmsListener {
  constructor(private readonly engine: ModemEngine) {}

  @OnSmsEvent()
  async onSms(e: SmsEvent, q: Queryable): Promise<void> {
    if (e.kind === 'status') {
      if (e.status === SMS_STATUS.error && e.message.commandKey?.startsWith(MODEM_COMMAND_PREFIX)) await this.engine.onSmsError(e.message.id, e.error, q);
      return;
    }
    if (e.replyTo?.commandKey?.startsWith(MODEM_COMMAND_PREFIX)) await this.engine.onReply(e.replyTo.id, e.body, q);
  }
}
