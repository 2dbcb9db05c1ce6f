import type { Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  MessageStatus,
  reasonText,
  SMS_COUNTER_FIGURES,
  storedReason,
  type ReasonParams,
  type SmsExportKind,
  type SmsFigure,
  type SmsStatistics,
  type SmsTrafficItem,
} from '@tracker/contract';
import { SqlRepository } from '../core/db.js';
import { copyCsv, csvDateTimeSql, reasonTextSql, zonedHeader, type SqlCsvColumn } from '../core/exports/index.js';

/**
 * What a traffic query matches (built by the service from the user's text, docs/sms-traffic.md):
 * - `number`: the messages' numbers containing `digits` (trigram index), or messages of the devices in `deviceIds`
 *   (found by IMEI first);
 * - `text`: the command key `key` (upper case) or the message text containing `text` (any letter case; trigram index).
 * `null` matches every message of the range (exports without a query).
 */
export type TrafficMatch =
  | { kind: 'number'; digits: string; deviceIds: number[] }
  | { kind: 'text'; key: string | null; text: string | null }
  | null;
/** The half-open range of instants of §5 (`smsRange`). */
export type TrafficRange = { start: string; end: string };

/** The WHERE clause of a match and range over `sms_message m`, its values numbered from $1. */
function where(match: TrafficMatch, range: TrafficRange): { sql: string; values: unknown[] } {
  const values: unknown[] = [range.start, range.end];
  const conds = ['m.created >= $1', 'm.created < $2'];
  const p = (v: unknown) => `$${values.push(v)}`;
  if (match?.kind === 'number') {
    const or = [`m.gsm_number LIKE ${p(`%${match.digits}%`)}`];
    if (match.deviceIds.length) or.push(`m.device_id = ANY(${p(match.deviceIds)}::int[])`);
    conds.push(`(${or.join(' OR ')})`);
  } else if (match?.kind === 'text') {
    const or: string[] = [];
    if (match.key) or.push(`m.command_key = ${p(match.key)}`);
    if (match.text) or.push(`m.message ILIKE ${p(`%${match.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    conds.push(`(${or.join(' OR ')})`);
  }
  return { sql: conds.join(' AND '), values };
}

/** A failure's reason: the pipeline's `error_code` + `error_params` (docs/sms.md); `withErrorText` adds its English text. */
const ERROR_COLUMNS = `NULL::text AS error, m.error_code, m.error_params`;
type ErrorColumns = { error: string | null; error_code: string | null; error_params: ReasonParams | null };
function withErrorText<R extends ErrorColumns>(r: R): R {
  if (!r.error_code) return r;
  const why = storedReason(r.error_code, r.error_params);
  return { ...r, error: reasonText(why.code, why.params) };
}

const ITEM_COLUMNS = `m.id, m.created, m.direction::text AS direction, m.device_id, d.imei, m.gsm_number, m.command_key, m.message,
  m.status, g.name AS gateway_name, m.sent_at, m.received_at, ${ERROR_COLUMNS}`;
const ITEM_JOINS = `LEFT JOIN device d ON d.id = m.device_id LEFT JOIN sms_gateway g ON g.id = m.gateway_id`;

/** §3 status as its label in the exports (0 created, 1 sent, 2 received, 3 error). */
const STATUS_LABELS: Record<number, string> = Object.fromEntries(Object.entries(MessageStatus).map(([k, v]) => [v, k.toLowerCase()]));
const t = (col: string) => csvDateTimeSql(col);
const EXPORT_COLUMNS: SqlCsvColumn[] = [
  { key: 'created', header: zonedHeader('created') },
  { key: 'direction' },
  { key: 'device_id', type: 'number' },
  ...['imei', 'gsm_number', 'command_key', 'message'].map((key) => ({ key })),
  { key: 'status', labels: STATUS_LABELS },
  { key: 'gateway' },
  ...['sent_at', 'received_at'].map((key) => ({ key, header: zonedHeader(key) })),
  { key: 'error', sql: `CASE WHEN r.error_code IS NULL THEN NULL ELSE ${reasonTextSql('r.error_code', 'r.error_params')} END` },
];

/** Each SMS figure (contract SMS_FIGURES, docs/statistics.md "SMS figures") as a condition on a message (`m`: its alias with the dot). */
export const SMS_FIGURE_SQL: Record<SmsFigure, (m: string) => string> = {
  created: (m) => `${m}direction = 'OUTBOUND'`,
  waiting: (m) => `${m}direction = 'OUTBOUND' AND ${m}status = 0`,
  sent: (m) => `${m}direction = 'OUTBOUND' AND ${m}status IN (1, 2)`,
  received: (m) => `${m}direction = 'OUTBOUND' AND ${m}status = 2`,
  errors: (m) => `${m}direction = 'OUTBOUND' AND ${m}status = 3`,
  expired: (m) => `${m}direction = 'OUTBOUND' AND ${m}status = 4`,
  replies: (m) => `${m}direction = 'INBOUND'`,
};

/**
 * The figures counted from the messages (`m`: the alias of sms_message with its dot, '' for none), as the day counters
 * (sms_statistic) keep them, each named `prefix` + its name: the daily report (sms_*) and the campaign progress count
 * with them.
 */
export const smsCounters = (m = '', figures: readonly SmsFigure[] = SMS_COUNTER_FIGURES, prefix = '') =>
  figures.map((f) => `count(*) FILTER (WHERE ${SMS_FIGURE_SQL[f](m)})::int AS ${prefix}${f}`).join(',\n  ');
const SUMS = SMS_COUNTER_FIGURES.map((f) => `coalesce(sum(${f}), 0)::int AS ${f}`).join(', ');
const COUNTER_COLUMNS = SMS_COUNTER_FIGURES.join(', ');

/** SMS traffic: search pages, counters and exports over `sms_message` / `sms_statistic` (raw SQL: search, streaming). */
@Injectable()
export class TrafficRepository extends SqlRepository {
  /** Devices whose IMEI starts with `from` (a digit range, btree), at most `limit`. */
  async devicesByImei(from: string, to: string | null, limit: number): Promise<number[]> {
    const rows = await this.pool.rows<{ id: number }>(
      `SELECT id FROM device WHERE imei >= $1 ${to ? 'AND imei < $3' : ''} ORDER BY imei LIMIT $2`,
      to ? [from, limit, to] : [from, limit],
    );
    return rows.map((r) => r.id);
  }

  /** One page, newest first, and a count that stops at `countCap` (the pager reaches only a few pages ahead). */
  async page(match: TrafficMatch, range: TrafficRange, limit: number, offset: number, countCap: number) {
    const w = where(match, range);
    const n = w.values.length;
    const [items, count] = await Promise.all([
      this.pool.rows<SmsTrafficItem>(
        `SELECT ${ITEM_COLUMNS} FROM sms_message m ${ITEM_JOINS}
          WHERE ${w.sql} ORDER BY m.created DESC, m.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...w.values, limit, offset],
      ),
      this.pool.rows<{ counted: number }>(
        `SELECT count(*)::int AS counted FROM (SELECT 1 FROM sms_message m WHERE ${w.sql} LIMIT $${n + 1}) x`,
        [...w.values, countCap],
      ),
    ]);
    return { items: items.map(withErrorText), counted: count[0]?.counted ?? 0 };
  }

  /**
   * The sums of the day counters, folded (sms_statistic) plus not yet folded (sms_statistic_delta, which the pipeline
   * appends and its sweep folds; docs/sms.md): every day, or the days from `from` through `to` (until included), less
   * the messages of test owners' devices on those days (docs/statistics.md "Test owners", as the daily report's sms_*).
   * The pipeline counts every message without reading its device's owner; the few test owners' messages are counted
   * here, on reading (partial index owner_is_test_idx, then the devices' and their messages' indexes).
   */
  async statisticDays(days?: { from: string; to: string }): Promise<SmsStatistics> {
    const range = days ? 'WHERE day >= $1::date AND day <= $2::date' : '';
    const created = days ? `AND m.created >= $1::date::timestamp AT TIME ZONE 'UTC' AND m.created < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'` : '';
    const sql = `WITH counted AS (
        SELECT ${SUMS} FROM (SELECT day, ${COUNTER_COLUMNS} FROM sms_statistic ${range}
          UNION ALL SELECT day, ${COUNTER_COLUMNS} FROM sms_statistic_delta ${range}) s),
      test AS (
        SELECT ${smsCounters('m.')} FROM owner o JOIN device d ON d.owner_id = o.id JOIN sms_message m ON m.device_id = d.id
         WHERE o.is_test ${created})
      SELECT ${SMS_COUNTER_FIGURES.map((f) => `c.${f} - t.${f} AS ${f}`).join(', ')} FROM counted c, test t`;
    const rows = await this.pool.rows<SmsStatistics>(sql, days ? [days.from, days.to] : []);
    return rows[0]!;
  }

  /** Streams the matching messages (oldest first) as CSV (COPY, constant memory). */
  async stream(kind: SmsExportKind, match: TrafficMatch, range: TrafficRange, out: Writable): Promise<void> {
    const w = where(match, range);
    const sql = `SELECT ${t('m.created')} AS created, m.direction::text AS direction, m.device_id, d.imei, m.gsm_number, m.command_key,
        m.message, m.status, g.name AS gateway, ${t('m.sent_at')} AS sent_at, ${t('m.received_at')} AS received_at, m.error_code, m.error_params
      FROM sms_message m ${ITEM_JOINS}
      WHERE ${w.sql}${kind === 'sms_error' ? ' AND m.status = 3' : ''} ORDER BY m.created, m.id`;
    await copyCsv(this.pool, sql, w.values, EXPORT_COLUMNS, out);
  }
}
