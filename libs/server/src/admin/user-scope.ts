import { assignableRoles, deviceTypeScope, Role, type RoleId } from '@tracker/contract';

/**
 * §5/§6 manager scope of user management: the roles, the one device type and the partner (its white labels and
 * operators) a partner manager may see, edit, assign and delete (role 12: roles 12-13 and type 2; role 14: roles
 * 14-15 and type 3; in both cases only users whose white labels and operators are all the manager's own); null for an
 * administrator (all).
 */
export type UserScope = { roles: readonly RoleId[]; type: number; whiteLabels: readonly number[]; operators: readonly number[] } | null;

export function userScope(s: { role: RoleId; whiteLabels: readonly number[]; operators: readonly number[] }): UserScope {
  if (s.role === Role.Administrator) return null;
  return { roles: assignableRoles(s.role), type: deviceTypeScope(s.role) ?? 0, whiteLabels: s.whiteLabels, operators: s.operators };
}

/**
 * Is a user holding `role`, `types`, white labels and operators inside the scope? A partner's users have exactly its
 * type (not ALL), and every white label and operator they hold is the manager's: another partner's users of the same
 * roles and type (another white label or operator) are not this manager's.
 */
export function inUserScope(
  scope: UserScope,
  user: { role_id: number; types: readonly number[]; white_labels: readonly number[]; operators: readonly number[] },
): boolean {
  if (scope === null) return true;
  return (
    (scope.roles as readonly number[]).includes(user.role_id) &&
    user.types.length === 1 &&
    user.types[0] === scope.type &&
    user.white_labels.every((w) => scope.whiteLabels.includes(w)) &&
    user.operators.every((o) => scope.operators.includes(o))
  );
}
