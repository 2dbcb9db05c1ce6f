import type { Queryable } from '../core/db.js';

/**
 * The per-day SMS counters (sms_statistic + sms_statistic_delta, §7 /sms/statistics) kept true in the transaction of every change, on the
 * day the message was created (UTC), with the seed's definitions: created = OUTBOUND messages, sent = OUTBOUND at
 * status 1 or 2, errors = status 3, received = status 2 OUTBOUND plus every INBOUND message. A status change moves
 * the counters by the difference of what the old and the new status count for (statDelta).
 */
export type StatDelta = { created: number; sent: number; errors: number; received: number };

const counts = (status: number | null) => ({
  sent: status === 1 || status === 2 ? 1 : 0,
  errors: status === 3 ? 1 : 0,
  received: status === 2 ? 1 : 0,
});

/** What an OUTBOUND message moving from `from` to `to` changes (null: it did not exist). */
export function statDelta(from: number | null, to: number): StatDelta {
  const a = counts(from);
  const b = counts(to);
  return { created: from === null ? 1 : 0, sent: b.sent - a.sent, errors: b.errors - a.errors, received: b.received - a.received };
}

/** Adds `d` to the delta of `day` in `days` (a batch's changes, bumped once per day). */
export function addDelta(days: Map<string, StatDelta>, day: string, d: StatDelta): void {
  const a = days.get(day) ?? { created: 0, sent: 0, errors: 0, received: 0 };
  days.set(day, { created: a.created + d.created, sent: a.sent + d.sent, errors: a.errors + d.errors, received: a.received + d.received });
}

/**
 * Adds `d` to the counters of `day` (YYYY-MM-DD) in `q`'s transaction: appended as a delta row (an INSERT that waits
 * for nothing; one counter row updated by every status change made every change wait for it), folded into
 * sms_statistic by the SMS sweep (`FOLD_STATS_SQL`).
 */
export async function bumpStats(q: Queryable, day: string, d: Partial<StatDelta>): Promise<void> {
  const v = [d.created ?? 0, d.sent ?? 0, d.errors ?? 0, d.received ?? 0];
  if (v.every((x) => x === 0)) return;
  await q.query('INSERT INTO sms_statistic_delta (day, created, sent, errors, received) VALUES ($1::date, $2, $3, $4, $5)', [day, ...v]);
}

/** Moves the deltas into sms_statistic, in one statement (a delta is counted exactly once, in one place or the other). */
export const FOLD_STATS_SQL = `
  WITH d AS (DELETE FROM sms_statistic_delta RETURNING day, created, sent, errors, received)
  INSERT INTO sms_statistic (day, created, sent, errors, received, updated_at)
  SELECT day, sum(created), sum(sent), sum(errors), sum(received), now() FROM d GROUP BY day
  ON CONFLICT (day) DO UPDATE SET created = sms_statistic.created + EXCLUDED.created, sent = sms_statistic.sent + EXCLUDED.sent,
    errors = sms_statistic.errors + EXCLUDED.errors, received = sms_statistic.received + EXCLUDED.received, updated_at = now()`;

/** The true counters of a day: folded plus not yet folded (what /sms/statistics answers). */
export const DAY_STATS_SQL = `
  SELECT COALESCE(sum(created), 0)::int AS created, COALESCE(sum(sent), 0)::int AS sent, COALESCE(sum(errors), 0)::int AS errors,
    COALESCE(sum(received), 0)::int AS received
  FROM (SELECT created, sent, errors, received FROM sms_statistic WHERE day = $1::date
        UNION ALL SELECT created, sent, errors, received FROM sms_statistic_delta WHERE day = $1::date) s`;

/** The UTC day of a timestamp, as sms_statistic counts it. */
export const UTC_DAY = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
