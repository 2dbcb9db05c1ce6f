import { Injectable } from '@nestjs/common';
import { SMS_STATUS, type Reason } from '@tracker/contract';
import type { Queryable } from '../core/db.js';
import { applyCallback, gatewayRank, type MessageState } from './sms-status.js';
import { bumpStats, statDelta } from './sms-stats.js';
import { SmsEvents } from './sms-events.js';
import { SmsStatusRepository, type LockedMessage } from './sms-status.repository.js';

/**
 * Every status change of a message goes through here, in a transaction with its counters (sms_statistic): gateway
 * callbacks, the worker's send results and failures, and watches' replies (docs/sms.md "Lifecycle").
 */
@Injectable()
export class SmsStatusService {
  constructor(
    private readonly repo: SmsStatusRepository,
    private readonly events: SmsEvents,
  ) {}

  /**
   * Moves a locked message to `status` (with the reason of an error) and its counters with it; a change of status is
   * told to the listeners (`@OnSmsEvent`) in the same transaction.
   */
  async settle(
    m: LockedMessage,
    status: number,
    q: Queryable,
    extra: { gatewayStatus?: string | null; error?: Reason | null; keepClaim?: boolean } = {},
  ): Promise<void> {
    if (status === m.status && !extra.gatewayStatus && !extra.error) return;
    await this.repo.setStatus(m.id, { status, ...extra }, q);
    await bumpStats(q, m.day, { ...statDelta(m.status, status), created: 0 });
    const from = m.status;
    m.status = status;
    if (extra.gatewayStatus) m.gateway_status = extra.gatewayStatus;
    if (from !== status) {
      const message = { id: m.id, deviceId: m.device_id, commandKey: m.command_key };
      await this.events.emit({ kind: 'status', message, from, status, error: extra.error ?? null }, q);
    }
  }

  /**
   * A delivery status callback: logged once per (sid, status) (a repeat changes nothing), then applied to its message
   * if the worker recorded the sid already; otherwise the worker applies it when it records the sid (`applyPending`).
   */
  async callback(sid: string, gatewayStatus: string, errorCode: number | null): Promise<void> {
    await this.repo.tx(async (c) => {
      await this.repo.lockSid(sid, c);
      if (!(await this.repo.recordCallback(sid, gatewayStatus, errorCode, c))) return;
      const m = await this.repo.lockBySid(sid, c);
      if (m) await this.apply(m, [{ status: gatewayStatus, error_code: errorCode }], c);
    });
  }

  /**
   * The callbacks that arrived before the sid was recorded, and `more` (the status the gateway answered the send
   * with), applied in rank order inside the recording transaction.
   */
  async applyPending(m: LockedMessage, q: Queryable, more: { status: string; error_code: number | null }[] = []): Promise<void> {
    if (!m.gateway_message_id) return;
    await this.apply(m, [...more, ...(await this.repo.callbacksOf(m.gateway_message_id, q))], q);
  }

  private async apply(m: LockedMessage, callbacks: { status: string; error_code: number | null }[], q: Queryable) {
    const state: MessageState = { status: m.status, gateway_status: m.gateway_status };
    let error: Reason | null = null;
    for (const cb of [...callbacks].sort((a, b) => gatewayRank(a.status) - gatewayRank(b.status))) {
      const t = applyCallback(state, cb.status, cb.error_code);
      if (!t) continue;
      if (t.error && state.status !== SMS_STATUS.error) error = t.error;
      state.status = t.status;
      state.gateway_status = t.gateway_status;
    }
    if (state.gateway_status === m.gateway_status) return;
    await this.settle(m, state.status, q, { gatewayStatus: state.gateway_status, error });
  }
}
