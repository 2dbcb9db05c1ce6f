import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { SMS_STATUS, type Reason } from '@tracker/contract';
import { afterCommit, type Queryable } from '../core/db.js';
import { MetricsService } from '../core/metrics/metrics.service.js';
import { LOGGER } from '../core/tokens.js';
import { applyCallbacks, type GatewayReport } from './sms-status.js';
import { addDelta, statDelta, type StatDelta } from './sms-stats.js';
import { SmsEvents, type SmsEvent } from './sms-events.js';
import { SmsStatusRepository, type LockedMessage, type StatusRow } from './sms-status.repository.js';

/** A message the gateway took: its sid and the status the gateway answered the send with. */
export type SentRecord = { id: number; gatewayId: number; sid: string; status: string; errorCode: number | null };

type Callback = GatewayReport & { sid: string };

/** Callbacks applied per transaction at most. */
const CALLBACK_BATCH = 200;

/**
 * Every status change of a message goes through here, in a transaction with its counters (sms_statistic): gateway
 * callbacks, the worker's send results and failures, and watches' replies (docs/sms.md "Lifecycle").
 */
@Injectable()
export class SmsStatusService {
  private readonly callbacks: { cb: Callback; done: (err?: unknown) => void }[] = [];
  private applying = false;

  constructor(
    private readonly repo: SmsStatusRepository,
    private readonly events: SmsEvents,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly metrics: MetricsService,
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
    await this.repo.setStatuses([{ id: m.id, status, ...extra }], q, new Map([[m.day, { ...statDelta(m.status, status), created: 0 }]]));
    const from = m.status;
    m.status = status;
    if (extra.gatewayStatus) m.gateway_status = extra.gatewayStatus;
    await this.tell([statusEvent({ ...m, status: from }, status, extra.error ?? null)], q);
  }

  /** Tells the listeners (`@OnSmsEvent`) of the status changes a transaction made, after its writes, in it. */
  private async tell(events: (SmsEvent | null)[], q: Queryable): Promise<void> {
    for (const e of events) if (e) await this.events.emit(e, q);
    // counted once committed (a rolled back change never happened): tracker_sms_status_total
    afterCommit(q, () => {
      for (const e of events) if (e?.kind === 'status') this.metrics.sms(e.message.gatewayId, e.status);
    });
  }

  /**
   * A delivery status callback: logged once per (sid, status) (a repeat changes nothing), then applied to its message
   * if the worker recorded the sid already; otherwise the worker applies it when it records the sid (`recordSent`).
   * Resolves once committed. Callbacks that arrive while others are being applied are applied together, in one
   * transaction (a group commit: one at a time adds no wait, many at once share the statements).
   */
  callback(sid: string, gatewayStatus: string, errorCode: number | null): Promise<void> {
    return new Promise((resolve, reject) => {
      this.callbacks.push({ cb: { sid, status: gatewayStatus, error_code: errorCode }, done: (err) => (err ? reject(err) : resolve()) });
      if (!this.applying) void this.applyQueued();
    });
  }

  private async applyQueued(): Promise<void> {
    this.applying = true;
    try {
      while (this.callbacks.length) {
        const batch = this.callbacks.splice(0, CALLBACK_BATCH);
        try {
          await this.applyCallbacks(batch.map((b) => b.cb));
          for (const b of batch) b.done();
        } catch (err) {
          if (batch.length > 1) this.log.warn({ err, n: batch.length }, 'sms callbacks: batch failed, applying one by one');
          // one by one: a callback that fails alone fails only its own request
          for (const b of batch) {
            await (batch.length > 1 ? this.applyCallbacks([b.cb]) : Promise.reject(err)).then(() => b.done(), (e: unknown) => b.done(e));
          }
        }
      }
    } finally {
      this.applying = false;
    }
  }

  /** Callbacks of several messages in one transaction: the sids locked, the new ones logged and applied in rank order. */
  private async applyCallbacks(cbs: Callback[]): Promise<void> {
    await this.repo.transaction(async (c) => {
      const fresh = await this.repo.lockAndRecordCallbacks(cbs, c);
      if (!fresh.length) return;
      const rows: StatusRow[] = [];
      const days = new Map<string, StatDelta>();
      const changed: (SmsEvent | null)[] = [];
      for (const m of await this.repo.lockBySids([...new Set(fresh.map((x) => x.sid))], c)) {
        const next = applyCallbacks(m, fresh.filter((x) => x.sid === m.gateway_message_id));
        if (next.gateway_status === m.gateway_status) continue;
        rows.push({ id: m.id, status: next.status, gatewayStatus: next.gateway_status, error: next.error });
        addDelta(days, m.day, statDelta(m.status, next.status));
        changed.push(statusEvent(m, next.status, next.error));
      }
      await this.repo.setStatuses(rows, c, days);
      await this.tell(changed, c);
    });
  }

  /**
   * The gateway took these messages (a send's batch, docs/sms.md "Sending"): in one transaction, each sid recorded
   * with its gateway, status sent (unless a reply settled the message first), the gateway's answer and the callbacks
   * that came before the sid was recorded applied in rank order, counters moved. A message that has a sid already is
   * left alone. The sids are locked first (a callback and the recording never interleave), then the messages in id
   * order.
   */
  async recordSent(batch: SentRecord[]): Promise<void> {
    const seen = new Set<string>();
    const items = batch.filter((b) => !seen.has(b.sid) && seen.add(b.sid));
    if (!items.length) return;
    await this.repo.transaction(async (c) => {
      await this.repo.lockSids(items.map((b) => b.sid), c);
      const locked = new Map((await this.repo.lockByIds(items.map((b) => b.id), c)).map((m) => [m.id, m]));
      const early = await this.repo.callbacksOf(items.map((b) => b.sid), c);
      const rows: StatusRow[] = [];
      const days = new Map<string, StatDelta>();
      const changed: (SmsEvent | null)[] = [];
      for (const b of items) {
        const m = locked.get(b.id);
        if (!m || m.gateway_message_id) continue;
        const next = applyCallbacks({ status: Math.max(m.status, SMS_STATUS.sent), gateway_status: m.gateway_status }, [
          { status: b.status, error_code: b.errorCode },
          ...(early.get(b.sid) ?? []),
        ]);
        rows.push({ id: m.id, status: next.status, gatewayStatus: next.gateway_status, error: next.error, sent: { gatewayId: b.gatewayId, sid: b.sid } });
        addDelta(days, m.day, statDelta(m.status, next.status));
        changed.push(statusEvent({ ...m, gateway_id: b.gatewayId }, next.status, next.error));
      }
      await this.repo.setStatuses(rows, c, days);
      await this.tell(changed, c);
    });
  }
}

/** The event of a message moving from its locked status to `status`; null when the status stays. */
function statusEvent(m: LockedMessage, status: number, error: Reason | null | undefined): SmsEvent | null {
  if (m.status === status) return null;
  return {
    kind: 'status',
    message: { id: m.id, deviceId: m.device_id, commandKey: m.command_key, gatewayId: m.gateway_id },
    from: m.status,
    status,
    error: error ?? null,
  };
}
