import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from './errors.js';
import { UNKNOWN_REF, VALUE_RULES } from './imports.js';
import { coded, codedIssues, decodeCoded, fieldError, issueFieldError, reason, REASON_CODES, REASON_LISTS, reasonParams, reasonText, storedReason } from './reasons.js';

describe('reason codes', () => {
  it('are composed from the per-feature lists (reasons/*.ts), each code declared in one list only', () => {
    const declared = REASON_LISTS.flatMap((list) => Object.keys(list));
    expect(declared.filter((code, i) => declared.indexOf(code) !== i)).toEqual([]);
    expect(declared).toEqual(REASON_CODES);
  });

  it('share no code with ErrorCode, and every text names exactly the parameters declared', () => {
    const errorCodes = new Set<string>(Object.values(ErrorCode));
    for (const code of REASON_CODES) {
      expect(errorCodes.has(code), code).toBe(false);
      const named = [...reasonText(code).matchAll(/\{\{(\w+)\}\}/g)].length;
      expect(named, `${code}: reasonText fills every placeholder`).toBe(0);
    }
  });

  it('value rules and unknown references name known codes with the parameters their text takes', () => {
    for (const r of Object.values(VALUE_RULES)) {
      expect(REASON_CODES).toContain(r.reason.code);
      expect(Object.keys((r.reason as { params?: object }).params ?? {})).toEqual(Object.keys(reasonParams(r.reason.code)));
    }
    for (const code of Object.values(UNKNOWN_REF)) expect(REASON_CODES).toContain(code);
  });

  it('builds field errors: code, declared parameters only, and the English message', () => {
    expect(fieldError('imsi', 'duplicate')).toEqual({ field: 'imsi', code: 'duplicate', message: 'Duplicate entry' });
    expect(fieldError('query', 'digitsOnly', { what: 'IMEI', stray: 1 })).toEqual({
      field: 'query',
      code: 'digitsOnly',
      params: { what: 'IMEI' },
      message: 'IMEI has digits only',
    });
    expect(fieldError('password', ErrorCode.PasswordLength)).toEqual({
      field: 'password',
      code: 'PASSWORD_LENGTH',
      message: 'Password must be between 8 and 20 characters long',
    });
    expect(reasonText('headerUnreadable', reason('headerUnreadable', { reason: 'quoteNotClosed' }).params)).toBe(
      'The header line cannot be read: A quoted value is not closed',
    );
  });

  it('reads coded zod messages back, and nothing else', () => {
    expect(decodeCoded(coded('wholeNumber', { min: 0, max: 5 }))).toEqual({ code: 'wholeNumber', params: { min: 0, max: 5 } });
    expect(decodeCoded('duplicate')).toEqual({ code: 'duplicate', params: {} });
    expect(decodeCoded('Duplicate entry')).toBeNull();
    expect(decodeCoded('duplicate {not json')).toBeNull();
  });

  it('says the common zod issue kinds as codes, naming the field; a message of its own stays as text', () => {
    const schema = z.object({ a: z.string().max(3), b: z.number(), c: z.enum(['X', 'Y']), d: z.string().regex(/^x$/), e: z.string().refine(() => false, 'Own words') });
    const r = schema.safeParse({ a: 'long', c: 'Q', d: 'y', e: '' }, { error: codedIssues });
    expect(r.error!.issues.map((i) => issueFieldError(i, 'body'))).toEqual([
      { field: 'a', code: 'tooLong', params: { field: 'a', max: 3 }, message: 'a is too long (at most 3 characters)' },
      { field: 'b', code: 'required', params: { field: 'b' }, message: 'b is required' },
      { field: 'c', code: 'notOneOf', params: { field: 'c', options: 'X, Y' }, message: 'c must be one of X, Y' },
      { field: 'd', code: 'badFormat', params: { field: 'd' }, message: 'd is not in the expected format' },
      { field: 'e', code: 'text', params: { text: 'Own words' }, message: 'Own words' },
    ]);
  });
});

describe('too long, wherever it is', () => {
  it('a string over its maximum is tooLong with the maximum, even under a schema-wide "required" message or a plain one', () => {
    const schema = z.object({
      a: z.string({ error: coded('required') }).max(5),
      b: z.string().max(3, 'plain words'),
      c: z.string().max(4, coded('contactLastName', { max: 4 })),
    });
    const r = schema.safeParse({ a: 'x'.repeat(6), b: 'xxxx', c: 'xxxxx' }, { error: codedIssues });
    const errors = r.success ? [] : r.error.issues.map((i) => issueFieldError(i, 'body'));
    expect(errors.map((e) => [e.field, e.code, e.params])).toEqual([
      ['a', 'tooLong', { field: 'a', max: 5 }],
      ['b', 'tooLong', { field: 'b', max: 3 }],
      // a code of the schema's own that says more than "required" stays
      ['c', 'contactLastName', { max: 4 }],
    ]);
  });
});

describe('storedReason', () => {
  it('reads a stored code back with its declared parameters, and an unknown one as text keeping its words', () => {
    expect(storedReason('duplicateOfLine', { line: 7, stray: 1 })).toEqual({ code: 'duplicateOfLine', params: { line: 7 } });
    expect(storedReason('noSim', null)).toEqual({ code: 'noSim' });
    expect(storedReason('renamedLongAgo', { x: 1 })).toEqual({ code: 'text', params: { text: 'renamedLongAgo' } });
    expect(reasonText('text', storedReason('renamedLongAgo', null).params)).toBe('renamedLongAgo');
  });
});
