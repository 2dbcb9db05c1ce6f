import { Injectable } from '@nestjs/common';
import type { Reason } from '@tracker/contract';
import { blindArray, named, SqlRepository, type Queryable } from '../core/db.js';
import { bumpStats, countRepliesSql, UTC_DAY } from '../sms/sms-stats.js';
import { LOCKED, type LockedMessage } from '../sms/sms-status.repository.js';
import type { AwaitingCommand } from './correlate.js';

export type StoredSms = { id: number; device_id: number; command_key: string | null; message: string; gsm_number: string | null; status: number; created: string; expires_at: string };

/** A device as the gate sees it. */
export type GateRow = { id: number; imei: string; device_type_id: number; device_status: number; enabled: boolean; gsm_number: string | null };

/** A refused device, as stored in command_refusal. */
export type RefusalRow = { deviceId: number | null; namedAs: string | null; reason: Reason };

/** What a command is stored with (the ledger computed the rest: its text, masked, and its time to live). */
export type CommandRow = {
  commandKey: string;
  message: string;
  createdBy: number | null;
  ttlMinutes: number;
  secretRef?: string | null;
  bulkId?: string | null;
  retryOf?: number | null;
};

const SENT_COLUMNS = 'id, device_id, command_key, message, gsm_number, status, created, expires_at';

/**
 * The ledger's statements (docs/sms.md "The command ledger"): commands stored (status 0 created, their idempotency
 * keys, their time to live, counted), the devices the gate reads, the refusals kept for a batch's outcome, and the
 * commands to a number that await a reply (correlation).
 */
@Injectable()
export class CommandStoreRepository extends SqlRepository {
  /**
   * One command. `expiresAt` keeps an earlier attempt's end of life (a retry lives no longer than its first attempt),
   * `notBefore` holds it back (the retry's pause).
   */
  async insertOne(
    r: CommandRow & { deviceId: number; gsmNumber: string | null; expiresAt?: string | null; notBefore?: string | null },
    q: Queryable,
  ): Promise<StoredSms> {
    const [m] = await this.pool.rows<StoredSms>(
      `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, created_by, idempotency_key,
         expires_at, secret_ref, bulk_id, retry_of, next_attempt_at)
       VALUES ($1, $2, $3, $4, 'OUTBOUND', 0, $5, gen_random_uuid()::text, COALESCE($10::timestamptz, now() + $6 * interval '1 minute'), $7, $8, $9, $11)
       RETURNING ${SENT_COLUMNS}`,
      [r.commandKey, r.message, r.deviceId, r.gsmNumber, r.createdBy, r.ttlMinutes, r.secretRef ?? null, r.bulkId ?? null, r.retryOf ?? null, r.expiresAt ?? null, r.notBefore ?? null],
      q,
    );
    await bumpStats(q, m!.created.slice(0, 10), { created: 1 });
    return m!;
  }

  /**
   * One command per device of `deviceIds` (gated by the caller), all under `bulkId`, in one statement; answers the new
   * ids in id order.
   */
  async insertBulk(r: CommandRow & { deviceIds: number[] }, q: Queryable): Promise<number[]> {
    const rows = await this.pool.rows<{ id: number }>(
      `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, created_by, idempotency_key, bulk_id,
         expires_at, secret_ref)
       SELECT $2, $3, d.id, d.gsm_number, 'OUTBOUND', 0, $4, gen_random_uuid()::text, $5, now() + $6 * interval '1 minute', $7
       FROM unnest($1::int[]) AS x(id) JOIN device d ON d.id = x.id ORDER BY d.id
       RETURNING id`,
      [r.deviceIds, r.commandKey, r.message, r.createdBy, r.bulkId ?? null, r.ttlMinutes, r.secretRef ?? null],
      q,
    );
    const [day] = await this.pool.rows<{ day: string }>(`SELECT ${UTC_DAY('now()')} AS day`, [], q);
    await bumpStats(q, day!.day, { created: rows.length });
    return rows.map((x) => x.id).sort((a, b) => a - b);
  }

  /** The devices of `ids` as the gate needs them (ids that name no device are missing from the answer). */
  gateRows(ids: number[], q?: Queryable): Promise<GateRow[]> {
    return this.pool.rows<GateRow>(
      `SELECT d.id, d.imei, d.device_type_id, d.device_status, d.enabled, d.gsm_number
       FROM unnest($1::int[]) AS x(id) JOIN device d ON d.id = x.id ORDER BY d.id`,
      [ids],
      q,
    );
  }

  /** Keeps a batch's refused devices (its outcome lists them), in the batch's transaction. */
  async insertRefusals(kind: 'campaign' | 'firmware' | 'modem', batchId: string, refused: RefusalRow[], q: Queryable): Promise<void> {
    if (!refused.length) return;
    await q.query(
      `INSERT INTO command_refusal (batch_kind, batch_id, device_id, named_as, reason_code, reason_params)
       SELECT $1, $2, v.device_id, v.named_as, v.code, v.params::jsonb
       FROM unnest($3::int[], $4::text[], $5::text[], $6::text[]) AS v(device_id, named_as, code, params)`,
      [
        kind,
        batchId,
        refused.map((r) => r.deviceId),
        refused.map((r) => r.namedAs),
        refused.map((r) => r.reason.code),
        refused.map((r) => (r.reason.params ? JSON.stringify(r.reason.params) : null)),
      ],
    );
  }

