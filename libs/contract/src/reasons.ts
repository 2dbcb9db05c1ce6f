import { ErrorCode, errorMessage } from './errors.js';
import type { ReasonDef, ReasonParamKind } from './reasons/reason-def.js';
import { COMMON_REASONS } from './reasons/common.js';
import { IMPORT_REASONS } from './reasons/imports.js';
import { DEVICE_WORKSPACE_REASONS } from './reasons/device-workspace.js';
import { SMS_REASONS } from './reasons/sms.js';
import { MODEM_REASONS } from './reasons/modem.js';
import { OWNER_DEVICES_REASONS } from './reasons/owner-devices.js';
import { STATS_REASONS } from './reasons/stats.js';
import { WIFI_REASONS } from './reasons/wifi.js';
import { ADMIN_REASONS } from './reasons/admin.js';
import { ADMIN_DATA_REASONS } from './reasons/admin-data.js';
import { OWNER_WORKSPACE_REASONS } from './reasons/owner-workspace.js';
import { FIRMWARE_REASONS } from './reasons/firmware.js';

/**
 * Reasons and messages as codes (house rule "Reasons and messages", docs/architecture.md). The one list of codes
 * that import line errors, import notes and failures, and field errors of every call carry, each with its English
 * text and the parameters the text takes. The api stores and answers the code and its parameters (plus the English
 * text for readers of the api); the console says them in the UI language from its translations
 * (`reasons.<code>` in apps/console/src/locales/<lng>/*.json, en/de/es, checked by reasons.spec.ts).
 *
 * Parameter kinds: `text` and `number` are shown as they are; `column` is a CSV column or form field name (the
 * console shows its label); `reason` is another code of this list (the header line's problem).
 *
 * Composed from per-feature files as the routes are (reasons/<feature>.ts, each `<FEATURE>_REASONS`): a new feature
 * adds its file there and to REASON_LISTS and REASONS below, and its texts to its locale files under `reasons`.
 */
export type { ReasonDef, ReasonParamKind };

/** Every feature's list of codes (a code is declared in one of them: reasons.spec.ts checks that none repeats). */
export const REASON_LISTS = [COMMON_REASONS, IMPORT_REASONS, DEVICE_WORKSPACE_REASONS, SMS_REASONS, MODEM_REASONS, OWNER_DEVICES_REASONS, STATS_REASONS, WIFI_REASONS, ADMIN_REASONS, ADMIN_DATA_REASONS, OWNER_WORKSPACE_REASONS, FIRMWARE_REASONS] as const;

export const REASONS = {
  ...COMMON_REASONS, ...IMPORT_REASONS, ...DEVICE_WORKSPACE_REASONS, ...SMS_REASONS, ...MODEM_REASONS, ...OWNER_DEVICES_REASONS,
  ...STATS_REASONS, ...WIFI_REASONS, ...ADMIN_REASONS, ...ADMIN_DATA_REASONS, ...OWNER_WORKSPACE_REASONS, ...FIRMWARE_REASONS,
} as const satisfies Record<string, ReasonDef>;

export type ReasonCode = keyof typeof REASONS;
export type ReasonParams = Record<string, string | number>;
/** A coded reason as stored (`import_error.reason_code` / `reason_params`) and answered. */
export type Reason = { code: ReasonCode; params?: ReasonParams };

export const REASON_CODES = Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]];
const REASON_SET = new Set<string>(REASON_CODES);
export const isReasonCode = (s: unknown): s is ReasonCode => typeof s === 'string' && REASON_SET.has(s);

/** The parameter names a code's text takes, with their kinds. */
export function reasonParams(code: ReasonCode): Record<string, ReasonParamKind> {
  return (REASONS[code] as ReasonDef).params ?? {};
}

/** The English text of a reason (the api's `reason` / `message` for its readers, the report CSV's label). */
export function reasonText(code: ReasonCode, params: ReasonParams = {}): string {
  const kinds = reasonParams(code);
  return REASONS[code].en.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) return '';
    return kinds[name] === 'reason' && isReasonCode(v) ? reasonText(v) : String(v);
  });
}

/**
 * A reason as read back from storage: a code this list no longer declares (renamed or removed after the row was
 * written) becomes `text` with the stored code as its words, so an old row is still said instead of failing the read.
 */
export function storedReason(code: string, params: ReasonParams | null | undefined): Reason {
  return isReasonCode(code) ? reason(code, params ?? {}) : { code: 'text', params: { text: code } };
}

/** Only the parameters the code declares (a stray value never reaches storage or a translation). */
export function reason(code: ReasonCode, params: ReasonParams = {}): Reason {
  const kinds = reasonParams(code);
  const kept = Object.fromEntries(Object.entries(params).filter(([k, v]) => k in kinds && v !== undefined));
  return Object.keys(kept).length ? { code, params: kept } : { code };
}

// ------------------------------------------------------------------------------------------ field errors

