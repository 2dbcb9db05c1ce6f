import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.js';

describe('ROUTES', () => {
  it('marks every export under /csv as audited (its preparation and its download by hash)', () => {
    const csv = Object.entries(ROUTES).filter(([, r]) => r.path.startsWith('/csv/'));
    expect(csv.length).toBeGreaterThan(10);
    expect(csv.filter(([, r]) => !('audited' in r && r.audited)).map(([name]) => name)).toEqual([]);
  });
});
