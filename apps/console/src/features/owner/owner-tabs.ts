import type { Area } from '@tracker/contract';

/**
 * The §2 children of /owner/{idUser}, in tab order, with the §6 area each one needs: every owner page is `owner`,
 * adding a device `ownerEdit` (role 9 is read-only there, §6), the app logs `ownerAppLogs` (roles 1 and 9). `/owner/{id}` opens `profile`. Declared once: the nav, the routes
 * and the guards all read this list (routes/OwnerPage.tsx).
 */
export const OWNER_TABS = [
  { path: 'profile', area: 'owner', key: 'profile' },
  { path: 'contacts', area: 'owner', key: 'contacts' },
  { path: 'safeZones', area: 'owner', key: 'safeZones' },
  { path: 'addDevice', area: 'ownerEdit', key: 'addDevice' },
  { path: 'guests', area: 'owner', key: 'guests' },
  { path: 'voices', area: 'owner', key: 'voices' },
  { path: 'app_logs', area: 'ownerAppLogs', key: 'appLogs' },
  { path: 'addwifi', area: 'owner', key: 'addWifi' },
] as const satisfies readonly { path: string; area: Area; key: string }[];

export type OwnerTabKey = (typeof OWNER_TABS)[number]['key'];

/** What every owner tab receives: the owner's id from the route. */
export type OwnerTabProps = { id: number };
