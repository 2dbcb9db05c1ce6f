// Statistics (§2 /admin/stats/{type}, §3 Stats items, §6 stats roles and white labels, §7 GET /stats/list).
// Every type of the stats menu is one entry of STATS_TYPES (its chart and its per-type field); the server's
// `stats/stats-sql.ts` holds each type's SQL under the same key (STATS_SQL) and the source tables whose writes mark
// its days for the rollup (STATS_SOURCES). What each type counts: docs/statistics.md.
import { z } from 'zod';
import { dayParam, daysBetween, positiveId } from './params.js';
import { coded } from './reasons.js';
import { envelope } from './schemas.js';
import { route, type RouteDef } from './route-def.js';

/** How a type is drawn: a line per white label over the days, or bars / a pie of its field's values. */
export type StatsChart = 'line' | 'bar' | 'pie';
/**
 * `daily`: events counted on the UTC day they happened (each day's figure is final once the day is over);
 * `snapshot`: the state of the fleet on the day the rollup took it (the page shows the range's last snapshot).
 */
export type StatsKind = 'daily' | 'snapshot';
/** §3 Stats items: the per-type fields. */
export const STATS_FIELDS = ['gender', 'source_type', 'language', 'firmware', 'occurence', 'count', 'role', 'primary', 'number_guest', 'number_call_guest', 'type'] as const;
export type StatsField = (typeof STATS_FIELDS)[number];
export type StatsTypeDef = { chart: StatsChart; kind: StatsKind; field?: StatsField; subWhiteLabel?: boolean };

const daily = (chart: StatsChart = 'line', field?: StatsField): StatsTypeDef => (field ? { chart, kind: 'daily', field } : { chart, kind: 'daily' });
const snapshot = (chart: StatsChart, field: StatsField): StatsTypeDef => ({ chart, kind: 'snapshot', field });

/** The stats menu, in menu order. */
export const STATS_TYPES = {
  new_registrations: daily(),
  new_pairing: daily(),
  new_devices: daily(),
  active_users: daily(),
  active_devices: daily(),
  sms_sent_to_band: daily(),
  sms_errors: daily(),
  text_messages: daily(),
  voice_messages: daily('bar', 'type'),
  voice_minutes: daily(),
  calls_to_911: daily(),
  alarm_button: daily(),
  location_technology: daily('pie', 'source_type'),
  location_sources: daily('pie', 'source_type'),
  location_reasons: daily('bar', 'type'),
  invalid_locations: daily(),
  new_contacts: daily(),
  new_guests: daily(),
  accepted_guests: daily(),
  new_safe_zones: daily(),
  safe_zone_events: daily('bar', 'type'),
  notifications: daily('bar', 'type'),
  notification_errors: daily(),
  app_logs: daily(),
  firmware_version: { ...snapshot('pie', 'firmware'), subWhiteLabel: true },
  child_gender: snapshot('pie', 'gender'),
  child_age: snapshot('bar', 'type'),
  language: snapshot('pie', 'language'),
  contacts_role: snapshot('pie', 'role'),
  contacts_primary: snapshot('pie', 'primary'),
  guests: snapshot('bar', 'number_guest'),
  calls_by_guests: snapshot('bar', 'number_call_guest'),
  update_frequency: snapshot('bar', 'occurence'),
  device_status: snapshot('pie', 'type'),
} as const satisfies Record<string, StatsTypeDef>;
export type StatsType = keyof typeof STATS_TYPES;
export const STATS_TYPE_KEYS = Object.keys(STATS_TYPES) as [StatsType, ...StatsType[]];
export const isStatsType = (s: unknown): s is StatsType => typeof s === 'string' && s in STATS_TYPES;
export const statsTypeDef = (t: StatsType): StatsTypeDef => STATS_TYPES[t];

/** At most this many days in one query (a year and a day). */
export const STATS_RANGE_MAX_DAYS = 366;
/** §2: charts use up to 10 colours. */
export const STATS_MAX_COLOURS = 10;


/** `whitelabel_ids`: one id or a comma-separated list (no blanks, at most 100); the stats and the daily report. */
export const idList = (field: string) =>
  z
    .string({ error: coded('idRequired') })
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, coded('badFormat'))
    .transform((v, ctx) => {
      const ids = [...new Set(v.split(',').map(Number))];
      for (const id of ids) if (!positiveId(field).safeParse(id).success) ctx.addIssue({ code: 'custom', message: coded('badFormat') });
      return ids;
    });

/** §7 GET /stats/list?type&from&to&whitelabel_ids (&deployment_id for firmware_version's sub-white-label). */
export const statsListQuery = z
  .object({
    type: z.enum(STATS_TYPE_KEYS, { error: coded('statsUnknownType') }),
    from: dayParam,
    to: dayParam,
    /** the user's white labels when absent */
    whitelabel_ids: idList('whitelabel_ids').optional(),
    deployment_id: positiveId('deployment_id').optional(),
  })
  .superRefine((v, ctx) => {
    const days = daysBetween(v.from, v.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: coded('statsToBeforeFrom') });
    else if (days >= STATS_RANGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: coded('statsRangeTooLong', { max: STATS_RANGE_MAX_DAYS }) });
  });
export type StatsListQuery = z.infer<typeof statsListQuery>;

/** §3 Stats items: day, value, white label, and the type's field (absent for types without one). */
export const statsItem = z.object({
  day: z.string(),
  value: z.number().int(),
  white_label_id: z.number().int(),
  white_label_name: z.string(),
  ...Object.fromEntries(STATS_FIELDS.map((f) => [f, z.string().optional()])),
}) as z.ZodType<StatsItem>;
export type StatsItem = { day: string; value: number; white_label_id: number; white_label_name: string } & Partial<Record<StatsField, string>>;
export const statsListResponse = envelope(
  z.object({
    type: z.enum(STATS_TYPE_KEYS),
    chart: z.enum(['line', 'bar', 'pie']),
    /**
     * a snapshot type: when the snapshot shown was taken (ISO instant; today's is taken again every few minutes), null
     * for an older day's snapshot; a daily type: null (its figures follow the writes within seconds)
     */
    as_of: z.string().nullable(),
    items: z.array(statsItem),
  }),
);
export type StatsListResponse = z.infer<typeof statsListResponse>;

export const STATS_ROUTES = {
  statsList: route({
    method: 'GET',
    path: '/stats/list',
    area: 'stats',
    summary:
      "A statistic's items between two days (UTC) for white labels of the user (all of them when none is given; another white label answers 403); read from the daily rollup",
    query: statsListQuery,
    response: statsListResponse,
  }),
} as const satisfies Record<string, RouteDef>;
