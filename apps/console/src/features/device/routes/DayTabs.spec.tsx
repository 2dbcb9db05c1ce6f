import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setTimeZone } from '../../../lib/time-zone';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { today } from '../format';

// Leaflet cannot draw in jsdom: the map and its layers are stubs here (the e2e journey draws the real one)
vi.mock('../../../components/MapView', () => {
  const MapPlaceholder = ({ children }: { children?: ReactNode }) => <div data-testid="map">{children}</div>;
  const Nothing = () => null;
  return { MapView: MapPlaceholder, PathLayer: Nothing, ZonesLayer: Nothing, FixLayer: Nothing, PointsLayer: Nothing };
});

const roleOf = (role: number) => ok({ username: 'u', role, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const detail = {
  id: 42, name_id: null, imei_id: null, imei: '359775587552620', imsi: '262024431382902', gsm_number: null, device_type_id: 1,
  device_type_name: 'Watch', first_name: 'Mia', last_name: 'Kind', birth_date: null, height: null, weight: null, gender: null,
  initialized: true, device_status: 2, enabled: true, is_test: false, owner_id: 7, owner_email: null, owner_first_name: null,
  owner_last_name: null, white_label: null, sim_id: null, sim_status: null, sim_iccid: null, operator_name: null, firmware: null,
  activation_code: null, factory_device_id: null, created: '2026-01-01T10:00:00.000Z', last_seen_at: null, battery: null,
};
const fix = { id: 7, time: '2025-10-17T10:00:00.000Z', latitude: 52.5, longitude: 13.4, radius: 10, altitude: null, angle: null, speed: null,
  gsm_operator: null, gsm_cell_id: null, is_valid: true, reason: 1, source: 1, wifi_count: 0, gsm_count: 0 };

function trackingApi(days: (month: string | null) => { month: string; days: string[]; last: string | null }) {
  return mockFetch({
    'GET /api/local/role': roleOf(1),
    'GET /api/device/device_details': ok(detail),
    'GET /api/location/days': ({ url }) => ok(days(url.searchParams.get('month'))),
    'GET /api/location/list': ok({ items: [fix], total: 1, total_pages: 1, more: false, page: 0 }),
    'GET /api/location/path': ok({ points: [[52.5, 13.4, 1, 7]] }),
    'GET /api/safezone/device': ok([]),
  });
}
const dataOct = (month: string | null) =>
  month === '2025-09'
    ? { month: '2025-09', days: ['2025-09-30'], last: '2025-10-17' }
    : { month: '2025-10', days: ['2025-10-03', '2025-10-17'], last: '2025-10-17' };

describe('day tabs open on the last day with data (issue 8 item 15)', () => {
  it('tracking opens on the last day with fixes, says so, and asks the list for that day', async () => {
    const api = trackingApi(dataOct);
    renderApp('/device/42/tracking', { session: { role: 1 } });
    await waitFor(() => expect((screen.getByTestId('day-input') as HTMLInputElement).value).toBe('2025-10-17'));
    expect(screen.getByTestId('day-note').textContent).toBe('Last day with data');
    await screen.findAllByTestId('location-row');
    const lists = api.callsTo('GET', '/api/location/list');
    // the tab waited for the last day: no request for an empty today went out first
    expect(lists.map((c) => c.url.searchParams.get('date'))).toEqual(['2025-10-17']);
    const daysCall = api.callsTo('GET', '/api/location/days')[0]!;
    expect(Object.fromEntries(daysCall.url.searchParams)).toEqual({ device_id: '42', tz: 'UTC' });
  });

  it('the picker marks the days with data of the month and moves between months', async () => {
    const api = trackingApi(dataOct);
    const { user, router } = renderApp('/device/42/tracking', { session: { role: 1 } });
    const toggle = await screen.findByTestId('days-toggle');
    // Escape closes the calendar and gives the focus back to its button
    await user.click(toggle);
    await screen.findByTestId('day-calendar');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('day-calendar')).toBeNull());
    expect(document.activeElement).toBe(toggle);
    await user.click(toggle);
    const cal = await screen.findByTestId('day-calendar');
    await waitFor(() => expect(within(cal).getByRole('button', { name: '2025-10-17, has data' })).toBeTruthy());
    const marked = within(cal).getAllByTestId('day-calendar-day').filter((b) => b.dataset.hasData === 'true').map((b) => b.textContent);
    expect(marked).toEqual(['3', '17']);
    expect(within(cal).getByRole('button', { name: '2025-10-17, has data' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(cal).getByRole('button', { name: 'Previous month' }));
    await within(cal).findByRole('button', { name: '2025-09-30, has data' });
    expect(api.callsTo('GET', '/api/location/days').some((c) => c.url.searchParams.get('month') === '2025-09')).toBe(true);
    await user.click(within(cal).getByRole('button', { name: '2025-09-30, has data' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2025-09-30'));
    expect(screen.queryByTestId('day-calendar')).toBeNull();
    // away from the last day, the note offers the way back
    await user.click(await screen.findByRole('button', { name: 'Last day with data: 2025-10-17' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2025-10-17'));
  });

  it('a chosen day (?date) wins over the last day with data', async () => {
    trackingApi(dataOct);
    renderApp('/device/42/tracking?date=2025-10-03', { session: { role: 1 } });
    await screen.findByRole('button', { name: 'Last day with data: 2025-10-17' });
    expect((screen.getByTestId('day-input') as HTMLInputElement).value).toBe('2025-10-03');
  });

  it('without any data the tab opens on today in the chosen zone and says there is none', async () => {
    setTimeZone('Asia/Tokyo');
    const api = trackingApi(() => ({ month: today('Asia/Tokyo').slice(0, 7), days: [], last: null }));
    renderApp('/device/42/tracking', { session: { role: 1 } });
    expect((await screen.findByTestId('day-note')).textContent).toBe('No data on any day yet');
    expect((screen.getByTestId('day-input') as HTMLInputElement).value).toBe(today('Asia/Tokyo'));
    expect(api.callsTo('GET', '/api/location/days')[0]!.url.searchParams.get('tz')).toBe('Asia/Tokyo');
  });

  it('each day tab asks its own day route (temperature for role 9, sms, gaps, notifications, safe zones)', async () => {
    const seen: string[] = [];
    const days = (path: string) => () => {
      seen.push(path);
      return ok({ month: '2025-10', days: ['2025-10-05'], last: '2025-10-05' });
    };
    mockFetch({
      'GET /api/local/role': roleOf(9),
      'GET /api/device/information/imsi': ok(detail),
      'GET /api/device/temperature/days': days('temperature'),
      'GET /api/device/temperature': ok([]),
      'GET /api/sms/days': days('sms'),
      'GET /api/sms/list': ok([]),
      'GET /api/sms/commands': ok([]),
      'GET /api/device/communications/days': days('communications'),
      'GET /api/device/communications': ok([]),
      'GET /api/device/notifications/days': days('notifications'),
      'GET /api/device/notifications': ok([]),
      'GET /api/safezone/logs/days': days('safezone'),
      'GET /api/safezone/logs': ok([]),
      'GET /api/safezone/device': ok([]),
    });
    const { user } = renderApp('/device/42/deviceTemp', { session: { role: 9 } });
    const nav = await screen.findByRole('navigation', { name: 'Device sections' });
    for (const name of ['Temperature', 'SMS', 'Gaps', 'Notifications', 'Safe zones']) {
      await user.click(within(nav).getByRole('link', { name, exact: true } as never));
      await screen.findByRole('heading', { level: 2, name });
      await waitFor(() => expect((screen.getByTestId('day-input') as HTMLInputElement).value).toBe('2025-10-05'));
    }
    expect(seen).toEqual(['temperature', 'sms', 'communications', 'notifications', 'safezone']);
  });
});

describe('the device main page for roles 9 and 10 (issue 8 item 9)', () => {
  it('shows the §6 message and a link to the first tab the role may open', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(10), 'GET /api/device/information/imsi': ok(detail) });
    const { user, router } = renderApp('/device/42', { session: { role: 10 } });
    await screen.findByTestId('forbidden');
    await user.click(await screen.findByRole('link', { name: 'Open Information (IMSI)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device/42/information/imsi'));
    await screen.findByRole('heading', { level: 2, name: 'Information (IMSI)' });
    expect(screen.queryByTestId('forbidden')).toBeNull();
  });
});
