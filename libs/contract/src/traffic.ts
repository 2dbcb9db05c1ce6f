// SMS traffic (§2 /admin/traffic, §5 SMS traffic search, §7 SMS), its statistics and CSV exports, and the carrier
// whitelist (§2 /carrier-whitelist/search). What search matches and where the counters come from: docs/sms-traffic.md.
import { z } from 'zod';
import { countParam, dayParam, DAY_MS, daysBetween, pageParam, positiveId, sortParams } from './params.js';
import { coded } from './reasons.js';
import { PAGE_SIZE, PHONE_MAX, PHONE_MIN } from './constants.js';
import { envelope, page } from './schemas.js';
import { route, type RouteDef } from './route-def.js';
import { csvDownloadRoute, csvGenerateRoute } from './device-workspace/exports.js';
import { int, intOrNull, iso, isoOrNull, noControlChars } from './device-workspace/shared.js';

/** The longest range one traffic search, statistic or export covers (days from `from` to `to`). */
export const SMS_RANGE_MAX_DAYS = 366;
/** The longest query text (a message's text is at most 160 characters). */
export const SMS_QUERY_MAX = 160;
/** The SMS exports served by hash (§7 Reports and exports). */
export const SMS_EXPORT_KINDS = ['sms_global', 'sms_error'] as const;
export type SmsExportKind = (typeof SMS_EXPORT_KINDS)[number];


/**
 * SMS traffic search, statistics and exports: the half-open range of instants (UTC) that `from` and `until` stand for.
 * Until is a day included, as on every screen and export (issue 22): `from` 00:00 to the day after `to` 00:00. (§5's
 * "from equals until extends until by 1 day plus 1 hour" made until exclude its day and added an hour on one day
 * only; with until included one day is that day, and no export or statistic counts an hour of the next.)
 */
export function smsRange(from: string, to: string): { start: string; end: string } {
  const start = new Date(`${from}T00:00:00Z`).getTime();
  const end = new Date(`${to}T00:00:00Z`).getTime() + DAY_MS;
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}


/** `to` not before `from`, and at most SMS_RANGE_MAX_DAYS apart: refused on the field `to`. */
function checkRange(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to) return;
  const days = daysBetween(v.from, v.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: coded('smsUntilBeforeFrom') });
  else if (days > SMS_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: coded('smsRangeTooLong', { max: SMS_RANGE_MAX_DAYS }) });
}

const queryText = z
  .string({ error: coded('required') })
  .trim()
  .min(1, coded('required'))
  .max(SMS_QUERY_MAX, coded('tooLong', { max: SMS_QUERY_MAX }))
  .refine(noControlChars, coded('controlChars'));

const range = { from: dayParam, to: dayParam };

/** §7 GET /sms/search?query&page&count=25&from&to: a query and two valid days (§5). */
export const smsSearchQuery = z
  .object({ query: queryText, ...range, page: pageParam(), count: countParam(PAGE_SIZE.smsTraffic, 100) })
  .superRefine(checkRange);
export type SmsSearchQuery = z.infer<typeof smsSearchQuery>;

/** GET /sms/statistics: every day, or the range of a search (both days, or neither). */
export const smsStatisticsQuery = z
  .object({ from: dayParam.optional(), to: dayParam.optional() })
  .superRefine((v, ctx) => {
    if (!!v.from !== !!v.to) ctx.addIssue({ code: 'custom', path: [v.from ? 'to' : 'from'], message: coded('dayRequired') });
    checkRange(v, ctx);
  });
export type SmsStatisticsQuery = z.infer<typeof smsStatisticsQuery>;

/**
 * §7 GET /csv/generate?from&to (also ?from&to&query, or ?query; the path /csv/generate/sms stays): the range, and
 * optionally the search's query (without one, every message of the range). A query alone covers the longest range a
 * search may (the api takes SMS_RANGE_MAX_DAYS days before today, UTC, until today included); one day without the
 * other is refused on the missing one.
 */
