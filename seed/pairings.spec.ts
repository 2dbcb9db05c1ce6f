import { describe, expect, it } from 'vitest';
import { makePlan } from './fleet.js';
import { auditRows, AUDIT_COLUMNS } from './tables.js';

// The seed's pairings (audit status 5) are spread over time as real ones would be: none after the anchor, and no pile
// at its last minute (before, every pairing that would have fallen after the anchor was put at 23:59 of the last day).
describe('seeded pairings', () => {
  it('fall before the anchor, spread over the days, never piled on one minute', () => {
    const anchor = Date.parse('2026-11-29T00:00:00Z');
    const plan = makePlan(42, 2000, anchor);
    const status = AUDIT_COLUMNS.indexOf('status');
    const created = AUDIT_COLUMNS.indexOf('created');
    const times = [...auditRows(plan, new Set())].filter((row) => row[status] === 5).map((row) => Date.parse(String(row[created])));
    expect(times.length).toBeGreaterThan(100);
    expect(times.every((t) => t < anchor)).toBe(true);
    const perMinute = new Map<number, number>();
    for (const t of times) perMinute.set(Math.floor(t / 60_000), (perMinute.get(Math.floor(t / 60_000)) ?? 0) + 1);
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(3);
    // the last day holds about its share, not every recent pairing
    const lastDay = times.filter((t) => t >= anchor - 86_400_000).length;
    expect(lastDay).toBeLessThan(times.length / 20);
  });
});
