// The device page's tabs (§2 children of /device/{idDevice}) and where a link to a device takes a role.
import { canAccess, type Area } from '../access.js';
import type { RoleId } from '../roles.js';

/** The §2 children of /device/{idDevice}, in tab order, with the §6 area each one needs (the console's tab bar). */
export const DEVICE_TABS = [
  { path: 'information/imsi', area: 'deviceTabs', key: 'infoImsi' },
  { path: 'information/imei', area: 'deviceImei', key: 'infoImei' },
  { path: 'generalSettings', area: 'deviceTabs', key: 'generalSettings' },
  { path: 'tracking', area: 'deviceTabs', key: 'tracking' },
  { path: 'settings', area: 'deviceTabs', key: 'settings' },
  { path: 'audit', area: 'deviceTabs', key: 'audit' },
  { path: 'deviceLogs', area: 'deviceLogs', key: 'deviceLogs' },
  { path: 'deviceTemp', area: 'deviceLogs', key: 'deviceTemp' },
  { path: 'contacts', area: 'deviceTabs', key: 'contacts' },
  { path: 'sms', area: 'deviceTabs', key: 'sms' },
  { path: 'gaps', area: 'deviceTabs', key: 'gaps' },
  { path: 'swap', area: 'deviceTabs', key: 'swap' },
  { path: 'notifications', area: 'deviceTabs', key: 'notifications' },
  { path: 'safezones', area: 'deviceTabs', key: 'safezones' },
  /** the device timeline (beyond §2; the overview shows it too, to the roles that open the overview) */
  { path: 'timeline', area: 'deviceTabs', key: 'timeline' },
] as const satisfies readonly { path: string; area: Area; key: string }[];

/**
 * Where a link to a device takes a role: the main page `/device/{id}` for the roles of `deviceMain`, otherwise the
 * first tab (in tab order) the role may open (§6: roles 9 and 10 may not open the main page, so they land on
 * `information/imsi`). Every link to a device goes through this, so no role is linked to a 401.
 */
export function devicePath(role: RoleId, deviceId: number): string {
  const base = `/device/${deviceId}`;
  if (canAccess(role, 'deviceMain')) return base;
  const tab = DEVICE_TABS.find((t) => canAccess(role, t.area));
  return tab ? `${base}/${tab.path}` : base;
}
