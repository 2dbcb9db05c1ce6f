import { ErrorCode } from './errors.js';
import { PASSWORD_MAX, PASSWORD_MAX_BYTES, PASSWORD_MIN } from './constants.js';

/** Length as a person counts it: Unicode code points, not UTF-16 units (an emoji is one character, not two). */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * §5 password change / reset: both required (blank or whitespace-only counts as missing), 8-20 characters
 * (code points) and at most 72 bytes in UTF-8 (bcrypt's limit), must match. Returns the first failing rule.
 * The console shows the same messages before sending; the api checks again.
 */
export function checkNewPassword(password: string | undefined, repeat: string | undefined): ErrorCode | null {
  if (!password || repeat === undefined || repeat === '' || /^\s*$/u.test(password)) return ErrorCode.PasswordBlank;
  const n = charCount(password);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX) return ErrorCode.PasswordLength;
  // bcrypt would cut it: 20 emoji are 80 bytes, and two passwords differing after byte 72 would both work
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES) return ErrorCode.PasswordTooLong;
  if (password !== repeat) return ErrorCode.PasswordMismatch;
  return null;
}

/** Digits only (IMEI, IMSI, phone numbers are compared on their digits). */
export function digitsOnly(s: string): string {
  return s.replace(/\D+/g, '');
}

/** Normalises a GSM number for search: digits only, leading 00 dropped (international prefix). */
export function normalizePhoneQuery(s: string): string {
  const d = digitsOnly(s);
  return d.startsWith('00') ? d.slice(2) : d;
}

/**
 * The exclusive upper bound of a prefix range over digit strings: '12345' -> '12346', '1299' -> '13'.
 * Lets a plain btree index answer `col >= prefix AND col < next` whatever the database collation.
 * Returns null when no bound exists (all nines): then `col >= prefix` alone is the range.
 */
export function nextDigitPrefix(prefix: string): string | null {
  let p = prefix;
  while (p.length > 0) {
    const last = p.charCodeAt(p.length - 1);
    if (last < 57 /* '9' */) return p.slice(0, -1) + String.fromCharCode(last + 1);
    p = p.slice(0, -1);
  }
  return null;
}

/** Escapes LIKE wildcards so user input matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
