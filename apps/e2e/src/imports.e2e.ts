import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, sql } from './browser.js';

const stamp = String(Date.now() % 1e8).padStart(8, '0');
const imsi = (i: number) => `9990${stamp}${String(i).padStart(3, '0')}`;

describe('admin: bulk imports', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await signedInPage(browser, 'admin', { width: 1366, height: 900, acceptDownloads: true });
  });
  afterAll(async () => browser?.close());

  it('uploads a SIM file with bad lines, watches it reach 100 %, opens the errors and downloads the report', async () => {
    await page.goto(`${e2e().baseUrl}/admin/upload`);
    await page.getByRole('heading', { name: 'Imports', level: 1 }).waitFor();
    const lines = ['imsi,gsm_number,status'];
    for (let i = 0; i < 40; i++) lines.push(`${imsi(i)},+49151${stamp},${i % 3}`);
    lines.push('12345,+4915100000000,0', `${imsi(0)},,1`, `${imsi(99)},=HYPERLINK(x),0`);
    const name = `e2e-sims-${stamp}.csv`;
    await page.getByLabel('What the file holds').selectOption('SIM');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`${name} was uploaded`).waitFor();

    // §4: the list refreshes 5 s after the upload; progress then follows the worker to 100 %
    const row = page.getByTestId('import-row').filter({ hasText: name });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByRole('progressbar').getAttribute('aria-valuenow'), { timeout: 20_000 }).toBe('100');
    await row.getByText('Finished').waitFor();
    await expect.poll(() => row.locator('td.num').allTextContents()).toEqual(['43', '40 (93 %)', '3']);
    await screenshot(page, 'imports-list');

    await row.getByRole('button', { name: 'Errors (3)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('import-errors').waitFor();
    await expect
      .poll(() => dialog.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))))
      .toEqual([
      ['42', 'imsi', '12345', 'IMSI must have 15 digits'],
      ['43', 'imsi', imsi(0), 'Duplicate entry: same as line 2'],
      ['44', 'gsm_number', '=HYPERLINK(x)', 'Phone must have 8 to 15 digits'],
    ]);
    await screenshot(page, 'imports-errors');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV with errors' }).click()]);
    expect(download.suggestedFilename()).toBe(`e2e-sims-${stamp}-report.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(csv[0]).toBe('imsi,gsm_number,status,error');
    // the phone number stays readable in a spreadsheet (a text formula, no apostrophe); the formula cell is neutralised
    expect(csv[41]).toBe('12345,+4915100000000,0,IMSI must have 15 digits');
    expect(csv[43]).toBe(`${imsi(99)},'=HYPERLINK(x),0,Phone must have 8 to 15 digits`);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
  });

  it('mass import: says how many IMEIs the file held and how many are now in the database', async () => {
    await page.goto(`${e2e().baseUrl}/admin/import/mass`);
    await page.getByRole('heading', { name: 'Mass import of IMEIs' }).waitFor();
    const [seeded] = await sql<{ imei: string }>('select imei from device order by id limit 1');
    const imeis = [`8600${stamp}001`, `8600${stamp}002`, seeded!.imei];
    await page.getByLabel('Device type', { exact: true }).selectOption('1');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'imeis.csv', mimeType: 'text/csv', buffer: Buffer.from(imeis.join('\n')) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const last = page.getByTestId('last-upload');
    await last.getByText('3 IMEIs found in the file, 3 now in the database.').waitFor({ timeout: 20_000 });
    await expect.poll(() => last.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await screenshot(page, 'imports-mass');
  });

  it('AT&T devices with SIM: uploads a file on its screen and follows it to the end', async () => {
    await page.goto(`${e2e().baseUrl}/admin/import/attdevice`);
    await page.getByRole('heading', { name: 'Import AT&T-style devices with SIM cards' }).waitFor();
    const file = ['imei;imsi;device_type_id', `8601${stamp}001;31041${stamp}01;1`, `8601${stamp}002;31041${stamp}01;1`].join('\n');
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'att.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const last = page.getByTestId('last-upload');
    await last.getByText('2 lines, 1 imported, 1 with errors').waitFor({ timeout: 20_000 });
    await screenshot(page, 'imports-attdevice');
  });

  it('help file: uploads a new one and offers it', async () => {
    await page.goto(`${e2e().baseUrl}/admin/help/upload`);
    await page.getByTestId('help-file').getByText('console-help.pdf').waitFor();
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'imports-help.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 help') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('help-file').getByText('imports-help.pdf').waitFor();
    await screenshot(page, 'imports-help');
  });

  it('enters one SIM card by hand and is told a repeat is a duplicate', async () => {
    await page.goto(`${e2e().baseUrl}/admin/import/sim`);
    await page.getByLabel('IMSI').fill(imsi(500));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/Imported \(id \d+\)/).waitFor();
    await page.getByLabel('IMSI').fill(imsi(500));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Duplicate entry' }).first().waitFor();
    await screenshot(page, 'imports-sim');
  });
});
