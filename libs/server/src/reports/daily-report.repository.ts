import { Injectable } from '@nestjs/common';
import { DAILY_FIGURES, FLEET_WIDE_FIGURES, type DailyReportDay } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { addDays, rethrowUnknownTimeZone } from '../core/day-range.js';
import { ACTIVE_KEEP_DAYS, FOLD_SQL, countedDay, countedSql } from './daily-report-counts.js';
import { FLEET_WIDE, NO_WHITE_LABEL, SOURCES, figureNames } from './daily-report-sources.js';

/** The days of a report: [first, last] in `tz`, and the white labels it covers (null: the whole fleet). */
export type DailyScope = { first: string; last: string; tz: string; whiteLabels: number[] | null };

/** The statement of a report: one aggregate per source over the whole span, grouped by day, joined to the days. */
function reportSql(scoped: boolean): string {
  const sources = SOURCES.filter((s) => !scoped || s.device || s.owner);
  const ctes = sources.map((s) => {
    // test owners (owner.is_test) and their devices are left out: a white label's figures join their owner; the
    // fleet's keep rows without a device or owner and drop those of a test owner's devices (one hashed probe a row into
    // the few test devices: joining every row to device and owner made the fleet's week 25x slower)
    const joins = !scoped ? '' : s.device ? ` JOIN device d ON d.id = ${s.device} JOIN owner o ON o.id = d.owner_id` : ` JOIN owner o ON o.id = ${s.owner}`;
    const notTest = !s.device ? (s.owner ? [`NOT x.is_test`] : []) : [`(${s.device} IS NULL OR ${s.device} NOT IN (SELECT td.id FROM test_devices td))`];
    const conds = [
      `${s.at} >= span.s`,
      `${s.at} < span.e`,
      ...(s.where ? [s.where] : []),
      ...(scoped ? ['o.white_label_vendor_id = ANY($4::int[])', 'NOT o.is_test'] : notTest),
    ];
    return `${s.name} AS (SELECT (${s.at} AT TIME ZONE $3)::date AS day, ${s.figures}
      FROM ${s.from}${joins}, span WHERE ${conds.join(' AND ')} GROUP BY 1)`;
  });
  const column = new Map(sources.flatMap((s) => figureNames(s).map((f) => [f, `coalesce(${s.name}.${f}, 0)`] as const)));
  const select = DAILY_FIGURES.map((f) => `${column.get(f) ?? (FLEET_WIDE_FIGURES.includes(f) ? 'NULL::int' : '0')} AS ${f}`);
  return `WITH days AS (SELECT d::date AS day FROM generate_series($1::date, $2::date, interval '1 day') d),
    span AS (SELECT $1::date::timestamp AT TIME ZONE $3 AS s, ($2::date + 1)::timestamp AT TIME ZONE $3 AS e),${
      scoped ? '' : `\n    test_devices AS MATERIALIZED (SELECT d.id FROM device d JOIN owner o ON o.id = d.owner_id WHERE o.is_test),`
    }
    ${ctes.join(',\n    ')}
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, ${select.join(', ')}
      FROM days ${sources.map((s) => `LEFT JOIN ${s.name} USING (day)`).join(' ')}
     ORDER BY days.day DESC`;
}
const SQL = { fleet: reportSql(false), scoped: reportSql(true) };

/**
 * The rollup's statement: every source's figures of the days [$1, $2] of zone $3 per day and white label (the owner's;
 * NO_WHITE_LABEL, FLEET_WIDE), test owners' rows left out, as (day, white_label_id, figures jsonb). Summed over white
 * labels they are the report's figures: a device, an owner, an SMS belongs to one white label, so even the distinct
 * devices active add up.
 */
function rollupSql(): string {
  const ctes = SOURCES.map((s) => {
    const joins = s.device ? ` LEFT JOIN device d ON d.id = ${s.device} LEFT JOIN owner o ON o.id = d.owner_id` : '';
    const wl = s.device ? `coalesce(o.white_label_vendor_id, ${NO_WHITE_LABEL})` : s.owner ? `coalesce(x.white_label_vendor_id, ${NO_WHITE_LABEL})` : String(FLEET_WIDE);
    const notTest = s.device ? ['o.is_test IS NOT TRUE'] : s.owner ? ['NOT x.is_test'] : [];
    const conds = [`${s.at} >= span.s`, `${s.at} < span.e`, ...(s.where ? [s.where] : []), ...notTest];
    return `${s.name} AS (SELECT (${s.at} AT TIME ZONE $3)::date AS day, ${wl} AS wl, ${s.figures}
      FROM ${s.from}${joins}, span WHERE ${conds.join(' AND ')} GROUP BY 1, 2)`;
  });
  return `WITH span AS (SELECT $1::date::timestamp AT TIME ZONE $3 AS s, ($2::date + 1)::timestamp AT TIME ZONE $3 AS e),
    ${ctes.join(',\n    ')}
    ${SOURCES.map((s) => `SELECT to_char(t.day, 'YYYY-MM-DD') AS day, t.wl AS white_label_id, to_jsonb(t) - 'day' - 'wl' AS figures FROM ${s.name} t`).join('\n    UNION ALL ')}`;
}
const ROLLUP_SQL = rollupSql();
const COUNTED_SQL = { fleet: countedSql(false), scoped: countedSql(true) };

