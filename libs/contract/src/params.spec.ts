import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coded, issueFieldError } from './reasons.js';
import { countParam, dayParam, INT4_MAX, pageParam, positiveId, wholeNumber } from './params.js';

const ok = (r: { success: boolean }) => r.success;

describe('the shared parameter schemas', () => {
  it('ids: decimal digits or numbers within int4, never hex, exponent, sign, blank or a list', () => {
    const id = positiveId('id');
    expect(id.parse('42')).toBe(42);
    expect(id.parse(42)).toBe(42);
    expect(id.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const v of ['0x10', '1e3', '-1', '0', '1.5', '', ' ', String(INT4_MAX + 1), '99999999999', ['1'], null, true]) {
      expect(ok(id.safeParse(v)), JSON.stringify(v)).toBe(false);
    }
    const first = (r: { error?: { issues: z.core.$ZodIssue[] } }) => issueFieldError(r.error!.issues[0]!, 'query');
    expect(first(id.safeParse('99999999999'))).toEqual({ field: 'query', code: 'idTooLarge', params: { field: 'query' }, message: 'query is too large' });
    expect(first(z.object({ import_id: positiveId('import_id', { required: coded('required') }) }).safeParse({ import_id: 'x' }))).toMatchObject({
      field: 'import_id',
      code: 'required',
      message: 'import_id is required',
    });
  });

  it('pages and counts default, and refuse what a coercion would have read', () => {
    expect(pageParam().parse(undefined)).toBe(0);
    expect(pageParam().parse('3')).toBe(3);
    expect(countParam(25).parse(undefined)).toBe(25);
    for (const v of ['1e3', '0x10', '', '-1', '100001']) expect(ok(pageParam().safeParse(v)), v).toBe(false);
    for (const v of ['0', '101', '1e1']) expect(ok(countParam(25).safeParse(v)), v).toBe(false);
    expect(wholeNumber('n', { max: 3 }).safeParse('4').error?.issues[0]?.message).toBe('n');
    expect(pageParam(100).safeParse('x').error?.issues[0]?.message).toBe(coded('wholeNumber', { min: 0, max: 100 }));
  });

  it('days are real calendar days', () => {
    expect(dayParam.parse('2024-02-29')).toBe('2024-02-29');
    for (const v of ['2026-02-30', '2026-13-01', '0000-01-01', '20260101', '2026-1-1']) expect(ok(dayParam.safeParse(v)), v).toBe(false);
  });
});