/**
 * A field message's code: a code of REASONS, or an ErrorCode (whose texts the contract already has in en, de, es,
 * e.g. the password rules). The two lists share no code (reasons are camelCase, error codes UPPER_CASE).
 */
export type FieldCode = ReasonCode | ErrorCode;
const ERROR_CODES = new Set<string>(Object.values(ErrorCode));
export const isErrorCode = (s: unknown): s is ErrorCode => typeof s === 'string' && ERROR_CODES.has(s);
export const isFieldCode = (s: unknown): s is FieldCode => isReasonCode(s) || isErrorCode(s);

/** A field error of an api answer: the field, its code and parameters, and the English `message` built from them. */
export type FieldError = { field: string; code: FieldCode; params?: ReasonParams; message: string };

/** Builds a field error: `fieldError('imsi', 'duplicate')`, `fieldError('query', 'digitsOnly', { what: 'IMEI' })`. */
export function fieldError(field: string, code: FieldCode, params: ReasonParams = {}): FieldError {
  if (isErrorCode(code)) return { field, code, message: errorMessage(code, 'en') };
  const r = reason(code, params);
  return { field, ...r, message: reasonText(code, r.params) };
}

/**
 * Zod messages of the contract's schemas are codes (the validation interceptor and the console read them back):
 * `coded('wholeNumber', { min: 0, max: 100 })` is `wholeNumber {"min":0,"max":100}`. The field is added from the
 * issue's path when read.
 */
export function coded(code: FieldCode, params?: ReasonParams): string {
  return params && Object.keys(params).length ? `${code} ${JSON.stringify(params)}` : code;
}

/** Reads a message written by `coded` back; null for any other text. */
export function decodeCoded(message: string): { code: FieldCode; params: ReasonParams } | null {
  const space = message.indexOf(' ');
  const code = space === -1 ? message : message.slice(0, space);
  if (!isFieldCode(code)) return null;
  if (space === -1) return { code, params: {} };
  try {
    const params = JSON.parse(message.slice(space + 1)) as unknown;
    return params && typeof params === 'object' && !Array.isArray(params) ? { code, params: params as ReasonParams } : null;
  } catch {
    return null;
  }
}

/** What a zod issue (as the error map or the parse result gives it) carries that a code needs. */
type Issue = {
  code?: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  maximum?: unknown;
  minimum?: unknown;
  values?: readonly unknown[];
  keys?: readonly string[];
  path?: readonly PropertyKey[];
  message?: string;
};

/**
 * A per-parse zod error map (`schema.safeParse(x, { error: codedIssues })`) that says zod's own issues as codes:
 * missing, too long or short, wrong type, bad format, not one of the options. Messages the schemas set themselves
 * win over it (zod's precedence), and those are codes too; issues of other kinds keep zod's English text.
 */
export function codedIssues(iss: Issue): string | undefined {
  const n = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));
  switch (iss.code) {
    case 'invalid_type':
      return iss.input === undefined ? coded('required') : coded('wrongType', { expected: String(iss.expected) });
    case 'too_big':
      return iss.origin === 'string' ? coded('tooLong', { max: n(iss.maximum) }) : coded('tooBig', { max: n(iss.maximum) });
    case 'too_small':
      if (iss.origin === 'string') return n(iss.minimum) === 1 ? coded('required') : coded('tooShort', { min: n(iss.minimum) });
      return coded('tooSmall', { min: n(iss.minimum) });
    case 'invalid_format':
      return coded('badFormat');
    case 'invalid_value':
      return coded('notOneOf', { options: (iss.values ?? []).map(String).join(', ') });
    case 'unrecognized_keys':
      return coded('unknownField', { field: (iss.keys ?? []).join(', ') });
    default:
      return undefined;
  }
}

/**
 * The field error of a zod issue: its code (from `coded` messages; the generic `text` with the message for any
 * other), with the field named by the issue's path (`fallback` for the whole input).
 */
export function issueFieldError(issue: Issue, fallback: string): FieldError {
  const path = (issue.path ?? []).map(String);
  const field = path.join('.') || fallback;
  const named = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? fallback;
  // a string over its maximum is "too long" with the maximum, wherever the schema is and whatever its own message
  // (a schema-wide `{ error: coded('required') }` also answers its checks: zod's precedence)
  if (issue.code === 'too_big' && issue.origin === 'string') {
    const own = decodeCoded(issue.message ?? '');
    if (!own || own.code === 'required' || own.code === 'text') {
      const max = typeof issue.maximum === 'bigint' ? Number(issue.maximum) : Number(issue.maximum);
      return fieldError(field, 'tooLong', { field: named, max });
    }
  }
  const c = decodeCoded(issue.message ?? '');
  if (!c) return fieldError(field, 'text', { text: issue.message ?? '' });
  return fieldError(field, c.code, { field: named, ...c.params });
}
