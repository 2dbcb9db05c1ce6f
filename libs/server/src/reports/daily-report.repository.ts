import { Injectable } from '@nestjs/common';
import { DAILY_FIGURES, FLEET_WIDE_FIGURES, SMS_COUNTER_FIGURES, type DailyReportDay } from '@tracker/contract';
import { SqlRepository, type Queryable } from '../core/db.js';
import { addDays, rethrowUnknownTimeZone } from '../core/day-range.js';
import { smsCounters } from '../traffic/traffic.repository.js';

/** The days of a report: [first, last] in `tz`, and the white labels it covers (null: the whole fleet). */
export type DailyScope = { first: string; last: string; tz: string; whiteLabels: number[] | null };

/**
 * One source of figures: rows of `from` in the report's span by `at` (a timestamptz), counted per day of the zone.
 * `device` names the column of the row's device when the figures belong to the device's owner's white label;
 * `owner` the owner's column directly. A source with neither is fleet-wide (its figures null for some white labels).
 */
type Source = { name: string; from: string; at: string; figures: string; where?: string; device?: string; owner?: string };

/** $1 first day, $2 last day, $3 zone, $4 white labels. */
const SOURCES: Source[] = [
  { name: 'comm', from: 'device_communication x', at: 'x.time', device: 'x.device_id', figures: 'count(DISTINCT x.device_id)::int AS devices_active' },
  { name: 'owners', from: 'owner x', at: 'x.created', owner: 'x.id', figures: 'count(*)::int AS new_owners' },
  { name: 'pairings', from: 'audit_event x', at: 'x.created', device: 'x.device_id', where: 'x.status = 5', figures: 'count(*)::int AS new_pairings' },
  {
    name: 'sms',
    from: 'sms_message x',
    at: 'x.created',
    device: 'x.device_id',
    figures: smsCounters('x.', SMS_COUNTER_FIGURES, 'sms_'),
  },
  {
    name: 'imports',
    from: 'import x',
    at: 'x.created',
    figures: `count(*)::int AS imports, count(*) FILTER (WHERE x.status = 'FAILED')::int AS imports_failed, coalesce(sum(x.imported), 0)::int AS imported_rows`,
  },
  { name: 'fw_requests', from: 'firmware_upload_request x', at: 'x.created', figures: 'count(*)::int AS firmware_requests' },
  { name: 'ota_started', from: 'firmware_ota_activity x', at: 'x.created', device: 'x.device_id', figures: 'count(*)::int AS firmware_updates_started' },
  // an activity's last change is its finish once it is finished (status 2)
  {
    name: 'ota_finished',
    from: 'firmware_ota_activity x',
    at: 'x.updated_at',
    device: 'x.device_id',
    where: 'x.status = 2',
    figures: 'count(*)::int AS firmware_updates_finished',
  },
  { name: 'modem_started', from: 'modem_update_task x', at: 'x.started', device: 'x.device_id', figures: 'count(*)::int AS modem_updates_started' },
  {
    name: 'modem_ended',
    from: 'modem_update_task x',
    at: 'x.finished_at',
    device: 'x.device_id',
    where: `x.status IN ('DONE', 'FAILED')`,
    figures: `count(*) FILTER (WHERE x.status = 'DONE')::int AS modem_updates_finished, count(*) FILTER (WHERE x.status = 'FAILED')::int AS modem_updates_failed`,
  },
];

const figureNames = (s: Source) => [...s.figures.matchAll(/ AS (\w+)/g)].map((m) => m[1]!);

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

/** White label of the rollup's rows of no white label (devices without an owner, owners without one). */
const NO_WHITE_LABEL = 0;
/** White label of the rollup's fleet-wide figures (imports, firmware requests); every rolled day has this row. */
const FLEET_WIDE = -1;

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

type RollupRow = { day: string; white_label_id: number; figures: Record<string, number> };

/** Today's rollup rows are rolled again on a read when older than this (the worker rolls them every 5 minutes). */
export const DAILY_REPORT_TODAY_STALE_MS = 10 * 60_000;

/**
 * The daily report (§2 /admin/reports/daily): every day from the rollup (`daily_report_rollup`, per zone, day of the
 * zone and white label). A past day missing there, or rolled before it ended, is rolled on this read; today is rolled
 * by the worker every few minutes and on a read that finds it older than DAILY_REPORT_TODAY_STALE_MS, and the report
 * says as of when (`rolledAt`). Rolling is set-based over the raw tables; a read costs days x white labels rows, not
 * the fleet's events. docs/statistics.md "Daily report".
 */
@Injectable()
export class DailyReportRepository extends SqlRepository {
  /** The days [first, last] of the scope, newest first; `today` is today in the zone (the default: `last`). */
  async days(s: DailyScope & { today?: string }): Promise<DailyReportDay[]> {
    return (await this.rolled({ ...s, today: s.today ?? s.last })).reverse();
  }

  /** When the figures of `day` in zone `tz` were rolled (ISO instant), null when they never were. */
  async rolledAt(tz: string, day: string): Promise<string | null> {
    const r = await this.pool.rows<{ at: string }>(
      `SELECT to_char(rolled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM daily_report_rollup WHERE tz = $1 AND day = $2::date AND white_label_id = $3`,
      [tz, day, FLEET_WIDE],
    );
    return r[0]?.at ?? null;
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
   * The days from the rollup, rolling first the ones it lacks: a day never rolled, a past day rolled before it ended
   * (while it was today), today when its roll is older than DAILY_REPORT_TODAY_STALE_MS.
   */
  private async rolled(s: DailyScope & { today: string }): Promise<DailyReportDay[]> {
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
    for (let d = s.first; d <= s.last; d = addDays(d, 1)) if (!have.has(d)) missing.push(d);
    if (missing.length) await this.roll(s.tz, missing[0]!, missing.at(-1)!);
    const scoped = s.whiteLabels !== null;
    const rows = await this.pool.rows<RollupRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, white_label_id, figures FROM daily_report_rollup
        WHERE tz = $1 AND day >= $2::date AND day <= $3::date${scoped ? ' AND white_label_id = ANY($4::int[])' : ''}`,
      [s.tz, s.first, s.last, ...(scoped ? [s.whiteLabels] : [])],
    );
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

  /** The zones read in the last `days` days (the worker rolls their recent days again). */
  async zones(days: number): Promise<string[]> {
    const r = await this.pool.rows<{ tz: string }>(`SELECT DISTINCT tz FROM daily_report_rollup WHERE rolled_at > now() - make_interval(days => $1)`, [days]);
    return r.map((x) => x.tz);
  }
}
