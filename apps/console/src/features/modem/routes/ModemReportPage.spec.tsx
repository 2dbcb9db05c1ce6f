import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const failed = {
  modem_id: 4, device_id: 9, imei: '350000000000009', profile: 'us_carrier', status: 'FAILED', task_id: 5, task_count: 13, task: 'checkUpdateModem', errors: 3,
  error: { code: 'modemTimeout', params: { command: 'UPDATE_MODEM', minutes: 60 }, text: 'No reply to UPDATE_MODEM within 60 minutes' },
  started: '2026-01-01T08:00:00.000Z', step_started_at: '2026-01-01T09:00:00.000Z', deadline_at: '2026-01-11T08:00:00.000Z', finished_at: '2026-01-01T12:00:00.000Z',
};

describe('/admin/modem/reportNotUpdated', () => {
  it('lists the failed and stopped devices with the reason in the UI language, and exports the report by hash', async () => {
    const api = mockFetch({
      'GET /api/local/role': role,
      'GET /api/modem/list': ok({ items: [failed], total_pages: 1, more: false, page: 0 }),
      'GET /api/csv/generate/modem': ok({ hash: 'a'.repeat(48), expires_at: '2026-01-01T00:10:00.000Z' }),
      'GET /api/csv/modem': { body: 'modem_id\r\n4\r\n' },
    });
    const { user } = renderApp('/admin/modem/reportNotUpdated', { session: {} });
    const table = await screen.findByTestId('modem-report');
    expect(screen.getByRole('heading', { name: 'Devices not updated' })).toBeTruthy();
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getByText('No reply to UPDATE_MODEM within 60 minutes')).toBeTruthy();
    expect(within(table).getByText('5. Check UPDATE_MODEM')).toBeTruthy();
    expect(api.callsTo('GET', '/api/modem/list')[0]!.url.searchParams.get('report')).toBe('notUpdated');
    await user.click(screen.getByTestId('modem-export'));
    await waitFor(() => expect(api.callsTo('GET', '/api/csv/modem')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/csv/generate/modem')[0]!.url.searchParams.get('report')).toBe('notUpdated');
  });
});
