import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, sql } from './browser.js';

// the push to all goes api -> worker -> fleet-sim -> callbacks and replies -> api, for every device of a type
const SLOW = { timeout: 90_000 };

describe('admin: translations, default settings and wifi access points, add and edit', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await signedInPage(browser, 'admin', { refuseTiles: true });
  });
  afterAll(async () => browser?.close());

  it('/admin/translations: adds an HTML text (sanitised, shown as text) and edits it', async () => {
    // reached from the header menu, under Admin
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('button', { name: /Admin/ }).click();
    await menu.getByRole('link', { name: 'Translations' }).click();
    await page.waitForURL('**/admin/translations**');
    await page.getByRole('heading', { name: 'Translations' }).waitFor();
    await page.goto(`${e2e().baseUrl}/admin/translations?language=de`);
    await page.getByRole('button', { name: 'Add translation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key').fill('E2E.promo');
    await dialog.getByLabel('Device type').selectOption({ index: 0 });
    await dialog.getByLabel('Value', { exact: true }).fill('<b>Hallo</b><script>alert(1)</script>');
    await dialog.getByLabel('The value is HTML').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByLabel('Filter by key or value').fill('E2E.promo');
    const row = page.getByTestId('translation-row');
    await expect.poll(() => row.count()).toBe(1);
    // stored sanitised, shown escaped: the markup is text, not bold
    await expect.poll(() => row.getByTestId('translation-value').textContent()).toBe('<b>Hallo</b>');
    expect(await row.locator('b').count()).toBe(0);

    await row.getByRole('button', { name: 'Edit E2E.promo' }).click();
    await dialog.getByLabel('Value', { exact: true }).fill('<i>Servus</i>');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('translation-value').textContent()).toBe('<i>Servus</i>');
    const [stored] = await sql<{ value: string; language_code: string }>(`SELECT value, language_code FROM translation WHERE key = 'E2E.promo'`);
    expect(stored).toEqual({ value: '<i>Servus</i>', language_code: 'de' });
    await screenshot(page, 'admin-translations');
  });

  it('/admin/defaultSettings: adds and edits a default, then pushes one to every device of the type and follows the campaign', async () => {
    const [type] = await sql<{ id: number }>(
      'SELECT t.id FROM device_type t ORDER BY (SELECT count(*) FROM device d WHERE d.device_type_id = t.id), t.id LIMIT 1',
    );
    await page.goto(`${e2e().baseUrl}/admin/defaultSettings?type=${type!.id}`);
    await page.getByTestId('default-row').first().waitFor();
    await page.getByRole('button', { name: 'Add default' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('No.').fill('601');
    await dialog.getByLabel('Name').fill('location_interval');
    await dialog.getByLabel('Value').fill('7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // §9: 7 seconds is no location interval; the field says why
    await dialog.getByText(/location interval/i).waitFor();
    await dialog.getByLabel('Value').fill('600');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit setting 601' }).click();
    await dialog.getByLabel('Value').fill('900');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await sql<{ value: string }>('SELECT value FROM default_setting WHERE device_type_id = $1 AND setting_no = 601', [type!.id]))[0]?.value)
      .toBe('900');

    // the api answers first how many devices the push reaches and which the command ledger refuses (docs/sms.md)
    const [n] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE device_type_id = $1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3', [type!.id]);
    const [all] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM device WHERE device_type_id = $1', [type!.id]);
    await page.getByRole('button', { name: 'Push setting 9 to every device' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send the command?' });
    await expect.poll(() => confirm.getByTestId('confirm-count').textContent()).toContain(`${n!.n} device(s)`);
    await confirm.getByRole('button', { name: `Send (${n!.n})` }).click();
    const progress = page.getByTestId('campaign-progress');
    await progress.getByTestId('campaign-state').getByText('Done').waitFor(SLOW);
    await expect.poll(() => progress.getByTestId('campaign-total').locator('dd').textContent()).toBe(String(n!.n));
    await expect.poll(() => progress.getByTestId('campaign-refused').locator('dd').textContent()).toBe(String(all!.n - n!.n));
    await screenshot(page, 'admin-default-settings-push');
  }, 180_000);

  it('/geolocation: adds an access point (a §5 message first), edits it on its map, finds it and deletes it', async () => {
    await page.goto(`${e2e().baseUrl}/geolocation/search`);
    await page.getByRole('link', { name: 'Add access point' }).click();
    await page.getByLabel('MAC address').fill('02-e2-e2-00-00-01');
    await page.getByLabel('Latitude').fill('91');
    await page.getByLabel('Longitude').fill('11.5');
    await page.getByRole('button', { name: 'Save' }).click();
    // the field says it (the error toast too)
    await page.getByRole('form', { name: 'Add wifi access point' }).getByText('Latitude may range from -90 to 90').waitFor();
    await page.getByLabel('Latitude').fill('48.137');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/geolocation\/edit\/02E2E2000001$/);
    await page.getByRole('heading', { name: 'Wifi access point 02:E2:E2:00:00:01' }).waitFor();
    await page.locator('.leaflet-container').waitFor();

    await page.getByLabel('MAC address').fill('02:E2:E2:00:00:02');
    await page.getByLabel('Fixed').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/geolocation\/edit\/02E2E2000002$/);
    const [saved] = await sql('SELECT mac, latitude, fixed FROM wifi_access_point WHERE mac LIKE $1', ['02E2E2%']);
    expect(saved).toEqual({ mac: '02E2E2000002', latitude: 48.137, fixed: true });

    // §6: role 1 edits a field's help tooltip in place; the text is stored and read again after a reload
    await page.getByTestId('help-geolocation.wifi.fixed').click();
    const tip = page.getByRole('tooltip');
    // the seed's stored text (seed/catalog.ts HELP_TEXTS)
    await tip.getByText('keep their position').waitFor();
    await tip.getByRole('button', { name: 'Edit' }).click();
    await tip.getByLabel('Help text').fill('E2E: staff placed this point');
    await tip.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await sql<{ text: string }>(`SELECT text FROM help_text WHERE locale_path = 'geolocation.wifi.fixed' AND language_code = 'en'`))[0]?.text)
      .toBe('E2E: staff placed this point');
    await page.reload();
    await page.getByTestId('help-geolocation.wifi.fixed').click();
    await page.getByRole('tooltip').getByText('E2E: staff placed this point').waitFor();
    await screenshot(page, 'admin-wifi-edit');

    // sorted by the server from a header: latitude, highest first after a second click
    await page.goto(`${e2e().baseUrl}/geolocation/search`);
    const latitude = page.getByRole('columnheader', { name: 'Latitude' });
    await latitude.getByRole('button').click();
    await page.waitForURL(/sort=latitude&dir=asc/);
    await latitude.getByRole('button').click();
    await page.waitForURL(/sort=latitude&dir=desc/);
    await expect.poll(() => latitude.getAttribute('aria-sort')).toBe('descending');
    const [highest] = await sql<{ mac: string }>('SELECT mac FROM wifi_access_point ORDER BY latitude DESC, mac LIMIT 1');
    await expect.poll(() => page.getByTestId('wifi-row').first().locator('td').first().textContent()).toBe(highest!.mac.match(/../g)!.join(':'));
    await screenshot(page, 'admin-wifi-search-sorted');

    await page.getByLabel('MAC (start)').fill('02:e2:e2');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('wifi-row').count()).toBe(1);
    await page.getByRole('link', { name: '02:E2:E2:00:00:02' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/geolocation\/search$/);
    expect(await sql('SELECT 1 FROM wifi_access_point WHERE mac LIKE $1', ['02E2E2%'])).toEqual([]);
  });
});
