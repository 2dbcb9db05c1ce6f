import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../access/session-user.js';
import { FORGET_HOLD_MS, SessionCache } from './session-cache.js';

const T0 = 1_000_000;
const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  sessionId: '1',
  userId: 7,
  username: 'u',
  role: 1,
  operators: [],
  whiteLabels: [],
  types: [-1],
  language: 'en',
  expDate: new Date(T0 + 3_600_000),
  ...over,
});

describe('SessionCache', () => {
  it('keeps a session for its time, never past the session’s own expiry', () => {
    const c = new SessionCache(2000);
    c.set('a', user(), T0);
    expect(c.get('a', T0 + 1999)?.userId).toBe(7);
    expect(c.get('a', T0 + 2000)).toBeUndefined();
    c.set('b', user({ expDate: new Date(T0 + 500) }), T0);
    expect(c.get('b', T0 + 499)).toBeDefined();
    expect(c.get('b', T0 + 500)).toBeUndefined();
  });

  it('keeps nothing when turned off', () => {
    const c = new SessionCache(0);
    c.set('a', user(), T0);
    expect(c.get('a', T0)).toBeUndefined();
  });

  it('drops what a revocation names and does not take it back while the revocation may be uncommitted', () => {
    const c = new SessionCache(2000);
    c.set('a', user({ sessionId: '1', userId: 7 }), T0);
    c.set('b', user({ sessionId: '2', userId: 7 }), T0);
    c.set('c', user({ sessionId: '3', userId: 8 }), T0);
    c.forget({ sessionId: '1' }, T0);
    expect(c.get('a', T0)).toBeUndefined();
    expect(c.get('b', T0)).toBeDefined();
    c.forget({ userId: 7 }, T0);
    expect(c.get('b', T0)).toBeUndefined();
    expect(c.get('c', T0)).toBeDefined();
    // a lookup that read the row before the revoking transaction committed is not kept
    c.set('b', user({ sessionId: '2', userId: 7 }), T0 + 10);
    expect(c.get('b', T0 + 10)).toBeUndefined();
    c.set('b', user({ sessionId: '2', userId: 7 }), T0 + FORGET_HOLD_MS);
    expect(c.get('b', T0 + FORGET_HOLD_MS)).toBeDefined();
  });

  it('holds at most `max` sessions, the oldest going first', () => {
    const c = new SessionCache(2000, 2);
    c.set('a', user({ sessionId: 'a' }), T0);
    c.set('b', user({ sessionId: 'b' }), T0);
    c.set('c', user({ sessionId: 'c' }), T0);
    expect(c.get('a', T0)).toBeUndefined();
    expect(c.get('c', T0)?.sessionId).toBe('c');
  });
});
