import { describe, expect, it } from 'vitest';
import { normalizeE164, smsRange, smsSearchQuery, smsStatisticsQuery, whitelistNumberBody } from './traffic.js';

describe('smsRange (§5 SMS traffic search)', () => {
  it('runs from `from` 00:00 to the end of `to`: until is a day included, whether or not it equals from', () => {
    expect(smsRange('2026-03-10', '2026-03-12')).toEqual({ start: '2026-03-10T00:00:00.000Z', end: '2026-03-13T00:00:00.000Z' });
    expect(smsRange('2026-03-10', '2026-03-10')).toEqual({ start: '2026-03-10T00:00:00.000Z', end: '2026-03-11T00:00:00.000Z' });
    expect(smsRange('2026-02-28', '2026-02-28').end).toBe('2026-03-01T00:00:00.000Z');
  });

  it('needs a query and two real days, until not before from, at most 366 days apart (the field named)', () => {
    const field = (v: unknown) => {
      const r = smsSearchQuery.safeParse(v);
      return r.success ? null : r.error.issues[0]!.path.join('.');
    };
    expect(field({ query: 'x', from: '2026-03-10', to: '2026-03-10' })).toBeNull();
    expect(field({ from: '2026-03-10', to: '2026-03-10' })).toBe('query');
    expect(field({ query: 'x', from: '2026-02-30', to: '2026-03-10' })).toBe('from');
    expect(field({ query: 'x', from: '2026-03-10', to: '2026-03-09' })).toBe('to');
    expect(field({ query: 'x', from: '2025-03-10', to: '2026-03-12' })).toBe('to');
    expect(field({ query: 'x', from: '2025-03-10', to: '2026-03-11' })).toBeNull();
    expect(smsStatisticsQuery.safeParse({}).success).toBe(true);
    expect(smsStatisticsQuery.safeParse({ to: '2026-03-10' }).error?.issues[0]!.path).toEqual(['from']);
  });
});

describe('normalizeE164 (carrier whitelist numbers)', () => {
  it('stores + and 8 to 15 digits whatever the separators, 00 read as +, no + read as international', () => {
    expect(normalizeE164('+49 30 1234-5678')).toBe('+493012345678');
    expect(normalizeE164('0049 (30) 1234.5678')).toBe('+493012345678');
    expect(normalizeE164('493012345678')).toBe('+493012345678');
    expect(normalizeE164('+1 800 555 0100')).toBe('+18005550100');
    expect(normalizeE164('+12345678')).toBe('+12345678');
    expect(normalizeE164('+123456789012345')).toBe('+123456789012345');
  });

  it('refuses what is no international number', () => {
    for (const v of ['', '+', 'abc', '+1234567', '+1234567890123456', '+0493012345678', '030 1234', '+49 30 12x4 5678']) {
      expect(normalizeE164(v), v).toBeNull();
    }
    expect(whitelistNumberBody.safeParse({ number: 'abc', is_allowed: true }).error?.issues[0]).toMatchObject({ path: ['number'] });
    expect(whitelistNumberBody.parse({ number: '0034 600 111 222', is_allowed: false, comment: '  ' })).toEqual({
      number: '+34600111222',
      is_allowed: false,
      comment: null,
    });
  });
});
