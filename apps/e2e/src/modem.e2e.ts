import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, sql } from './browser.js';

// A modem update runs for real (docs/firmware-modem.md "Modem update"): the api stores the processes, the worker runs
// their tasks, fleet-sim's watches answer the modem commands, the console polls the progress table every 2 s.
const SLOW = { timeout: 150_000 };

describe('admin: a modem update started from a CSV, followed to done', () => {
  let browser: Browser;
  let page: Page;
  let imeis: string[];

  beforeAll(async () => {
    // watches whose number no other device shares (a reply names one device) and that the start's gate lets through
    // (not terminated, enabled), one of the US carrier's 13-task profile
    const pick = (us: boolean, n: number) =>
      sql<{ imei: string }>(
        `SELECT imei FROM device d WHERE gsm_number IS NOT NULL AND device_status <> 3 AND enabled AND (imsi LIKE '31041%') = $1
            AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
            AND NOT EXISTS (SELECT 1 FROM modem_update_task t WHERE t.device_id = d.id)
          ORDER BY id DESC LIMIT $2`,
        [us, n],
      );
    imeis = [...(await pick(false, 2)), ...(await pick(true, 1))].map((r) => r.imei);
    expect(imeis).toHaveLength(3);
    browser = await launch();
    page = await signedInPage(browser, 'admin');
  });
  afterAll(async () => browser?.close());

  it('reads the IMEIs from a CSV in the browser, starts, and the progress table advances to done', async () => {
    await page.goto(`${e2e().baseUrl}/admin/modem/update`);
    await page.getByRole('heading', { name: 'Modem update' }).waitFor();
    // a spreadsheet's export: a header, quotes, dashes; the console keeps the digits of each entry
    const csv = `imei\r\n${imeis.map((i) => `"${i.slice(0, 3)}-${i.slice(3)}"`).join('\r\n')}\r\n`;
    await page.getByTestId('modem-csv').setInputFiles({ name: 'imeis.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByTestId('modem-imeis').inputValue()).toBe(imeis.join('\n'));
    await page.getByTestId('modem-start').click();
    const outcomes = page.getByTestId('modem-outcomes');
    await outcomes.waitFor();
    await expect.poll(() => outcomes.getByText('Started').count()).toBe(3);
    await page.getByTestId('modem-to-progress').click();
    const table = page.getByTestId('modem-progress-table');
    await table.waitFor();
    await screenshot(page, 'modem-progress-running');
    // every device reaches its last task: the page says processing is done and every row is Done
    await page.getByTestId('modem-done').waitFor(SLOW);
    // how each device ended, not only that none runs
    await expect.poll(() => page.getByTestId('modem-done').textContent()).toBe('Processing done: 3 Done, 0 Failed, 0 Stopped');
    for (const imei of imeis) await expect.poll(() => table.locator(`tr[data-imei="${imei}"]`).getAttribute('data-status')).toBe('DONE');
    await expect.poll(() => table.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe('100');
    await screenshot(page, 'modem-progress-done');

    // the progress modal of the US carrier's device: 13 tasks, all done
    await table.locator(`tr[data-imei="${imeis[2]}"]`).getByTestId('modem-details').click();
    const modal = page.getByTestId('modem-progress');
    await modal.waitFor();
    await expect.poll(() => modal.locator('li[data-state="done"]').count()).toBe(13);
    await screenshot(page, 'modem-progress-modal');
    await page.getByRole('button', { name: 'Close' }).first().click();

    // the report of updated devices lists them
    await page.goto(`${e2e().baseUrl}/admin/modem/report`);
    const report = page.getByTestId('modem-report');
    await report.waitFor();
    for (const imei of imeis.slice(0, 1)) await report.getByText(imei).first().waitFor();
    await screenshot(page, 'modem-report');
  }, 200_000);
});
