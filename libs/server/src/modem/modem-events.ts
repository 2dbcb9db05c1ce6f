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
      const failed = e.status === SMS_STATUS.error || e.status === SMS_STATUS.expired;
      // a reply the watch gave ends its command as error too (a refusal): the reply itself moves the check (below)
      if (failed && e.message.commandKey?.startsWith(MODEM_COMMAND_PREFIX) && e.error?.code !== 'smsDeviceRefused') await this.engine.onSmsError(e.message.id, e.error, q);
      return;
    }
    // only the reply the ledger correlated with the modem command (by its word), never another command's or an alarm
    if (e.correlation === 'reply' && e.replyTo?.commandKey?.startsWith(MODEM_COMMAND_PREFIX)) await this.engine.onReply(e.replyTo.id, e.body, q);
  }
}
