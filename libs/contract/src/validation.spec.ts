import { describe, expect, it } from 'vitest';
import { checkNewPassword, escapeLike, nextDigitPrefix, normalizePhoneQuery } from './validation.js';
import { pickLanguage } from './errors.js';
import { signalLevel } from './constants.js';

describe('checkNewPassword (§5)', () => {
  it.each([
    ['', '', 'PASSWORD_BLANK'],
    ['abcdefgh', '', 'PASSWORD_BLANK'],
    ['short', 'short', 'PASSWORD_LENGTH'],
    ['a'.repeat(21), 'a'.repeat(21), 'PASSWORD_LENGTH'],
    ['abcdefgh', 'abcdefgX', 'PASSWORD_MISMATCH'],
    ['abcdefgh', 'abcdefgh', null],
    ['a'.repeat(20), 'a'.repeat(20), null],
    // length in code points: 11 emoji are 11 characters (22 UTF-16 units), 8 emoji are 8
    ['😀'.repeat(11), '😀'.repeat(11), null],
    ['😀'.repeat(8), '😀'.repeat(8), null],
    ['😀'.repeat(7), '😀'.repeat(7), 'PASSWORD_LENGTH'],
    ['😀'.repeat(21), '😀'.repeat(21), 'PASSWORD_LENGTH'],
    // at most 72 bytes in UTF-8, bcrypt's limit: 18 emoji are 72 bytes, 19 are 76; 20 two-byte letters are 40
    ['😀'.repeat(18), '😀'.repeat(18), null],
    ['😀'.repeat(19), '😀'.repeat(19), 'PASSWORD_TOO_LONG'],
    ['😀'.repeat(19) + 'a', '😀'.repeat(19) + 'a', 'PASSWORD_TOO_LONG'],
    ['ä'.repeat(20), 'ä'.repeat(20), null],
    // blank or whitespace-only is missing
    [' '.repeat(8), ' '.repeat(8), 'PASSWORD_BLANK'],
    ['\t \u00a0 \u3000   ', '\t \u00a0 \u3000   ', 'PASSWORD_BLANK'],
    ['  inner spaces ok ', '  inner spaces ok ', null],
  ])('%s / %s -> %s', (p, r, expected) => {
    expect(checkNewPassword(p, r)).toBe(expected);
  });
});

describe('search helpers', () => {
  it('computes the exclusive upper bound of a digit prefix', () => {
    expect(nextDigitPrefix('12345')).toBe('12346');
    expect(nextDigitPrefix('1299')).toBe('13');
    expect(nextDigitPrefix('999')).toBeNull();
    expect(nextDigitPrefix('0')).toBe('1');
  });
  it('normalises phone queries', () => {
    expect(normalizePhoneQuery('+49 151-234')).toBe('49151234');
    expect(normalizePhoneQuery('0049151')).toBe('49151');
  });
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('pickLanguage', () => {
  it('follows Accept-Language with q values and falls back to en', () => {
    expect(pickLanguage('de-DE,de;q=0.9')).toBe('de');
    expect(pickLanguage('fr-FR,es;q=0.8,de;q=0.5')).toBe('es');
    expect(pickLanguage('fr')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });
});

describe('signal level (§9)', () => {
  it('maps strength to five levels by thresholds 80, 89, 98, 104, 120', () => {
    expect([-70, -80, -85, -95, -100, -110, -125].map(signalLevel)).toEqual([5, 5, 4, 3, 2, 1, 0]);
  });
});
