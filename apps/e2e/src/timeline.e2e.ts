import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2e, launch, screenshot, sendFromSmsTab, signedInPage, sql } from './browser.js';

// a round trip goes api -> worker -> fleet-sim -> status callbacks and the watch's reply -> api: wait for what the
// page shows, as long as a loaded CI machine may need
const SLOW = { timeout: 45_000 };

describe('support agent: the device timeline (docs/device-workspace.md "Timeline")', () => {
  let browser: Browser;
  let page: Page;
  let watch: { id: number; gsm_number: string };

  beforeAll(async () => {
    // a watch of type 1 (fleet-sim answers it) that the SMS journeys do not use (they take the first five)
    const rows = await sql<{ id: number; gsm_number: string }>(
      `SELECT id, gsm_number FROM device
       WHERE device_type_id = 1 AND gsm_number IS NOT NULL AND enabled AND device_status <> 3 AND owner_id IS NOT NULL
       ORDER BY id OFFSET 7 LIMIT 1`,
    );
    watch = rows[0]!;
    expect(watch).toBeTruthy();
    browser = await launch();
    page = await signedInPage(browser, 'admin', { refuseTiles: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a command with the watch reply, an unprompted alarm on top until read, the settings filter, and the link to the entry\'s tab', async () => {
    const w = watch;
    // the agent sends STATUS from the SMS tab
    const smsId = await sendFromSmsTab(page, w.id, 'STATUS', SLOW);
    // then the watch raises an SOS on its own
    const r = await fetch(`${e2e().fleetSimUrl}/control/alarm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: w.gsm_number, kind: 'sos' }) });
    expect(r.status).toBe(201);

    // the overview's timeline: the command with its reply, the alarm on top (the newest page is polled)
    await page.goto(`${e2e().baseUrl}/device/${w.id}`);
    const timeline = page.getByTestId('timeline');
    const command = timeline.getByTestId('timeline-list').getByTestId(`timeline-sms-${smsId}`);
    await command.waitFor(SLOW);
    await expect.poll(() => command.getByTestId('timeline-reply').textContent(), SLOW).toMatch(/STATUS:BAT=\d+%/);
    await expect.poll(() => command.getByTestId('timeline-state').textContent(), SLOW).toContain('answered');
    const alarms = timeline.getByTestId('timeline-alarms');
    const alarm = alarms.locator('[data-what="alarm"]').first();
    await alarm.waitFor(SLOW);
    await alarm.getByText('SOS alarm').waitFor();
    await screenshot(page, 'timeline-overview');

    // marked read: it leaves the top, stays in the list, and the trail says who read it
    const alarmTestId = (await alarm.getAttribute('data-testid'))!;
    const alarmId = Number(alarmTestId.split('-').pop());
    await alarm.getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => alarms.locator(`[data-testid="${alarmTestId}"]`).count(), SLOW).toBe(0);
    await expect
      .poll(async () => (await sql<{ acknowledged_at: Date | null }>(`SELECT acknowledged_at FROM sms_message WHERE id = $1`, [alarmId]))[0]?.acknowledged_at ?? null, SLOW)
      .not.toBeNull();

    // the settings filter: only settings are left, the command is gone
    await timeline.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => timeline.getByRole('button', { name: 'Settings', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => timeline.getByTestId('timeline-list').getByTestId(`timeline-sms-${smsId}`).count(), SLOW).toBe(0);
    const whats = await timeline.getByTestId('timeline-list').locator('li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-what')));
    expect(whats.every((x) => x === 'setting')).toBe(true);
    await timeline.getByRole('button', { name: 'Settings', exact: true }).click();

    // the command's "Details" opens the SMS tab on its day, with the command there
    const again = timeline.getByTestId('timeline-list').getByTestId(`timeline-sms-${smsId}`);
    await again.waitFor(SLOW);
    await again.getByRole('link', { name: 'Details' }).click();
    await page.waitForURL(new RegExp(`/device/${w.id}/sms\\?date=\\d{4}-\\d{2}-\\d{2}$`));
    await page.getByTestId(`sms-${smsId}`).waitFor(SLOW);
    await screenshot(page, 'timeline-link-sms');
  });
});
