// Administration data (issue #11, h-admindata): translations, default settings, wifi access points. One file per
// screen; ADMIN_DATA_ROUTES merged into ROUTES by routes.ts.
import type { RouteDef } from '../route-def.js';
import { DEFAULT_SETTING_ROUTES } from './default-settings.js';
import { GEOLOCATION_ROUTES } from './geolocation.js';
import { TRANSLATION_ROUTES } from './translations.js';

export * from './default-settings.js';
export * from './geolocation.js';
export * from './translations.js';

export const ADMIN_DATA_ROUTES = {
  ...TRANSLATION_ROUTES,
  ...DEFAULT_SETTING_ROUTES,
  ...GEOLOCATION_ROUTES,
} as const satisfies Record<string, RouteDef>;
