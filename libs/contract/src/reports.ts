// Reports (§2 /admin/reports/activeDevices, §4 active devices report, §5, §7 Reports and exports, §9 page limit 100).
// docs/statistics.md "Reports".
import { z } from 'zod';
import { countParam, dayParam, daysBetween, pageParam, positiveId, tzParam } from './params.js';
import { idList } from './stats.js';
import { coded } from './reasons.js';
import { PAGE_SIZE } from './constants.js';
import { envelope } from './schemas.js';
import { route, type RouteDef } from './route-def.js';
import { csvDownloadRoute, csvGenerateRoute } from './device-workspace/exports.js';

/** The longest range of one active devices report (days from `from` to `to`). */
export const REPORT_RANGE_MAX_DAYS = 366;

/**
 * §5 active devices report: both days valid; 'to' at least one day after 'from' when 'from' is in the past (before
 * `today`, UTC), not before it otherwise; at most REPORT_RANGE_MAX_DAYS. Refused on the field `to`.
 */
export function reportRangeIssue(from: string, to: string, today: string): 'reportToTooEarly' | 'statsRangeTooLong' | null {
  const days = daysBetween(from, to);
  if (days < (from < today ? 1 : 0)) return 'reportToTooEarly';
  if (days > REPORT_RANGE_MAX_DAYS) return 'statsRangeTooLong';
  return null;
}

export const activeDevicesBody = z.object({ from: dayParam, to: dayParam }).superRefine((v, ctx) => {
  const issue = reportRangeIssue(v.from, v.to, new Date().toISOString().slice(0, 10));
  if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: coded(issue, issue === 'statsRangeTooLong' ? { max: REPORT_RANGE_MAX_DAYS } : undefined) });
});
export type ActiveDevicesBody = z.infer<typeof activeDevicesBody>;

export const activeDevicesQuery = z.object({ id: positiveId('id'), page: pageParam() });
export type ActiveDevicesQuery = z.infer<typeof activeDevicesQuery>;
export const activeDevicesCsvQuery = z.object({ id: positiveId('id') });

export const REPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
const run = { id: z.number().int(), status: z.enum(REPORT_STATUSES), from: z.string(), to: z.string() };

/** A device that communicated in the range: when first and last, how often. */
export const activeDeviceItem = z.object({
  device_id: z.number().int(),
  imei: z.string(),
  gsm_number: z.string().nullable(),
  device_type_id: z.number().int(),
  owner_email: z.string().nullable(),
  white_label_name: z.string().nullable(),
  first_seen: z.string(),
  last_seen: z.string(),
  communications: z.number().int(),
});
export type ActiveDeviceItem = z.infer<typeof activeDeviceItem>;

/** `items` is null until the report is DONE (§4: the console polls every 1 s until an array returns). */
export const activeDevicesResponse = envelope(
  z.object({ ...run, items: z.array(activeDeviceItem).nullable(), total: z.number().int().nullable(), total_pages: z.number().int(), page: z.number().int() }),
);
export type ActiveDevicesResponse = z.infer<typeof activeDevicesResponse>;

// ---------------------------------------------------------------------------------------------- daily report

/**
 * The figures of the daily report (§2 /admin/reports/daily), in the order of the page; docs/statistics.md "Daily
 * report" says what each counts. A day runs from midnight to midnight in the user's time zone.
 */
export const DAILY_FIGURES = [
  'devices_active',
  'new_owners',
  'new_pairings',
  'sms_created',
  'sms_sent',
  'sms_errors',
  'sms_received',
  'sms_replies',
  'imports',
  'imports_failed',
  'imported_rows',
  'firmware_requests',
  'firmware_updates_started',
  'firmware_updates_finished',
  'modem_updates_started',
  'modem_updates_finished',
  'modem_updates_failed',
] as const;
export type DailyFigure = (typeof DAILY_FIGURES)[number];
/** Figures of the whole back office, not of a white label: null when the report is for some white labels only. */
export const FLEET_WIDE_FIGURES: readonly DailyFigure[] = ['imports', 'imports_failed', 'imported_rows', 'firmware_requests'];
/** The days of one report: the chosen day and the days before it (default a week, at most a month). */
export const DAILY_REPORT_DAYS = { default: 7, max: 31 } as const;

export const dailyReportQuery = z.object({
  /** the last day of the report (default today in `tz`); not after today */
  date: dayParam.optional(),
  /** how many days, ending with `date` */
  days: countParam(DAILY_REPORT_DAYS.default, DAILY_REPORT_DAYS.max),
  /** the IANA zone the days are cut in (the console's chosen time zone) */
  tz: tzParam,
  /** only these white labels (of the user's); without it the whole fleet for the administrator, else the user's */
  whitelabel_ids: idList('whitelabel_ids').optional(),
});
export type DailyReportQuery = z.infer<typeof dailyReportQuery>;

export const dailyReportDay = z.object({
  day: z.string(),
  ...(Object.fromEntries(DAILY_FIGURES.map((f) => [f, z.number().int().nullable()])) as Record<DailyFigure, z.ZodNullable<z.ZodNumber>>),
});
export type DailyReportDay = { day: string } & Record<DailyFigure, number | null>;

/**
 * The days newest first; `white_label_ids` null when the report covers the whole fleet; `as_of` when today's figures
 * were counted (an ISO instant, minutes old: today is rolled every few minutes), null when the days end before today
 * (past days are complete).
 */
export const dailyReportResponse = envelope(
  z.object({
    date: z.string(),
    days: z.number().int(),
    tz: z.string(),
    white_label_ids: z.array(z.number().int()).nullable(),
    as_of: z.string().nullable(),
    items: z.array(dailyReportDay),
  }),
);
export type DailyReportResponse = z.infer<typeof dailyReportResponse>;

export const REPORT_ROUTES = {
  dailyReport: route({
    method: 'GET',
    path: '/reports/daily',
    area: 'reports',
    summary: "The daily report: each day's figures (devices active, pairings, SMS, imports, firmware and modem updates) of a week ending on a day, days cut in the user's time zone",
    query: dailyReportQuery,
    response: dailyReportResponse,
  }),
  activeDevicesStart: route({
    method: 'POST',
    path: '/reports/active_devices',
    area: 'reports',
    summary: 'Starts the active devices report of a range (the worker generates it); answers its id',
    body: activeDevicesBody,
    response: envelope(z.object(run)),
    mutating: true,
  }),
  activeDevices: route({
    method: 'GET',
    path: '/reports/active_devices',
    area: 'reports',
    summary: `A report's status, and once DONE a page of its devices (${PAGE_SIZE.activeDevicesReport} per page); only its creator's`,
    query: activeDevicesQuery,
    response: activeDevicesResponse,
  }),
  activeDevicesCsvGenerate: csvGenerateRoute('reports', '/csv/generate/active_devices', 'The hash /csv/active_devices takes for a DONE report', activeDevicesCsvQuery),
  csvActiveDevices: csvDownloadRoute('reports', 'active_devices', 'CSV download by hash: every device of an active devices report (streamed)'),
} as const satisfies Record<string, RouteDef>;
