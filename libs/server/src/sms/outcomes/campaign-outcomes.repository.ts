import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { SMS_STATUS, type CampaignDeviceState, type ReasonParams } from '@tracker/contract';
import { SqlRepository } from '../../core/db.js';
import { copyCsv, csvDateTimeSql, reasonTextSql, type SqlCsvColumn } from '../../core/exports/index.js';

/**
 * The §3 statuses of a device's latest message each state keeps (null: every status); `refused` keeps no message,
 * and `failed`, `all` also take the refused devices (REFUSALS).
 */
const STATUSES: Record<CampaignDeviceState, readonly number[] | null> = {
  all: null,
  failed: [SMS_STATUS.error, SMS_STATUS.expired],
  pending: [SMS_STATUS.created, SMS_STATUS.sent],
  done: [SMS_STATUS.received],
  expired: [SMS_STATUS.expired],
  refused: [],
};
const REFUSALS: ReadonlySet<CampaignDeviceState> = new Set(['all', 'failed', 'refused']);

/** The outcome of a row as SQL over `x` (src 1: a refusal) and `m` (its latest message): SMS_STATUS's names. */
const OUTCOME_SQL = `CASE WHEN x.src = 1 THEN 'refused' ${Object.entries(SMS_STATUS)
  .map(([name, v]) => `WHEN m.status = ${v} THEN '${name}'`)
  .join(' ')} ELSE 'error' END`;

/**
 * The campaign's rows in a state, `l (src, id, device_id, attempts)`, over the campaign `$1`: each device's latest
 * OUTBOUND message there (the highest id; a watch that was busy got the command again as a newer message of the
 * campaign, `retry_of`), its message count, filtered by its status; and the devices the ledger refused
 * (command_refusal, batch 'campaign'). One pass over the campaign's messages (index sms_message(bulk_id, status)), one
 * sort: 100,000 devices in 0.15-0.25 s on the shared machine, whatever the page (docs/sms.md "Outcomes").
 */
function rowsCte(state: CampaignDeviceState): string {
  const statuses = STATUSES[state];
  const parts: string[] = [];
  if (statuses === null || statuses.length) {
    parts.push(`SELECT 0 AS src, id, device_id, attempts FROM latest${statuses ? ` WHERE status IN (${statuses.join(', ')})` : ''}`);
  }
  if (REFUSALS.has(state)) {
    parts.push(`SELECT 1 AS src, r.id, r.device_id, 0 AS attempts FROM command_refusal r WHERE r.batch_kind = 'campaign' AND r.batch_id = $1`);
  }
  const latest = `latest AS (
      SELECT DISTINCT ON (coalesce(m.device_id, -m.id)) m.id, m.device_id, m.status,
        count(*) OVER (PARTITION BY coalesce(m.device_id, -m.id) ORDER BY m.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)::int AS attempts
      FROM sms_message m WHERE m.bulk_id = $1 AND m.direction = 'OUTBOUND'
      ORDER BY coalesce(m.device_id, -m.id), m.id DESC
    )`;
  return `WITH ${statuses === null || statuses.length ? `${latest}, ` : ''}l AS (${parts.join(' UNION ALL ')})`;
}

/** The list's order: by device, a device's message before its refusal, then by id (one row per message or refusal). */
const ORDER = 'x.device_id NULLS LAST, x.src, x.id';

/** What a row of `x` joins: its message or refusal, its device and the watch's latest reply to the message. */
const JOINS = `LEFT JOIN sms_message m ON x.src = 0 AND m.id = x.id
  LEFT JOIN command_refusal r ON x.src = 1 AND r.id = x.id
  LEFT JOIN device d ON d.id = x.device_id
  LEFT JOIN LATERAL (SELECT i.message, i.created FROM sms_message i WHERE x.src = 0 AND i.reply_to = x.id ORDER BY i.id DESC LIMIT 1) rp ON true`;

