import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, simInbound, simKnobs as knobs, sql } from './browser.js';

// api -> worker -> SMS through fleet-sim -> the watch downloads from fleet-sim's FTP server -> reports by SMS -> api:
// wait for what the page shows, as long as a loaded machine may need
const SLOW = { timeout: 90_000 };
// Partner B bands on a seeded version: the devices the other journeys leave alone
const FROM_VERSION = 'PB1.0.3';

describe('admin: firmware rollouts to the simulated watches', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await signedInPage(browser, 'admin');
  });
  afterAll(async () => {
    await knobs({ fotaStallRate: 0 }).catch(() => undefined);
    await browser?.close();
  });

  it('/admin/fup/upload names the first missing field, then streams the binary to the FTP server', async () => {
    await page.goto(`${e2e().baseUrl}/admin/fup/upload`);
    const form = page.getByRole('form', { name: 'Upload firmware' });
    await form.getByRole('button', { name: 'Upload' }).click();
    await form.getByText('Choose an FTP server').first().waitFor();
    await form.getByLabel('FTP server').selectOption('1');
    await form.getByLabel('Type').selectOption('3');
    await form.getByRole('button', { name: 'Upload' }).click();
    await form.getByText('Choose a file').first().waitFor();
    await form.getByLabel('File').setInputFiles({ name: 'band-2.0.0.bin', mimeType: 'application/octet-stream', buffer: randomBytes(64 * 1024) });
    await form.getByLabel('Name').fill('Band firmware');
    await form.getByLabel('Version').fill('PB2.0.0');
    await form.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Band firmware PB2.0.0 uploaded').waitFor(SLOW);
    await page.goto(`${e2e().baseUrl}/admin/fup/binaries`);
    await page.getByTestId('binaries-table').getByText('PB2.0.0').waitFor();
  });

  it('/admin/fup/add: a rollout by version, confirmed, fills the activity in live until the devices finished', async () => {
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(DISTINCT gsm_number)::int AS n FROM device WHERE device_type_id = 3 AND firmware = $1 AND device_status <> 3 AND enabled AND gsm_number IS NOT NULL`,
      [FROM_VERSION],
    );
    expect(n).toBeGreaterThan(0);
    await page.goto(`${e2e().baseUrl}/admin/fup/add`);
    const binary = page.getByRole('combobox', { name: 'Binary' });
    await binary.locator('option', { hasText: 'PB2.0.0' }).waitFor({ state: 'attached' });
    const value = await binary.locator('option', { hasText: 'PB2.0.0' }).getAttribute('value');
    await binary.selectOption(value!);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('By version').check();
    await page.getByLabel('For version').fill(FROM_VERSION);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Wave size').fill('10');
    await page.getByLabel('Comment').fill('e2e rollout by version');
    await page.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start this rollout?' });
    await dialog.getByText(`By version ${FROM_VERSION}`).waitFor();
    await dialog.getByRole('button', { name: 'Start rollout' }).click();
    await page.waitForURL('**/admin/fup/upgrade');
    const [req] = await sql<{ id: number; total: number }>("SELECT id, total FROM firmware_upload_request WHERE comment = 'e2e rollout by version'");
    expect(req!.total).toBe(n);
    await page.getByTestId(`request-row-${req!.id}`).waitFor();

    // the activity of that request, refreshed while it runs: rows turn Finished one wave after the other
    await page.getByTestId(`request-row-${req!.id}`).getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL(`**/admin/fup/ota_activity?request_id=${req!.id}`);
    const table = page.getByTestId('activity-table');
    await table.getByText('Finished').first().waitFor(SLOW);
    await screenshot(page, 'firmware-activity');
    await expect
      .poll(async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM firmware_ota_activity WHERE request_id = $1 AND status = 2', [req!.id]))[0]!.n, SLOW)
      .toBe(n);
    await page.goto(`${e2e().baseUrl}/admin/fup/upgrade`);
    await page.getByTestId(`state-${req!.id}`).getByText('Finished').waitFor(SLOW);
    await expect.poll(() => page.getByTestId(`counts-${req!.id}`).textContent(), SLOW).toContain(`${n} of ${n} finished, 0 failed`);
    await screenshot(page, 'firmware-upgrade');
  });

  it('/admin/fup/upgrade: stop a running request after the confirmation; nothing more is sent', async () => {
    // the watches say "downloading" and then nothing: the request stays running until it is stopped
    await knobs({ fotaStallRate: 1 });
    const [bin] = await sql<{ id: number }>("SELECT id FROM firmware_binary WHERE version = 'PB2.0.0'");
    const imeis = (await sql<{ imei: string }>("SELECT imei FROM device WHERE device_type_id = 3 AND gsm_number IS NOT NULL AND device_status <> 3 AND firmware <> 'PB2.0.0' ORDER BY id LIMIT 3")).map((d) => d.imei);
    await page.goto(`${e2e().baseUrl}/admin/fup/add`);
    await page.getByRole('combobox', { name: 'Binary' }).selectOption(String(bin!.id));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Custom list').check();
    await page.getByLabel('Devices (IMEIs)').fill(imeis.map((i) => `${i.slice(0, 5)}-${i.slice(5)}`).join(';\n'));
    await page.getByTestId('list-count').getByText('3 of at most 100 devices').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Comment').fill('e2e rollout to stop');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('dialog', { name: 'Start this rollout?' }).getByRole('button', { name: 'Start rollout' }).click();
    await page.waitForURL('**/admin/fup/upgrade');
    const [req] = await sql<{ id: number }>("SELECT id FROM firmware_upload_request WHERE comment = 'e2e rollout to stop'");
    await expect
      .poll(async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM firmware_ota_activity WHERE request_id = $1 AND status = 1', [req!.id]))[0]!.n, SLOW)
      .toBe(3);
    await page.getByTestId(`stop-${req!.id}`).click();
    const dialog = page.getByRole('dialog', { name: `Stop request ${req!.id}?` });
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await page.getByTestId(`state-${req!.id}`).getByText('Stopped').waitFor(SLOW);
    await page.getByTestId(`stop-${req!.id}`).waitFor({ state: 'detached' });
    const [row] = await sql<{ status: number; state: string }>('SELECT status, state FROM firmware_upload_request WHERE id = $1', [req!.id]);
    expect(row).toEqual({ status: 1, state: 'stopped' });
    await screenshot(page, 'firmware-stopped');
  });
  it('/admin/fup/upgrade: a halted request\'s reason counts the failures that come in after the halt, with the counts', async () => {
    // the watches say "downloading" and then nothing; each one's final report is then sent by the journey, one by one
    await knobs({ fotaStallRate: 1 });
    const [bin] = await sql<{ id: number }>("SELECT id FROM firmware_binary WHERE version = 'PB2.0.0'");
    const devices = await sql<{ imei: string; gsm_number: string }>(
      `SELECT imei, gsm_number FROM device d WHERE device_type_id = 3 AND gsm_number IS NOT NULL AND device_status <> 3 AND firmware <> 'PB2.0.0'
          AND NOT EXISTS (SELECT 1 FROM device o WHERE o.gsm_number = d.gsm_number AND o.id <> d.id)
          AND NOT EXISTS (SELECT 1 FROM firmware_ota_activity a WHERE a.device_id = d.id)
        ORDER BY id DESC LIMIT 3`,
    );
    expect(devices).toHaveLength(3);
    await page.goto(`${e2e().baseUrl}/admin/fup/add`);
    await page.getByRole('combobox', { name: 'Binary' }).selectOption(String(bin!.id));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Custom list').check();
    await page.getByLabel('Devices (IMEIs)').fill(devices.map((d) => d.imei).join('\n'));
    await page.getByTestId('list-count').getByText('3 of at most 100 devices').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    // one wave of 3; a failed share above 20 % halts it: the first failure does
    await page.getByLabel('Wave size').fill('3');
    await page.getByLabel('Error threshold (%)').fill('20');
    await page.getByLabel('Comment').fill('e2e rollout that halts');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('dialog', { name: 'Start this rollout?' }).getByRole('button', { name: 'Start rollout' }).click();
    await page.waitForURL('**/admin/fup/upgrade');
    const [req] = await sql<{ id: number }>("SELECT id FROM firmware_upload_request WHERE comment = 'e2e rollout that halts'");
    const id = req!.id;
    await expect
      .poll(async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM firmware_ota_activity WHERE request_id = $1 AND status = 1', [id]))[0]!.n, SLOW)
      .toBe(3);
    // the halt reason and the counts beside it, read from one rendering of the row
    const row = page.getByTestId(`request-row-${id}`);
    const shown = () => row.evaluate((el) => [el.querySelector('.fw-halt')?.textContent ?? '', el.querySelector(`[data-testid^="counts-"]`)?.textContent ?? '']);
    const halt = (failed: number) => `Halted: ${failed} of 3 devices of wave 1 failed, more than the threshold of 20 %`;

    await simInbound(devices[0]!.gsm_number, `FOTA:ERR,${id},CHECKSUM`);
    await row.getByTestId(`state-${id}`).getByText('Halted').waitFor(SLOW);
    await expect.poll(shown, SLOW).toEqual([halt(1), '0 of 3 finished, 1 failed, 2 open · wave 1/1']);
    await screenshot(page, 'firmware-halted');
    // a device that was downloading when it halted fails afterwards: the reason says so with the counts, no reload
    await simInbound(devices[1]!.gsm_number, `FOTA:ERR,${id},NO_SPACE`);
    await expect.poll(shown, SLOW).toEqual([halt(2), '0 of 3 finished, 2 failed, 1 open · wave 1/1']);
    // the last one finishes: the failures stay two
    await simInbound(devices[2]!.gsm_number, `FOTA:OK,${id},PB2.0.0`);
    await expect.poll(shown, SLOW).toEqual([halt(2), '1 of 3 finished, 2 failed, 0 open · wave 1/1']);
    await screenshot(page, 'firmware-halted-settled');
  }, 200_000);
});
