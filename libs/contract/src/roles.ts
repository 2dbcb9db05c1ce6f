/** Role ids of spec §6. */
export const Role = {
  Administrator: 1,
  Tier1: 9,
  Manager: 10,
  NoLogin: 11,
  PartnerAManager: 12,
  PartnerATier1: 13,
  PartnerBManager: 14,
  PartnerBTier1: 15,
} as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ALL_ROLES: readonly RoleId[] = [1, 9, 10, 11, 12, 13, 14, 15];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Administrator',
  9: 'Tier1',
  10: 'Manager',
  11: 'NoLogin',
  12: 'Partner-A-Manager',
  13: 'Partner-A-Tier1',
  14: 'Partner-B-Manager',
  15: 'Partner-B-Tier1',
};

export function isRoleId(n: unknown): n is RoleId {
  return typeof n === 'number' && (ALL_ROLES as readonly number[]).includes(n);
}

/** §6 / §9: partner roles see only devices of one device type. */
export const PARTNER_DEVICE_TYPE: Partial<Record<RoleId, number>> = {
  12: 2,
  13: 2,
  14: 3,
  15: 3,
};

/** The device type a role is confined to, or null when the role sees every type. */
export function deviceTypeScope(role: RoleId): number | null {
  return PARTNER_DEVICE_TYPE[role] ?? null;
}

/** §6: which roles a user of `role` may assign (and, §5, edit). Admin: all. */
export function assignableRoles(role: RoleId): readonly RoleId[] {
  if (role === Role.Administrator) return ALL_ROLES;
  if (role === Role.PartnerAManager) return [12, 13];
  if (role === Role.PartnerBManager) return [14, 15];
  return [];
}

/** §5 manager edit scope: may `editor` edit a backoffice user holding `target`? */
export function canEditUserOfRole(editor: RoleId, target: RoleId): boolean {
  return assignableRoles(editor).includes(target);
}
