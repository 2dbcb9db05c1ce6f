import { Injectable } from '@nestjs/common';
import type { Reason } from '@tracker/contract';
import { blindArray, named, SqlRepository, type Queryable } from '../core/db.js';
import { DELTA_ROWS_SQL, deltaRows, UTC_DAY, type StatDelta } from './sms-stats.js';
import type { GatewayReport } from './sms-status.js';

/** A status change of a message (`setStatuses`); `sent`: its sid recorded with it. */
export type StatusRow = {
  id: number;
  status: number;
  gatewayStatus?: string | null;
  error?: Reason | null;
  keepClaim?: boolean;
  sent?: { gatewayId: number; sid: string };
};

/** The advisory lock keys of the sids in a text[] parameter, distinct, in the order they are taken. */
const SID_LOCK_KEYS = (param: string) => `SELECT DISTINCT hashtext('sms:' || s) AS k FROM unnest(${param}::text[]) AS s ORDER BY k`;

/** A message locked for a status change: its state and the day its counters live on. */
export type LockedMessage = {
  id: number;
  status: number;
  gateway_status: string | null;
  gateway_message_id: string | null;
  day: string;
  device_id: number | null;
  command_key: string | null;
  gateway_id: number | null;
  claimed_at: string | null;
  answered_at: string | null;
};

/** The columns of a `LockedMessage`. */
export const LOCKED = `id, status, gateway_status, gateway_message_id, ${UTC_DAY('created')} AS day, device_id, command_key, gateway_id, claimed_at, answered_at`;

/** Status changes of stored messages: the callbacks' log, row locks, the one UPDATE every change goes through. */
@Injectable()
export class SmsStatusRepository extends SqlRepository {
  /**
   * Serialises the work on gateway sids for the rest of the transaction: a callback and the worker recording that
   * sid never interleave (else each could miss the other: the callback finding no message, the worker no callback).
   * Taken in the order of their lock keys, so two batches never wait on each other in a cycle. What reads under the
   * locks (the worker's `callbacksOf`, the callbacks' `lockBySids`) must be a later statement: a statement sees what
   * was committed when it started.
   */
  async lockSids(sids: string[], q: Queryable): Promise<void> {
    await named(q, 'sms_lock_sids', `SELECT pg_advisory_xact_lock(k) FROM (${SID_LOCK_KEYS('$1')}) x`, [sids]);
  }

  /**
   * The sids locked (`lockSids`) and the callbacks logged once per (sid, status), in one statement: the new ones
   * answered (a repeat, even within the batch, is not). The insert needs no snapshot taken under the locks (a
   * callback is visible to the worker once committed, which is under them), only the later `lockBySids` does.
   */
  lockAndRecordCallbacks(cbs: (GatewayReport & { sid: string })[], q: Queryable): Promise<(GatewayReport & { sid: string })[]> {
    return named(
      q,
      'sms_record_callbacks',
      `WITH locked AS MATERIALIZED (SELECT count(pg_advisory_xact_lock(k)) AS n FROM (${SID_LOCK_KEYS('$1')}) x)
       INSERT INTO sms_callback (sid, status, error_code) SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
       WHERE (SELECT n FROM locked) >= 0
       ON CONFLICT DO NOTHING RETURNING sid, status, error_code`,
      [cbs.map((c) => c.sid), cbs.map((c) => c.status), cbs.map((c) => c.error_code)],
    );
  }

  /** The callbacks logged for these sids, by sid. */
  async callbacksOf(sids: string[], q: Queryable): Promise<Map<string, GatewayReport[]>> {
    const rows = await named<GatewayReport & { sid: string }>(q, 'sms_callbacks_of', 'SELECT sid, status, error_code FROM sms_callback WHERE sid = ANY($1::text[])', [sids]);
    const bySid = new Map<string, GatewayReport[]>();
    for (const r of rows) bySid.set(r.sid, [...(bySid.get(r.sid) ?? []), { status: r.status, error_code: r.error_code }]);
    return bySid;
  }

  /** Locks the messages of these sids, in id order. */
  lockBySids(sids: string[], q: Queryable): Promise<LockedMessage[]> {
    return named<LockedMessage>(q, 'sms_lock_by_sids', `SELECT ${LOCKED} FROM sms_message WHERE gateway_message_id = ANY(${blindArray(1, 'text')}) ORDER BY id FOR UPDATE`, [sids]);
  }

