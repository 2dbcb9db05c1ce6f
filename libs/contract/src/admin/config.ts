import { z } from 'zod';
import { route, type RouteDef } from '../route-def.js';
import { positiveId, wholeNumber } from '../params.js';
import { coded } from '../reasons.js';
import { OPERATOR_DEFAULTS, REGIONS } from '../constants.js';
import { envelope, operatorItem, smsGatewayItem, voipCentralItem } from '../schemas.js';
import { e164Number } from '../traffic.js';

/**
 * §2 /admin/operators, /admin/voips, /admin/gateways; §7 "Configuration saves". A body with `id` edits that record,
 * without one adds a record. The lists are `GET /operator/list`, `/voipcentral/list`, `/smsgateway/list` (routes.ts).
 */

/** the region of a new operator when none is given (the spec lists the choices, not a default) */
export const OPERATOR_REGION_DEFAULT = 'EU';
/** the largest zones, contacts or alarms limit an operator may set */
export const OPERATOR_LIMIT_MAX = 1000;

const name = z
  .string({ error: coded('required') })
  .trim()
  .min(1, coded('required'))
  .max(100, coded('tooLong', { max: 100 }));
/** A limit: left out, a new operator takes OPERATOR_DEFAULTS and an edit keeps the stored one. */
const limit = (field: string) => wholeNumber(coded('wholeNumber', { field, min: 0, max: OPERATOR_LIMIT_MAX }), { max: OPERATOR_LIMIT_MAX }).optional();

export const operatorSaveBody = z.object({
  id: positiveId('id').optional(),
  name,
  /** MCC (3 digits) followed by MNC (2 digits) */
  start: z.string({ error: coded('required') }).trim().regex(/^\d{5}$/, coded('operatorStart')),
  region: z.enum(REGIONS, { error: coded('notOneOf', { options: REGIONS.join(', ') }) }).optional(),
  device_types: z.array(positiveId('device_types')).max(100, coded('tooBig', { max: 100 })).optional(),
  terms_key: z
    .string()
    .trim()
    .min(1, coded('required'))
    .max(100, coded('tooLong', { max: 100 }))
    .regex(/^[A-Za-z0-9_.-]+$/, coded('termsKey'))
    .optional(),
  zones_limit: limit('zones_limit'),
  contacts_limit: limit('contacts_limit'),
  alarms_limit: limit('alarms_limit'),
});
/** What a new operator takes for the fields left out (an edit keeps the stored values of those). */
export const OPERATOR_NEW_DEFAULTS = {
  region: OPERATOR_REGION_DEFAULT,
  device_types: [] as number[],
  terms_key: OPERATOR_DEFAULTS.terms_key,
  zones_limit: OPERATOR_DEFAULTS.zones_limit,
  contacts_limit: OPERATOR_DEFAULTS.contacts_limit,
  alarms_limit: OPERATOR_DEFAULTS.alarms_limit,
};
export type OperatorSaveBody = z.infer<typeof operatorSaveBody>;

export const voipCentralSaveBody = z.object({ id: positiveId('id').optional(), name, phone: e164Number });
export type VoipCentralSaveBody = z.infer<typeof voipCentralSaveBody>;

/** a country calling code: '+' and 1 to 4 digits ('0049' and '49' are read as '+49') */
const PHONE_CODE = /^\+[1-9]\d{0,3}$/;

/**
 * §5 gateway codes: comma-separated (a list of strings is also accepted), spaces stripped, blanks dropped, each one
 * normalised to '+' and digits, duplicates dropped. Unknown shapes are a 400 naming the code.
 */
export function parsePhoneCodes(input: string | readonly string[]): { codes: string[]; bad: string[] } {
  const parts = (typeof input === 'string' ? input.split(',') : input.flatMap((s) => s.split(','))).map((p) => p.replace(/\s+/g, ''));
  const codes: string[] = [];
  const bad: string[] = [];
  for (const p of parts) {
    if (p === '') continue;
    const c = p.startsWith('00') ? `+${p.slice(2)}` : p.startsWith('+') ? p : `+${p}`;
    if (!PHONE_CODE.test(c)) bad.push(p);
    else if (!codes.includes(c)) codes.push(c);
  }
  return { codes, bad };
}

