import { Injectable } from '@nestjs/common';
import { DAILY_FIGURES, FLEET_WIDE_FIGURES, SMS_COUNTER_FIGURES, type DailyReportDay } from '@tracker/contract';
import { PgPool } from '../core/db.js';
import { rethrowUnknownTimeZone } from '../core/day-range.js';
import { smsCounters } from '../sms/traffic/sms-traffic.repository.js';

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

/** The daily report (§2 /admin/reports/daily): set-based, one statement over the raw tables. docs/statistics.md. */
@Injectable()
export class DailyReportRepository {
  constructor(private readonly pg: PgPool) {}

  days(s: DailyScope): Promise<DailyReportDay[]> {
    const scoped = s.whiteLabels !== null;
    return this.pg
      .rows<DailyReportDay>(scoped ? SQL.scoped : SQL.fleet, [s.first, s.last, s.tz, ...(scoped ? [s.whiteLabels] : [])])
      .catch(rethrowUnknownTimeZone);
  }
}
