import { describe, expect, it } from 'vitest';
import { loggableUrl, redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('hides secrets at any depth and keeps the rest', () => {
    expect(
      redactSecrets({ username: 'a', password: 'p', nested: { token: 't', list: [{ code: '1', ok: 2 }] } }),
    ).toEqual({ username: 'a', password: '[redacted]', nested: { token: '[redacted]', list: [{ code: '[redacted]', ok: 2 }] } });
  });
});

describe('loggableUrl', () => {
  it("names the route's template when one matched, never the URL", () => {
    expect(
      loggableUrl({
        route: { path: '/api/backoffice/forgotpassword/:uuid' },
        baseUrl: '',
        originalUrl: '/api/backoffice/forgotpassword/1b4e28ba-2fa1-11d2-883f-0016d3cca427?access_token=abc',
      }),
    ).toBe('/api/backoffice/forgotpassword/:uuid');
  });
  it('drops the query string and id-like segments of an unmatched path', () => {
    expect(loggableUrl({ originalUrl: '/api/no/such/1b4e28ba-2fa1-11d2-883f-0016d3cca427/x?token=secret' })).toBe('/api/no/such/:x/x');
    expect(loggableUrl({ originalUrl: '/api/device/123?q=Smith' })).toBe('/api/device/:x');
  });
});