/** The most messages per second a gateway may be given (Twilio's fastest senders take hundreds). */
export const GATEWAY_RATE_MAX = 1000;
/** A new gateway's rate when none is given (the column's default). */
export const GATEWAY_RATE_DEFAULT = 10;

/**
 * A gateway's API base URL: http(s) with a host; no user or password, query or fragment in it (a base URL has none,
 * and the gateway list is read by every session) ('' is none: TWILIO_API_URL, docs/sms.md).
 */
export function isGatewayUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username && !u.password && !u.search && !u.hash && !s.includes('?') && !s.includes('#');
  } catch {
    return false;
  }
}

const gatewayUrl = z
  .string()
  .trim()
  .max(300, coded('tooLong', { max: 300 }))
  .refine((s) => s === '' || isGatewayUrl(s), coded('gatewayUrl'))
  .transform((s) => (s === '' ? null : s.replace(/\/+$/, '')))
  .nullable()
  .default(null);

export const smsGatewaySaveBody = z.object({
  id: positiveId('id').optional(),
  name,
  allowed: z
    .union([z.string().max(1000, coded('tooLong', { max: 1000 })), z.array(z.string().max(20, coded('tooLong', { max: 20 }))).max(300)], {
      error: coded('required'),
    })
    .transform((v, ctx) => {
      const { codes, bad } = parsePhoneCodes(v);
      if (bad.length) ctx.addIssue({ code: 'custom', message: coded('gatewayCodeFormat', { code: bad[0]! }) });
      else if (codes.length === 0) ctx.addIssue({ code: 'custom', message: coded('gatewayNoCodes') });
      return codes;
    }),
  /** gateway-specific command prefix put before the SMS text; '' or missing: none */
  command: z
    .string()
    .trim()
    .max(200, coded('tooLong', { max: 200 }))
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .default(null),
  /** a disabled gateway routes nothing and may hold codes an enabled one serves */
  enabled: z.boolean({ error: coded('invalidBool') }).default(true),
  url: gatewayUrl,
  /** the sender number of its messages, in E.164 (a gateway without one cannot send) */
  from_number: e164Number,
  rate_per_second: wholeNumber(coded('wholeNumber', { field: 'rate_per_second', min: 1, max: GATEWAY_RATE_MAX }), { min: 1, max: GATEWAY_RATE_MAX }).default(
    GATEWAY_RATE_DEFAULT,
  ),
});
export type SmsGatewaySaveBody = z.infer<typeof smsGatewaySaveBody>;

export const ADMIN_CONFIG_ROUTES = {
  operatorSave: route({
    method: 'POST',
    path: '/operator/save',
    area: 'operators',
    summary: 'Adds (no id) or edits an operator: start = MCC + MNC, region EU/US/SA, limits with the §9 defaults',
    body: operatorSaveBody,
    response: envelope(operatorItem),
    mutating: true,
  }),
  voipCentralSave: route({
    method: 'POST',
    path: '/voipcentral/save',
    area: 'voips',
    summary: 'Adds (no id) or edits a VoIP central: name, phone in E.164',
    body: voipCentralSaveBody,
    response: envelope(voipCentralItem),
    mutating: true,
  }),
  smsGatewaySave: route({
    method: 'POST',
    path: '/smsgateway/save',
    area: 'gateways',
    summary: 'Adds (no id) or edits an SMS gateway: name, allowed phone codes, command, enabled, URL, sender number, rate; routing uses it at once',
    body: smsGatewaySaveBody,
    response: envelope(smsGatewayItem),
    mutating: true,
  }),
} as const satisfies Record<string, RouteDef>;
