import { Injectable } from '@nestjs/common';
import { reason, SMS_STATUS } from '@tracker/contract';
import { parseFotaReport } from '../commands/grammar.js';
import type { Queryable } from '../core/db.js';
import { OnSmsEvent, type SmsEvent } from '../sms/sms-events.js';
import { FirmwareRolloutRepository } from './firmware-rollout.repository.js';

const FOTA_KEY = /^FOTA_(\d{1,9})$/;
/** A rollout's commands: the FOTA command and its status query (their replies are the rollout's reports). */
const ROLLOUT_KEY = /^FOTAQ?_(\d{1,9})$/;

/**
 * Follows the FOTA commands through the SMS pipeline (docs/sms.md "Events"), in the transaction of each change: the
 * gateway took a command (the device's timeout starts), a command failed or expired unsent (the device failed with
 * the SMS's reason, or was cancelled when its rollout called it off), a watch reported downloading, finished or an
 * error. Only reports the ledger correlated with a command of the same rollout count (a stray FOTA text does not).
 */
@Injectable()
export class FirmwareSmsListener {
  constructor(private readonly repo: FirmwareRolloutRepository) {}

  @OnSmsEvent()
  async onSms(e: SmsEvent, q: Queryable): Promise<void> {
    if (e.kind === 'status') {
      const m = FOTA_KEY.exec(e.message.commandKey ?? '');
      if (!m || e.message.deviceId === null) return;
      const requestId = Number(m[1]);
      if (e.status === SMS_STATUS.sent || e.status === SMS_STATUS.received) return this.repo.sent(requestId, e.message.deviceId, q);
      if (e.status === SMS_STATUS.error || e.status === SMS_STATUS.expired) {
        const error = e.error ?? reason('text', { text: 'SMS error' });
        return this.repo.undelivered(requestId, e.message.deviceId, error, error.code === 'firmwareRequestEnded', q);
      }
      return;
    }
    const key = ROLLOUT_KEY.exec(e.replyTo?.commandKey ?? '');
    if (!key || (e.correlation !== 'reply' && e.correlation !== 'progress')) return;
    const r = parseFotaReport(e.body);
    if (!r || r.requestId !== Number(key[1])) return;
    if (r.kind === 'downloading') return this.repo.downloading(r.requestId, e.from, r.progress, q);
    if (r.kind === 'ok') return this.repo.finished(r.requestId, e.from, r.version, q);
    return this.repo.failed(r.requestId, e.from, r.reason, q);
  }
}
