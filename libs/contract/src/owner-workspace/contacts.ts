// Owner workspace, contacts (§2 Owner /contacts, §3 Contact, §5 Contact, §7 Contacts): the owner's contacts, the
// devices they are on, the server's limit, and the push that tells the watches to fetch them again.
// docs/owner-workspace.md "Contacts".
import { z } from 'zod';
import { commandRefusal } from '../commands.js';
import { positiveId } from '../params.js';
import { coded } from '../reasons.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { ownerQuery, ownerRead, ownerRemove } from './shared.js';
// one contact, as the device workspace's /contact/device answers it too
import { contactItem } from '../device-workspace/activity.js';
import { settingItem } from '../device-workspace/settings.js';

/** §5 Contact lengths (first name 3 to 49 at save; last name and relationship under 50; e-mail 3 to 49; phone 8 to 15). */
export const CONTACT_RULES = {
  firstName: { min: 3, max: 49 },
  lastNameMax: 49,
  email: { min: 3, max: 49 },
  phone: { min: 8, max: 15 },
  relationshipMax: 49,
} as const;

const R = CONTACT_RULES;
/** a text the user may leave empty: '' and null are "none" */
const optionalText = (max: number, code: 'contactLastName' | 'contactRelationship') =>
  z
    .string()
    .trim()
    .max(max, coded(code, { max: max + 1 }))
    .nullish()
    .transform((v) => (v ? v : null));


/** One contact as the editor sends it; `id` absent for a new one. */
export const contactInput = z.object({
  id: positiveId('id').optional(),
  first_name: z
    .string({ error: coded('contactFirstName', R.firstName) })
    .trim()
    .min(R.firstName.min, coded('contactFirstName', R.firstName))
    .max(R.firstName.max, coded('contactFirstName', R.firstName)),
  last_name: optionalText(R.lastNameMax, 'contactLastName'),
  email: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (v.length >= R.email.min && v.length <= R.email.max), coded('contactEmail', R.email))
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+$/.test(v), coded('invalidEmail')),
  phone: z
    .string({ error: coded('contactPhone', R.phone) })
    .trim()
    .regex(new RegExp(`^\\+?\\d{${R.phone.min},${R.phone.max}}$`), coded('contactPhone', R.phone)),
  relationship: optionalText(R.relationshipMax, 'contactRelationship'),
  is_guest: z.boolean().default(false),
  emergency: z.boolean().default(true),
  /** kept as stored for an existing contact, false for a new one: the console cannot make a contact primary */
  primary: z.boolean().default(false),
  devices: z.array(positiveId('devices'), { error: coded('contactNoDevice') }).min(1, coded('contactNoDevice')).max(1000),
});
export type ContactInput = z.infer<typeof contactInput>;

/** POST /contact/save_v2: one contact of an owner (the console's editor). */
export const contactSaveV2Body = contactInput.extend({ user_id: positiveId('user_id') });
export type ContactSaveV2Body = z.infer<typeof contactSaveV2Body>;
/** POST /contact/save?user_id: several contacts of one owner at once, all or none. */
export const contactSaveBody = z.object({ contacts: z.array(contactInput).min(1).max(100) });
export type ContactSaveBody = z.infer<typeof contactSaveBody>;
export const contactRemoveQuery = ownerQuery.extend({ contact_id: positiveId('contact_id') });
export type ContactRemoveQuery = z.infer<typeof contactRemoveQuery>;

const int = z.number().int();

/** The latest contact push to a device: an SMS of the pipeline, shown like a setting's last push (§3 SMS status). */
export const contactPushState = settingItem.shape.last_push;
export type ContactPushState = z.infer<typeof contactPushState>;

/** An owner's device as the contact and safe-zone editors show it. */
export const ownerDeviceItem = z.object({
  id: int,
  imei: z.string(),
  device_type_id: int,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gsm_number: z.string().nullable(),
  enabled: z.boolean(),
  last_push: contactPushState,
});
export type OwnerDeviceItem = z.infer<typeof ownerDeviceItem>;

export const contactListResponse = envelope(
  z.object({
    contacts: z.array(contactItem),
    devices: z.array(ownerDeviceItem),
    /** how many contacts the owner may have (§9: from the server, not shown) */
    limit: int,
  }),
);
export type ContactList = z.infer<typeof contactListResponse>['model'];

export const contactSaveResponse = envelope(contactItem);
export const contactSaveManyResponse = envelope(z.array(contactItem));
export const contactPushResponse = envelope(
  z.object({
    messages: z.array(z.object({ device_id: int, sms_id: int, status: int })),
    /** the owner's devices the ledger refused (terminated, disabled, no number), each with its reason */
    refused: z.array(commandRefusal),
  }),
);
export type ContactPushResult = z.infer<typeof contactPushResponse>['model'];

export const CONTACT_ROUTES = {
  contactList: ownerRead('/contact/user', "An owner's contacts, the devices they can be put on (with the last contact push) and the contact limit", contactListResponse),
  contactSaveV2: route({
    method: 'POST',
    path: '/contact/save_v2',
    area: 'ownerEdit',
    summary: "Creates or changes one contact of an owner (the console's contact editor)",
    body: contactSaveV2Body,
    response: contactSaveResponse,
    mutating: true,
  }),
  contactSave: route({
    method: 'POST',
    path: '/contact/save',
    area: 'ownerEdit',
    summary: 'Creates or changes several contacts of an owner at once, all or none',
    query: ownerQuery,
    body: contactSaveBody,
    response: contactSaveManyResponse,
    mutating: true,
  }),
  contactRemove: ownerRemove('/contact/remove', "Removes a contact (a partner: from its devices; the contact goes when it is on no device)", contactRemoveQuery),
  contactPush: route({
    method: 'GET',
    path: '/contact/push',
    area: 'ownerCommand',
    summary:
      "Tells each of the owner's devices to fetch its contacts: one SMS per device through the command ledger; devices that cannot take a command (terminated, disabled, no number) are listed as refused",
    query: ownerQuery,
    response: contactPushResponse,
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
