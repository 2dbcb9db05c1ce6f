// Owner workspace, safe zones (§2 Owner /safeZones, §3 Safe zone, §5 Safe zone, §7 Safe zones, §9): the owner's
// circles on the map and the devices each one watches. docs/owner-workspace.md "Safe zones".
import { z } from 'zod';
import { positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { safeZoneItem } from '../device-workspace/activity.js';
import { ownerQuery, ownerRead, ownerRemove } from './shared.js';

/** §9: radius at most 500 m, 200 m for a new circle on the map. */
export const SAFE_ZONE_RADIUS = { default: 200, max: 500, min: 1 } as const;
/** §5/§9 limit choices: 10 % to 100 % in steps of 10, or -1 (disabled). */
export const SAFE_ZONE_LIMITS = [-1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export const SAFE_ZONE_NAME_MAX = 100;

/** A radius past the maximum is clamped (the answer says so), not refused (§5). */
export function clampRadius(r: number): { radius: number; clamped: boolean } {
  if (r > SAFE_ZONE_RADIUS.max) return { radius: SAFE_ZONE_RADIUS.max, clamped: true };
  return { radius: Math.round(r), clamped: false };
}

/**
 * A coordinate of a JSON body: a number (a string, even '52.5', is the wrong type), with the wifi rules' messages
 * (§5: 'Longitude and latitude cant be empty', 'Latitude may range from -90 to 90', ...).
 */
const coordinate = (max: number, code: 'wifiLatitudeRange' | 'wifiLongitudeRange') =>
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? coded('wifiCoordinatesEmpty') : coded('wrongType', { expected: 'number' })) })
    .refine((n) => Number.isFinite(n) && n >= -max && n <= max, coded(code));

/**
 * A new zone's values for the fields left out; an edit (with `id`) keeps the stored value of a field left out
 * (no default overwrites it, as on every edit route).
 */
export const SAFE_ZONE_DEFAULTS = { radius: SAFE_ZONE_RADIUS.default, enabled: true, limit_percent: -1 } as const;

export const safeZoneInput = z.object({
  id: positiveId('id').optional(),
  name: z.string({ error: coded('required') }).trim().min(1, coded('required')).max(SAFE_ZONE_NAME_MAX),
  latitude: coordinate(90, 'wifiLatitudeRange'),
  longitude: coordinate(180, 'wifiLongitudeRange'),
  radius: z
    .number({ error: coded('safeZoneRadius', { min: SAFE_ZONE_RADIUS.min }) })
    .finite(coded('safeZoneRadius', { min: SAFE_ZONE_RADIUS.min }))
    .min(SAFE_ZONE_RADIUS.min, coded('safeZoneRadius', { min: SAFE_ZONE_RADIUS.min }))
    .optional(),
  enabled: z.boolean().optional(),
  limit_percent: z
    .number({ error: coded('safeZoneLimitChoice') })
    .refine((n) => (SAFE_ZONE_LIMITS as readonly number[]).includes(n), coded('safeZoneLimitChoice'))
    .optional(),
  devices: z.array(positiveId('devices'), { error: coded('safeZoneNoDevice') }).min(1, coded('safeZoneNoDevice')).max(1000),
});
export type SafeZoneInput = z.infer<typeof safeZoneInput>;
export const safeZoneRemoveQuery = ownerQuery.extend({ zone_id: positiveId('zone_id') });
export type SafeZoneRemoveQuery = z.infer<typeof safeZoneRemoveQuery>;

const int = z.number().int();
/** A zone as the device workspace's /safezone/device answers it, with its owner and the devices it watches. */
export const ownerSafeZoneItem = safeZoneItem.omit({ attached: true }).extend({
  user_id: int,
  /** the ids of the zone's devices the user may see */
  devices: z.array(int),
});
export type OwnerSafeZoneItem = z.infer<typeof ownerSafeZoneItem>;

const zoneDevice = z.object({
  id: int,
  imei: z.string(),
  device_type_id: int,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  enabled: z.boolean(),
});
export type SafeZoneDevice = z.infer<typeof zoneDevice>;

export const safeZoneListResponse = envelope(z.object({ zones: z.array(ownerSafeZoneItem), devices: z.array(zoneDevice), limit: int }));
export type SafeZoneList = z.infer<typeof safeZoneListResponse>['model'];
/** The saved zone, and `notes` for what the server changed (a radius clamped to 500). */
export const safeZoneSaveResponse = envelope(
  z.object({
    zone: ownerSafeZoneItem,
    notes: z.array(z.object({ field: z.string(), code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional(), message: z.string() })),
  }),
);
export type SafeZoneSaveResult = z.infer<typeof safeZoneSaveResponse>['model'];

export const SAFE_ZONE_ROUTES = {
  safeZoneList: ownerRead('/safezone/user', "An owner's safe zones, the devices they can watch and the zone limit", safeZoneListResponse),
  safeZoneSave: route({
    method: 'POST',
    path: '/safezone/save',
    area: 'ownerEdit',
    summary: 'Creates or changes a safe zone (radius over 500 m is clamped, with a note)',
    query: ownerQuery,
    body: safeZoneInput,
    response: safeZoneSaveResponse,
    mutating: true,
  }),
  safeZoneRemove: ownerRemove('/safezone/remove', 'Removes a safe zone (a partner: from its devices; the zone goes when it watches no device)', safeZoneRemoveQuery),
} as const satisfies Record<string, RouteDef>;
