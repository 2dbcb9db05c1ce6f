import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, sql } from './browser.js';

// Statistics and the active devices report (docs/statistics.md) on the seeded fleet, whose rollup the worker
// fills when it starts.
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = day(Date.now());
const monthAgo = day(Date.now() - 29 * 86_400_000);

describe('admin: statistics and the active devices report', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await signedInPage(browser, 'admin', { acceptDownloads: true });
  });
  afterAll(async () => browser?.close());

  it('opens three stats types, changes the dates and the white label, and sees the chart', async () => {
    // the rollup is the worker's: wait until its first roll has been written
    await expect.poll(async () => (await sql(`SELECT count(*)::int AS n FROM stats_rollup_state`))[0].n, { timeout: 60_000 }).toBeGreaterThan(30);
    await page.goto(`${e2e().baseUrl}/admin/stats/new_registrations`);
    await page.getByRole('heading', { name: 'New registrations' }).waitFor();
    await page.getByLabel('From', { exact: true }).fill(monthAgo);
    await page.getByLabel('Until (day included)', { exact: true }).fill(today);
    await page.getByLabel('White label').selectOption({ label: 'TrackCo' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`**/admin/stats/new_registrations?from=${monthAgo}&to=${today}&selectedWhiteLabel=1`);
    await page.getByTestId('stats-chart').locator('canvas').waitFor();
    await screenshot(page, 'stats-new-registrations');

    await page.getByRole('navigation', { name: 'Statistics types' }).getByRole('link', { name: 'Child gender' }).click();
    await page.getByRole('heading', { name: 'Child gender' }).waitFor();
    await page.getByTestId('stats-chart').locator('canvas').waitFor();

    await page.getByRole('navigation', { name: 'Statistics types' }).getByRole('link', { name: 'Location technology' }).click();
    await page.getByRole('heading', { name: 'Location technology' }).waitFor();
    await page.getByLabel('White label').selectOption({ label: 'Partner A Mobile' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/admin/stats/location_technology?**selectedWhiteLabel=3');
    await page.getByTestId('stats-chart').locator('canvas').waitFor();
    await screenshot(page, 'stats-location-technology');
  });

  it('generates the active devices report and exports it', async () => {
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(DISTINCT device_id)::int AS n FROM device_communication WHERE time >= $1::date AND time < $2::date + 1
          AND device_id NOT IN (SELECT d.id FROM device d JOIN owner o ON o.id = d.owner_id WHERE o.is_test)`,
      [monthAgo, today],
    );
    await page.goto(`${e2e().baseUrl}/admin/reports/activeDevices`);
    await page.getByLabel('From', { exact: true }).fill(monthAgo);
    await page.getByLabel('Until (day included)', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('active-devices').locator('tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('active-devices').locator('tbody tr').count()).toBe(Math.min(n, 100));
    await screenshot(page, 'report-active-devices');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`active_devices_${monthAgo}_${today}.csv`);
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('device_id,imei,gsm_number,device_type_id,owner_email,white_label_name,first_seen (UTC),last_seen (UTC),communications');
    expect(lines).toHaveLength(n + 1);
  });

  it("reads the daily report in the chosen time zone, for the whole fleet and for a white label", async () => {
    // the console's time zone (the header's choice, kept in the browser): Berlin
    await page.evaluate("localStorage.setItem('tracker.timeZone', 'Europe/Berlin')");
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(Date.now() - 86_400_000));
    const [{ n }] = await sql<{ n: number }>(
      // test owners' devices are left out of every figure (docs/statistics.md "Test owners")
      `SELECT count(DISTINCT device_id)::int AS n FROM device_communication
        WHERE time >= $1::date::timestamp AT TIME ZONE 'Europe/Berlin' AND time < ($1::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin'
          AND device_id NOT IN (SELECT d.id FROM device d JOIN owner o ON o.id = d.owner_id WHERE o.is_test)`,
      [yesterday],
    );
    await page.goto(`${e2e().baseUrl}/admin/reports/daily?date=${yesterday}`);
    await page.getByRole('heading', { name: 'Daily report' }).waitFor();
    const table = page.getByTestId('daily-report');
    const row = (figure: string) => table.locator('tbody tr', { has: page.getByRole('cell', { name: figure, exact: true }) });
    await row('Devices active').waitFor();
    // the chosen day's column comes first, then its change against the day before
    expect(await row('Devices active').locator('td').nth(1).textContent()).toBe(n.toLocaleString('en-US'));
    expect(await table.locator('thead th').count()).toBe(1 + 7 + 1);
    await expect.poll(() => page.getByTestId('daily-report-zone').textContent()).toContain('Europe/Berlin');
    await screenshot(page, 'report-daily');
    // a white label: the fleet-wide figures are not its own
    await page.getByLabel('White label').selectOption({ label: 'TrackCo' });
    await page.waitForURL('**/admin/reports/daily?**selectedWhiteLabel=1');
    await expect.poll(() => row('Imports').locator('td').nth(1).textContent()).toBe('–');
    // a day after today is said, not asked for
    await page.getByLabel('Day', { exact: true }).fill('2999-01-01');
    await page.getByText('The day must not be after today').waitFor();
    await expect.poll(() => page.getByTestId('daily-report').count()).toBe(0);
    // in the UI language
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Tagesbericht' }).waitFor();
    await page.getByText('Der Tag darf nicht nach heute liegen').waitFor();
    await page.getByLabel('Language').or(page.getByLabel('Sprache')).selectOption('en');
    await page.evaluate("localStorage.removeItem('tracker.timeZone')");
  });
});
