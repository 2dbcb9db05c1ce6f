import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, sendFromSmsTab, signedInPage, sql } from './browser.js';

/** Watches of type 1 with a number: fleet-sim plays them (docs/fleet-sim.md) and answers their commands. */
type Watch = { id: number; gsm_number: string };

// a round trip goes api -> worker -> fleet-sim -> status callbacks and the watch's reply -> api: wait for what the
// page shows, as long as a loaded CI machine may need
const SLOW = { timeout: 45_000 };

describe('admin: SMS to the simulated watches, one and many, and the traffic search', () => {
  let browser: Browser;
  let page: Page;
  let watches: Watch[];

  beforeAll(async () => {
    watches = await sql<Watch>(
      `SELECT id, gsm_number FROM device
       WHERE device_type_id = 1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3 AND owner_id IS NOT NULL
       ORDER BY id LIMIT 5`,
    );
    expect(watches).toHaveLength(5);
    // the fifth watch is disabled: the command ledger refuses it (docs/sms.md "The command ledger")
    await sql('UPDATE device SET enabled = false WHERE id = $1', [watches[4]!.id]);
    browser = await launch();
    page = await signedInPage(browser, 'admin', { acceptDownloads: true, refuseTiles: true });
  });
  afterAll(async () => {
    await browser?.close();
    if (watches?.[4]) await sql('UPDATE device SET enabled = true WHERE id = $1', [watches[4].id]);
  });

  it('device /sms tab: a command to one watch turns received, with the watch reply under it', async () => {
    const w = watches[0]!;
    // the stored message: its row is on the list and its status turns live
    const smsId = await sendFromSmsTab(page, w.id, 'STATUS', SLOW);
    const row = page.getByTestId(`sms-${smsId}`);
    await row.getByTestId('sms-status').getByText('Received').waitFor(SLOW);
    const reply = page.getByTestId(`sms-reply-${smsId}`);
    await reply.waitFor(SLOW);
    await expect.poll(() => reply.textContent(), SLOW).toMatch(/STATUS:BAT=\d+%/);
    await screenshot(page, 'sms-device-tab');
  });

  it('settings tab: a pushed setting is pending, then confirmed by the watch', async () => {
    const w = watches[1]!;
    await page.goto(`${e2e().baseUrl}/device/${w.id}/settings`);
    const row = page.getByTestId('setting-location_interval');
    await row.waitFor();
    const before = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1 AND command_key = 'SETTING_1'`, [w.id]);
    await row.getByRole('button', { name: 'Push location_interval to the device' }).click();
    // the push is stored; the watch answers SETTING,1,<value>:OK and the row says Confirmed
    await expect
      .poll(async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM sms_message WHERE device_id = $1 AND command_key = 'SETTING_1'`, [w.id]))[0]!.n, SLOW)
      .toBe(before[0]!.n + 1);
    await row.getByTestId('setting-confirmed').waitFor(SLOW);
    await expect
      .poll(async () => (await sql<{ synced: boolean }>(`SELECT synced FROM device_setting WHERE device_id = $1 AND setting_no = 1`, [w.id]))[0]?.synced, SLOW)
      .toBe(true);
    await screenshot(page, 'sms-setting-confirmed');
  });

  it('/admin/sendSMS: a bulk send with a refused device is confirmed with the api\'s count, then followed until every other watch received it', async () => {
    const ids = watches.slice(1, 5).map((w) => w.id);
    const disabled = watches[4]!;
    const campaigns = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM sms_campaign'))[0]!.n;
    const before = await campaigns();
    await page.goto(`${e2e().baseUrl}/admin/sendSMS`);
    const form = page.getByRole('form', { name: 'Send SMS' });
    await form.getByLabel('Device type').selectOption('1');
    await form.getByLabel('SMS command').selectOption('LOCATE');
    // repeats and blanks are dropped: four devices, one of them disabled
    await form.getByLabel('Device ids (comma-separated)').fill(`${ids.join(', ')}, ${ids[0]}`);
    await expect.poll(() => page.getByTestId('device-count').textContent()).toBe('Devices: 4');
    await form.getByRole('button', { name: 'Send' }).click();
    // the api's answer: three devices get it, the disabled one is refused with its reason; nothing started yet
    const dialog = page.getByRole('dialog', { name: 'Send the command?' });
    await expect.poll(() => dialog.getByTestId('confirm-count').textContent()).toContain('3 device(s)');
    const refused = dialog.getByTestId('refused-devices');
    await refused.getByText('The device is disabled').waitFor();
    await refused.getByText(String(disabled.id), { exact: true }).waitFor();
    expect(await campaigns()).toBe(before);
    await screenshot(page, 'sms-bulk-confirm');
    await dialog.getByRole('button', { name: 'Send (3)' }).click();
    const progress = page.getByTestId('campaign-progress');
    await progress.getByTestId('campaign-state').getByText('Done').waitFor(SLOW);
    await expect.poll(() => progress.getByTestId('campaign-received').locator('dd').textContent(), SLOW).toBe('3');
    await expect.poll(() => progress.getByTestId('campaign-errors').locator('dd').textContent()).toBe('0');
    await expect.poll(() => progress.getByTestId('campaign-refused').locator('dd').textContent()).toBe('1');
    await screenshot(page, 'sms-bulk-done');
    // every enabled watch got the message once, the disabled one nothing (fleet-sim's handsets)
    for (const w of watches.slice(1, 4)) {
      const r = await fetch(`${e2e().fleetSimUrl}/control/handsets?to=${encodeURIComponent(w.gsm_number)}`);
      expect(JSON.stringify(await r.json())).toContain('WHERE#');
    }
    const none = await fetch(`${e2e().fleetSimUrl}/control/handsets?to=${encodeURIComponent(disabled.gsm_number)}`);
    expect(JSON.stringify(await none.json())).not.toContain('WHERE#');
  });

  it('device /sms tab: an alarm the watch sends on its own is shown as one, in red, never as a reply', async () => {
    const w = watches[0]!;
    const r = await fetch(`${e2e().fleetSimUrl}/control/alarm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: w.gsm_number, kind: 'sos' }) });
    expect(r.status).toBe(201);
    await page.goto(`${e2e().baseUrl}/device/${w.id}/sms`);
    const alarm = page.locator('tr.dw-sms-alarm').first();
    await alarm.getByTestId('sms-kind').getByText('SOS alarm').waitFor(SLOW);
    await screenshot(page, 'sms-alarm');
  });

  it('/admin/traffic: the messages are found by the watch number, with their status', async () => {
    const w = watches[0]!;
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`${e2e().baseUrl}/admin/traffic`);
    await page.getByLabel('Search for').fill(w.gsm_number.replace('+', ''));
    await page.getByLabel('From').fill(today);
    await page.getByLabel('Until (day included)').fill(today);
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByTestId('traffic-results');
    await results.getByText('STATUS#').first().waitFor(SLOW);
    await results.getByText('Received').first().waitFor(SLOW);
    await screenshot(page, 'sms-traffic');
  });
});
