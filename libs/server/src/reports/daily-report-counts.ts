import { DAILY_FIGURES } from '@tracker/contract';
import { FLEET_WIDE, NO_WHITE_LABEL, SOURCES, figureNames, type Source } from './daily-report-sources.js';

/**
 * The daily report counted at write time (docs/statistics.md "Daily report"): statement triggers on the sources'
 * tables add each statement's change of the figures to `daily_report_delta` (append-only: no row two writers wait
 * for), per SLOT of UTC time and white label. The worker folds the deltas into `daily_report_day`, the figures per
 * day and white label of each zone in use (`daily_report_zone`): a day of any zone is a whole number of slots (every
 * zone's offset is a multiple of 15 minutes), so each delta belongs to one day of each zone. The distinct devices
 * active a day cannot be summed: they are kept per zone in use as a row per zone, day and device
 * (`daily_report_active`, the last ACTIVE_KEEP_DAYS days), whose first insert adds 1 to the zone's day.
 */
/** The unit of time the figures are counted in (an interval), and its length in seconds. */
export const SLOT = '15 minutes';
export const SLOT_SECONDS = 15 * 60;
/** The origin of the slots (`date_bin`): a slot starts at a multiple of SLOT_SECONDS since the epoch. */
const ORIGIN = `TIMESTAMPTZ '1970-01-01 00:00:00+00'`;
/**
 * Days of `daily_report_active` kept (older rows are dropped by the worker). A communication whose time is older than
 * this when it is stored is not counted (it would count its device a second time on a day whose rows are gone).
 */
export const ACTIVE_KEEP_DAYS = 3;

/** The figures counted per slot: all but the devices active, which are counted per zone's day. */
export const SLOT_FIGURES = DAILY_FIGURES.filter((f) => f !== 'devices_active');
/** The columns of `daily_report_day` and `daily_report_delta` that hold figures. */
export const COUNT_COLUMNS = DAILY_FIGURES;

/**
 * Whether a day of a zone is answered from the counts: it starts at or after the zone's counting began (`since`) and
 * both its ends fall on slot boundaries (a zone whose offset is not a multiple of 15 minutes is rolled from the raw
 * tables as before). Instants in ms.
 */
export function countedDay(start: number, end: number, since: number | null): boolean {
  const slotMs = SLOT_SECONDS * 1000;
  return since !== null && start >= since && start % slotMs === 0 && end % slotMs === 0;
}

const tableOf = (s: Source) => s.from.split(' ')[0]!;
const slotSources = SOURCES.filter((s) => s.name !== 'comm');
/** The tables with slot figures, in a stable order, each with its sources (firmware and modem tables have two). */
export const COUNTED_TABLES = [...new Set(slotSources.map(tableOf))].map((t) => ({ table: t, sources: slotSources.filter((s) => tableOf(s) === t) }));

/** A source's figures of the rows of `rel` (a transition table), per slot and white label, as the columns `cols`. */
function contribution(s: Source, rel: string, cols: readonly string[]): string {
  const joins = s.device ? ` LEFT JOIN device d ON d.id = ${s.device} LEFT JOIN owner o ON o.id = d.owner_id` : '';
  const wl = s.device ? `coalesce(o.white_label_vendor_id, ${NO_WHITE_LABEL})` : s.owner ? `coalesce(x.white_label_vendor_id, ${NO_WHITE_LABEL})` : String(FLEET_WIDE);
  const notTest = s.device ? ['o.is_test IS NOT TRUE'] : s.owner ? ['NOT x.is_test'] : [];
  const conds = [`${s.at} IS NOT NULL`, ...(s.where ? [s.where] : []), ...notTest];
  const own = figureNames(s);
  return `SELECT slot, wl, ${cols.map((f) => (own.includes(f) ? f : `0 AS ${f}`)).join(', ')} FROM (SELECT date_bin('${SLOT}', ${s.at}, ${ORIGIN}) AS slot, ${wl} AS wl, ${s.figures}
      FROM ${rel} x${joins} WHERE ${conds.join(' AND ')} GROUP BY 1, 2) c`;
}

/**
 * The trigger function's body of a table's statements (`side`): the new rows added, the old ones taken away. An
 * insert's or a delete's rows are each a source's grouped figures as they are; an update nets the old against the new
 * (a row whose figures did not change leaves no delta). Kept this plain because it runs on every statement of the SMS
 * path: 0.04-0.06 ms a statement once its plans are cached, 2-5 ms on a connection's first (docs/benchmarks.md).
 */
function slotFunctionBody(sources: Source[], side: 'ins' | 'upd' | 'del'): string {
  // the table's own figures (the delta's other columns default to 0)
  const cols = SLOT_FIGURES.filter((f) => sources.some((s) => figureNames(s).includes(f)));
  const insert = `INSERT INTO daily_report_delta (tz, slot, white_label_id, ${cols.join(', ')})`;
  const negated = (s: Source) => `SELECT slot, wl, ${cols.map((f) => `-${f} AS ${f}`).join(', ')} FROM (${contribution(s, 'dr_old', cols)}) o`;
  if (side !== 'upd') {
    const parts = sources.map((s) => (side === 'ins' ? contribution(s, 'dr_new', cols) : negated(s)));
    return `${insert}
    SELECT '', slot, wl, ${cols.join(', ')} FROM (
      ${parts.join('\n      UNION ALL ')}
    ) t;`;
  }
  const parts = sources.flatMap((s) => [contribution(s, 'dr_new', cols), negated(s)]);
  const sums = cols.map((f) => `sum(${f})::int`);
  return `${insert}
    SELECT '', slot, wl, ${sums.join(', ')} FROM (
      ${parts.join('\n      UNION ALL ')}
    ) t GROUP BY slot, wl HAVING ${sums.map((x) => `${x} <> 0`).join(' OR ')};`;
}

