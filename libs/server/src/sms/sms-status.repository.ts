import { Injectable } from '@nestjs/common';
import type { Reason } from '@tracker/contract';
import { PgPool, type Queryable } from '../core/db.js';
import { UTC_DAY } from './sms-stats.js';

/** A message locked for a status change: its state and the day its counters live on. */
export type LockedMessage = {
  id: number;
  status: number;
  gateway_status: string | null;
  gateway_message_id: string | null;
  day: string;
  device_id: number | null;
  command_key: string | null;
};

const LOCKED = `id, status, gateway_status, gateway_message_id, ${UTC_DAY('created')} AS day, device_id, command_key`;

/** Status changes of stored messages: the callbacks' log, row locks, the one UPDATE every change goes through. */
@Injectable()
export class SmsStatusRepository {
  constructor(private readonly pool: PgPool) {}

  tx<T>(fn: (c: Queryable) => Promise<T>): Promise<T> {
    return this.pool.transaction(fn);
  }

  /**
   * Serialises the work on one gateway sid for the rest of the transaction: a callback and the worker recording that
   * sid never interleave (else each could miss the other: the callback finding no message, the worker no callback).
   */
  async lockSid(sid: string, q: Queryable): Promise<void> {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${sid}`]);
  }

  /** Logs a callback once per (sid, status): false when it was seen before (a repeat). */
  async recordCallback(sid: string, status: string, errorCode: number | null, q: Queryable): Promise<boolean> {
    const r = await this.pool.rows(
      'INSERT INTO sms_callback (sid, status, error_code) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1 AS new',
      [sid, status, errorCode],
      q,
    );
    return r.length > 0;
  }

  async callbacksOf(sid: string, q: Queryable): Promise<{ status: string; error_code: number | null }[]> {
    return this.pool.rows('SELECT status, error_code FROM sms_callback WHERE sid = $1', [sid], q);
  }

  async lockBySid(sid: string, q: Queryable): Promise<LockedMessage | null> {
    const r = await this.pool.rows<LockedMessage>(`SELECT ${LOCKED} FROM sms_message WHERE gateway_message_id = $1 FOR UPDATE`, [sid], q);
    return r[0] ?? null;
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
    const r = await this.pool.rows<LockedMessage>(`SELECT ${LOCKED} FROM sms_message WHERE id = $1 FOR UPDATE`, [id], q);
    return r[0] ?? null;
  }

  /**
   * The one UPDATE of a message's status: received_at when it becomes received, the reason when it becomes error,
   * the claim released once it left status 0.
   */
  async setStatus(
    id: number,
    t: { status: number; gatewayStatus?: string | null; error?: Reason | null; keepClaim?: boolean },
    q: Queryable,
  ): Promise<void> {
    await q.query(
      `UPDATE sms_message SET status = $2, gateway_status = COALESCE($3, gateway_status),
         received_at = CASE WHEN $2 = 2 AND received_at IS NULL THEN now() ELSE received_at END,
         error_code = CASE WHEN $4::text IS NOT NULL THEN $4 ELSE error_code END,
         error_params = CASE WHEN $4::text IS NOT NULL THEN $5::jsonb ELSE error_params END,
         claimed_at = CASE WHEN $2 > 0 AND NOT $6 THEN NULL ELSE claimed_at END,
         claimed_by = CASE WHEN $2 > 0 AND NOT $6 THEN NULL ELSE claimed_by END,
         next_attempt_at = CASE WHEN $2 > 0 THEN NULL ELSE next_attempt_at END
       WHERE id = $1`,
      [id, t.status, t.gatewayStatus ?? null, t.error?.code ?? null, t.error ? JSON.stringify(t.error.params ?? {}) : null, t.keepClaim ?? false],
    );
  }

  /** Gives up a claim (a settled message whose sid the gateway could not name). */
  async release(id: number, q: Queryable = this.pool): Promise<void> {
    await q.query('UPDATE sms_message SET claimed_at = NULL, claimed_by = NULL WHERE id = $1', [id]);
  }

  /** Records the gateway's sid of a message sent (and the gateway that took it). */
  async setSent(id: number, gatewayId: number, sid: string, q: Queryable): Promise<void> {
    await q.query(
      `UPDATE sms_message SET gateway_id = $2, gateway_message_id = $3, sent_at = COALESCE(sent_at, now()), claimed_at = NULL, claimed_by = NULL
       WHERE id = $1`,
      [id, gatewayId, sid],
    );
  }
}
