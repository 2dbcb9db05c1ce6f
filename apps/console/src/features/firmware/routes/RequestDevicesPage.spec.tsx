import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FirmwareDeviceItem, FirmwareRequestItem } from '@tracker/contract';
import { i18n } from '../../../lib/i18n';
import { mockFetch, ok, renderApp, type FetchCall } from '../../../test/render';

const role = ok({ username: 'u', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const request: FirmwareRequestItem = {
  id: 5, status: 1, state: 'halted', fup_upload_id: 7, binary_name: 'Watch firmware W2.0.0', device_type: 'Watch', upload_type: 0, for_version: null,
  comment: null, expired_at: '2026-12-20T10:00:00.000Z', extend: [], newVersion: 'W2.0.0', wave_size: 10, error_threshold: 20, timeout_minutes: 30,
  current_wave: 1, wave_count: 3, total: 3, counts: { processing: 0, downloading: 0, finished: 1, failed: 1, cancelled: 1 }, halt: null,
  created: '2026-11-26T10:00:00.000Z', created_by: 'admin', ended_at: '2026-11-26T11:00:00.000Z',
};
const item = (over: Partial<FirmwareDeviceItem>): FirmwareDeviceItem => ({
  device_id: 1, imei: '350000000000001', named_as: null, outcome: 'finished', status: 2, wave: 1, from_version: 'W1.4.2', to_version: 'W2.0.0', progress: 100,
  notified_at: '2026-11-26T10:00:00.000Z', sent_at: '2026-11-26T10:00:01.000Z', finished_at: '2026-11-26T10:30:00.000Z', error: null, updated_at: '2026-11-26T10:30:00.000Z',
  ...over,
});
const FAILED = [
  item({ device_id: 2, imei: '350000000000002', outcome: 'failed', status: 3, progress: 40, error: { code: 'firmwareDeviceError', params: { reason: 'CHECKSUM' }, message: 'x' } }),
  item({ device_id: 3, imei: '350000000000003', outcome: 'cancelled', status: 4, progress: 0, error: { code: 'firmwareRequestEnded', params: {}, message: 'x' } }),
  item({ device_id: null, imei: null, named_as: '359999999999990', outcome: 'refused', status: null, wave: null, progress: null, from_version: null, to_version: null, error: { code: 'smsDeviceDisabled', params: {}, message: 'x' } }),
];
const page = (items: FirmwareDeviceItem[]) => ok({ items, total_pages: 1, more: false, page: 0, total: items.length });

describe("a firmware request's devices (/admin/fup/upgrade/:id)", () => {
  it('lists the failed devices first with their reason in the UI language, the refused ones, and the CSV of the state', async () => {
    const api = mockFetch({
      'GET /api/local/role': role,
      'GET /api/firmware/getRequests': ok({ items: [request], total_pages: 1, more: false, page: 0 }),
      'GET /api/firmware/devices': (c: FetchCall) => page(c.url.searchParams.get('state') === 'failed' ? FAILED : [item({}), ...FAILED]),
      'GET /api/csv/generate/firmware_devices': ok({ hash: 'b'.repeat(48), expires_at: '2026-11-26T10:10:00.000Z' }),
      'GET /api/csv/firmware_devices': { body: 'device_id\r\n2\r\n' },
    });
    const { user } = renderApp('/admin/fup/upgrade/5', { session: { role: 1 } });
    expect(await screen.findByRole('heading', { name: 'Request #5: devices' })).toBeTruthy();
    const table = await screen.findByTestId('request-devices');
    const first = api.callsTo('GET', '/api/firmware/devices')[0]!.url.searchParams;
    expect([first.get('request_id'), first.get('state')]).toEqual(['5', 'failed']);
    expect(within(screen.getByRole('group', { name: 'Show' })).getAllByRole('button')[0]!.textContent).toBe('Failed');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['failed', 'cancelled', 'refused']);
    expect(within(rows[0]!).getByTestId('outcome-status').textContent).toBe('Failed');
    expect(within(rows[0]!).getByTestId('outcome-reason').textContent).toBe('The device reported an error: CHECKSUM');
    expect(within(rows[2]!).getByText('359999999999990')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('outcome-reason').textContent).toBe('The device is disabled');
    await i18n.changeLanguage('es');
    await waitFor(() => expect(within(rows[1]!).getByTestId('outcome-status').textContent).toBe('Cancelado'));
    await i18n.changeLanguage('en');

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(within(screen.getByTestId('request-devices')).getAllByRole('row')).toHaveLength(5));
    expect(screen.getByTestId('outcome-total').textContent).toBe('Devices: 4');
    await user.click(screen.getByTestId('outcome-export'));
    await waitFor(() => expect(api.callsTo('GET', '/api/csv/firmware_devices')).toHaveLength(1));
    const gen = api.callsTo('GET', '/api/csv/generate/firmware_devices')[0]!.url.searchParams;
    expect([gen.get('request_id'), gen.get('state')]).toEqual(['5', 'all']);
  });

  it('is reached from the request list', async () => {
    mockFetch({
      'GET /api/local/role': role,
      'GET /api/firmware/getRequests': ok({ items: [request], total_pages: 1, more: false, page: 0 }),
      'GET /api/firmware/devices': page(FAILED),
    });
    const { user } = renderApp('/admin/fup/upgrade', { session: { role: 1 } });
    await user.click(await screen.findByTestId('devices-5'));
    expect(await screen.findByRole('heading', { name: 'Request #5: devices' })).toBeTruthy();
  });
});
