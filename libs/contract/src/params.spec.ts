import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coded, issueFieldError } from './reasons.js';
import { countParam, dayParam, daysBetween, INT4_MAX, pageParam, positiveId, sortParams, wholeNumber } from './params.js';

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

describe('sorts and day spans', () => {
  it('sortParams: only the named columns and asc/desc, with defaults; the message lists what is taken', () => {
    const q = z.object(sortParams(['mac', 'latitude'], 'mac'));
    expect(q.parse({})).toEqual({ sort: 'mac', dir: 'asc' });
    expect(q.parse({ sort: 'latitude', dir: 'desc' })).toEqual({ sort: 'latitude', dir: 'desc' });
    expect(z.object(sortParams(['a', 'b'], 'b', 'desc')).parse({})).toEqual({ sort: 'b', dir: 'desc' });
    for (const bad of [{ sort: 'MAC' }, { sort: 'mac desc' }, { sort: "mac'; --" }, { sort: ['mac'] }, { dir: 'DESC' }, { dir: 'down' }, { sort: '' }]) {
      expect(ok(q.safeParse(bad)), JSON.stringify(bad)).toBe(false);
    }
    const r = q.safeParse({ sort: 'owner' });
    expect(issueFieldError(r.error!.issues[0]!, 'sort')).toMatchObject({ field: 'sort', code: 'notOneOf', message: 'sort must be one of mac, latitude' });
  });

  it('daysBetween: calendar days from one day to another', () => {
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
  });
});
