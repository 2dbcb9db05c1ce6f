// Reports (§2 /admin/reports/activeDevices, §4 active devices report, §5, §7 Reports and exports, §9 page limit 100).
// docs/statistics.md "Reports".
import { z } from 'zod';
import { dayParam, daysBetween, pageParam, positiveId } from './params.js';
import { coded } from './reasons.js';
import { PAGE_SIZE } from './constants.js';
import { envelope } from './schemas.js';
import { route, type RouteDef } from './route-def.js';
import { csvDownloadQuery, csvDownloadResponse, csvGenerateResponse } from './device-workspace/exports.js';

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

export const REPORT_ROUTES = {
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
  activeDevicesCsvGenerate: route({
    method: 'GET',
    path: '/csv/generate/active_devices',
    area: 'reports',
    summary: 'The hash /csv/active_devices takes for a DONE report',
    query: activeDevicesCsvQuery,
    response: csvGenerateResponse,
  }),
  csvActiveDevices: route({
    method: 'GET',
    path: '/csv/active_devices',
    area: 'reports',
    summary: 'CSV download by hash: every device of an active devices report (streamed)',
    query: csvDownloadQuery,
    response: csvDownloadResponse,
  }),
} as const satisfies Record<string, RouteDef>;
