import { z } from 'zod';
import { route, type RouteDef } from '../route-def.js';
import { positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { ALL_ROLES, type RoleId } from '../roles.js';
import { backofficeUserItem, envelope, okResponse } from '../schemas.js';

/**
 * §2 /admin/users/list, §7 "Backoffice users": add, edit and delete backoffice users (roles 1, 12, 14). The list is
 * `GET /local/list` (routes.ts). The manager scope of §5/§6 is the api's (docs/administration.md "Users").
 */

/** device types of a user: ids, or [-1] for ALL */
export const ALL_TYPES = -1;

const role = z.union(ALL_ROLES.map((r) => z.literal(r)) as [z.ZodLiteral<RoleId>, ...z.ZodLiteral<RoleId>[]], {
  error: coded('notOneOf', { options: ALL_ROLES.join(', ') }),
});
const ids = (field: string) => z.array(positiveId(field)).max(100, coded('tooBig', { max: 100 }));
const typeIds = z
  .array(z.union([z.literal(ALL_TYPES), positiveId('types')]))
  .max(100, coded('tooBig', { max: 100 }))
  .refine((t) => !t.includes(ALL_TYPES) || t.length === 1, coded('userTypesAll'));
/** what the form sends as password and repeat; the rules (8-20, match) are the service's, with the §5 messages */
const secret = z.string().max(200, coded('tooLong', { max: 200 }));

const userFields = {
  username: z
    .string({ error: coded('required') })
    .trim()
    .min(3, coded('tooShort', { min: 3 }))
    .max(100, coded('tooLong', { max: 100 }))
    .regex(/^[A-Za-z0-9._@-]+$/, coded('usernameChars')),
  /** optional; '' clears it */
  email: z
    .string()
    .trim()
    .max(254, coded('tooLong', { max: 254 }))
    .refine((s) => s === '' || z.email().safeParse(s).success, coded('invalidEmail'))
    .optional(),
  role,
  /** missing on add: [-1] (ALL) for an administrator's user, the partner's type for a partner manager's */
  types: typeIds.optional(),
};
const enabled = z.boolean({ error: coded('invalidBool') });

/** POST /local/add: a new user; it enrols its TOTP code at its first sign-in (docs/access.md). */
export const backofficeUserAddBody = z.object({
  ...userFields,
  enabled: enabled.default(true),
  operators: ids('operators').default([]),
  white_labels: ids('white_labels').default([]),
  password: secret,
  repeat: secret,
});
export type BackofficeUserAddBody = z.infer<typeof backofficeUserAddBody>;

/**
 * POST /local/edit?user_id: an empty (or missing) password leaves it unchanged (§5); any other field left out keeps
 * its stored value (e-mail, enabled, operators, types, white labels), as on every edit route - a default here
 * re-enabled a disabled user or cleared their scope.
 */
export const backofficeUserEditBody = z.object({
  ...userFields,
  enabled: enabled.optional(),
  operators: ids('operators').optional(),
  white_labels: ids('white_labels').optional(),
  password: secret.default(''),
  repeat: secret.default(''),
});
export type BackofficeUserEditBody = z.infer<typeof backofficeUserEditBody>;

export const backofficeUserQuery = z.object({ user_id: positiveId('user_id') });
export type BackofficeUserQuery = z.infer<typeof backofficeUserQuery>;

export const backofficeUserResponse = envelope(backofficeUserItem);

export const ADMIN_USER_ROUTES = {
  backofficeUserAdd: route({
    method: 'POST',
    path: '/local/add',
    area: 'userManagement',
    summary: 'Adds a backoffice user (managers: their partner only); the user enrols TOTP at the first sign-in',
    body: backofficeUserAddBody,
    response: backofficeUserResponse,
    mutating: true,
  }),
  backofficeUserEdit: route({
    method: 'POST',
    path: '/local/edit',
    area: 'userManagement',
    summary: 'Edits a backoffice user (empty password: unchanged); disabling or a new role ends their sessions',
    query: backofficeUserQuery,
    body: backofficeUserEditBody,
    response: backofficeUserResponse,
    mutating: true,
  }),
  backofficeUserDelete: route({
    method: 'GET',
    path: '/local/del',
    area: 'userManagement',
    summary: 'Deletes a backoffice user and ends their sessions; the last enabled administrator stays',
    query: backofficeUserQuery,
    response: okResponse,
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
