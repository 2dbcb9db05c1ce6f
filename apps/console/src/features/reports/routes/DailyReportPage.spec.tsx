import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DAILY_FIGURES, type DailyReportDay } from '@tracker/contract';
import { setTimeZone } from '../../../lib/time-zone';
import { mockFetch, ok, renderApp } from '../../../test/render';

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const day = (d: string, figures: Partial<DailyReportDay>): DailyReportDay =>
  ({ day: d, ...Object.fromEntries(DAILY_FIGURES.map((f) => [f, 0])), ...figures }) as DailyReportDay;

describe('/admin/reports/daily', () => {
  it("asks for the week ending on the URL's day in the chosen time zone and shows each figure by day with its change", async () => {
    setTimeZone('America/New_York');
    const items = [day('2026-01-07', { devices_active: 1200, sms_errors: 3 }), day('2026-01-06', { devices_active: 1150, sms_errors: 5 })];
    const api = mockFetch({
      'GET /api/local/role': role,
      'GET /api/whitelabel/list': ok([{ id: 1, name: 'TrackCo' }]),
      'GET /api/reports/daily': ({ url }) =>
        ok({
          date: url.searchParams.get('date'),
          days: 7,
          tz: url.searchParams.get('tz'),
          white_label_ids: url.searchParams.has('whitelabel_ids') ? [1] : null,
          as_of: '2026-01-07T14:05:00.000Z',
          items,
        }),
    });
    const { user } = renderApp('/admin/reports/daily?date=2026-01-07', { session: {} });
    const table = await screen.findByTestId('daily-report');
    const q = api.callsTo('GET', '/api/reports/daily')[0]!.url.searchParams;
    expect([q.get('date'), q.get('days'), q.get('tz'), q.has('whitelabel_ids')]).toEqual(['2026-01-07', '7', 'America/New_York', false]);
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect([...row('Devices active').querySelectorAll('td')].map((c) => c.textContent)).toEqual(['Devices active', '1,200', '+50', '1,150']);
    expect([...row('SMS: Failed').querySelectorAll('td')].map((c) => c.textContent)).toEqual(['SMS: Failed', '3', '−2', '5']);
    expect(screen.getByTestId('daily-report-zone').textContent).toContain('America/New York');
    // today's figures are those of its last roll, minutes old: the page says as of when (in the chosen zone)
    expect(screen.getByTestId('daily-report-zone').textContent).toContain("Today's figures as of 2026-01-07 09:05");
    // a white label: the fleet-wide figures are not its own
    await user.selectOptions(screen.getByLabelText('White label'), '1');
    await waitFor(() => expect(api.callsTo('GET', '/api/reports/daily').at(-1)!.url.searchParams.get('whitelabel_ids')).toBe('1'));
    expect(await screen.findByText(/Imports and firmware requests belong to the whole fleet/)).toBeTruthy();
  });

  it('does not ask for a day after today', async () => {
    const api = mockFetch({ 'GET /api/local/role': role, 'GET /api/whitelabel/list': ok([]) });
    renderApp('/admin/reports/daily?date=2999-01-01', { session: {} });
    expect(await screen.findByText('The day must not be after today')).toBeTruthy();
    expect(api.callsTo('GET', '/api/reports/daily')).toHaveLength(0);
  });
});
