import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('hides secrets at any depth and keeps the rest', () => {
    expect(
      redactSecrets({ username: 'a', password: 'p', nested: { token: 't', list: [{ code: '1', ok: 2 }] } }),
    ).toEqual({ username: 'a', password: '[redacted]', nested: { token: '[redacted]', list: [{ code: '[redacted]', ok: 2 }] } });
  });
});
