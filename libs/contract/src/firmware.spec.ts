import { describe, expect, it } from 'vitest';
import { customList, firmwareInsertBody, parseExpiry, validExpiry } from './firmware.js';

describe('custom lists and expiry (§5)', () => {
  it('keeps digits only, drops empty entries, takes each device once', () => {
    expect(customList([' "351234567890123" ', '35123-4567890124', '', '--', 351234567890123])).toEqual(['351234567890123', '351234567890124']);
  });
  it('at most 100 devices (device_limit)', () => {
    const many = Array.from({ length: 101 }, (_, i) => String(350000000000000 + i));
    const r = firmwareInsertBody.safeParse({ fup_upload_id: 1, upload_type: 2, extend: many, expired_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toContain('deviceLimit');
    // the same device 101 times is one device
    expect(firmwareInsertBody.safeParse({ fup_upload_id: 1, upload_type: 2, extend: Array(101).fill('351234567890123'), expired_at: new Date(Date.now() + 86_400_000).toISOString() }).success).toBe(true);
  });
  it('an expiry is a real time in the future, at most a year ahead', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(parseExpiry('2026-12-01')?.toISOString()).toBe('2026-12-01T23:59:59.000Z');
    expect(parseExpiry('2026-12-01 10:30:00')?.toISOString()).toBe('2026-12-01T10:30:00.000Z');
    expect(parseExpiry('2026-12-01T10:30:00+02:00')?.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    for (const bad of ['2026-02-30', '2026-12-01 25:00', 'soon', '']) expect(parseExpiry(bad), bad).toBeNull();
    expect(validExpiry('2026-11-26 11:00:00', now)).toBe(false);
    expect(validExpiry('2026-11-27', now)).toBe(true);
    expect(validExpiry('2028-01-01', now)).toBe(false);
  });
});
