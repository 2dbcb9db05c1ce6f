import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

