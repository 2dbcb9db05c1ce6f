import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, openPage, screenshot, signIn, sql } from './browser.js';

type Mail = { to: string[]; subject: string; text: string };
/** the part of HTMLAudioElement used here (the e2e project has no DOM types) */
type Media = { muted: boolean; play(): Promise<void>; duration: number; paused: boolean; currentTime: number };

describe('owner workspace: open an owner from the search, play a voice message, send a password reset mail', () => {
  let browser: Browser;
  let page: Page;
  let owner: { id: number; email: string; duration: number };
  beforeAll(async () => {
    browser = await launch();
    page = await openPage(browser, { width: 1366, height: 860 });
    // a seeded owner with voice messages (real WAV audio) and a white label
    [owner] = await sql<{ id: number; email: string; duration: number }>(
      `SELECT o.id, o.email, (SELECT v.duration_seconds FROM voice_message v WHERE v.user_id = o.id ORDER BY v.created DESC, v.id DESC LIMIT 1) AS duration
       FROM owner o WHERE o.white_label_vendor_id IS NOT NULL AND EXISTS (SELECT 1 FROM voice_message v WHERE v.user_id = o.id)
       ORDER BY o.id LIMIT 1`,
    ) as [{ id: number; email: string; duration: number }];
    await signIn(page, 'admin');
  });
  afterAll(async () => browser?.close());

  it('finds the owner by e-mail and opens the profile', async () => {
    await page.getByLabel('Search by').selectOption('email');
    await page.getByLabel('Search for').fill(owner.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('owner-link').first().click();
    await page.waitForURL(`**/owner/${owner.id}/profile`);
    await expect.poll(() => page.getByTestId('owner-email').textContent()).toBe(owner.email);
    await page.getByTestId('owner-facts').waitFor();
    await screenshot(page, 'owner-profile');
  });

  it("names each device's type in the profile's device table, not its id", async () => {
    const devices = await sql<{ imei: string; type: string; type_id: number }>(
      `SELECT d.imei, t.name AS type, t.id AS type_id FROM device d JOIN device_type t ON t.id = d.device_type_id WHERE d.owner_id = $1 ORDER BY d.id`,
      [owner.id],
    );
    expect(devices.length).toBeGreaterThan(0);
    const table = page.getByTestId('owner-devices');
    const typeColumn = await table.getByRole('columnheader').allTextContents();
    const at = typeColumn.indexOf('Type');
    expect(at).toBeGreaterThanOrEqual(0);
    for (const d of devices) {
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: d.imei }) });
      await expect.poll(() => row.getByRole('cell').nth(at).textContent()).toBe(d.type);
      expect(d.type).not.toBe(String(d.type_id));
    }
  });

  it('plays the newest voice message in the browser: the audio decodes to its stored length', async () => {
    await page.getByRole('link', { name: 'Voice messages' }).click();
    await page.getByTestId('voice-open').first().click();
    const audio = page.getByTestId('voice-audio');
    await audio.waitFor();
    const played = await audio.evaluate(async (el) => {
      const a = el as unknown as Media;
      a.muted = true;
      await a.play();
      return { duration: a.duration, paused: a.paused };
    });
    expect(played.paused).toBe(false);
    expect(Math.round(played.duration)).toBe(owner.duration);
    await expect.poll(() => audio.evaluate((el) => (el as unknown as Media).currentTime > 0)).toBe(true);
  });

  it('sends the password reset mail; its link opens the reset page and sets the password', async () => {
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByTestId('password-change').click();
    await page.getByRole('button', { name: 'Send e-mail' }).click();
    await page.getByTestId('toast-success').waitFor();
    const mails = async () => (await (await fetch(`${e2e().fleetSimUrl}/control/mail?to=${encodeURIComponent(owner.email)}`)).json()) as Mail[];
    await expect.poll(async () => (await mails()).length).toBe(1);
    const link = /https?:\/\/\S+\/forgotpassword\/[0-9a-f-]{36}/.exec((await mails())[0]!.text)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(e2e().baseUrl)).toBe(true);
    await page.goto(link!);
    await page.getByText(`New password for ${owner.email}.`).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Owner-new-1');
    await page.getByLabel('Repeat password').fill('Owner-new-1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password has been reset. You can sign in now.').waitFor();
    const [row] = await sql<{ password_hash: string | null }>('SELECT password_hash FROM owner WHERE id = $1', [owner.id]);
    expect(row!.password_hash).toMatch(/^\$2[aby]\$/);
  });
});
