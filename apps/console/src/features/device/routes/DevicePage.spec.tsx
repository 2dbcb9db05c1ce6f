import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { shiftDay } from '../../../components/DayPicker';
import { cmToInch, inchToCm, kgToPound, poundToKg } from '../format';
import { device, general, roleOf, setting } from '../tabs/fixtures';

// Leaflet cannot draw in jsdom: the map and its layers are stubs here (the e2e journey draws the real one)
vi.mock('../../../components/MapView', () => {
  const MapPlaceholder = ({ children }: { children?: ReactNode }) => <div data-testid="map">{children}</div>;
  const Nothing = () => null;
  return { MapView: MapPlaceholder, PathLayer: Nothing, ZonesLayer: Nothing, FixLayer: Nothing, PointsLayer: Nothing };
});

const FORBIDDEN = '401, You are not authorised to view this section';

describe('device workspace', () => {
  it('header: child name, IMSI and IMEI, with the fallbacks not assigned / empty', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(1), 'GET /api/device/device_details': ok(device({ first_name: null, last_name: null, imsi: null })) });
    renderApp('/device/42', { session: { role: 1 } });
    await waitFor(() => expect(screen.getByTestId('device-child').textContent).toBe('not assigned'));
    expect(screen.getByTestId('device-imsi').textContent).toBe('empty');
    expect(screen.getByTestId('device-imei').textContent).toBe('359775587552620');
    expect(screen.getByTestId('device-id').textContent).toBe('42');
  });

  it('role 9: tabs of its areas, the §6 message on the main page, header from the IMSI information', async () => {
    const api = mockFetch({ 'GET /api/local/role': roleOf(9), 'GET /api/device/information/imsi': ok(device()) });
    renderApp('/device/42', { session: { role: 9 } });
    expect((await screen.findByTestId('forbidden')).textContent).toBe(FORBIDDEN);
    const nav = screen.getByRole('navigation', { name: 'Device sections' });
    const tabs = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(tabs).not.toContain('Overview');
    expect(tabs).toEqual(expect.arrayContaining(['Information (IMEI)', 'Device logs', 'Temperature', 'Tracking']));
    await waitFor(() => expect(screen.getByTestId('device-child').textContent).toBe('Mia Kind'));
    expect(api.callsTo('GET', '/api/device/device_details')).toHaveLength(0);
  });

  it('role 11: the main page only, and a tab it may not open shows the §6 message', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(11), 'GET /api/device/device_details': ok(device()) });
    renderApp('/device/42/tracking', { session: { role: 11 } });
    expect((await screen.findByTestId('forbidden')).textContent).toBe(FORBIDDEN);
    const nav = screen.getByRole('navigation', { name: 'Device sections' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Overview']);
  });

  it('role 10 has no IMEI information, logs or temperature tabs', async () => {
    mockFetch({ 'GET /api/local/role': roleOf(10), 'GET /api/device/information/imsi': ok(device()) });
    renderApp('/device/42/deviceLogs', { session: { role: 10 } });
    expect((await screen.findByTestId('forbidden')).textContent).toBe(FORBIDDEN);
    const tabs = within(screen.getByRole('navigation', { name: 'Device sections' })).getAllByRole('link').map((a) => a.textContent);
    expect(tabs).not.toContain('Information (IMEI)');
    expect(tabs).not.toContain('Device logs');
    expect(tabs).not.toContain('Temperature');
  });

  it('a failed detail load goes to the dashboard search (§8)', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': { status: 404, body: { error: 'Device not found.', code: 'DEVICE_NOT_FOUND' } },
    });
    const { router } = renderApp('/device/999', { session: { role: 1 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
  });

  it('a failed load on the IMSI information tab goes to the IMSI (management) search, whichever call fails first', async () => {
    for (const first of ['header', 'tab'] as const) {
      const notFound = { status: 404, body: { error: 'Device not found.', code: 'DEVICE_NOT_FOUND' } };
      const slow = (ms: number) => () => new Promise<typeof notFound>((r) => setTimeout(() => r(notFound), ms));
      mockFetch({
        'GET /api/local/role': roleOf(1),
        'GET /api/device/device_details': slow(first === 'header' ? 0 : 200),
        'GET /api/device/information/imsi': slow(first === 'tab' ? 0 : 200),
        'GET /api/device/factory_details': ok(null),
      });
      const { router, unmount } = renderApp('/device/999/information/imsi', { session: { role: 1 } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
      await new Promise((r) => setTimeout(r, 300)); // the later failure (if its page is still there) must not move it
      expect(router.state.location.search, `${first} failed first`).toBe('?filter=imsi');
      unmount();
    }
  });

  it('role 9: a failed header load on another tab goes to the dashboard search', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(9),
      'GET /api/device/information/imsi': { status: 403, body: { error: FORBIDDEN, code: 'FORBIDDEN' } },
    });
    const { router } = renderApp('/device/999/audit', { session: { role: 9 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
    expect(router.state.location.search).toBe('');
  });

  it('settings: a changed interval is saved with its value in seconds', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/setting/all': ok([setting({}), setting({ setting_no: 13, name: 'server_host', value: 'gw', default_value: 'gw', editable: false })]),
      'POST /api/setting/edit': ({ body }) => ok([setting({ value: (body as { settings: { value: string }[] }).settings[0]!.value, synced: false })]),
    });
    const { user } = renderApp('/device/42/settings', { session: { role: 1 } });
    const select = await screen.findByLabelText('Value of location_interval');
    expect((screen.getByLabelText('Value of server_host') as HTMLInputElement).disabled).toBe(true);
    await user.selectOptions(select, 'Stand by');
    // an unsaved change cannot be pushed (a push sends the saved value)
    expect((screen.getByRole('button', { name: 'Push location_interval to the device' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Push all' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save changes (1)' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/setting/edit')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/setting/edit')[0]!.body).toEqual({ settings: [{ setting_no: 1, value: '65000' }] });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Push all' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('swap: a short IMSI is refused before any call, an unknown one marks the input invalid', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/sim_card': { status: 404, body: { error: 'No SIM card with this IMSI.', code: 'SIM_NOT_FOUND' } },
    });
    const { user } = renderApp('/device/42/swap', { session: { role: 1 } });
    const input = await screen.findByLabelText('IMSI of the new SIM');
    await user.type(input, '2620112');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('IMSI must be exactly 15 characters')).toBeTruthy();
    expect(api.callsTo('GET', '/api/device/sim_card')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '999999999999999');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('No SIM card with this IMSI.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('device enumerations and swap details', () => {
  const sim = { id: 9, imsi: '262011234567890', iccid: null, gsm_number: '4915112345678', status: 0, carrier_status: 'ACTIVATION_FAILED', operator_id: 1, operator_name: 'Telekom' };

  it('swap: the found SIM shows carrier and SIM status as labels, the GSM number is prefilled with + and sent as digits', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/sim_card': ok({ ...sim, device_id: null }),
      'POST /api/device/swap_sim': ok(device({ imsi: sim.imsi })),
    });
    const { user } = renderApp('/device/42/swap', { session: { role: 1 } });
    await user.type(await screen.findByLabelText('IMSI of the new SIM'), sim.imsi);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const card = await screen.findByTestId('swap-sim');
    expect(card.textContent).toContain('Activation failed');
    expect(card.textContent).toContain('Inactive or preactive');
    expect(card.textContent).not.toContain('ACTIVATION_FAILED');
    const gsm = screen.getByLabelText('GSM number') as HTMLInputElement;
    expect(gsm.value).toBe('+4915112345678');
    await user.clear(gsm);
    await user.type(gsm, '+49 151 1234-5678');
    await user.click(screen.getByRole('button', { name: 'Swap SIM' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/swap_sim')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/device/swap_sim')[0]!.body).toEqual({ device_id: 42, sim_card_id: 9, gsm_number: '+4915112345678' });
  });

  it('swap: a SIM already in this device is said so (not "another device")', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/sim_card': ok({ ...sim, device_id: 42 }),
    });
    const { user } = renderApp('/device/42/swap', { session: { role: 1 } });
    await user.type(await screen.findByLabelText('IMSI of the new SIM'), sim.imsi);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('The SIM card is already in this device')).toBeTruthy();
    expect(screen.queryByTestId('swap-sim')).toBeNull();
  });

  it('information: SIM status and factory status are labels', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device({ sim_status: 2, factory_device_id: 5 })),
      'GET /api/device/factory_details': ok({
        id: 5, imei: '359775587552620', imsi: null, iccid: null, activation_code: null, serial_number: null, device_type_id: 1,
        firmware: null, status: 2, white_label_deployment_id: 1, deployment_name: 'EU', created: '2026-01-01T10:00:00.000Z',
      }),
    });
    renderApp('/device/42/information/imsi', { session: { role: 1 } });
    await waitFor(() => expect(screen.getAllByTestId('device-facts')).toHaveLength(1));
    const facts = screen.getByTestId('device-facts').textContent ?? '';
    expect(facts).toContain('SIM status');
    expect(facts).toContain('Terminated');
    await waitFor(() => expect(screen.getByText('Paired')).toBeTruthy());
  });
});

