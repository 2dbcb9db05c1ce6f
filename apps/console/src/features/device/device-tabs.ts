import { canAccess, DEVICE_TABS, type RoleId } from '@tracker/contract';

/** The §2 children of /device/{idDevice}, in tab order, with the §6 area each one needs (from the contract). */
export { DEVICE_TABS };

export type DeviceTabKey = (typeof DEVICE_TABS)[number]['key'];

/**
 * §6 "Role 9 has the permission check true (read-only style). Role 10 has it true on the settings pages": the
 * contract's `deviceEdit` / `deviceSettingsEdit` areas, which the api enforces on the changing calls too.
 */
export function canEdit(role: RoleId, what: 'device' | 'settings'): boolean {
  return canAccess(role, what === 'settings' ? 'deviceSettingsEdit' : 'deviceEdit');
}