type RollupRow = { day: string; white_label_id: number; figures: Record<string, number> };

/** Today's rollup rows are rolled again on a read when older than this (the worker rolls them every 5 minutes). */
export const DAILY_REPORT_TODAY_STALE_MS = 10 * 60_000;

/**
 * The daily report (§2 /admin/reports/daily), docs/statistics.md "Daily report". A day that began after its zone was
 * first read (`daily_report_zone.since`) is answered from the counts kept at write time (daily-report-counts.ts: the
 * days folded from them every minute, as of the last fold). An older day comes from the rollup (`daily_report_rollup`,
 * per zone, day of the zone and white label): a past day missing there, or rolled before it ended, is rolled on this
 * read; today (until the zone's counting covers whole days) is rolled by the worker every few minutes and on a read
 * that finds it older than DAILY_REPORT_TODAY_STALE_MS, and the report says as of when (`rolledAt`). Either way a read
 * costs days x white labels rows, not the fleet's events.
 */
@Injectable()
export class DailyReportRepository extends SqlRepository {
  /** The days [first, last] of the scope, newest first; `today` is today in the zone (the default: `last`). */
  async days(s: DailyScope & { today?: string }): Promise<DailyReportDay[]> {
    return (await this.rolled({ ...s, today: s.today ?? s.last })).reverse();
  }

  /**
   * As of when the figures of `day` in zone `tz` are (ISO instant): the last fold for a counted day (its figures hold
   * every write committed before it), the last roll for a rolled one, null when it never was.
   */
  async rolledAt(tz: string, day: string): Promise<string | null> {
    const r = await this.pool.rows<{ at: string }>(
      `SELECT to_char(coalesce(c.at, r.rolled_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
         FROM (SELECT 1) one
         LEFT JOIN (SELECT coalesce(z.folded_at, z.since) AS at FROM daily_report_zone z
                     WHERE z.tz = $1 AND $2::date::timestamp AT TIME ZONE $1 >= z.since) c ON true
         LEFT JOIN daily_report_rollup r ON r.tz = $1 AND r.day = $2::date AND r.white_label_id = $3`,
      [tz, day, FLEET_WIDE],
    );
    return r[0]?.at ?? null;
  }

  /**
   * The days [first, last] of zone `tz` that are counted (countedDay), after registering the zone so that its
   * devices active are counted from now on; a zone already in use is marked read (the worker drops zones unread for
   * `days` of zones()). The zone's name is checked first (AT TIME ZONE): the counting triggers use every zone in use.
   * The worker's roll asks without `read` (neither registers nor marks the zone).
   */
  async countedDays(tz: string, first: string, last: string, read = true): Promise<Set<string>> {
    const days = await this.pool
      .rows<{ day: string; s: string; e: string }>(
        `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, (extract(epoch FROM g.day::timestamp AT TIME ZONE $1) * 1000)::bigint AS s,
                (extract(epoch FROM (g.day + 1)::timestamp AT TIME ZONE $1) * 1000)::bigint AS e
           FROM (SELECT $2::date + i AS day FROM generate_series(0, $3::date - $2::date) AS i) g`,
        [tz, first, last],
      )
      .catch(rethrowUnknownTimeZone);
    const [zone] = await this.pool.rows<{ since: string }>(
      read
        ? `WITH z AS (INSERT INTO daily_report_zone (tz) VALUES ($1)
                  ON CONFLICT (tz) DO UPDATE SET read_at = now() WHERE daily_report_zone.read_at < now() - interval '1 hour'
                  RETURNING since)
       SELECT (extract(epoch FROM since) * 1000)::bigint AS since FROM z
       UNION ALL SELECT (extract(epoch FROM since) * 1000)::bigint FROM daily_report_zone WHERE tz = $1 LIMIT 1`
        : `SELECT (extract(epoch FROM since) * 1000)::bigint AS since FROM daily_report_zone WHERE tz = $1`,
      [tz],
    );
    const since = zone ? Number(zone.since) : null;
    return new Set(days.filter((d) => countedDay(Number(d.s), Number(d.e), since)).map((d) => d.day));
  }

