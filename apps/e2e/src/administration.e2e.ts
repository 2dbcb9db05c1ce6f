import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, signIn, sql } from './browser.js';

const OUT_OF_SCOPE = '401, You are not authorized to edit this user. You can edit only users of your own partner.';

/** The dialog of a list screen, opened by its add button or a row's edit button. */
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const row = (page: Page, testId: string, text: string) => page.getByTestId(`${testId}-row`).filter({ hasText: text });

describe('administration: users, operators, VoIP centrals and SMS gateways (docs/administration.md)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await signedInPage(browser, 'admin');
  });
  afterAll(async () => browser?.close());

  it('/admin/users/list: adds a user, then edits their role and disables them', async () => {
    await page.goto(`${e2e().baseUrl}/admin/users/list`);
    await page.getByTestId('users-row').first().waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    const add = dialog(page, 'Add user');
    await add.getByLabel('Username').fill('e2e.tier1');
    await add.getByLabel('E-mail').fill('e2e.tier1@example.com');
    await add.getByLabel('Password', { exact: true }).fill('E2e-pass-12');
    await add.getByLabel('Repeat password').fill('E2e-pass-12');
    await add.getByLabel('Role').selectOption('9');
    await add.getByRole('button', { name: 'Save' }).click();
    await row(page, 'users', 'e2e.tier1').waitFor();
    expect(await row(page, 'users', 'e2e.tier1').textContent()).toContain('Tier1');

    await row(page, 'users', 'e2e.tier1').getByRole('button', { name: 'Edit e2e.tier1' }).click();
    const edit = dialog(page, 'Edit user');
    await edit.getByLabel('Role').selectOption('10');
    await edit.getByLabel('Enabled').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(async () => (await sql(`SELECT role_id, enabled FROM backoffice_user WHERE username = 'e2e.tier1'`))[0]).toEqual({ role_id: 10, enabled: false });
    expect(await row(page, 'users', 'e2e.tier1').textContent()).toContain('Manager');
    await screenshot(page, 'admin-users');
  });

  it('/admin/operators: adds an operator with the §9 defaults, then edits its limits', async () => {
    await page.goto(`${e2e().baseUrl}/admin/operators`);
    await page.getByTestId('operators-row').first().waitFor();
    await page.getByRole('button', { name: 'Add operator' }).click();
    const add = dialog(page, 'Add operator');
    expect(await add.getByLabel('Contacts limit').inputValue()).toBe('5');
    await add.getByLabel('Name').fill('E2E Telco');
    await add.getByLabel('MCC (3 digits)').fill('262');
    await add.getByLabel('MNC (2 digits)').fill('09');
    await add.getByLabel('Region').selectOption('SA');
    await add.getByRole('button', { name: 'Save' }).click();
    await row(page, 'operators', 'E2E Telco').waitFor();
    expect(await row(page, 'operators', 'E2E Telco').textContent()).toContain('26209');

    await row(page, 'operators', 'E2E Telco').getByRole('button', { name: 'Edit E2E Telco' }).click();
    const edit = dialog(page, 'Edit operator');
    await edit.getByLabel('Safe zones limit').fill('7');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(async () => (await sql(`SELECT start, region::text AS region, zones_limit, contacts_limit, alarms_limit, terms_key FROM operator WHERE name = 'E2E Telco'`))[0]).toEqual({
      start: '26209', region: 'SA', zones_limit: 7, contacts_limit: 5, alarms_limit: 10, terms_key: 'MOBILE_OPERATORS_TERMS',
    });
  });

  it('/admin/voips: adds a central, then edits its phone', async () => {
    await page.goto(`${e2e().baseUrl}/admin/voips`);
    await page.getByRole('button', { name: 'Add VoIP central' }).click();
    const add = dialog(page, 'Add VoIP central');
    await add.getByLabel('Name').fill('E2E Central');
    await add.getByLabel('Phone').fill('0049 30 555 0100');
    await add.getByRole('button', { name: 'Save' }).click();
    await row(page, 'voips', 'E2E Central').getByText('+49305550100').waitFor();
    await row(page, 'voips', 'E2E Central').getByRole('button', { name: 'Edit E2E Central' }).click();
    const edit = dialog(page, 'Edit VoIP central');
    await edit.getByLabel('Phone').fill('+49305550101');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'voips', 'E2E Central').getByText('+49305550101').waitFor();
  });

  it('/admin/gateways: adds a gateway, is refused a code another gateway serves, then edits its codes', async () => {
    await page.goto(`${e2e().baseUrl}/admin/gateways`);
    await page.getByRole('button', { name: 'Add gateway' }).click();
    const add = dialog(page, 'Add SMS gateway');
    await add.getByLabel('Name').fill('E2E Gateway');
    await add.getByLabel('Allowed phone codes').fill(' +7, , 380 ');
    await add.getByLabel('Sender number').fill('0049 157 3598 0077');
    await add.getByLabel('Messages per second').fill('0');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('Messages per second must be a whole number from 1 to 1000').waitFor();
    await add.getByLabel('Messages per second').fill('20');
    await add.getByRole('button', { name: 'Save' }).click();
    await row(page, 'gateways', 'E2E Gateway').getByText('+7, +380').waitFor();
    expect(await row(page, 'gateways', 'E2E Gateway').textContent()).toContain('+4915735980077');

    await row(page, 'gateways', 'E2E Gateway').getByRole('button', { name: 'Edit E2E Gateway' }).click();
    const edit = dialog(page, 'Edit SMS gateway');
    await edit.getByLabel('Allowed phone codes').fill('+7, +49');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Phone code +49 is already served by gateway Development gateway (fleet-sim)').waitFor();
    await edit.getByLabel('Allowed phone codes').fill('+7, +375');
    await edit.getByLabel('API URL').fill('https://gw.example.com/');
    await edit.getByLabel('Enabled').uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await row(page, 'gateways', 'E2E Gateway').getByText('+7, +375').waitFor();
    await expect.poll(async () => (await sql(`SELECT url, from_number, rate_per_second, enabled FROM sms_gateway WHERE name = 'E2E Gateway'`))[0]).toEqual({
      url: 'https://gw.example.com', from_number: '+4915735980077', rate_per_second: 20, enabled: false,
    });

    // the list sorts by a header, in the browser (a short list): by rate, then the other way round
    const rate = page.getByRole('columnheader', { name: 'Messages per second' });
    await rate.getByRole('button').click();
    await expect.poll(() => rate.getAttribute('aria-sort')).toBe('ascending');
    const rates = async () => (await page.getByTestId('gateways-row').locator('td.num').allTextContents()).map(Number);
    expect(await rates()).toEqual([...(await rates())].sort((a, b) => a - b));
    await rate.getByRole('button').press('Enter');
    await expect.poll(() => rate.getAttribute('aria-sort')).toBe('descending');
    expect(await rates()).toEqual([...(await rates())].sort((a, b) => b - a));
    await screenshot(page, 'admin-gateways');
  });

  it("a partner manager sees only its partner's users and is refused when it tries to assign role 1", async () => {
    const manager = await browser.newPage({ locale: 'en-US', viewport: { width: 1440, height: 960 } });
    try {
      await signIn(manager, 'partnera-manager');
      await manager.goto(`${e2e().baseUrl}/admin/users/list`);
      await row(manager, 'users', 'partnera-tier1').waitFor();
      expect(await manager.getByTestId('users-row').filter({ hasText: 'partnerb-' }).count()).toBe(0);
      await manager.getByRole('button', { name: 'Add user' }).click();
      const add = dialog(manager, 'Add user');
      const roles = await add.getByLabel('Role').locator('option').allTextContents();
      expect(roles).not.toContain('Administrator');
      await add.getByLabel('Username').fill('e2e.sneaky');
      await add.getByLabel('Password', { exact: true }).fill('E2e-pass-12');
      await add.getByLabel('Repeat password').fill('E2e-pass-12');
      // the console offers roles 12 and 13 only; a tampered form sends role 1, and the api refuses it
      await add.getByLabel('Role').evaluate((select) => {
        // page-side: the e2e project has no DOM types
        const page = globalThis as unknown as { Option: new (text: string, value: string) => unknown };
        (select as unknown as { add: (option: unknown) => void }).add(new page.Option('Administrator', '1'));
      });
      await add.getByLabel('Role').selectOption('1');
      await add.getByRole('button', { name: 'Save' }).click();
      await manager.getByTestId('toast-error').filter({ hasText: OUT_OF_SCOPE }).waitFor();
      await add.getByText(OUT_OF_SCOPE).waitFor();
      expect(await sql(`SELECT 1 FROM backoffice_user WHERE username = 'e2e.sneaky'`)).toHaveLength(0);
      await screenshot(manager, 'admin-users-out-of-scope');
    } finally {
      await manager.close();
    }
  });
});
