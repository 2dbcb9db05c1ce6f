import { canAccess, type Area, type RoleId } from '@tracker/contract';

/** The §2 children of /device/{idDevice}, in tab order, with the §6 area each one needs. */
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
] as const satisfies readonly { path: string; area: Area; key: string }[];

export type DeviceTabKey = (typeof DEVICE_TABS)[number]['key'];

/**
 * §6 "Role 9 has the permission check true (read-only style). Role 10 has it true on the settings pages": the
 * contract's `deviceEdit` / `deviceSettingsEdit` areas, which the api enforces on the changing calls too.
 */
export function canEdit(role: RoleId, what: 'device' | 'settings'): boolean {
  return canAccess(role, what === 'settings' ? 'deviceSettingsEdit' : 'deviceEdit');
}
