import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The flags this machine needs (no GPU, no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export const e2e = () => inject('e2e');

/** How a journey's page opens: its size (1440x960 unless told), downloads, and whether map tiles are refused. */
export type JourneyPage = { width?: number; height?: number; acceptDownloads?: boolean; refuseTiles?: boolean };

/**
 * A page as the journeys open it: en-US at the given size; with `refuseTiles` the map tiles (from the internet) are
 * refused, so a map draws its layers on a plain background.
 */
export async function openPage(browser: Browser, { width = 1440, height = 960, acceptDownloads, refuseTiles }: JourneyPage = {}): Promise<Page> {
  const page = await browser.newPage({ locale: 'en-US', viewport: { width, height }, ...(acceptDownloads ? { acceptDownloads } : {}) });
  if (refuseTiles) await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  return page;
}

/** `openPage`, then `username` signed in through the real form. */
export async function signedInPage(browser: Browser, username: string, opts: JourneyPage = {}): Promise<Page> {
  const page = await openPage(browser, opts);
  await signIn(page, username);
  return page;
}

type DevUser = { username: string; password: string; totpSecret: string | null; roleId: number };
const USERS: DevUser[] = JSON.parse(readFileSync(new URL('../../../seed/dev-users.json', import.meta.url), 'utf8'));
export const devUser = (name: string) => USERS.find((u) => u.username === name)!;

/** Runs SQL against the e2e database (test setup only). */
export async function sql<T extends pg.QueryResultRow = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: e2e().databaseUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** Changes fleet-sim's knobs (docs/fleet-sim.md "Knobs"; every journey shares them: put back what you change). */
export async function simKnobs(patch: Record<string, unknown>) {
  const r = await fetch(`${e2e().fleetSimUrl}/control/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(r.status).toBe(200);
}

/** The watch at `from` sends `body` to the gateway number unprompted (fleet-sim `POST /control/inbound`). */
export async function simInbound(from: string, body: string) {
  const r = await fetch(`${e2e().fleetSimUrl}/control/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from, body }) });
  expect(r.status).toBe(200);
}

/** A current code; the replay guard is reset first so a journey may sign in the same user again. */
export async function codeFor(username: string) {
  await sql('update backoffice_user set totp_last_step = null where username = $1', [username]);
  return generate({ secret: devUser(username).totpSecret! });
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `.test-results/e2e-${name}.png`, fullPage: true });
}

/** Both sign-in steps through the real form, as a user types them. */
export async function signIn(page: Page, username: string) {
  const user = devUser(username);
  await page.goto(`${e2e().baseUrl}/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await codeFor(username));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard/search');
}


/**
 * Sends `command` to a device from its SMS tab, as an agent does, and answers the id of the message the api stored
 * for it: only a message stored after the click counts (the seed has the device's commands on earlier days).
 */
export async function sendFromSmsTab(page: Page, deviceId: number, command: string, wait: { timeout: number }): Promise<number> {
  await page.goto(`${e2e().baseUrl}/device/${deviceId}/sms`);
  const form = page.getByRole('form', { name: 'Send a command' });
  await form.getByLabel('SMS command').selectOption(command);
  const max = (await sql<{ max: number }>(`SELECT coalesce(max(id), 0)::int AS max FROM sms_message`))[0]!.max;
  await form.getByRole('button', { name: 'Send' }).click();
  let smsId = 0;
  await expect
    .poll(async () => {
      const [m] = await sql<{ id: number }>(
        `SELECT id FROM sms_message WHERE device_id = $1 AND command_key = $2 AND direction = 'OUTBOUND' AND id > $3 ORDER BY id DESC LIMIT 1`,
        [deviceId, command, max],
      );
      smsId = Number(m?.id ?? 0);
      return smsId;
    }, wait)
    .toBeGreaterThan(0);
  return smsId;
}
