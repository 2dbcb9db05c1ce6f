// Owner workspace (§2 Owner: /owner/{idUser} and its tabs; §7 Owners, Logs): request and response schemas and the
// routes, one file per area of the console's owner page. OWNER_ROUTES is merged into ROUTES by routes.ts.
import type { RouteDef } from '../route-def.js';
import { EXTRAS_ROUTES } from './extras.js';
import { PROFILE_ROUTES } from './profile.js';

export { ownerQuery, type OwnerQuery } from './shared.js';
export * from './profile.js';
export * from './extras.js';

export const OWNER_ROUTES = { ...PROFILE_ROUTES, ...EXTRAS_ROUTES } as const satisfies Record<string, RouteDef>;
