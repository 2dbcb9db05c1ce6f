import { assignableRoles, deviceTypeScope, Role, type RoleId } from '@tracker/contract';

/**
 * §5/§6 manager scope of user management: the roles and the one device type a partner manager may see, edit, assign
 * and delete (role 12: roles 12-13 and type 2; role 14: roles 14-15 and type 3); null for an administrator (all).
 */
export type UserScope = { roles: readonly RoleId[]; type: number } | null;

export function userScope(role: RoleId): UserScope {
  if (role === Role.Administrator) return null;
  return { roles: assignableRoles(role), type: deviceTypeScope(role) ?? 0 };
}

/** Is a user holding `role` and `types` inside the scope? A partner's users have exactly its type (not ALL). */
export function inUserScope(scope: UserScope, user: { role_id: number; types: readonly number[] }): boolean {
  if (scope === null) return true;
  return (scope.roles as readonly number[]).includes(user.role_id) && user.types.length === 1 && user.types[0] === scope.type;
}
