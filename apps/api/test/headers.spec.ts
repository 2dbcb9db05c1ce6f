import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@tracker/server';
import { startApi, type TestApi } from './harness.js';

/** production mode needs the SMS gateway's account and webhook URL (libs/server/src/core/config.ts) */
const PRODUCTION = {
  NODE_ENV: 'production',
  // fleet-sim's account and the seeded users of the test database (docs/deployment.md "Mode")
  ALLOW_DEVELOPMENT_SECRETS: '1',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000f1ee75',
  TWILIO_AUTH_TOKEN: 'fleet-sim-auth-token',
  SMS_WEBHOOK_BASE_URL: 'http://127.0.0.1:3000',
};

/** Security headers (docs/access.md, "HTTP headers") on the api's answers and the console it serves. */

const directive = (csp: string | null, name: string) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(/\s+/)[0] === name);

function expectSecurityHeaders(h: Headers) {
  const csp = h.get('content-security-policy');
  expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  // voice messages play from object URLs of the fetched audio
  expect(directive(csp, 'media-src')).toBe("media-src 'self' blob:");
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-powered-by')).toBeNull();
}

describe('default deployment (test environment) with a company tile server and a built console', () => {
  let api: TestApi;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/assets/index.js"></script>');
    writeFileSync(join(dist, 'assets', 'index.js'), 'console.log(1);\n//# sourceMappingURL=index.js.map');
    // a source map left in dist by a build with maps on: never served
    writeFileSync(join(dist, 'assets', 'index.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
    api = await startApi({ CONSOLE_DIST: dist, MAP_TILE_URL: 'https://{s}.tiles.example.com/osm/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Example' });
  });
  afterAll(async () => {
    await api?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('JSON with personal data is not stored by browsers or proxies, and carries the security headers', async () => {
    const token = await api.signIn('admin');
    const r = await api.get('/local/role', token);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(r.headers);
    const search = await api.get('/device/search?filter=email&query=a', token);
    expect(search.status).toBe(200);
    expect(search.headers.get('cache-control')).toBe('no-store');
  });

  it('errors get the same headers', async () => {
    const r = await api.get('/local/role');
    expect(r.status).toBe(401);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(r.headers);
  });

  it('the console page gets the CSP; its img-src allows the configured tile server and nothing else remote', async () => {
    for (const path of ['/', '/login', '/device/1/tracking']) {
      const r = await fetch(`${api.base}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expectSecurityHeaders(r.headers);
      const csp = r.headers.get('content-security-policy');
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https://*.tiles.example.com");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    }
    const js = await fetch(`${api.base}/assets/index.js`);
    expect(js.status).toBe(200);
    expectSecurityHeaders(js.headers);
  });

  it('source maps are not served, even when a build left them in dist', async () => {
    const r = await fetch(`${api.base}/assets/index.js.map`);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('sources');
  });

  it('the console learns the tile server from GET /console/config, without a session', async () => {
    const r = await api.get('/console/config');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ model: { mapTileUrl: 'https://{s}.tiles.example.com/osm/{z}/{x}/{y}.png', mapAttribution: '© Example' } });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('/api/docs is served outside production', async () => {
    expect((await fetch(`${api.base}/api/docs/`)).status).toBe(200);
    expect((await fetch(`${api.base}/api/docs/openapi.json`)).status).toBe(200);
  });
});

describe('production without API_DOCS, and without map tiles', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ ...PRODUCTION, MAP_TILE_URL: '' });
  });
  afterAll(() => api?.close());

  it('/api/docs and openapi.json are not public', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs/openapi.json', '/API/docs', '/Api/Docs/openapi.json']) {
      const r = await fetch(`${api.base}${path}`);
      expect(r.status, path).toBe(404);
      expect(await r.text()).not.toContain('/device/search');
    }
  });

  it('no tile server: img-src is this origin and data: only, and the console is told to draw without tiles', async () => {
    const r = await api.get('/console/config');
    expect(r.status).toBe(200);
    expect(r.body.model.mapTileUrl).toBe('');
    expect(directive(r.headers.get('content-security-policy'), 'img-src')).toBe("img-src 'self' data:");
  });
});

describe('production with API_DOCS=1', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ ...PRODUCTION, API_DOCS: '1' });
  });
  afterAll(() => api?.close());

  it('serves /api/docs, with the security headers', async () => {
    const r = await fetch(`${api.base}/api/docs/openapi.json`);
    expect(r.status).toBe(200);
    expectSecurityHeaders(r.headers);
  });
});

describe('a bad tile setting stops the api at boot', () => {
  it('names MAP_TILE_URL', () => {
    const env = { NODE_ENV: 'development', DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://x' };
    expect(() => loadConfig({ ...env, MAP_TILE_URL: 'javascript:alert(1)//{z}' })).toThrow(/MAP_TILE_URL/);
    expect(loadConfig({ ...env, MAP_TILE_URL: '' }).get('MAP_TILE_URL')).toBe('');
  });
});
