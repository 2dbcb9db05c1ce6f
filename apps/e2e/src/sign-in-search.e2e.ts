import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signIn, sql } from './browser.js';

describe('admin: sign in, search by IMEI, open the result', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ locale: 'en-US', viewport: { width: 1366, height: 860 } });
  });
  afterAll(async () => browser?.close());

  it('refuses a wrong password with the server message and stays on the credentials step', async () => {
    await page.goto(`${e2e().baseUrl}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/username or password/i);
    await expect.poll(() => page.getByLabel('Code').count()).toBe(0);
  });

  it('signs in with password and code and lands on the search', async () => {
    await signIn(page, 'admin');
    await page.getByRole('search', { name: 'Device and owner search' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);
  });

  it('finds a watch by its IMEI and opens it', async () => {
    const [device] = await sql<{ id: number; imei: string }>(
      'select id, imei from device where owner_id is not null order by id limit 1',
    );
    await page.getByLabel('Search by').selectOption('imei');
    await page.getByLabel('Search for').fill(device!.imei);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('search-result');
    await expect.poll(() => rows.count()).toBe(1);
    expect(page.url()).toContain(`query=${device!.imei}`);
    await screenshot(page, 'admin-search');

    await rows.first().getByTestId('device-link').click();
    await page.waitForURL(`**/device/${device!.id}**`);
    await expect.poll(() => page.getByTestId('device-id').textContent()).toBe(String(device!.id));

    // the way back keeps the search
    await page.getByRole('link', { name: 'Back to search' }).click();
    await page.waitForURL('**/dashboard/search?**');
    await expect.poll(() => page.getByTestId('search-result').count()).toBe(1);
  });

  it('an IMEI prefix that matches nothing shows the empty state', async () => {
    await page.getByLabel('Search for').fill('000000000000');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No results').waitFor();
    await expect.poll(() => page.getByTestId('search-result').count()).toBe(0);
  });
});