/** The columns of a row, its times as `time(column)` writes them. */
const columns = (time: (col: string) => string) => `x.device_id, d.imei, coalesce(m.gsm_number, d.gsm_number) AS gsm_number, r.named_as,
  ${OUTCOME_SQL} AS outcome, m.status, m.id AS sms_id, x.attempts, ${time('coalesce(m.created, r.created)')} AS created,
  ${time('m.sent_at')} AS sent_at, ${time('m.received_at')} AS received_at, rp.message AS reply, ${time('rp.created')} AS reply_at,
  coalesce(m.error_code, r.reason_code) AS error_code, coalesce(m.error_params, r.reason_params) AS error_params`;

const utc = (col: string) => csvDateTimeSql(col);

/** A campaign's devices in a state for its CSV (`$1` the bulk id), in the list's order, times in UTC as text. */
export const campaignOutcomesCsvSql = (state: CampaignDeviceState) => `${rowsCte(state)}
  SELECT ${columns(utc)} FROM l x ${JOINS} ORDER BY ${ORDER}`;

/** The columns of a campaign's CSV (the COPY path of every export): the outcome and the reason as words. */
export const CAMPAIGN_OUTCOME_CSV_COLUMNS: SqlCsvColumn[] = [
  { key: 'device_id', type: 'number' },
  { key: 'imei' },
  { key: 'gsm_number' },
  { key: 'named_as' },
  { key: 'outcome' },
  { key: 'attempts', type: 'number' },
  { key: 'sms_id', type: 'number' },
  { key: 'created', header: 'created (UTC)' },
  { key: 'sent_at', header: 'sent (UTC)' },
  { key: 'received_at', header: 'received (UTC)' },
  { key: 'error_code', header: 'reason_code' },
  { key: 'reason', sql: `CASE WHEN r.error_code IS NULL THEN NULL ELSE ${reasonTextSql('r.error_code', 'r.error_params')} END` },
  { key: 'reply' },
  { key: 'reply_at', header: 'reply (UTC)' },
];

/** A row of the list as the repository reads it (the service adds the reason's text). */
export type CampaignOutcomeRow = {
  device_id: number | null;
  imei: string | null;
  gsm_number: string | null;
  named_as: string | null;
  outcome: string;
  status: number | null;
  sms_id: number | null;
  attempts: number;
  created: string;
  sent_at: string | null;
  received_at: string | null;
  reply: string | null;
  reply_at: string | null;
  error_code: string | null;
  error_params: ReasonParams | null;
};

/** A campaign's devices with their outcomes (docs/sms.md "Outcomes"): raw SQL over sms_message and command_refusal. */
@Injectable()
export class CampaignOutcomesRepository extends SqlRepository {
  /** The campaign's device type (its partner scope), or undefined when there is no such campaign. */
  async campaignType(bulkId: string): Promise<number | null | undefined> {
    const r = await this.pool.rows<{ device_type_id: number | null }>('SELECT device_type_id FROM sms_campaign WHERE bulk_id = $1', [bulkId]);
    return r[0] ? r[0].device_type_id : undefined;
  }

  /** One page of the campaign's devices in a state, and how many there are (one statement, the rows read once). */
  async page(bulkId: string, state: CampaignDeviceState, limit: number, offset: number): Promise<{ rows: CampaignOutcomeRow[]; total: number }> {
    const r = await this.pool.rows<CampaignOutcomeRow & { total: number; src: number | null }>(
      `${rowsCte(state)}
       SELECT n.total, p.* FROM (SELECT count(*)::int AS total FROM l) n
       LEFT JOIN LATERAL (
         SELECT x.src, ${columns((c) => c)} FROM (SELECT * FROM l x ORDER BY ${ORDER} LIMIT $2 OFFSET $3) x ${JOINS} ORDER BY ${ORDER}
       ) p ON true`,
      [bulkId, limit, offset],
    );
    const total = r[0]?.total ?? 0;
    return { rows: r.filter((x) => x.src !== null).map(({ total: _t, src: _s, ...row }) => row), total };
  }

  /** Streams the campaign's devices in a state as CSV (COPY, flat memory). */
  async stream(bulkId: string, state: CampaignDeviceState, out: Writable): Promise<void> {
    await copyCsv(this.pool, campaignOutcomesCsvSql(state), [bulkId], CAMPAIGN_OUTCOME_CSV_COLUMNS, out);
  }
}
