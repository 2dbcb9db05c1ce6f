import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';
import { describeTimeZone, formatOffset, getTimeZone, offsetMinutes, setTimeZone, timeZoneCatalogue } from './time-zone';

const instant = '2024-07-01T22:30:05Z';

describe('dates (§9 formats)', () => {
  it('formats in UTC by default', () => {
    expect(getTimeZone()).toBe('UTC');
    expect(formatDate(instant)).toBe('2024-07-01');
    expect(formatDateTime(instant)).toBe('2024-07-01 22:30:05');
    expect(formatDateTime(new Date(Date.UTC(2024, 0, 2, 0, 0, 0)))).toBe('2024-01-02 00:00:00');
  });

  it('follows the chosen time zone', () => {
    setTimeZone('Europe/Berlin');
    expect(formatDateTime(instant)).toBe('2024-07-02 00:30:05');
    expect(formatDate(instant)).toBe('2024-07-02');
    expect(localStorage.getItem('tracker.timeZone')).toBe('Europe/Berlin');
    expect(formatDateTime(instant, 'America/New_York')).toBe('2024-07-01 18:30:05');
  });

  it('answers empty for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('time zones', () => {
  it('labels offsets like the spec default "UTC +0:00"', () => {
    expect(formatOffset(0)).toBe('UTC +0:00');
    expect(formatOffset(330)).toBe('UTC +5:30');
    expect(formatOffset(-180)).toBe('UTC -3:00');
    expect(describeTimeZone('UTC').offsetLabel).toBe('UTC +0:00');
  });

  it('computes offsets from the IANA data', () => {
    expect(offsetMinutes('Asia/Kolkata')).toBe(330);
    expect(offsetMinutes('Europe/Berlin', new Date('2024-01-15T12:00:00Z'))).toBe(60);
    expect(offsetMinutes('Europe/Berlin', new Date('2024-07-15T12:00:00Z'))).toBe(120);
  });

  it('builds a catalogue of regions with UTC first', () => {
    const cat = timeZoneCatalogue();
    expect(cat[0]!.region).toBe('UTC');
    const europe = cat.find((r) => r.region === 'Europe');
    expect(europe?.zones.some((z) => z.id === 'Europe/Berlin' && z.zone === 'Berlin')).toBe(true);
    expect(cat.reduce((n, r) => n + r.zones.length, 0)).toBeGreaterThan(300);
  });

  it('ignores an unknown zone', () => {
    setTimeZone('Mars/Olympus_Mons');
    expect(getTimeZone()).toBe('UTC');
  });
});
