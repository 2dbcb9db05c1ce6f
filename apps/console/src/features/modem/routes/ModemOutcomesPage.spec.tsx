import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModemDeviceItem, ModemProcess } from '@tracker/contract';
import { mockFetch, ok, renderApp, type FetchCall } from '../../../test/render';

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const failed: ModemProcess = {
  modem_id: 4, device_id: 9, imei: '350000000000009', profile: 'us_carrier', status: 'FAILED', task_id: 5, task_count: 13, task: 'checkUpdateModem', errors: 3,
  error: { code: 'modemTimeout', params: { command: 'UPDATE_MODEM', minutes: 60 }, text: 'No reply to UPDATE_MODEM within 60 minutes' },
  started: '2026-01-01T08:00:00.000Z', step_started_at: '2026-01-01T09:00:00.000Z', deadline_at: '2026-01-11T08:00:00.000Z', finished_at: '2026-01-01T12:00:00.000Z', retry_at: null,
};
const FAILED: ModemDeviceItem[] = [
  { imei: failed.imei, device_id: 9, outcome: 'failed', process: failed, reason: failed.error, at: failed.finished_at! },
  { imei: '359999999999991', device_id: null, outcome: 'refused', process: null, reason: { code: 'smsDeviceTerminated', text: 'The device is terminated' }, at: '2026-01-02T08:00:00.000Z' },
];
const page = (items: ModemDeviceItem[]) => ok({ items, total_pages: 1, more: false, page: 0, total: items.length });

describe('/admin/modem/outcomes', () => {
  it("lists each device's latest outcome, failed first, with the reason, the refused ones, and the state's CSV", async () => {
    const api = mockFetch({
      'GET /api/local/role': role,
      'GET /api/modem/devices': (c: FetchCall) => page(c.url.searchParams.get('state') === 'failed' ? FAILED : []),
      'GET /api/csv/generate/modem_devices': ok({ hash: 'c'.repeat(48), expires_at: '2026-01-01T00:10:00.000Z' }),
      'GET /api/csv/modem_devices': { body: 'imei\r\n' },
    });
    const { user } = renderApp('/admin/modem/outcomes', { session: {} });
    const table = await screen.findByTestId('modem-devices');
    expect(screen.getByRole('heading', { name: 'Modem update outcomes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Outcomes' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/modem/devices')[0]!.url.searchParams.get('state')).toBe('failed');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual(['failed', 'refused']);
    expect(within(rows[0]!).getByTestId('outcome-status').textContent).toBe('Failed');
    expect(within(rows[0]!).getByTestId('outcome-reason').textContent).toBe('No reply to UPDATE_MODEM within 60 minutes');
    expect(within(rows[0]!).getByText('5. Check UPDATE_MODEM')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('outcome-status').textContent).toBe('Refused');
    expect(within(rows[1]!).getByTestId('outcome-reason').textContent).toBe('The device is terminated');
    expect(within(rows[1]!).queryByTestId('modem-details')).toBeNull();
    await user.click(screen.getByTestId('outcome-export'));
    await waitFor(() => expect(api.callsTo('GET', '/api/csv/modem_devices')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/csv/generate/modem_devices')[0]!.url.searchParams.get('state')).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('No device in this state.')).toBeTruthy();
    expect(api.callsTo('GET', '/api/modem/devices').at(-1)!.url.searchParams.get('state')).toBe('done');
  });
});
