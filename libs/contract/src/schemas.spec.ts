import { describe, expect, it } from 'vitest';
import { tokenRequest } from './schemas.js';
import { deviceSearchQuery } from './search.js';
import { newUser } from './owner-workspace/add.js';
import { ROUTES } from './routes.js';
import { isArea } from './access.js';

describe('contract schemas', () => {
  it('defaults search paging to page 0 of 25', () => {
    expect(deviceSearchQuery.parse({ query: ' 3512 ', filter: 'imei' })).toEqual({ query: '3512', filter: 'imei', count: 25, page: 0 });
  });
  it('refuses blank queries and unknown filters', () => {
    expect(deviceSearchQuery.safeParse({ query: '   ', filter: 'imei' }).success).toBe(false);
    expect(deviceSearchQuery.safeParse({ query: '1', filter: 'name' }).success).toBe(false);
  });
  it('takes codes of exactly six digits', () => {
    const base = { username: 'a', password: 'b' };
    expect(tokenRequest.safeParse({ ...base, code: '123456' }).success).toBe(true);
    expect(tokenRequest.safeParse({ ...base, code: '12345' }).success).toBe(false);
    expect(tokenRequest.safeParse({ ...base, code: '12345a' }).success).toBe(false);
  });
  it('normalises new owners', () => {
    const u = newUser.parse({ email: ' Anna@Example.COM ', first_name: 'Anna', last_name: 'B', white_label_vendor_id: '2', phone: '' });
    expect(u).toMatchObject({ email: 'anna@example.com', white_label_vendor_id: 2, language: 'en', phone: undefined });
  });
});

describe('route registry', () => {
  it('gives every route a known area and a unique method + path', () => {
    const seen = new Set<string>();
    for (const def of Object.values(ROUTES)) {
      expect(isArea(def.area)).toBe(true);
      const key = `${def.method} ${def.path}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });
});
