import { describe, expect, it } from 'vitest';
import { bearerToken } from './access.guard.js';

describe('bearerToken', () => {
  it('reads the Authorization bearer header only', () => {
    expect(bearerToken({ authorization: 'Bearer abc-DEF_123' })).toBe('abc-DEF_123');
    expect(bearerToken({ authorization: 'bearer abc' })).toBe('abc');
    expect(bearerToken({ authorization: 'Basic YWxhZGRpbjpvcGVu' })).toBeUndefined();
    expect(bearerToken({ authorization: 'Bearer' })).toBeUndefined();
    expect(bearerToken({ authorization: 'Bearer a b' })).toBeUndefined();
    expect(bearerToken({})).toBeUndefined();
    // the query string and the body are not headers: a request carrying the token there has no token
    expect(bearerToken({ 'x-access-token': 'abc' })).toBeUndefined();
  });
});
