import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@tracker/contract';
import { addDays, dayRange, rethrowUnknownTimeZone, todayIn } from './day-range.js';
import { DomainError } from './errors.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('days of the user time zone', () => {
  it('todayIn: the date in that zone, which is not UTC’s around midnight', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T23:30:00Z') });
    expect(todayIn('UTC')).toBe('2026-03-01');
    expect(todayIn('Europe/Berlin')).toBe('2026-03-02');
    expect(todayIn('America/New_York')).toBe('2026-03-01');
    vi.setSystemTime(new Date('2026-03-01T03:00:00Z'));
    expect(todayIn('America/Los_Angeles')).toBe('2026-02-28');
    expect(todayIn('Asia/Kolkata')).toBe('2026-03-01');
  });

  it('addDays: across months, years and leap days, both ways', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-29', 0)).toBe('2026-03-29');
    expect(addDays('2026-03-01', -366)).toBe('2025-02-28');
  });

  it('dayRange: a half-open range from the day’s midnight in the zone to the next, parameters numbered from n', () => {
    expect(dayRange('l.time', 3)).toBe('l.time >= ($3::date::timestamp AT TIME ZONE $4) AND l.time < (($3::date + 1)::timestamp AT TIME ZONE $4)');
  });

  it("rethrowUnknownTimeZone: PostgreSQL's refusal of a zone is a 400 on tz; anything else is thrown as it was", () => {
    const pg = Object.assign(new Error('time zone "US/Pacific-New" not recognized'), { code: '22023' });
    let thrown: unknown;
    try {
      rethrowUnknownTimeZone(pg);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [{ field: 'tz', code: 'unknownTimeZone' }] });
    const other = Object.assign(new Error('invalid input syntax'), { code: '22023' });
    expect(() => rethrowUnknownTimeZone(other)).toThrow(other);
    expect(() => rethrowUnknownTimeZone('boom')).toThrow('boom');
  });
});
