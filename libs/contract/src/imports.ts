// Bulk imports (§2 Admin import screens, §3 imports, §7 Import): request and response schemas, CSV columns per
// import kind, and the routes. Merged into ROUTES by routes.ts.
import type { RouteDef } from './route-def.js';

export const IMPORT_ROUTES = {} as const satisfies Record<string, RouteDef>;
