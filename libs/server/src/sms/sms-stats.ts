import { blindArray, type Queryable } from '../core/db.js';

/**
 * The per-day SMS counters (sms_statistic + sms_statistic_delta, §7 /sms/statistics) kept true in the transaction of every change, on the
 * day the message was created (UTC), with the definitions of the contract's SMS_FIGURES: created = OUTBOUND messages,
 * sent = OUTBOUND at status 1 or 2, received = OUTBOUND at status 2 (delivered), errors = OUTBOUND at status 3,
 * replies = INBOUND messages. A status change moves the counters by the difference of what the old and the new status
 * count for (statDelta).
 */
export type StatDelta = { created: number; sent: number; errors: number; received: number; replies: number };

const counts = (status: number | null) => ({
  sent: status === 1 || status === 2 ? 1 : 0,
  errors: status === 3 ? 1 : 0,
  received: status === 2 ? 1 : 0,
});

/** What an OUTBOUND message moving from `from` to `to` changes (null: it did not exist). */
export function statDelta(from: number | null, to: number): StatDelta {
  const a = counts(from);
  const b = counts(to);
  return { created: from === null ? 1 : 0, sent: b.sent - a.sent, errors: b.errors - a.errors, received: b.received - a.received, replies: 0 };
}

/** Adds `d` to the delta of `day` in `days` (a batch's changes, bumped once per day). */
export function addDelta(days: Map<string, StatDelta>, day: string, d: StatDelta): void {
  const a = days.get(day) ?? { created: 0, sent: 0, errors: 0, received: 0, replies: 0 };
  days.set(day, {
    created: a.created + d.created,
    sent: a.sent + d.sent,
    errors: a.errors + d.errors,
    received: a.received + d.received,
    replies: a.replies + d.replies,
  });
}

/** A delta with nothing to add: no row (bumpStats, deltaRows). */
const isZero = (d: Partial<StatDelta>) => !d.created && !d.sent && !d.errors && !d.received && !d.replies;

/**
 * The delta rows of a batch's changes (`addDelta`'s map), as the parameters of `DELTA_ROWS_SQL` (its days, then its
 * counters, column by column); days whose delta is all zero are left out.
 */
export function deltaRows(days: Map<string, StatDelta>): [string[], number[], number[], number[], number[], number[]] {
  const rows = [...days].filter(([, d]) => !isZero(d));
  return [
    rows.map(([day]) => day),
    rows.map(([, d]) => d.created),
    rows.map(([, d]) => d.sent),
    rows.map(([, d]) => d.errors),
    rows.map(([, d]) => d.received),
    rows.map(([, d]) => d.replies),
  ];
}

/**
 * Appends the delta rows of `deltaRows` given as parameters `$n` to `$n+5`: a statement of its own, or a data-modifying
 * WITH of the statement that made the changes (one round trip for both).
 */
export const DELTA_ROWS_SQL = (n: number) =>
  `INSERT INTO sms_statistic_delta (day, created, sent, errors, received, replies)
   SELECT * FROM unnest(${[blindArray(n, 'date'), ...[1, 2, 3, 4, 5].map((i) => blindArray(n + i, 'int'))].join(', ')})`;

/**
 * Counts the messages of `rel` (a WITH part that returns their `created`) as replies from devices on their day: a
 * data-modifying WITH part of the INSERT that stores them (`CommandStoreRepository.insertInbound`).
 */
export const countRepliesSql = (rel: string) =>
  `INSERT INTO sms_statistic_delta (day, created, sent, errors, received, replies) SELECT ${UTC_DAY('created')}::date, 0, 0, 0, 0, 1 FROM ${rel}`;

/**
 * Adds `d` to the counters of `day` (YYYY-MM-DD) in `q`'s transaction: appended as a delta row (an INSERT that waits
 * for nothing; one counter row updated by every status change made every change wait for it), folded into
 * sms_statistic by the SMS sweep (`FOLD_STATS_SQL`). A status change's UPDATE writes its deltas itself
 * (`SmsStatusRepository.setStatuses`).
 */
export async function bumpStats(q: Queryable, day: string, d: Partial<StatDelta>): Promise<void> {
  if (isZero(d)) return;
  const v = [d.created ?? 0, d.sent ?? 0, d.errors ?? 0, d.received ?? 0, d.replies ?? 0];
  await q.query('INSERT INTO sms_statistic_delta (day, created, sent, errors, received, replies) VALUES ($1::date, $2, $3, $4, $5, $6)', [day, ...v]);
}

/** Moves the deltas into sms_statistic, in one statement (a delta is counted exactly once, in one place or the other). */
export const FOLD_STATS_SQL = `
  WITH d AS (DELETE FROM sms_statistic_delta RETURNING day, created, sent, errors, received, replies)
  INSERT INTO sms_statistic (day, created, sent, errors, received, replies, updated_at)
  SELECT day, sum(created), sum(sent), sum(errors), sum(received), sum(replies), now() FROM d GROUP BY day
  ON CONFLICT (day) DO UPDATE SET created = sms_statistic.created + EXCLUDED.created, sent = sms_statistic.sent + EXCLUDED.sent,
    errors = sms_statistic.errors + EXCLUDED.errors, received = sms_statistic.received + EXCLUDED.received,
    replies = sms_statistic.replies + EXCLUDED.replies, updated_at = now()`;

/** The true counters of a day: folded plus not yet folded (what /sms/statistics answers). */
export const DAY_STATS_SQL = `
  SELECT COALESCE(sum(created), 0)::int AS created, COALESCE(sum(sent), 0)::int AS sent, COALESCE(sum(errors), 0)::int AS errors,
    COALESCE(sum(received), 0)::int AS received, COALESCE(sum(replies), 0)::int AS replies
  FROM (SELECT created, sent, errors, received, replies FROM sms_statistic WHERE day = $1::date
        UNION ALL SELECT created, sent, errors, received, replies FROM sms_statistic_delta WHERE day = $1::date) s`;

/** The UTC day of a timestamp, as sms_statistic counts it. */
export const UTC_DAY = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
