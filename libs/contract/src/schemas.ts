import { z } from 'zod';
import { LANGUAGES } from './errors.js';
import { coded } from './reasons.js';
import { PASSWORD_MAX } from './constants.js';
import { ALL_ROLES } from './roles.js';

/** `{ model: T }`: the success envelope of every call (§7). */
export const envelope = <T extends z.ZodType>(model: T) => z.object({ model });
/**
 * A page's model: `items`, `total_pages` (pages are zero-based), `more` (true when more pages exist beyond
 * total_pages: counting stops past what the pager can reach) and `page`.
 */
export const pageModel = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total_pages: z.number().int().nonnegative(),
    more: z.boolean(),
    page: z.number().int().nonnegative(),
  });
/** Search results: `model.items` and `model.total_pages` (pages are zero-based). */
export const page = <T extends z.ZodType>(item: T) => envelope(pageModel(item));

/**
 * Control characters: C0 (NUL and the rest, tab, line feed and carriage return included), DEL and C1. The api's
 * validation refuses them in every string of the query, path params and body (400, naming the field) before a
 * route's own schema runs: PostgreSQL cannot store a NUL, and none of them belongs in a name, an id or a search.
 */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without tab, line feed and carriage return: what a multi-line free-text field may not hold. */
export const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Schemas of genuinely multi-line free text (a textarea): they may hold tabs and line breaks. */
export const MULTILINE_TEXT = z.registry<{ multiline: true }>();
/** Marks a string schema as multi-line free text (see CONTROL_CHARS). */
export const multilineText = <T extends z.ZodType>(schema: T): T => {
  MULTILINE_TEXT.add(schema, { multiline: true });
  return schema;
};

const roleId = z.union(ALL_ROLES.map((r) => z.literal(r)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]]);

// ---------------------------------------------------------------------------------------------- auth

export const loginRequest = z.object({
  username: z.string({ error: coded('required') }).trim().min(1, coded('required')).max(100),
  password: z.string({ error: coded('required') }).min(1, coded('required')).max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = envelope(
  z.object({
    passwordChangeRequired: z.boolean(),
    /** present when the user has no TOTP secret yet: scan this URI, then send the first code to /token */
    enrollment: z.object({ otpauthUri: z.string(), secret: z.string() }).optional(),
  }),
);
export type LoginResponse = z.infer<typeof loginResponse>;

export const tokenRequest = loginRequest.extend({
  code: z
    .string({ error: coded('required') })
    .trim()
    .regex(/^\d{6}$/, coded('codeDigits')),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const sessionInfo = z.object({
  username: z.string(),
  role: roleId,
  operators: z.array(z.number().int()),
  white_labels: z.array(z.number().int()),
  types: z.array(z.number().int()),
  preferedLanguage: z.enum(LANGUAGES),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const tokenResponse = envelope(
  sessionInfo.extend({
    token: z.string(),
    /** ISO date-time; the console logs out on navigation once it is past */
    expDate: z.string(),
    isAuth: z.literal(true),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponse>;

export const roleResponse = envelope(sessionInfo);
export type RoleResponse = z.infer<typeof roleResponse>;

export const okResponse = envelope(z.object({ ok: z.literal(true) }));
export type OkResponse = z.infer<typeof okResponse>;

/** POST /password: also callable without a session (the sign-in change-password dialog): `current` proves it. */
export const passwordChangeRequest = z.object({
  username: z.string().trim().min(1).max(100),
  current: z.string().min(1).max(200),
  password: z.string().max(PASSWORD_MAX * 10),
  repeat: z.string().max(PASSWORD_MAX * 10).optional(),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const resetLinkResponse = envelope(z.object({ valid: z.literal(true), username: z.string() }));
export type ResetLinkResponse = z.infer<typeof resetLinkResponse>;

export const resetPasswordRequest = z.object({
  uuid: z.string().uuid(),
  password: z.string().max(PASSWORD_MAX * 10),
  repeat: z.string().max(PASSWORD_MAX * 10).optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const uuidParam = z.object({ uuid: z.string().uuid() });

// ---------------------------------------------------------------------------------------------- lists

export const idName = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof idName>;
export const listResponse = <T extends z.ZodType>(item: T) => envelope(z.array(item));

export const deviceTypeItem = idName;
export const languageItem = z.object({ language_code: z.string(), name: z.string() });
export const deviceListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  sms_commands: z.array(
    z.object({
      command_key: z.string(),
      name: z.string(),
      /** the command takes the user's text (`{message}` of its template); absent from servers that predate it */
      takes_message: z.boolean().optional(),
    }),
  ),
});
export const operatorItem = z.object({
  id: z.number().int(),
  name: z.string(),
  start: z.string(),
  region: z.string(),
  device_types: z.array(z.number().int()),
  terms_key: z.string(),
  zones_limit: z.number().int(),
  contacts_limit: z.number().int(),
  alarms_limit: z.number().int(),
  created: z.string(),
});
export const voipCentralItem = z.object({ id: z.number().int(), name: z.string(), phone: z.string(), created: z.string() });
export const smsGatewayItem = z.object({
  id: z.number().int(),
  name: z.string(),
  allowed: z.array(z.string()),
  command: z.string().nullable(),
  /** a disabled gateway routes nothing (docs/administration.md "Gateways") */
  enabled: z.boolean(),
  /** the API base URL; null: TWILIO_API_URL (fleet-sim in development), else Twilio's */
  url: z.string().nullable(),
  /** the sender number (E.164) */
  from_number: z.string().nullable(),
  rate_per_second: z.number().int(),
});
export type SmsGatewayItem = z.infer<typeof smsGatewayItem>;
export const serverItem = z.object({ id: z.number().int(), name: z.string(), host: z.string() });
export const roleItem = z.object({ id: roleId, name: z.string() });
export const finishedImportItem = z.object({
  id: z.number().int(),
  file_name: z.string(),
  count: z.number().int(),
  imported: z.number().int(),
  created: z.string(),
});
export const whiteLabelItem = idName;
export const deploymentItem = z.object({ id: z.number().int(), name: z.string(), white_label_id: z.number().int() });
export const backofficeUserItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: roleId,
  enabled: z.boolean(),
  operators: z.array(z.number().int()),
  types: z.array(z.number().int()),
  white_labels: z.array(z.number().int()),
  created: z.string(),
});
export const countryItem = z.object({ code: z.string(), name: z.string(), phone_code: z.string() });