export const smsCsvGenerateQuery = z
  .object({ query: queryText.optional(), from: dayParam.optional(), to: dayParam.optional() })
  .superRefine((v, ctx) => {
    for (const k of ['from', 'to'] as const) if (!v[k] && (!v.query || v.from || v.to)) ctx.addIssue({ code: 'custom', path: [k], message: coded('dayRequired') });
    checkRange(v, ctx);
  });
export type SmsCsvGenerateQuery = z.infer<typeof smsCsvGenerateQuery>;

/**
 * A number as the rest of the project stores it (E.164): '+', then 8 to 15 digits, no leading 0. Spaces, dashes,
 * dots, slashes and brackets are dropped, a leading 00 is the international prefix, and a number without '+' is
 * read as international. Null when what is left is no such number.
 */
export function normalizeE164(input: string): string | null {
  let s = input.trim().replace(/[\s\-./()]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  else if (!s.startsWith('+')) s = `+${s}`;
  return new RegExp(`^\\+[1-9]\\d{${PHONE_MIN - 1},${PHONE_MAX - 1}}$`).test(s) ? s : null;
}

export const e164Number = z
  .string({ error: coded('required') })
  .transform((v, ctx) => {
    const n = normalizeE164(v);
    if (n === null) ctx.addIssue({ code: 'custom', message: coded('e164Number', { min: PHONE_MIN, max: PHONE_MAX }) });
    return n ?? v;
  });

/** The columns the carrier whitelist sorts by (the id breaks ties). */
export const WHITELIST_SORTS = ['number', 'is_allowed', 'comment', 'updated_at'] as const;
export type WhitelistSort = (typeof WHITELIST_SORTS)[number];

/**
 * §7 GET /sms/gsmSearch?query&count=25&page: numbers containing the query's digits (all numbers without a query),
 * sorted by `sort` and `dir` (number order by default).
 */
export const gsmSearchQuery = z.object({
  query: z.string().trim().max(30, coded('tooLong', { max: 30 })).refine(noControlChars, coded('controlChars')).default(''),
  page: pageParam(),
  count: countParam(PAGE_SIZE.smsTraffic, 100),
  ...sortParams(WHITELIST_SORTS, 'number'),
});
export type GsmSearchQuery = z.infer<typeof gsmSearchQuery>;

/** §7 POST /updateWhiteListNumber: adds a number (no id) or edits the one with `id`. */
export const whitelistNumberBody = z.object({
  id: positiveId('id').optional(),
  number: e164Number,
  is_allowed: z.boolean({ error: (iss) => (iss.input === undefined ? coded('required') : coded('invalidBool')) }),
  comment: z
    .string()
    .trim()
    .max(200, coded('tooLong', { max: 200 }))
    .refine(noControlChars, coded('controlChars'))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type WhitelistNumberBody = z.infer<typeof whitelistNumberBody>;

// ---------------------------------------------------------------------------------------------- outputs

/** One message of the traffic search (both directions). */
export const smsTrafficItem = z.object({
  id: int,
  created: iso,
  direction: z.enum(['OUTBOUND', 'INBOUND']),
  device_id: intOrNull,
  imei: z.string().nullable(),
  gsm_number: z.string().nullable(),
  command_key: z.string().nullable(),
  message: z.string(),
  /** §3 message status: 0 created, 1 sent, 2 received, 3 error */
  status: int,
  gateway_name: z.string().nullable(),
  sent_at: isoOrNull,
  received_at: isoOrNull,
  /** why it failed, as text (the English text of `error_code` when there is one) */
  error: z.string().nullable(),
  /** the pipeline's reason code of a failure (docs/sms.md) and its parameters; null before its migration */
  error_code: z.string().nullable(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type SmsTrafficItem = z.infer<typeof smsTrafficItem>;
export const smsSearchResponse = page(smsTrafficItem);
export type SmsSearchResponse = z.infer<typeof smsSearchResponse>;

/**
 * The SMS figures, each counting one thing, with one definition wherever it is shown: the traffic page's counters
 * (/sms/statistics), a campaign's progress (/sms/campaign) and the daily report (sms_*). docs/statistics.md "SMS
 * figures" says each; the server's SQL of each is `SMS_FIGURE_SQL` (server traffic/traffic.repository.ts).
 * - created: messages to the devices (OUTBOUND) stored, whatever became of them;
 * - waiting: of those, the ones still at §3 status 0 (no gateway took them yet);
 * - sent: the ones a gateway took, status 1 sent or 2 received (a delivered message was sent);
 * - received: the ones the device received (§3 status 2: delivered), never a reply;
 * - errors: the ones that failed (status 3);
 * - expired: the ones past their time to live before a gateway took them (status 4, never sent);
 * - replies: messages from the devices (INBOUND: replies and the devices' own messages).
 */
export const SMS_FIGURES = ['created', 'waiting', 'sent', 'received', 'errors', 'expired', 'replies'] as const;
export type SmsFigure = (typeof SMS_FIGURES)[number];
/** The figures the day counters keep (sms_statistic): /sms/statistics and the daily report. */
export const SMS_COUNTER_FIGURES = ['created', 'sent', 'received', 'errors', 'replies'] as const satisfies readonly SmsFigure[];

/** §3 SMS statistics (created, sent, errors, received), and the devices' replies, as SMS_FIGURES defines them. */
export const smsStatistics = z.object({ created: int, sent: int, errors: int, received: int, replies: int });
export type SmsStatistics = z.infer<typeof smsStatistics>;

/** §3 GSM whitelist number. */
export const whitelistItem = z.object({
  id: int,
  number: z.string(),
  is_allowed: z.boolean(),
  comment: z.string().nullable(),
  created: iso,
  updated_at: iso,
});
export type WhitelistItem = z.infer<typeof whitelistItem>;

// ---------------------------------------------------------------------------------------------- routes

const smsCsvDownload = (kind: SmsExportKind, what: string) =>
  csvDownloadRoute('sms', kind, `CSV download by hash: ${what} of the range (and query) given to /csv/generate/sms (streamed)`);

export const TRAFFIC_ROUTES = {
  smsSearch: route({
    method: 'GET',
    path: '/sms/search',
    area: 'sms',
    summary: `SMS traffic search: messages matching a number, IMEI, command key or text between two days (${PAGE_SIZE.smsTraffic} per page, newest first)`,
    query: smsSearchQuery,
    response: smsSearchResponse,
  }),
  smsStatistics: route({
    method: 'GET',
    path: '/sms/statistics',
    area: 'sms',
    summary: 'SMS counters (created, sent, received by the device, errors, replies from the devices; SMS_FIGURES): all days, or the range of a search',
    query: smsStatisticsQuery,
    response: envelope(smsStatistics),
  }),
  smsCsvGenerate: csvGenerateRoute(
    'sms',
    '/csv/generate/sms',
    'Prepares the SMS exports of a range (and query); returns the hash /csv/sms_global and /csv/sms_error take',
    smsCsvGenerateQuery,
  ),
  csvSmsGlobal: smsCsvDownload('sms_global', 'every message'),
  csvSmsError: smsCsvDownload('sms_error', 'the messages in error'),
  gsmSearch: route({
    method: 'GET',
    path: '/sms/gsmSearch',
    area: 'carrierWhitelist',
    summary: `Carrier whitelist: numbers containing the query's digits (${PAGE_SIZE.smsTraffic} per page)`,
    query: gsmSearchQuery,
    response: page(whitelistItem),
  }),
  updateWhiteListNumber: route({
    method: 'POST',
    path: '/updateWhiteListNumber',
    area: 'carrierWhitelist',
    summary: 'Adds a whitelist number (no id) or edits one (id); the number is stored in E.164',
    body: whitelistNumberBody,
    response: envelope(whitelistItem),
  }),
} as const satisfies Record<string, RouteDef>;
