import { Injectable } from '@nestjs/common';
import { PgPool, type Queryable } from '../core/db.js';
import { bumpStats, UTC_DAY } from './sms-stats.js';

export type StoredSms = { id: number; device_id: number; command_key: string | null; message: string; gsm_number: string | null; status: number; created: string };

const SENT_COLUMNS = 'id, device_id, command_key, message, gsm_number, status, created';

/**
 * Stores outbound messages (status 0 created) with their idempotency keys and counts them, in the caller's
 * transaction: one message, or a bulk send's with one INSERT ... SELECT.
 */
@Injectable()
export class SmsOutboxRepository {
  constructor(private readonly pool: PgPool) {}

  async insertOne(
    r: { deviceId: number; commandKey: string; message: string; gsmNumber: string | null; createdBy: number | null },
    q: Queryable,
  ): Promise<StoredSms> {
    const [m] = await this.pool.rows<StoredSms>(
      `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, created_by, idempotency_key)
       VALUES ($1, $2, $3, $4, 'OUTBOUND', 0, $5, gen_random_uuid()::text) RETURNING ${SENT_COLUMNS}`,
      [r.commandKey, r.message, r.deviceId, r.gsmNumber, r.createdBy],
      q,
    );
    await bumpStats(q, m!.created.slice(0, 10), { created: 1 });
    return m!;
  }

  /**
   * One message per device of `deviceIds` (checked by the caller), all under `bulkId`, in one statement; answers the
   * new ids in id order.
   */
  async insertBulk(
    r: { bulkId: string | null; deviceIds: number[]; commandKey: string; message: string; createdBy: number | null },
    q: Queryable,
  ): Promise<number[]> {
    const rows = await this.pool.rows<{ id: number }>(
      `INSERT INTO sms_message (command_key, message, device_id, gsm_number, direction, status, created_by, idempotency_key, bulk_id)
       SELECT $2, $3, d.id, d.gsm_number, 'OUTBOUND', 0, $4, gen_random_uuid()::text, $5
       FROM unnest($1::int[]) AS x(id) JOIN device d ON d.id = x.id ORDER BY d.id
       RETURNING id`,
      [r.deviceIds, r.commandKey, r.message, r.createdBy, r.bulkId],
      q,
    );
    const [day] = await this.pool.rows<{ day: string }>(`SELECT ${UTC_DAY('now()')} AS day`, [], q);
    await bumpStats(q, day!.day, { created: rows.length });
    return rows.map((x) => x.id).sort((a, b) => a - b);
  }
}
