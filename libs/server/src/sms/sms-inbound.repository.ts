import { Injectable } from '@nestjs/common';
import { PgPool, type Queryable } from '../core/db.js';
import { bumpStats, UTC_DAY } from './sms-stats.js';

/** Inbound messages: the watch behind a number, the command a reply answers, the reply itself, a setting confirmed. */
@Injectable()
export class SmsInboundRepository {
  constructor(private readonly pool: PgPool) {}

  tx<T>(fn: (c: Queryable) => Promise<T>): Promise<T> {
    return this.pool.transaction(fn);
  }

  async deviceOf(number: string, q: Queryable): Promise<number | null> {
    const r = await this.pool.rows<{ id: number }>('SELECT id FROM device WHERE gsm_number = $1 ORDER BY id LIMIT 1', [number], q);
    return r[0]?.id ?? null;
  }

  /**
   * The latest OUTBOUND command to this number still awaiting its reply (sent, delivered, or being sent right now:
   * the reply can overtake the worker's commit), of `commandKey` when the reply names it; within the last two days.
   * Matched by number (a reply comes from the number the command went to), index sms_message(gsm_number, created).
   */
  async awaiting(number: string, commandKey: string | null, q: Queryable): Promise<{ id: number; device_id: number | null; command_key: string | null } | null> {
    const r = await this.pool.rows<{ id: number; device_id: number | null; command_key: string | null }>(
      `SELECT o.id, o.device_id, o.command_key FROM sms_message o
       WHERE o.gsm_number = $1 AND o.direction = 'OUTBOUND' AND o.created > now() - interval '2 days'
         AND (o.status IN (1, 2) OR (o.status = 0 AND o.claimed_at IS NOT NULL))
         AND ($2::text IS NULL OR o.command_key = $2)
         AND NOT EXISTS (SELECT 1 FROM sms_message r WHERE r.reply_to = o.id)
       ORDER BY o.created DESC, o.id DESC LIMIT 1`,
      [number, commandKey],
      q,
    );
    return r[0] ?? null;
  }

  /** Stores a reply once per gateway sid (received, counted); null when the sid was stored before (a repeat). */
  async insert(
    r: { sid: string; from: string; body: string; deviceId: number | null; replyTo: number | null; commandKey: string | null },
    q: Queryable,
  ): Promise<number | null> {
    const rows = await this.pool.rows<{ id: number; day: string }>(
      `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, gateway_message_id, reply_to, received_at)
       VALUES ($1, $2, $3, $4, 'INBOUND', 2, $5, $6, now())
       ON CONFLICT (gateway_message_id) WHERE gateway_message_id IS NOT NULL DO NOTHING RETURNING id, ${UTC_DAY('created')} AS day`,
      [r.commandKey, r.body, r.deviceId, r.from, r.sid, r.replyTo],
      q,
    );
    if (!rows[0]) return null;
    await bumpStats(q, rows[0].day, { received: 1 });
    return rows[0].id;
  }

  /** The watch confirmed a setting: synced, if the value is still the one pushed (a newer edit stays pending). */
  async confirmSetting(deviceId: number, settingNo: number, value: string, q: Queryable): Promise<boolean> {
    const r = await q.query('UPDATE device_setting SET synced = true WHERE device_id = $1 AND setting_no = $2 AND value = $3', [deviceId, settingNo, value]);
    return (r.rowCount ?? 0) > 0;
  }
}