describe('tracking', () => {
  it("the map's path that fails to load says so (with a retry) while the list still shows", async () => {
    let pathCalls = 0;
    const item = { id: 7, time: '2026-01-01T10:00:00.000Z', latitude: 52.5, longitude: 13.4, radius: 10, altitude: null, angle: null, speed: null,
      gsm_operator: null, gsm_cell_id: null, is_valid: true, reason: 1, source: 1, wifi_count: 0, gsm_count: 0 };
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/location/list': ok({ items: [item], total: 1, total_pages: 1, more: false, page: 0 }),
      'GET /api/location/path': () => {
        pathCalls += 1;
        return pathCalls === 1 ? { status: 500, body: { error: 'Something went wrong on the server.', code: 'INTERNAL' } } : ok({ points: [[52.5, 13.4, 1, 7]] });
      },
      'GET /api/safezone/device': ok([]),
    });
    const { user } = renderApp('/device/42/tracking?date=2026-01-01', { session: { role: 1 } });
    expect((await screen.findByTestId('path-error')).textContent).toContain('The data could not be loaded.');
    expect(screen.getAllByTestId('location-row')).toHaveLength(1);
    await user.click(within(screen.getByTestId('path-error')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Path: 1 fixes/)).toBeTruthy();
  });
});

describe('device log download', () => {
  it('a 401 while downloading a log file logs the user out (§8)', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/logs/device': ok([{ id: 1, file_name: 'dev-42.log', log_level: 3, duration: 10, size_bytes: 12, created: '2026-01-01T10:00:00.000Z' }]),
      'GET /api/logs/device/file': { status: 401, body: { error: 'Your session has expired. Please sign in again.', code: 'SESSION_EXPIRED' } },
    });
    const { user, router } = renderApp('/device/42/deviceLogs', { session: { role: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('general settings', () => {
  it('checks height, weight and birth date in the UI language before saving (es)', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/settings': ok(general()),
    });
    await i18n.changeLanguage('es');
    const { user } = renderApp('/device/42/generalSettings', { session: { role: 1 } });
    const height = await screen.findByLabelText('Altura');
    await user.selectOptions(screen.getByLabelText('Unidad de altura'), 'pulgada');
    await user.clear(height);
    await user.type(height, '100'); // 254 cm
    const birth = screen.getByLabelText('Fecha de nacimiento');
    await user.clear(birth);
    await user.type(birth, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La altura debe ser un número entero de cm de 30 a 250')).toBeTruthy();
    expect(screen.getByText('La fecha de nacimiento no puede estar en el futuro')).toBeTruthy();
    expect(api.callsTo('POST', '/api/device/settings')).toHaveLength(0);
  });
});

describe('device formats', () => {
  it('converts cm/inch and kg/pound (§9) and steps days', () => {
    expect(cmToInch(254)).toBe(100);
    expect(inchToCm(50)).toBe(127);
    expect(kgToPound(10)).toBe(22);
    expect(poundToKg(22)).toBe(10);
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2024-12-31', 1)).toBe('2025-01-01');
  });
});
