import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEV_SEED_USERS } from './production-checks.js';

describe('production checks', () => {
  it('know every user of the development seed with its published password', () => {
    const seed = JSON.parse(readFileSync(new URL('../../../../seed/dev-users.json', import.meta.url), 'utf8')) as Array<{ username: string; password: string }>;
    expect([...DEV_SEED_USERS]).toEqual(seed.map(({ username, password }) => ({ username, password })));
  });
});
