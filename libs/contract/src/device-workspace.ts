// Device workspace (§2 Device: /device/{idDevice} and its tabs, §7 Device/Location/Setting/... calls, device exports):
// request and response schemas and the routes. Merged into ROUTES by routes.ts.
import type { RouteDef } from './route-def.js';

export const DEVICE_ROUTES = {} as const satisfies Record<string, RouteDef>;
