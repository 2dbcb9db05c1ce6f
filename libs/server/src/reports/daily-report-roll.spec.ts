import { describe, expect, it } from 'vitest';
import { DAILY_REPORT_RECENT_EVERY_MS, recentDaysDue } from './daily-report-roll.service.js';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const HOUR = DAILY_REPORT_RECENT_EVERY_MS;

describe('recentDaysDue: which days before today the worker rolls again', () => {
  it('none when each was rolled after it ended, within the hour', () => {
    const days = [
      { day: '2026-11-27', rolledAt: NOW - HOUR + 1, complete: true },
      { day: '2026-11-28', rolledAt: NOW - 60_000, complete: true },
    ];
    expect(recentDaysDue(days, NOW, HOUR)).toBeNull();
  });

  it('a day never rolled, or rolled while it was today, is due at once', () => {
    expect(recentDaysDue([{ day: '2026-11-28', rolledAt: null, complete: false }], NOW, HOUR)).toEqual({ first: '2026-11-28', last: '2026-11-28' });
    // rolled a minute ago, but before midnight in its zone: its last hours are missing
    expect(recentDaysDue([{ day: '2026-11-28', rolledAt: NOW - 60_000, complete: false }], NOW, HOUR)).toEqual({ first: '2026-11-28', last: '2026-11-28' });
  });

  it('a day rolled an hour ago or more is due (late writes), and the span covers every due day', () => {
    const days = [
      { day: '2026-11-27', rolledAt: NOW - HOUR, complete: true },
      { day: '2026-11-28', rolledAt: NOW - 5 * 60_000, complete: true },
    ];
    expect(recentDaysDue(days, NOW, HOUR)).toEqual({ first: '2026-11-27', last: '2026-11-27' });
    expect(recentDaysDue([...days].reverse().map((d) => ({ ...d, rolledAt: NOW - 2 * HOUR })), NOW, HOUR)).toEqual({ first: '2026-11-27', last: '2026-11-28' });
  });
});
