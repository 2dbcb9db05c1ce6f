// Device workspace (§2 Device: /device/{idDevice} and its tabs, §7 Device/Location/Setting/... calls, device exports):
// request and response schemas and the routes, one file per area of the console's device page. DEVICE_ROUTES is
// merged into ROUTES by routes.ts.
import type { RouteDef } from '../route-def.js';
import { ACTIVITY_ROUTES } from './activity.js';
import { DETAIL_ROUTES } from './detail.js';
import { EXPORT_ROUTES } from './exports.js';
import { SETTINGS_ROUTES } from './settings.js';
import { SIM_SWAP_ROUTES } from './sim-swap.js';
import { DEVICE_DAY_ROUTES, TRACKING_ROUTES } from './tracking.js';
import { TIMELINE_ROUTES } from './timeline.js';

export { deviceIdQuery, deviceDayQuerySchema, type DeviceIdQuery, type DeviceDayQuery } from './shared.js';
export * from './detail.js';
export * from './tracking.js';
export * from './settings.js';
export * from './activity.js';
export * from './sim-swap.js';
export * from './exports.js';
export * from './tabs.js';
export * from './timeline.js';

export const DEVICE_ROUTES = {
  ...DETAIL_ROUTES,
  ...TRACKING_ROUTES,
  ...SETTINGS_ROUTES,
  ...ACTIVITY_ROUTES,
  ...SIM_SWAP_ROUTES,
  ...EXPORT_ROUTES,
  ...TIMELINE_ROUTES,
  // days with data of the day tabs
  ...DEVICE_DAY_ROUTES,
} as const satisfies Record<string, RouteDef>;
