import { Injectable } from '@nestjs/common';
import type { SmsCampaign } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { smsCounters } from './traffic/sms-traffic.repository.js';

export type SmsCommandRow = { command_key: string; template: string; takes_message: boolean };

const CAMPAIGN_SQL = `
  SELECT c.bulk_id, c.command_key, c.message, c.device_type_id AS device_type, u.username AS created_by, c.created_at, c.total,
    p.created, p.waiting, p.sent, p.received, p.errors, p.expired, c.refused, c.finished_at
  FROM sms_campaign c LEFT JOIN backoffice_user u ON u.id = c.created_by
  CROSS JOIN LATERAL (
    -- the figures of SMS_FIGURES, as the traffic page and the daily report define them
    SELECT ${smsCounters('m.', ['created', 'waiting', 'sent', 'received', 'errors', 'expired'])}
    FROM sms_message m WHERE m.bulk_id = c.bulk_id AND m.direction = 'OUTBOUND'
      -- an attempt the watch refused for now was sent again: its device counts once, at its latest attempt
      AND m.error_code IS DISTINCT FROM 'smsRetried') p`;

/** A campaign is done when no message is waiting or sent without being received (SMS_FIGURES: sent counts received ones). */
export const campaignDone = (c: { waiting: number; sent: number; received: number }) => c.waiting + c.sent - c.received === 0;

/** The send routes' reads and checks: commands of a type, set-based checks of a bulk send's ids, campaigns. */
@Injectable()
export class SmsSendRepository extends SqlRepository {
  async command(typeId: number, key: string): Promise<SmsCommandRow | null> {
    const r = await this.pool.rows<SmsCommandRow>(
      'SELECT command_key, template, takes_message FROM sms_command WHERE device_type_id = $1 AND command_key = $2',
      [typeId, key],
    );
    return r[0] ?? null;
  }

  async deviceTypeExists(id: number): Promise<boolean> {
    return (await this.pool.rows('SELECT 1 FROM device_type WHERE id = $1', [id])).length > 0;
  }

  /** A campaign: its command, type, sender, the devices it sends to (`total`) and those the ledger refused. */
  async insertCampaign(
    r: { bulkId: string; commandKey: string; message: string; typeId: number; createdBy: number; total: number; refused: number },
    q: Queryable,
  ): Promise<void> {
    await q.query(
      `INSERT INTO sms_campaign (bulk_id, command_key, message, device_type_id, created_by, total, refused) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.bulkId, r.commandKey, r.message, r.typeId, r.createdBy, r.total, r.refused],
    );
  }

  /** A campaign with its progress counted from its messages (index sms_message(bulk_id, status)). */
  async campaign(bulkId: string): Promise<Omit<SmsCampaign, 'done'> | null> {
    const r = await this.pool.rows<Omit<SmsCampaign, 'done'>>(`${CAMPAIGN_SQL} WHERE c.bulk_id = $1`, [bulkId]);
    return r[0] ?? null;
  }

  /** The latest campaigns of the types `types` (null: all), newest first, and how many there are. */
  async campaigns(types: number[] | null, limit: number, offset: number): Promise<{ items: Omit<SmsCampaign, 'done'>[]; total: number }> {
    const [items, total] = await Promise.all([
      this.pool.rows<Omit<SmsCampaign, 'done'>>(
        `${CAMPAIGN_SQL} WHERE ($1::int[] IS NULL OR c.device_type_id = ANY($1::int[])) ORDER BY c.created_at DESC, c.bulk_id LIMIT $2 OFFSET $3`,
        [types, limit, offset],
      ),
      this.pool.rows<{ n: number }>('SELECT count(*)::int AS n FROM sms_campaign WHERE ($1::int[] IS NULL OR device_type_id = ANY($1::int[]))', [types]),
    ]);
    return { items, total: total[0]?.n ?? 0 };
  }
}
