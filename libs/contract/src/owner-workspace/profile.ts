// Owner profile (§2 /owner/{id}/profile, §7 Owners): details with white label and devices, update (§5 empty-string
// rule), external id, removal of the owner (alone, or with the devices back to stock).
import { z } from 'zod';
import { LANGUAGES } from '../errors.js';
import { coded } from '../reasons.js';
import { positiveId } from '../params.js';
import { envelope } from '../schemas.js';
import { route, type RouteDef } from '../route-def.js';
import { int, intOrNull, iso, isoOrNull, ownerQuery, ownerRead, textOrNull } from './shared.js';

// ---------------------------------------------------------------------------------------------- outputs

/** A device of the owner, as the profile lists it (only the devices the caller's scope sees, §6). */
export const ownerDevice = z.object({
  id: int,
  imei: z.string(),
  imsi: textOrNull,
  device_type_id: int,
  /** the type's name, which the profile's table shows (null only for a type without its row) */
  device_type_name: textOrNull,
  gsm_number: textOrNull,
  first_name: textOrNull,
  last_name: textOrNull,
  device_status: int,
  enabled: z.boolean(),
  is_test: z.boolean(),
});
export type OwnerDevice = z.infer<typeof ownerDevice>;

/** §3 Owner: UserData (email, white_label_vendor_id), userAddress, devices, external id; `authorizedRole` (§6). */
export const ownerDetails = z.object({
  userData: z.object({
    id: int,
    email: z.string(),
    first_name: textOrNull,
    last_name: textOrNull,
    phone: textOrNull,
    white_label_vendor_id: intOrNull,
    white_label_name: textOrNull,
    language: z.string(),
    language_override: z.boolean(),
    is_test: z.boolean(),
    enabled: z.boolean(),
    apn_token: textOrNull,
    gcm_token: textOrNull,
    created: iso,
    last_login_at: isoOrNull,
  }),
  userAddress: z.object({
    street: textOrNull,
    house_number: textOrNull,
    zip: textOrNull,
    city: textOrNull,
    country_code: textOrNull,
  }),
  external_id: textOrNull,
  devices: z.array(ownerDevice),
  /** §6: true when the caller's role is not 1 (help texts are then read-only) */
  authorizedRole: z.boolean(),
});
export type OwnerDetails = z.infer<typeof ownerDetails>;
export const ownerDetailsResponse = envelope(ownerDetails);

// ---------------------------------------------------------------------------------------------- inputs

/** §5 "Profile update: an empty string is ignored": '' passes validation and leaves the stored value as it is. */
const orEmpty = <T extends z.ZodType>(s: T) => z.union([z.literal(''), s]).optional();
const name = z.string().trim().min(1, coded('required')).max(50);

export const ownerUpdateRequest = z.object({
  first_name: orEmpty(name),
  last_name: orEmpty(name),
  phone: orEmpty(z.string().trim().regex(/^\+?\d{8,15}$/, coded('invalidPhone'))),
  language: orEmpty(z.enum(LANGUAGES)),
  street: orEmpty(z.string().trim().max(100)),
  house_number: orEmpty(z.string().trim().max(20)),
  zip: orEmpty(z.string().trim().max(20)),
  city: orEmpty(z.string().trim().max(100)),
  country_code: orEmpty(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, coded('badFormat'))),
  language_override: z.boolean().optional(),
  is_test: z.boolean().optional(),
});
export type OwnerUpdateRequest = z.infer<typeof ownerUpdateRequest>;
/** The details after the update, and one `profileEmptyIgnored` notice per field sent as '' (kept as it was). */
export const ownerUpdateResponse = envelope(
  z.object({
    user: ownerDetails,
    ignored: z.array(z.object({ field: z.string(), code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional(), message: z.string() })),
  }),
);

/** An external id of up to 100 characters, or null to clear it. */
export const externalIdRequest = z.object({
  external_id: z.string().trim().min(1, coded('required')).max(100).nullable(),
});
export type ExternalIdRequest = z.infer<typeof externalIdRequest>;

/** `devices=true`: the owner's devices (in the caller's scope) go back to stock first, then the owner is removed. */
export const ownerRemoveQuery = ownerQuery.extend({ devices: z.enum(['true', 'false']).optional() });
export type OwnerRemoveQuery = z.infer<typeof ownerRemoveQuery>;
export const ownerRemoveResponse = envelope(z.object({ removed: z.literal(true), devices: z.array(int) }));

// ---------------------------------------------------------------------------------------------- routes

export const PROFILE_ROUTES = {
  userDetails: ownerRead('/user/user_details', "The owner's details, white label and devices (partners: only their devices; 403 without any)", ownerDetailsResponse),
  userUpdate: route({
    method: 'POST',
    path: '/user/update',
    area: 'ownerEdit',
    summary: "Updates the owner's profile; a field sent as an empty string is kept (§5) and named in `ignored`",
    query: ownerQuery,
    body: ownerUpdateRequest,
    response: ownerUpdateResponse,
    mutating: true,
  }),
  userUpdateExternalId: route({
    method: 'POST',
    path: '/user/update/externalid',
    area: 'ownerEdit',
    summary: "Sets (or with null clears) the owner's external id",
    query: ownerQuery,
    body: externalIdRequest,
    response: ownerDetailsResponse,
    mutating: true,
  }),
  userRemove: route({
    method: 'GET',
    path: '/user/remove',
    area: 'ownerEdit',
    summary: 'Removes the owner; with devices=true its devices go back to stock first (SIM kept). 400 while devices remain',
    query: ownerRemoveQuery,
    response: ownerRemoveResponse,
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;

// ---------------------------------------------------------------------------------------------- password change

/** §2 password change modal: the owner's e-mail and white label, which must be the owner's (400 naming the field). */
export const ownerPasswordChangeRequest = z.object({
  email: z.string().trim().toLowerCase().email(coded('invalidEmail')).max(254),
  whiteLabelId: positiveId('whiteLabelId'),
});
export type OwnerPasswordChangeRequest = z.infer<typeof ownerPasswordChangeRequest>;
export const ownerPasswordChangeResponse = envelope(z.object({ sent: z.literal(true), email: z.string() }));

export const PASSWORD_ROUTES = {
  userPasswordChange: route({
    method: 'POST',
    path: '/user/password/change',
    area: 'owner',
    summary: 'Sends the owner an e-mail with a password-reset link (/{RESET_PREFIX}/forgotpassword/{uuid}, valid 24 hours)',
    query: ownerQuery,
    body: ownerPasswordChangeRequest,
    response: ownerPasswordChangeResponse,
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
