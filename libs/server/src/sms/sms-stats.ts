import type { Queryable } from '../core/db.js';

/**
 * The per-day SMS counters (sms_statistic, §7 /sms/statistics) kept true in the transaction of every change, on the
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

/** Adds `d` to the counters of `day` (YYYY-MM-DD, or a SQL expression's value), in `q`'s transaction. */
export async function bumpStats(q: Queryable, day: string, d: Partial<StatDelta>): Promise<void> {
  const v = [d.created ?? 0, d.sent ?? 0, d.errors ?? 0, d.received ?? 0];
  if (v.every((x) => x === 0)) return;
  await q.query(
    `INSERT INTO sms_statistic (day, created, sent, errors, received, updated_at) VALUES ($1::date, $2, $3, $4, $5, now())
     ON CONFLICT (day) DO UPDATE SET created = sms_statistic.created + EXCLUDED.created, sent = sms_statistic.sent + EXCLUDED.sent,
       errors = sms_statistic.errors + EXCLUDED.errors, received = sms_statistic.received + EXCLUDED.received, updated_at = now()`,
    [day, ...v],
  );
}

/** The UTC day of a timestamp, as sms_statistic counts it. */
export const UTC_DAY = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
