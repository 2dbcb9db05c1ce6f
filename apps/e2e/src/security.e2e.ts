import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signIn, sql } from './browser.js';

/**
 * The built console under its Content-Security-Policy (docs/access.md, "HTTP headers") in Chromium: the sign-in
 * page, a device map (Leaflet) and a chart (ECharts) must not cause a single CSP violation. Map tiles fail here
 * (refused like a machine without internet), so the map shows its 'tiles unavailable' note.
 */

type Day = { id: number; date: string };

/** Violations seen by the page (the event every blocked load or eval fires) and by the browser console. */
const violations = (page: Page) => page.evaluate<string[]>('window.__cspViolations');

describe('the console under its Content-Security-Policy', () => {
  let browser: Browser;
  let page: Page;
  const consoleViolations: string[] = [];
  let tracking: Day;
  let temperature: Day;

  beforeAll(async () => {
    [tracking] = (await sql<Day>(
      `SELECT l.device_id AS id, to_char(max(l.time) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date
       FROM location l JOIN device d ON d.id = l.device_id
       WHERE d.owner_id IS NOT NULL AND EXISTS (SELECT 1 FROM safe_zone_device z WHERE z.device_id = d.id)
       GROUP BY l.device_id ORDER BY l.device_id LIMIT 1`,
    )) as [Day];
    [temperature] = (await sql<Day>(
      `SELECT t.device_id AS id, to_char(max(t.time) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date
       FROM device_temperature t GROUP BY t.device_id ORDER BY t.device_id LIMIT 1`,
    )) as [Day];
    browser = await launch();
    page = await browser.newPage({ locale: 'en-US', viewport: { width: 1440, height: 960 } });
    // (scripts as text: the e2e project is type-checked without the DOM library)
    await page.addInitScript({
      content: `window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber);
        });`,
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleViolations.push(m.text());
    });
    // no internet: every tile request fails (the CSP is checked before the request, so a blocked host still shows)
    await page.route(/tile\.openstreetmap\.org/, (r) => r.abort('internetdisconnected'));
  });
  afterAll(async () => browser?.close());

  it('the sign-in page is served with the CSP and renders without a violation', async () => {
    const res = await page.goto(`${e2e().baseUrl}/login`);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    await page.getByLabel('Username').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('an inline script is blocked and reported (the listener sees violations)', async () => {
    await page.evaluate(`{
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
    }`);
    await expect.poll(() => violations(page)).toEqual([expect.stringMatching(/^script-src/)]);
    expect(await page.evaluate('window.__inlineRan')).toBeUndefined();
    // the browser console reports it too; forget it, the next pages must add nothing
    await expect.poll(() => consoleViolations.length).toBe(1);
    consoleViolations.length = 0;
  });

  it('signing in and the device map: path, safe zones and the tiles-unavailable note, no violation', async () => {
    await signIn(page, 'admin');
    await page.goto(`${e2e().baseUrl}/device/${tracking.id}/tracking?date=${tracking.date}`);
    await page.locator('[data-testid="device-map"] .leaflet-overlay-pane canvas').waitFor();
    await page.getByTestId('map-tiles-unavailable').waitFor();
    expect(await page.getByTestId('map-tiles-unavailable').textContent()).toBe(
      'Map tiles unavailable: the path, points and safe zones are drawn without the background map.',
    );
    await expect.poll(() => page.getByText(/^Path: \d+ fixes\./).textContent()).toMatch(/Path: [1-9]\d* fixes/);
    await screenshot(page, 'security-map-without-tiles');
    expect(await violations(page)).toEqual([]);
  });

  it('the temperature chart draws without a violation', async () => {
    await page.goto(`${e2e().baseUrl}/device/${temperature.id}/deviceTemp?date=${temperature.date}`);
    await page.locator('[data-testid="device-chart"] canvas').waitFor();
    // hovering shows the chart's tooltip (inline-styled markup)
    const box = (await page.getByTestId('device-chart').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    expect(await violations(page)).toEqual([]);
    expect(consoleViolations).toEqual([]);
  });
});
