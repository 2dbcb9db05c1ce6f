// Tracking (§2 tracking tab: the day's fixes, the map path, one fix) and the days with data of every day tab.
import { z } from 'zod';
import { coded } from '../reasons.js';
import { countParam, pageParam, positiveId, tzParam } from '../params.js';
import { PAGE_SIZE } from '../constants.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import type { Area } from '../access.js';
import { deviceDayQuery, deviceQuery, int, intOrNull, iso } from './shared.js';

// ---------------------------------------------------------------------------------------------- inputs

export const locationListQuery = deviceDayQuery.extend({
  page: pageParam(),
  count: countParam(PAGE_SIZE.trackingList),
});
export type LocationListQuery = z.infer<typeof locationListQuery>;
/** location ids are bigint: any safe integer. */
export const locationByIdQuery = deviceQuery.extend({ location_id: positiveId('location_id', { max: Number.MAX_SAFE_INTEGER }) });

// ---------------------------------------------------------------------------------------------- outputs

export const locationItem = z.object({
  id: int,
  time: iso,
  latitude: z.number(),
  longitude: z.number(),
  radius: intOrNull,
  altitude: z.number().nullable(),
  angle: intOrNull,
  speed: z.number().nullable(),
  gsm_operator: z.string().nullable(),
  gsm_cell_id: z.string().nullable(),
  is_valid: z.boolean(),
  /** §4 location reason */
  reason: intOrNull,
  /** §4 location source */
  source: int,
  wifi_count: int,
  gsm_count: int,
});
export type LocationItem = z.infer<typeof locationItem>;
export const locationListResponse = envelope(
  z.object({
    items: z.array(locationItem),
    total_pages: int,
    total: int,
    more: z.boolean(),
    page: int,
  }),
);
export const locationDetail = locationItem.extend({
  wifi: z.array(z.object({ mac_address: z.string(), signal: intOrNull })),
  gsm: z.array(z.object({ mcc: int, mnc: int, lac: int, cell_id: z.string(), signal: intOrNull })),
  providers: z.array(z.object({ provider: z.string(), latitude: z.number(), longitude: z.number(), radius: intOrNull })),
});
export type LocationDetail = z.infer<typeof locationDetail>;
/** The day's path for the map: [latitude, longitude, epoch ms, location id], in time order. */
export const locationPathResponse = envelope(z.object({ points: z.array(z.tuple([z.number(), z.number(), z.number(), int])) }));

// ---------------------------------------------------------------------------------------------- routes

export const TRACKING_ROUTES = {
  // ------------------------------------------------------------------ tracking
  locationList: route({
    method: 'GET',
    path: '/location/list',
    area: 'deviceTabs',
    summary: 'Location fixes of a day (20 per page, newest first, day in the tz time zone)',
    query: locationListQuery,
    response: locationListResponse,
  }),
  locationPath: route({
    method: 'GET',
    path: '/location/path',
    area: 'deviceTabs',
    summary: "The day's path for the map (every fix, compact)",
    query: deviceDayQuery,
    response: locationPathResponse,
  }),
  locationById: route({
    method: 'GET',
    path: '/location/by_id',
    area: 'deviceTabs',
    summary: 'One fix with its wifi, GSM and provider details',
    query: locationByIdQuery,
    response: envelope(locationDetail),
  }),
} as const satisfies Record<string, RouteDef>;

// ---------------------------------------------------------------------------------------------- days with data

/** A calendar month `YYYY-MM` (years from 0001). */
export const monthParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, coded('monthFormat'))
  .refine((m) => Number(m.slice(0, 4)) >= 1, coded('monthFormat'));
/** Days with data of a day tab: in `month` (default: the month of the last day with data), days in the tz zone. */
export const dataDaysQuery = deviceQuery.extend({ month: monthParam.optional(), tz: tzParam });
export type DataDaysQuery = z.infer<typeof dataDaysQuery>;
export const dataDays = z.object({
  /** the month the days belong to (`YYYY-MM`); the month of `last`, or of today (UTC) without data, when none was asked */
  month: z.string(),
  /** the days of `month` that have data, ascending (`YYYY-MM-DD` in the tz zone) */
  days: z.array(z.string()),
  /** the last day with data at all (any month), null when the device has none */
  last: z.string().nullable(),
});
export type DataDays = z.infer<typeof dataDays>;
export const dataDaysResponse = envelope(dataDays);

/** The kinds of data behind the day tabs, and the table and time column each one reads. */
export const DATA_DAY_KINDS = ['locations', 'safezone_logs', 'sms', 'communications', 'temperatures', 'notifications'] as const;
export type DataDayKind = (typeof DATA_DAY_KINDS)[number];

const dayList = (path: string, area: Area, what: string) =>
  route({
    method: 'GET',
    path,
    area,
    summary: `Days with ${what} in a month (days in the tz zone) and the last day with ${what}`,
    query: dataDaysQuery,
    response: dataDaysResponse,
  });

/** One call per day tab (each with its tab's area): the days that have data, so a tab opens on one. */
export const DEVICE_DAY_ROUTES = {
  locationDays: dayList('/location/days', 'deviceTabs', 'location fixes'),
  safezoneLogDays: dayList('/safezone/logs/days', 'deviceTabs', 'safe-zone log entries'),
  smsDays: dayList('/sms/days', 'deviceTabs', 'SMS'),
  communicationDays: dayList('/device/communications/days', 'deviceTabs', 'communications'),
  temperatureDays: dayList('/device/temperature/days', 'deviceLogs', 'temperatures'),
  notificationDays: dayList('/device/notifications/days', 'deviceTabs', 'notifications'),
} as const satisfies Record<string, RouteDef>;

/** The data kind behind each day route. */
export const DAY_ROUTE_KIND = {
  locationDays: 'locations',
  safezoneLogDays: 'safezone_logs',
  smsDays: 'sms',
  communicationDays: 'communications',
  temperatureDays: 'temperatures',
  notificationDays: 'notifications',
} as const satisfies Record<keyof typeof DEVICE_DAY_ROUTES, DataDayKind>;