/**
 * The devices active: each new communication of a device on a day of a zone in use (and not older than
 * ACTIVE_KEEP_DAYS) is a row of `daily_report_active`; the rows that are new add 1 to their zone's day, kept as the
 * slot of the day's start with the zone's name. A test owner's device is not counted (as in the raw figures). The rows
 * go in key order, so two statements inserting the same keys wait for each other instead of deadlocking.
 */
const ACTIVE_BODY = `WITH fresh AS (
      INSERT INTO daily_report_active (tz, day, device_id, white_label_id)
      SELECT DISTINCT z.tz, (x.time AT TIME ZONE z.tz)::date, x.device_id, coalesce(o.white_label_vendor_id, ${NO_WHITE_LABEL})
        FROM dr_new x LEFT JOIN device d ON d.id = x.device_id LEFT JOIN owner o ON o.id = d.owner_id CROSS JOIN daily_report_zone z
       WHERE x.device_id IS NOT NULL AND x.time >= z.since AND x.time >= now() - interval '${ACTIVE_KEEP_DAYS - 1} days' AND o.is_test IS NOT TRUE
       ORDER BY 1, 2, 3
      ON CONFLICT DO NOTHING
      RETURNING tz, day, white_label_id)
    INSERT INTO daily_report_delta (tz, slot, white_label_id, devices_active)
    SELECT tz, day::timestamp AT TIME ZONE tz, white_label_id, count(*)::int FROM fresh GROUP BY 1, 2, 3;`;

type Trigger = { name: string; table: string; event: 'INSERT' | 'UPDATE' | 'DELETE'; body: string };

/** Every counting trigger: INSERT, UPDATE and DELETE of each table with slot figures, INSERT of the communications. */
export function countTriggers(): Trigger[] {
  const out: Trigger[] = [];
  for (const { table, sources } of COUNTED_TABLES) {
    for (const [side, event] of [['ins', 'INSERT'], ['upd', 'UPDATE'], ['del', 'DELETE']] as const) {
      out.push({ name: `daily_report_count_${table}_${side}`, table, event, body: slotFunctionBody(sources, side) });
    }
  }
  out.push({ name: 'daily_report_count_device_communication_ins', table: 'device_communication', event: 'INSERT', body: ACTIVE_BODY });
  return out;
}

/**
 * The SQL that (re)creates the counting triggers: the migration `daily_report_counts` holds it as generated here
 * (daily-report-counts.spec compares them), so a figure changed in SOURCES without a migration fails a test.
 */
export function countTriggersSql(): string {
  return countTriggers()
    .map((t) => {
      const refs = t.event === 'INSERT' ? 'NEW TABLE AS dr_new' : t.event === 'DELETE' ? 'OLD TABLE AS dr_old' : 'OLD TABLE AS dr_old NEW TABLE AS dr_new';
      return `CREATE OR REPLACE FUNCTION ${t.name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${t.body}
  RETURN NULL;
END $fn$;
DROP TRIGGER IF EXISTS ${t.name} ON "${t.table}";
CREATE TRIGGER ${t.name} AFTER ${t.event} ON "${t.table}" REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION ${t.name}();
`;
    })
    .join('\n');
}

/**
 * The counted figures of the days [$2, $3] of zone $1 (optionally of the white labels $4) per day, as of the last fold
 * (the deltas not folded yet are left out: their number grows with the fleet's writes, a read's cost must not).
 */
export function countedSql(scoped: boolean): string {
  return `SELECT to_char(day, 'YYYY-MM-DD') AS day, jsonb_build_object(${COUNT_COLUMNS.map((f) => `'${f}', sum(${f})::int`).join(', ')}) AS figures
    FROM daily_report_day WHERE tz = $1 AND day >= $2::date AND day <= $3::date${scoped ? ' AND white_label_id = ANY($4::int[])' : ''}
   GROUP BY day`;
}

/**
 * Folds every delta into the days of each zone in use, in one statement (a second worker folding at once takes the
 * other rows; the worker's periodic job `daily-report.fold`, every minute). A zone's own deltas (its devices active)
 * go to it alone; deltas folded while no zone is in use are dropped (no day counts them).
 */
export const FOLD_SQL = `WITH d AS (DELETE FROM daily_report_delta RETURNING tz, slot, white_label_id, ${COUNT_COLUMNS.join(', ')})
  INSERT INTO daily_report_day (tz, day, white_label_id, ${COUNT_COLUMNS.join(', ')})
  SELECT z.tz, (d.slot AT TIME ZONE z.tz)::date, d.white_label_id, ${COUNT_COLUMNS.map((f) => `sum(d.${f})`).join(', ')}
    FROM d JOIN daily_report_zone z ON d.tz IN ('', z.tz)
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (tz, day, white_label_id) DO UPDATE SET ${COUNT_COLUMNS.map((f) => `${f} = daily_report_day.${f} + EXCLUDED.${f}`).join(', ')}`;
