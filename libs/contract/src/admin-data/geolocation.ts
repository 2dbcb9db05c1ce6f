// Wifi access points for staff (§2 /geolocation/search and /geolocation/edit/{mac}, §3 Wifi access point, §5 wifi
// rules, §7 Wifi). The rules themselves are in ../wifi.ts, shared with the owner's /addwifi.
import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';
import { countParam, pageParam, sortParams } from '../params.js';
import { coded } from '../reasons.js';
import { envelope, okResponse, page } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { iso, intOrNull, noControlChars } from '../device-workspace/shared.js';
import { macAddress, wifiLatitudeNumber, wifiLongitudeNumber } from '../wifi.js';

/** The columns a wifi search sorts by (the MAC breaks ties). */
export const WIFI_SORTS = ['mac', 'latitude', 'longitude', 'fixed', 'blacklisted', 'user_id', 'updated_at'] as const;
export type WifiSort = (typeof WIFI_SORTS)[number];

/**
 * A MAC search: the start of a MAC in any accepted spelling (separators ignored); empty lists every access point.
 * Sorted by `sort` and `dir` (default MAC order).
 */
export const wifiSearchQuery = z.object({
  query: z
    .string()
    .trim()
    .max(17, coded('tooLong', { max: 17 }))
    .refine(noControlChars, coded('controlChars'))
    .refine((s) => /^[0-9A-Fa-f:-]*$/.test(s), coded('wifiMacFormat'))
    .transform((s) => s.replace(/[:-]/g, '').toUpperCase())
    .default(''),
  page: pageParam(),
  count: countParam(PAGE_SIZE.wifiSearch, 100),
  ...sortParams(WIFI_SORTS, 'mac'),
});
export type WifiSearchQuery = z.infer<typeof wifiSearchQuery>;

/** `details?id` and `delete {id}`: the id of an access point is its MAC. */
export const wifiIdQuery = z.object({ id: macAddress });
export const wifiSaveQuery = z.object({ oldMac: macAddress });

export const wifiBody = z.object({
  mac: macAddress,
  latitude: wifiLatitudeNumber,
  longitude: wifiLongitudeNumber,
  /** left out: false for a new access point, the stored value on an edit */
  fixed: z.boolean({ error: coded('invalidBool') }).optional(),
  blacklisted: z.boolean({ error: coded('invalidBool') }).optional(),
});
export type WifiBody = z.infer<typeof wifiBody>;

export const wifiItem = z.object({
  /** stored form, 12 upper-case hex digits (the console shows it with colons: formatMac) */
  mac: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  fixed: z.boolean(),
  blacklisted: z.boolean(),
  /** the owner account that reported it, if any */
  user_id: intOrNull,
  created: iso,
  updated_at: iso,
});
export type WifiItem = z.infer<typeof wifiItem>;

export const GEOLOCATION_ROUTES = {
  wifiSearch: route({
    method: 'GET',
    path: '/geolocation/wifi/search',
    area: 'geolocation',
    summary: 'Wifi access points whose MAC starts with the query, sorted by `sort` and `dir` (MAC order by default; 25 per page, zero-based pages)',
    query: wifiSearchQuery,
    response: page(wifiItem),
  }),
  wifiDetails: route({
    method: 'GET',
    path: '/geolocation/wifi/details',
    area: 'geolocation',
    summary: 'One wifi access point by MAC',
    query: wifiIdQuery,
    response: envelope(wifiItem),
  }),
  wifiSave: route({
    method: 'POST',
    path: '/geolocation/wifi/save',
    area: 'geolocation',
    summary: 'Changes the access point `oldMac` (its MAC may change too)',
    query: wifiSaveQuery,
    body: wifiBody,
    response: envelope(wifiItem),
  }),
  wifiCreate: route({
    method: 'POST',
    // §7 `POST /geolocation/wifi/`; Express matches the trailing slash too (OpenAPI paths carry none)
    path: '/geolocation/wifi',
    area: 'geolocation',
    summary: 'Adds a wifi access point',
    body: wifiBody,
    response: envelope(wifiItem),
  }),
  wifiDelete: route({
    method: 'POST',
    path: '/geolocation/wifi/delete',
    area: 'geolocation',
    summary: 'Deletes a wifi access point',
    body: wifiIdQuery,
    response: okResponse,
  }),
} as const satisfies Record<string, RouteDef>;