  /** Replies from one number are correlated one at a time (two at once would both pick the same oldest command). */
  async lockNumber(number: string, q: Queryable): Promise<void> {
    await named(q, 'sms_lock_number', "SELECT pg_advisory_xact_lock(hashtext('sms-in:' || $1))", [number]);
  }

  async deviceOf(number: string, q: Queryable): Promise<number | null> {
    const r = await this.pool.rows<{ id: number }>('SELECT id FROM device WHERE gsm_number = $1 ORDER BY id LIMIT 1', [number], q);
    return r[0]?.id ?? null;
  }

  /**
   * Stores a watch's message once per gateway sid (status 2, counted received: its delta row written by the same
   * statement), with what correlation made of it; null when the sid was stored before (a repeat).
   */
  async insertInbound(
    r: { sid: string; from: string; body: string; deviceId: number | null; replyTo: number | null; commandKey: string | null; kind: string; eventCode: string | null; answers?: number[] },
    q: Queryable,
  ): Promise<number | null> {
    // a message from the device: a reply, not a delivery; the commands it answers marked answered by the same
    // statement, only if it was stored (a repeat of the gateway's call changes nothing). Without commands to mark, no
    // UPDATE part: its statement triggers would run for nothing (a statement trigger fires on no rows too)
    const answers = r.answers ?? [];
    const insert = `WITH m AS (
         INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, gateway_message_id, reply_to, received_at, kind, event_code)
         VALUES ($1, $2, $3, $4, 'INBOUND', 2, $5, $6, now(), $7, $8)
         ON CONFLICT (gateway_message_id) WHERE gateway_message_id IS NOT NULL DO NOTHING RETURNING id, created),
       counted AS (${countRepliesSql('m')})`;
    const params = [r.commandKey, r.body, r.deviceId, r.from, r.sid, r.replyTo, r.kind, r.eventCode];
    const rows = answers.length
      ? await named<{ id: number }>(
          q,
          'sms_insert_inbound_answering',
          `${insert},
           answered AS (UPDATE sms_message SET answered_at = now() WHERE id = ANY(${blindArray(9, 'bigint')}) AND answered_at IS NULL AND EXISTS (SELECT FROM m))
           SELECT id FROM m`,
          [...params, answers],
        )
      : await named<{ id: number }>(q, 'sms_insert_inbound', `${insert} SELECT id FROM m`, params);
    return rows[0]?.id ?? null;
  }

  /** A user read an alarm of the device (the device timeline): answers when, or null when it is no alarm of that device. */
  async acknowledgeAlarm(deviceId: number, id: number, userId: number, q: Queryable): Promise<string | null> {
    const [r] = await this.pool.rows<{ at: string }>(
      `UPDATE sms_message SET acknowledged_at = COALESCE(acknowledged_at, now()), acknowledged_by = COALESCE(acknowledged_by, $3)
       WHERE id = $2 AND device_id = $1 AND direction = 'INBOUND' AND kind = 'alarm' RETURNING acknowledged_at AS at`,
      [deviceId, id, userId],
      q,
    );
    return r?.at ?? null;
  }

  /** What sending a command again takes: its text, secret, sender, campaign, end of life, and its attempts so far. */
  async attempt(id: number, q: Queryable): Promise<{ message: string; secret_ref: string | null; created_by: number | null; bulk_id: string | null; expires_at: string | null; gsm_number: string | null; attempts: number } | null> {
    const r = await this.pool.rows<{ message: string; secret_ref: string | null; created_by: number | null; bulk_id: string | null; expires_at: string | null; gsm_number: string | null; attempts: number }>(
      `WITH RECURSIVE chain AS (SELECT id, retry_of FROM sms_message WHERE id = $1
         UNION ALL SELECT m.id, m.retry_of FROM sms_message m JOIN chain c ON m.id = c.retry_of)
       SELECT s.message, s.secret_ref, s.created_by, s.bulk_id, s.expires_at, s.gsm_number, (SELECT count(*)::int FROM chain) AS attempts
       FROM sms_message s WHERE s.id = $1`,
      [id],
      q,
    );
    return r[0] ?? null;
  }

  /**
   * The commands to `number` that await a reply: OUTBOUND, sent or delivered (or being sent right now: a reply can
   * overtake the worker's commit), not answered, created in the last two days; locked in id order (as
   * `SmsStatusRepository.lockByIds` locks), so the one the reply settles needs no second statement. Few per number,
   * read through sms_message(gsm_number, created); the number out of the planner's sight, so the statement keeps its
   * generic plan (`named`).
   */
  awaiting(number: string, q: Queryable): Promise<(AwaitingCommand & LockedMessage)[]> {
    return named(
      q,
      'sms_awaiting',
      `SELECT ${LOCKED}, message, created FROM sms_message
       WHERE gsm_number = (SELECT $1::text) AND direction = 'OUTBOUND' AND created > now() - interval '2 days'
         AND (status IN (1, 2) OR (status = 0 AND claimed_at IS NOT NULL)) AND answered_at IS NULL
       ORDER BY id FOR UPDATE`,
      [number],
    );
  }
}