  /**
   * The messages of a command key still waiting to be sent (status 0, no worker's claim), locked: a worker's claim
   * skips them until the caller's transaction ends (for a feature that calls its commands off, e.g. a stopped rollout).
   */
  async lockUnsent(commandKey: string, q: Queryable): Promise<LockedMessage[]> {
    return this.pool.rows<LockedMessage>(
      `SELECT ${LOCKED} FROM sms_message WHERE command_key = $1 AND direction = 'OUTBOUND' AND status = 0 AND claimed_at IS NULL ORDER BY id FOR UPDATE`,
      [commandKey],
      q,
    );
  }

  async lockById(id: number, q: Queryable): Promise<LockedMessage | null> {
    return (await this.lockByIds([id], q))[0] ?? null;
  }

  /** Locks these messages, in id order. */
  lockByIds(ids: number[], q: Queryable): Promise<LockedMessage[]> {
    return named<LockedMessage>(q, 'sms_lock_by_ids', `SELECT ${LOCKED} FROM sms_message WHERE id = ANY(${blindArray(1, 'bigint')}) ORDER BY id FOR UPDATE`, [ids]);
  }

  /**
   * The one UPDATE of messages' statuses (one row or a batch): received_at when one becomes received, the reason when
   * it becomes error, the claim released once it left status 0 (unless kept) or its sid is recorded; with `sent`, the
   * gateway and sid recorded and sent_at set. The counters' deltas of the changes (`addDelta`'s map, by day) are
   * appended by the same statement.
   */
  async setStatuses(rows: StatusRow[], q: Queryable, counters: Map<string, StatDelta> = new Map()): Promise<void> {
    const deltas = deltaRows(counters);
    if (!rows.length && !deltas[0].length) return;
    await named(
      q,
      'sms_set_statuses',
      `WITH changed AS (UPDATE sms_message m SET gateway_id = COALESCE(v.gateway_id, m.gateway_id), gateway_message_id = COALESCE(v.sid, m.gateway_message_id),
         sent_at = CASE WHEN v.sid IS NOT NULL THEN COALESCE(m.sent_at, now()) ELSE m.sent_at END,
         status = v.status, gateway_status = COALESCE(v.gateway_status, m.gateway_status),
         received_at = CASE WHEN v.status = 2 AND m.received_at IS NULL THEN now() ELSE m.received_at END,
         error_code = COALESCE(v.error_code, m.error_code),
         error_params = CASE WHEN v.error_code IS NOT NULL THEN v.error_params::jsonb ELSE m.error_params END,
         claimed_at = CASE WHEN (v.status > 0 AND NOT v.keep_claim) OR v.sid IS NOT NULL THEN NULL ELSE m.claimed_at END,
         claimed_by = CASE WHEN (v.status > 0 AND NOT v.keep_claim) OR v.sid IS NOT NULL THEN NULL ELSE m.claimed_by END,
         next_attempt_at = CASE WHEN v.status > 0 THEN NULL ELSE m.next_attempt_at END
       FROM unnest(${[blindArray(1, 'bigint'), blindArray(2, 'int'), blindArray(3, 'text'), blindArray(4, 'int'), blindArray(5, 'text'), blindArray(6, 'text'), blindArray(7, 'text'), blindArray(8, 'bool')].join(', ')})
         AS v(id, gateway_id, sid, status, gateway_status, error_code, error_params, keep_claim)
       WHERE m.id = v.id)
       ${DELTA_ROWS_SQL(9)}`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.sent?.gatewayId ?? null),
        rows.map((r) => r.sent?.sid ?? null),
        rows.map((r) => r.status),
        rows.map((r) => r.gatewayStatus ?? null),
        rows.map((r) => r.error?.code ?? null),
        rows.map((r) => (r.error ? JSON.stringify(r.error.params ?? {}) : null)),
        rows.map((r) => r.keepClaim ?? false),
        ...deltas,
      ],
    );
  }

  /** Gives up a claim (a settled message whose sid the gateway could not name). */
  async release(id: number, q: Queryable = this.pool): Promise<void> {
    await q.query('UPDATE sms_message SET claimed_at = NULL, claimed_by = NULL WHERE id = $1', [id]);
  }
}
