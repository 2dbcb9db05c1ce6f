import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, simKnobs, sql } from './browser.js';

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

describe('admin: a modem update where devices fail, are stopped and start over', () => {
  let browser: Browser;
  let page: Page;
  // A: silent, then started over and done; B: silent, then started over with every SMS undelivered: failed; C: stopped
  let imeis: string[];

  beforeAll(async () => {
    // standard-profile watches no other journey of this file takes (the first one takes the highest ids)
    imeis = (
      await sql<{ imei: string }>(
        `SELECT imei FROM device d WHERE gsm_number IS NOT NULL AND device_status <> 3 AND enabled AND imsi NOT LIKE '31041%'
            AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
            AND NOT EXISTS (SELECT 1 FROM modem_update_task t WHERE t.device_id = d.id)
          ORDER BY id LIMIT 3`,
      )
    ).map((r) => r.imei);
    expect(imeis).toHaveLength(3);
    browser = await launch();
    page = await signedInPage(browser, 'admin');
  });
  afterAll(async () => {
    await simKnobs({ silentRate: 0, failureRate: 0 }).catch(() => undefined);
    await browser?.close();
  });

  it('lists the silent devices, asks before starting over, and counts done, failed and stopped', async () => {
    const [a, b, c] = imeis as [string, string, string];
    const run = async (imei: string) =>
      (await sql<{ id: number; status: string; task_id: number; step_started_at: Date; steps: number }>(
        `SELECT t.id, t.status::text AS status, t.task_id, t.step_started_at, (SELECT count(*)::int FROM modem_update_step s WHERE s.modem_id = t.id) AS steps
           FROM modem_update_task t WHERE t.imei = $1 ORDER BY t.id DESC LIMIT 1`,
        [imei],
      ))[0]!;
    // the watches get their commands and never answer
    await simKnobs({ silentRate: 1, failureRate: 0 });
    await page.goto(`${e2e().baseUrl}/admin/modem/update`);
    await page.getByTestId('modem-imeis').fill(imeis.join('\n'));
    await page.getByTestId('modem-start').click();
    await expect.poll(() => page.getByTestId('modem-outcomes').getByText('Started').count()).toBe(3);
    await page.getByTestId('modem-to-progress').click();
    const table = page.getByTestId('modem-progress-table');
    const row = (imei: string) => table.locator(`tr[data-imei="${imei}"]`);

    // each waits for its watch's reply: the list of silent devices (GET /modem/waiting) on the screen names them
    const waiting = page.getByTestId('modem-waiting');
    for (const imei of imeis) await waiting.getByText(imei).waitFor(SLOW);
    await expect.poll(() => page.getByTestId('modem-summary').textContent()).toContain('3 of 3 devices still running');
    await screenshot(page, 'modem-waiting');

    // C is stopped from the table
    await row(c).getByRole('checkbox', { name: `Select ${c}` }).check();
    await page.getByTestId('modem-stop').click();
    await expect.poll(() => row(c).getAttribute('data-status'), SLOW).toBe('STOPPED');
    await expect.poll(() => page.getByTestId('modem-summary').textContent()).toContain('2 of 3 devices still running');
    // a stopped run waits for nothing: the list of silent devices drops it
    await waiting.getByText(c).waitFor({ state: 'detached', ...SLOW });
    await waiting.getByText(a).waitFor();

    // starting over asks first; cancelled, the run is left as it was
    const modal = (imei: string) => page.getByRole('dialog', { name: `Modem update ${imei}` });
    const before = await run(b);
    await row(b).getByTestId('modem-details').click();
    await modal(b).getByTestId('modem-progress').waitFor();
    await modal(b).getByTestId('modem-reset').click();
    await expect.poll(() => modal(b).getByTestId('modem-reset-confirm').textContent()).toBe(
      `Start the modem update of ${b} over from task 1? Its commands go to the watch again; errors and the 10 days start afresh.`,
    );
    await modal(b).getByRole('button', { name: 'Cancel' }).click();
    await modal(b).getByTestId('modem-reset').waitFor();
    expect(await modal(b).getByTestId('modem-reset-confirm').count()).toBe(0);
    expect(await run(b)).toEqual(before);

    // confirmed while every SMS ends undelivered: B starts over and fails at its third error
    await simKnobs({ silentRate: 0, failureRate: 1 });
    await modal(b).getByTestId('modem-reset').click();
    await modal(b).getByRole('button', { name: 'Start over' }).click();
    await expect.poll(async () => (await run(b)).step_started_at.getTime(), SLOW).toBeGreaterThan(before.step_started_at.getTime());
    await modal(b).getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => row(b).getAttribute('data-status'), SLOW).toBe('FAILED');

    // A starts over with watches that answer and is done
    await simKnobs({ silentRate: 0, failureRate: 0 });
    await row(a).getByTestId('modem-details').click();
    await modal(a).getByTestId('modem-reset').click();
    await modal(a).getByRole('button', { name: 'Start over' }).click();
    await modal(a).getByRole('button', { name: 'Close' }).first().click();

    // how each device ended, in the summary and the rows
    await page.getByTestId('modem-done').waitFor(SLOW);
    await expect.poll(() => page.getByTestId('modem-done').textContent()).toBe('Processing done: 1 Done, 1 Failed, 1 Stopped');
    expect([await row(a).getAttribute('data-status'), await row(b).getAttribute('data-status'), await row(c).getAttribute('data-status')]).toEqual(['DONE', 'FAILED', 'STOPPED']);
    await screenshot(page, 'modem-mixed-done');

    // a done run is not started over: the button is off and says why
    await row(a).getByTestId('modem-details').click();
    await modal(a).getByTestId('modem-progress').waitFor();
    await modal(a).getByText('A finished update is not started over').waitFor();
    expect(await modal(a).getByTestId('modem-reset').isDisabled()).toBe(true);
    await modal(a).getByRole('button', { name: 'Close' }).first().click();
  }, 300_000);
});