  /** The last roll of each day [first, last] of zone `tz` (the worker's DailyReportRoll picks the recent days due). */
  async rolls(tz: string, first: string, last: string): Promise<{ day: string; rolledAt: number | null; complete: boolean }[]> {
    const r = await this.pool.rows<{ day: string; rolled_at: string | null; complete: boolean | null }>(
      `SELECT to_char(g.day, 'YYYY-MM-DD') AS day, r.rolled_at, r.rolled_at >= (g.day::date + 1)::timestamp AT TIME ZONE $1 AS complete
         FROM generate_series($2::date, $3::date, interval '1 day') AS g(day)
         LEFT JOIN daily_report_rollup r ON r.tz = $1 AND r.day = g.day::date AND r.white_label_id = $4
        ORDER BY g.day`,
      [tz, first, last, FLEET_WIDE],
    );
    return r.map((x) => ({ day: x.day, rolledAt: x.rolled_at ? Date.parse(x.rolled_at) : null, complete: x.complete === true }));
  }

  /** The days of the scope from the raw tables (today; the tests and the benchmark compare the rollup with it). */
  raw(s: DailyScope): Promise<DailyReportDay[]> {
    const scoped = s.whiteLabels !== null;
    return this.withoutJit((c) =>
      this.pool.rows<DailyReportDay>(scoped ? SQL.scoped : SQL.fleet, [s.first, s.last, s.tz, ...(scoped ? [s.whiteLabels] : [])], c),
    ).catch(rethrowUnknownTimeZone);
  }

  /**
   * Runs the report's statements without JIT: the planner's estimates of the days joined to a dozen aggregates run to
   * millions of rows, so it compiled them (4.0 of a 4.1 s read of one day at 200k devices, docs/benchmarks.md) for an
   * answer of a few rows. As the import runner's statements.
   */
  private withoutJit<T>(fn: (c: Queryable) => Promise<T>): Promise<T> {
    return this.pool.transaction(async (c) => {
      await c.query('SET LOCAL jit = off');
      return fn(c);
    });
  }

