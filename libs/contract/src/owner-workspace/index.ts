// Owner workspace (§2 Owner: /owner/{idUser} and its tabs; §7 Owners, Logs, Contacts, Safe zones, Device add): request
// and response schemas and the routes, one file per area of the console's owner page (profile, extras, wifi, contacts,
// safe zones, device add). OWNER_ROUTES is merged into ROUTES by routes.ts.
import type { RouteDef } from '../route-def.js';
import { HELP_TEXT_ROUTES } from '../help-texts.js';
import { EXTRAS_ROUTES } from './extras.js';
import { PASSWORD_ROUTES, PROFILE_ROUTES } from './profile.js';
import { OWNER_WIFI_ROUTES } from './wifi.js';
import { CONTACT_ROUTES } from './contacts.js';
import { SAFE_ZONE_ROUTES } from './safe-zones.js';
import { DEVICE_ADD_ROUTES } from './device-add.js';

export { ownerQuery, type OwnerQuery } from './shared.js';
export * from './profile.js';
export * from './extras.js';
export * from './wifi.js';
export * from './contacts.js';
export * from './safe-zones.js';
export * from './device-add.js';
export * from '../help-texts.js';

export const OWNER_ROUTES = {
  ...PROFILE_ROUTES,
  ...PASSWORD_ROUTES,
  ...EXTRAS_ROUTES,
  ...OWNER_WIFI_ROUTES,
  ...HELP_TEXT_ROUTES,
  ...CONTACT_ROUTES,
  ...SAFE_ZONE_ROUTES,
  ...DEVICE_ADD_ROUTES,
} as const satisfies Record<string, RouteDef>;
