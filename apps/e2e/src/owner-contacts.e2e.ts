import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, signedInPage, sql } from './browser.js';

// The owner workspace's contacts, safe zones and add-device wizard in the browser (docs/owner-workspace.md): a contact
// edited with a §5 violation, then fixed and saved; leaving with unsaved changes and answering the prompt; a safe
// zone drawn on the map and saved; a device added by IMSI and seen on the profile; a wifi access point placed and moved.

type Owner = { id: number; device: number };

describe('admin: contacts, safe zones and add device of an owner', () => {
  let browser: Browser;
  let page: Page;
  let owner: Owner;
  let contact: number;

  beforeAll(async () => {
    // an owner of a type-1 watch, with one contact of its own on that watch
    [owner] = (await sql<Owner>(
      `SELECT d.owner_id AS id, d.id AS device FROM device d WHERE d.device_type_id = 1 AND d.owner_id IS NOT NULL AND d.enabled
       ORDER BY d.id DESC LIMIT 1`,
    )) as [Owner];
    const [c] = await sql<{ id: number }>(
      `INSERT INTO contact (user_id, first_name, last_name, phone, relationship) VALUES ($1, 'Edith', 'Example', '+4915100000550', 'Aunt') RETURNING id`,
      [owner.id],
    );
    contact = c!.id;
    await sql('INSERT INTO contact_device (contact_id, device_id) VALUES ($1, $2)', [contact, owner.device]);
    browser = await launch();
    page = await signedInPage(browser, 'admin', { refuseTiles: true });
  });
  afterAll(async () => browser?.close());

  const openContact = async () => {
    await page.getByTestId('contacts-table').getByRole('button', { name: 'Edith Example' }).click();
    await page.getByTestId('contact-editor').waitFor();
  };

  it('edits a contact: a phone of 3 digits is refused with the §5 message, the fixed one is saved', async () => {
    await page.goto(`${e2e().baseUrl}/owner/${owner.id}/contacts`);
    await openContact();
    await page.getByTestId('contact-phone').fill('123');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-editor').getByText('Phone must have 8 to 15 digits').waitFor();
    await screenshot(page, 'owner-contact-invalid');
    await page.getByTestId('contact-phone').fill('+4915100000555');
    await page.getByTestId('contact-save').click();
    await page.getByText('Contact saved.').waitFor();
    await expect.poll(async () => (await sql('SELECT phone FROM contact WHERE id = $1', [contact]))[0].phone).toBe('+4915100000555');
  });

  it('leaving with unsaved changes asks; No leaves without saving, Yes saves and leaves', async () => {
    const tabs = page.getByRole('navigation', { name: 'Owner sections' });
    await page.getByTestId('contact-relationship').fill('Godmother');
    await tabs.getByRole('link', { name: 'Safe zones' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await dialog.waitFor();
    await screenshot(page, 'owner-contact-unsaved-prompt');
    await dialog.getByRole('button', { name: 'No' }).click();
    await page.waitForURL('**/safeZones');
    expect((await sql('SELECT relationship FROM contact WHERE id = $1', [contact]))[0].relationship).toBe('Aunt');

    await tabs.getByRole('link', { name: 'Contacts' }).click();
    await openContact();
    await page.getByTestId('contact-relationship').fill('Godmother');
    // the browser's back button is stopped too
    await page.goBack();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL('**/safeZones');
    await expect.poll(async () => (await sql('SELECT relationship FROM contact WHERE id = $1', [contact]))[0].relationship).toBe('Godmother');
  });

  it('draws a safe zone on the map (click to place, drag the radius) and saves it', async () => {
    const map = page.getByRole('region', { name: 'Safe zones map' });
    // the map opens at zoom 4 (the continent); a pan or zoom in progress marks it aria-busy
    const settled = async () => expect.poll(async () => map.getAttribute('aria-busy'), { timeout: 30_000 }).toBeNull();
    const zoom = async () => Number(await map.getAttribute('data-zoom'));
    const [{ n: zones }] = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM safe_zone WHERE user_id = $1', [owner.id])) as [{ n: number }];
    if (zones > 0) {
      // the list of zones opens on them (fitted to their circles), so the new zone is placed among them
      await expect.poll(zoom, { timeout: 30_000 }).toBeGreaterThan(4);
      await settled();
    }
    await page.getByTestId('zone-add').click();
    await page.getByTestId('zone-name').fill('E2E Park');
    await map.click();
    await expect.poll(() => page.getByTestId('zone-centre').textContent()).toMatch(/Centre: -?\d+(\.\d+)?, -?\d+(\.\d+)?/);
    const edge = page.locator('.map-handle--edge');
    await edge.waitFor();
    // the map fits the new circle (animated when the zoom changes a little): grab the handle where it comes to rest
    await settled();
    const box = (await edge.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 20, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await page.getByTestId('zone-radius').inputValue())).not.toBe(200);
    await page.getByTestId('zone-devices').getByRole('checkbox').first().check();
    await screenshot(page, 'owner-safe-zone-drawn');
    await page.getByTestId('zone-save').click();
    await page.getByText('Safe zone saved.').waitFor();
    const [z] = await sql<{ radius: number; n: number }>(
      `SELECT z.radius, (SELECT count(*)::int FROM safe_zone_device zd WHERE zd.safe_zone_id = z.id) AS n FROM safe_zone z WHERE z.user_id = $1 AND z.name = 'E2E Park'`,
      [owner.id],
    );
    expect(z).toBeDefined();
    expect(z!.n).toBe(1);
    expect(z!.radius).toBeGreaterThan(0);
    expect(z!.radius).toBeLessThanOrEqual(500);
    expect(z!.radius).not.toBe(200);

    // with no zone open, the map shows the owner's zones, the new one among them, not the continent (zoom 4)
    await page.reload();
    await page.getByTestId('zones-table').getByRole('button', { name: 'E2E Park' }).waitFor();
    await expect.poll(zoom, { timeout: 30_000 }).toBeGreaterThan(4);
  });

  it('adds a device by IMSI: the SIM data to confirm, the number prefilled with +, then the device on the profile', async () => {
    const [free] = await sql<{ id: number; imei: string; imsi: string }>(
      `SELECT d.id, d.imei, s.imsi FROM device d JOIN sim_card s ON s.id = d.sim_id
       WHERE d.owner_id IS NULL AND d.enabled AND d.device_type_id = 1 ORDER BY d.id LIMIT 1`,
    );
    await page.getByRole('navigation', { name: 'Owner sections' }).getByRole('link', { name: 'Add device' }).click();
    await page.getByTestId('add-device-param').fill(free!.imsi.slice(0, 14));
    await page.getByTestId('add-device-type').selectOption('1');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Activation code or IMSI must be exactly 15 characters').waitFor();
    await page.getByTestId('add-device-param').fill(free!.imsi);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByTestId('add-device-sim').waitFor();
    expect(await page.getByTestId('add-device-gsm').inputValue()).toMatch(/^\+/);
    await page.getByTestId('add-device-gsm').fill('+4915100000777');
    await screenshot(page, 'owner-add-device-confirm');
    await page.getByTestId('add-device-confirm').click();
    await page.waitForURL(`**/owner/${owner.id}/profile`);
    await page.getByTestId('owner-devices').getByText(free!.imei).waitFor();
    const audit = await sql('SELECT status FROM audit_event WHERE device_id = $1 AND status = 5', [free!.id]);
    expect(audit.length).toBe(1);
  });

  it('adds a wifi access point: a wrong MAC is said as typed, a click on the map places it, dragging moves it, saved', async () => {
    await page.getByRole('navigation', { name: 'Owner sections' }).getByRole('link', { name: 'Wifi access points' }).click();
    await page.getByTestId('wifi-add').click();
    await page.getByTestId('wifi-mac').fill('02:E3:E3');
    await page.getByTestId('wifi-editor').getByText('Wrong MAC address format').waitFor();
    await page.getByTestId('wifi-mac').fill('02:e3:e3:0a:0b:0c');
    const map = page.getByRole('region', { name: 'Wifi access points map' });
    await map.click();
    await expect.poll(async () => page.getByTestId('wifi-latitude').inputValue()).toMatch(/^-?\d+(\.\d+)?$/);
    const placed = Number(await page.getByTestId('wifi-longitude').inputValue());
    const handle = page.locator('.map-handle--centre');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await page.getByTestId('wifi-longitude').inputValue())).toBeGreaterThan(placed);
    await screenshot(page, 'owner-wifi-placed');
    await page.getByTestId('wifi-save').click();
    await page.getByText('Access point saved.').waitFor();
    await page.getByTestId('wifi-table').getByRole('button', { name: '02:E3:E3:0A:0B:0C' }).waitFor();
    const [w] = await sql<{ user_id: number; longitude: number }>('SELECT user_id, longitude FROM wifi_access_point WHERE mac = $1', ['02E3E30A0B0C']);
    expect(w).toMatchObject({ user_id: owner.id });
    expect(w!.longitude).toBeGreaterThan(placed);
  });
});
