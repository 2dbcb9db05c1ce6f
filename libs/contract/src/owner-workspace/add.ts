// Add owner (§2 Dashboard's add-user dialog, §7 Owners POST /user/add): the new owner's fields and the route. Server
// owner-workspace/owner-add.*, console features/owner-add/.
import { z } from 'zod';
import { LANGUAGES } from '../errors.js';
import { coded } from '../reasons.js';
import { positiveId } from '../params.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';

export const newUser = z.object({
  email: z.string().trim().toLowerCase().email(coded('invalidEmail')).max(254),
  first_name: z.string().trim().min(1, coded('required')).max(50),
  last_name: z.string().trim().min(1, coded('required')).max(50),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{8,15}$/, coded('invalidPhone'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  white_label_vendor_id: positiveId('white_label_vendor_id'),
  language: z.enum(LANGUAGES).default('en'),
  is_test: z.boolean().default(false),
});
export const userAddRequest = z.object({ newUser });
export type UserAddRequest = z.infer<typeof userAddRequest>;
export const userAddResponse = envelope(z.object({ id: z.number().int() }));
export type UserAddResponse = z.infer<typeof userAddResponse>;

export const OWNER_ADD_ROUTES = {
  userAdd: route({
    method: 'POST',
    path: '/user/add',
    area: 'ownerAdd',
    summary: 'Creates an owner account',
    body: userAddRequest,
    response: userAddResponse,
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