  /**
   * The days: the counted ones from the counts, the others from the rollup, rolling first the ones it lacks: a day
   * never rolled, a past day rolled before it ended (while it was today), today when its roll is older than
   * DAILY_REPORT_TODAY_STALE_MS.
   */
  private async rolled(s: DailyScope & { today: string }): Promise<DailyReportDay[]> {
    const counted = await this.countedDays(s.tz, s.first, s.last);
    const have = new Set(
      (
        await this.pool.rows<{ day: string }>(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM daily_report_rollup
            WHERE tz = $1 AND white_label_id = $4 AND day >= $2::date AND day <= $3::date
              AND (rolled_at >= (day + 1)::timestamp AT TIME ZONE $1
                   OR (day = $5::date AND rolled_at > now() - make_interval(secs => $6)))`,
          [s.tz, s.first, s.last, FLEET_WIDE, s.today, DAILY_REPORT_TODAY_STALE_MS / 1000],
        )
      ).map((r) => r.day),
    );
    const missing: string[] = [];
    for (let d = s.first; d <= s.last; d = addDays(d, 1)) if (!have.has(d) && !counted.has(d)) missing.push(d);
    if (missing.length) await this.roll(s.tz, missing[0]!, missing.at(-1)!);
    const scoped = s.whiteLabels !== null;
    const params = [s.tz, s.first, s.last, ...(scoped ? [s.whiteLabels] : [])];
    const all = Math.round((Date.parse(`${s.last}T00:00:00Z`) - Date.parse(`${s.first}T00:00:00Z`)) / 86_400_000) + 1;
    const [rolledRows, countedRows] = await Promise.all([
      counted.size < all
        ? this.pool.rows<RollupRow>(
            `SELECT to_char(day, 'YYYY-MM-DD') AS day, white_label_id, figures FROM daily_report_rollup
              WHERE tz = $1 AND day >= $2::date AND day <= $3::date${scoped ? ' AND white_label_id = ANY($4::int[])' : ''}`,
            params,
          )
        : Promise.resolve([]),
      counted.size ? this.pool.rows<Omit<RollupRow, 'white_label_id'>>(scoped ? COUNTED_SQL.scoped : COUNTED_SQL.fleet, params) : Promise.resolve([]),
    ]);
    const rows = [...rolledRows.filter((r) => !counted.has(r.day)), ...countedRows.filter((r) => counted.has(r.day))];
    const out: DailyReportDay[] = [];
    for (let d = s.first; d <= s.last; d = addDays(d, 1)) {
      const day = { day: d } as Record<string, unknown>;
      for (const f of DAILY_FIGURES) day[f] = scoped && FLEET_WIDE_FIGURES.includes(f) ? null : 0;
      for (const r of rows) {
        if (r.day !== d) continue;
        for (const [f, v] of Object.entries(r.figures)) if (day[f] !== null && day[f] !== undefined) day[f] = (day[f] as number) + v;
      }
      out.push(day as DailyReportDay);
    }
    return out;
  }

  /**
   * Rolls the days [first, last] of zone `tz` again from the raw tables: their rows replaced in one transaction (a
   * report's first read of a past day; the worker's DailyReportRoll for the recent days, which late writes change).
   */
  async roll(tz: string, first: string, last: string): Promise<number> {
    // rolled_at is the read's start: the figures hold every row committed before it (the report's "as of")
    const { rows, at } = await this.withoutJit(async (c) => {
      const [{ at }] = (await c.query<{ at: Date }>('SELECT now() AS at')).rows as [{ at: Date }];
      return { rows: await this.pool.rows<RollupRow>(ROLLUP_SQL, [first, last, tz], c), at };
    }).catch(rethrowUnknownTimeZone);
    const merged = new Map<string, RollupRow>();
    for (let d = first; d <= last; d = addDays(d, 1)) merged.set(`${d}|${FLEET_WIDE}`, { day: d, white_label_id: FLEET_WIDE, figures: {} });
    for (const r of rows) {
      const key = `${r.day}|${r.white_label_id}`;
      const m = merged.get(key) ?? { day: r.day, white_label_id: r.white_label_id, figures: {} };
      Object.assign(m.figures, r.figures);
      merged.set(key, m);
    }
    await this.pool.transaction(async (c) => {
      await c.query('DELETE FROM daily_report_rollup WHERE tz = $1 AND day >= $2::date AND day <= $3::date', [tz, first, last]);
      await c.query(
        `INSERT INTO daily_report_rollup (tz, day, white_label_id, figures, rolled_at)
         SELECT $1, r.day, r.white_label_id, r.figures, $3 FROM jsonb_to_recordset($2::jsonb) AS r(day date, white_label_id int, figures jsonb)
         ON CONFLICT (tz, day, white_label_id) DO UPDATE SET figures = EXCLUDED.figures, rolled_at = EXCLUDED.rolled_at`,
        [tz, JSON.stringify([...merged.values()]), at],
      );
    });
    return merged.size;
  }

  /**
   * The zones to keep rolling: those whose rollup was read or rolled in the last `days` days. A zone of
   * `daily_report_zone` unread for `days` days is dropped with its devices active (its counting starts again, from
   * then, on its next read), and the devices active older than ACTIVE_KEEP_DAYS go.
   */
  async zones(days: number): Promise<string[]> {
    await this.pool.transaction(async (c) => {
      await c.query(`DELETE FROM daily_report_zone WHERE read_at < now() - make_interval(days => $1)`, [days]);
      // the zones' rows go with them (foreign key, ON DELETE CASCADE); old days by the primary key (tz, day, ...)
      await c.query(`DELETE FROM daily_report_active WHERE tz IN (SELECT tz FROM daily_report_zone) AND day < current_date - $1::int`, [ACTIVE_KEEP_DAYS]);
    });
    const r = await this.pool.rows<{ tz: string }>(`SELECT DISTINCT tz FROM daily_report_rollup WHERE rolled_at > now() - make_interval(days => $1)`, [days]);
    return r.map((x) => x.tz);
  }

  /**
   * Folds the counts' deltas into the days of the zones in use (the worker's `daily-report.fold`, every minute) and
   * notes when (the counted days' "as of"); answers the rows written.
   */
  async fold(): Promise<number> {
    return this.pool.transaction(async (c) => {
      const n = (await c.query(FOLD_SQL)).rowCount ?? 0;
      // now() is the transaction's start: the fold's statement saw every delta committed before it
      await c.query('UPDATE daily_report_zone SET folded_at = now()');
      return n;
    });
  }
}
