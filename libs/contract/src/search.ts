// The dashboard search (§2 Dashboard, §7 GET /device/search): the query, the result rows and the route. Server
// libs/server/src/search/, console features/search/ (docs/architecture.md "Dashboard search").
import { z } from 'zod';
import { countParam, pageParam } from './params.js';
import { coded } from './reasons.js';
import { PAGE_SIZE } from './constants.js';
import { SEARCH_FILTERS } from './enums.js';
import { page } from './schemas.js';
import { route, type RouteDef } from './route-def.js';

export const deviceSearchQuery = z.object({
  query: z.string().trim().min(1, coded('searchEmpty')).max(100),
  filter: z.enum(SEARCH_FILTERS),
  count: countParam(PAGE_SIZE.deviceSearch),
  page: pageParam(10_000),
});
export type DeviceSearchQuery = z.infer<typeof deviceSearchQuery>;

export const deviceSearchItem = z.object({
  /** null for an owner without devices (e-mail and name searches) */
  device_id: z.number().int().nullable(),
  imei: z.string().nullable(),
  imsi: z.string().nullable(),
  gsm_number: z.string().nullable(),
  device_type: z.number().int().nullable(),
  device_type_name: z.string().nullable(),
  device_status: z.number().int().nullable(),
  child_first_name: z.string().nullable(),
  child_last_name: z.string().nullable(),
  owner_id: z.number().int().nullable(),
  owner_email: z.string().nullable(),
  owner_first_name: z.string().nullable(),
  owner_last_name: z.string().nullable(),
  white_label: z.string().nullable(),
});
export type DeviceSearchItem = z.infer<typeof deviceSearchItem>;
export const deviceSearchResponse = page(deviceSearchItem);
export type DeviceSearchResponse = z.infer<typeof deviceSearchResponse>;

export const SEARCH_ROUTES = {
  deviceSearch: route({
    method: 'GET',
    path: '/device/search',
    area: 'dashboardSearch',
    summary: 'Device and owner search (25 per page, zero-based pages)',
    query: deviceSearchQuery,
    response: deviceSearchResponse,
  }),
} as const satisfies Record<string, RouteDef>;
