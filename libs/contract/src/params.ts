import { z } from 'zod';
import { coded } from './reasons.js';

/**
 * The parameter schemas every route uses (house rule "Parameters", docs/architecture.md): ids, pages and counts,
 * calendar days, time zones. Query strings are read strictly: decimal digits only, so `0x10`, `1e3`, `1.5`, ' ' and
 * '' are refused instead of being read as 16, 1000, 1 or 0, and a number too large for its column is a 400 naming the
 * field, never a database error.
 */

/** The largest value of a PostgreSQL `integer` column (device, SIM, factory, owner ids, setting numbers). */
export const INT4_MAX = 2_147_483_647;

const DIGITS = /^\d+$/;

/**
 * A whole number from `min` to `max`, as a JSON number or as decimal digits in a query string or form field.
 * One message (a code, see `coded`; the field is named when it is read) for every way of getting it wrong.
 */
export const wholeNumber = (message: string, { min = 0, max = INT4_MAX }: { min?: number; max?: number } = {}) =>
  z
    .union([z.number(), z.string().trim().regex(DIGITS, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

/**
 * A positive whole id, bounded by its column (int4 unless said otherwise). `required` replaces the message of a
 * missing or malformed value (the import forms' wording); a value past `max` says it is too large.
 */
export const positiveId = (name: string, { max = INT4_MAX, required }: { max?: number; required?: string } = {}) => {
  const message = required ?? coded('idRequired');
  return z
    .union([z.number(), z.string().trim().regex(DIGITS, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(max, coded('idTooLarge')));
};

/** A zero-based page number (default 0). */
export const pageParam = (max = 100_000) => wholeNumber(coded('wholeNumber', { min: 0, max }), { max }).default(0);

/** How many rows a page holds, 1 to `max` (default `def`). */
export const countParam = (def: number, max = 100) => wholeNumber(coded('countRange', { min: 1, max }), { min: 1, max }).default(def);

/** The directions of a sorted list. */
export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRS)[number];

/**
 * The sort of a server-paged list: `sort`, one of the columns the route names (default `def`), and `dir` (default
 * `dir`). Only these names reach a repository, which maps each to its own ORDER BY (never text of the request); any
 * other value is a 400 naming the field ('sort must be one of ...').
 */
export const sortParams = <const K extends readonly [string, ...string[]]>(keys: K, def: K[number], dir: SortDirection = 'asc') => ({
  sort: z.enum(keys, { error: coded('notOneOf', { options: keys.join(', ') }) }).default(def),
  dir: z.enum(SORT_DIRS, { error: coded('notOneOf', { options: SORT_DIRS.join(', ') }) }).default(dir),
});

export function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  // year 0000 passes the JavaScript check but is not a date for PostgreSQL
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && Number(s.slice(0, 4)) >= 1;
}

export function isTimeZone(s: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: s });
    return true;
  } catch {
    return false;
  }
}

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Days from the calendar day `from` to `to` (`YYYY-MM-DD`; 0 when equal, negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** `YYYY-MM-DD` (§9), a real calendar day (2026-02-30 is refused). */
export const dayParam = z
  .string({ error: coded('dayRequired') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, coded('dayFormat'))
  .refine(isRealDate, coded('dayNotReal'));

/** The user's IANA time zone; a day runs from its midnight to the next (default UTC, §9). */
export const tzParam = z.string().max(64).refine(isTimeZone, coded('unknownTimeZone')).default('UTC');
