// Settings of this deployment the console needs before it can draw some screens (not in the product spec: the
// map's tile server is a setting, docs/device-workspace.md "Map"). Merged into ROUTES by routes.ts.
import { z } from 'zod';
import { route, type RouteDef } from './route-def.js';
import { envelope } from './schemas.js';

export const consoleConfig = z.object({
  /** Leaflet tile URL template (`{z}/{x}/{y}`, optional `{s}`); empty: no tiles, the map draws on a plain background */
  mapTileUrl: z.string(),
  /** attribution shown in the map's corner (plain text) */
  mapAttribution: z.string(),
});
export type ConsoleConfig = z.infer<typeof consoleConfig>;
export const consoleConfigResponse = envelope(consoleConfig);

export const CONSOLE_CONFIG_ROUTES = {
  consoleConfig: route({
    method: 'GET',
    path: '/console/config',
    area: 'public',
    summary: "This deployment's console settings (map tile server); no personal data, needs no session",
    response: consoleConfigResponse,
  }),
} as const satisfies Record<string, RouteDef>;
