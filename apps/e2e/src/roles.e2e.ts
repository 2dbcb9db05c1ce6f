import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, sql } from './browser.js';

const FORBIDDEN = '401, You are not authorised to view this section';

describe('tier-1 (role 9): the menu of §6 and a forbidden route', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await signedInPage(browser, 'tier1', { width: 1366, height: 860 });
  });
  afterAll(async () => browser?.close());

  it('shows Dashboard and Statistics, and hides everything §6 hides for role 9', async () => {
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    await expect
      .poll(async () => (await menu.getByRole('link').allTextContents()).map((s) => s.trim()))
      .toEqual(['Dashboard', 'Statistics']);
    for (const hidden of ['Admin', 'Firmware', 'Modem update', 'Geolocation', 'Carrier whitelist', 'Send SMS']) {
      await expect.poll(() => menu.getByText(hidden, { exact: true }).count()).toBe(0);
    }
    await screenshot(page, 'tier1-menu');
  });

  it('typing a forbidden address shows the 401 message and keeps the session', async () => {
    await page.goto(`${e2e().baseUrl}/admin/fup/upgrade`);
    await page.getByText(FORBIDDEN).waitFor();
    await screenshot(page, 'tier1-forbidden');
    // still signed in: the search is one click away
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/search');
    await page.getByRole('search').waitFor();
  });

  it('role 9 clicks a search result and lands on the first tab it may open (issue 8 item 9), not on the 401 message', async () => {
    const [d] = await sql<{ id: number; imei: string }>('SELECT id, imei FROM device WHERE owner_id IS NOT NULL ORDER BY id LIMIT 1');
    await page.goto(`${e2e().baseUrl}/dashboard/search`);
    await page.getByLabel('Search by').selectOption('imei');
    await page.getByLabel('Search for').fill(d!.imei);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('device-link').first().click();
    await page.waitForURL(`**/device/${d!.id}/information/imsi`);
    await page.getByRole('heading', { level: 2, name: 'Information (IMSI)' }).waitFor();
    await expect.poll(() => page.getByTestId('device-imei').textContent()).toBe(d!.imei);
    await expect.poll(() => page.getByTestId('forbidden').count()).toBe(0);
    await screenshot(page, 'tier1-device-from-search');
  });

  it('role 9 may not open the device main page (§6): the device route shows the 401 message', async () => {
    await page.goto(`${e2e().baseUrl}/device/1`);
    await page.getByText(FORBIDDEN).waitFor();
    // with the way to the first tab it may open
    await page.getByRole('link', { name: 'Open Information (IMSI)' }).waitFor();
  });
});

describe('without a session', () => {
  // the browser starts in the hook (its start-up time under load is not the test's)
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('a console address sends the visitor to the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(`${e2e().baseUrl}/dashboard/search`, { waitUntil: 'commit' });
    await page.waitForURL('**/login**');
    // waitFor (default state 'visible') waits for the form to render; a one-shot isVisible() raced it
    await page.getByLabel('Username').waitFor();
  });
});
