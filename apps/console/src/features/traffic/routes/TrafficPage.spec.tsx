import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SmsTrafficItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';

const item = (n: number, over: Partial<SmsTrafficItem> = {}): SmsTrafficItem => ({
  id: n,
  created: '2026-11-20T10:00:00.000Z',
  direction: 'OUTBOUND',
  device_id: 100 + n,
  imei: `35693803564380${n}`,
  gsm_number: '+4915550001234',
  command_key: 'STATUS',
  message: `STATUS# ${n}`,
  status: 1,
  gateway_name: 'EU',
  sent_at: null,
  received_at: null,
  error: null,
  error_code: null,
  error_params: null,
  ...over,
});

const role = ok({ username: 'anna.admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const stats = (n: number) => ok({ created: n, sent: n + 1, errors: n + 2, received: n + 3, replies: n + 4 });

function trafficApi(pages: Record<number, { items: SmsTrafficItem[]; total_pages: number }> = {}) {
  return mockFetch({
    'GET /api/local/role': role,
    'GET /api/sms/statistics': ({ url }) => stats(url.searchParams.has('from') ? 10 : 1000),
    'GET /api/sms/search': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const p = pages[page] ?? { items: [], total_pages: 0 };
      return ok({ items: p.items, total_pages: p.total_pages, more: false, page });
    },
    'GET /api/csv/generate/sms': ok({ hash: 'a'.repeat(48), expires_at: '2026-11-25T10:00:00.000Z' }),
    'GET /api/csv/sms_error': { body: 'created\r\n' },
  });
}

describe('/admin/traffic', () => {
  it('keeps Search disabled until there is a query and two valid days, until not before from', async () => {
    const api = trafficApi();
    const { user } = renderApp('/admin/traffic', { session: {} });
    const button = (await screen.findByRole('button', { name: 'Search' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText('Search for'), '  ');
    expect(button.disabled).toBe(true);
    await user.type(screen.getByLabelText('Search for'), '4915550');
    expect(button.disabled).toBe(false);

    const from = screen.getByLabelText('From');
    const until = screen.getByLabelText('Until (day included)');
    await user.clear(until);
    expect(button.disabled).toBe(true);
    await user.type(until, '2026-11-01');
    await user.clear(from);
    await user.type(from, '2026-11-02');
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Until must not be before from')).toBeTruthy();
    await user.clear(from);
    await user.type(from, '2026-11-01');
    expect(button.disabled).toBe(false);
    expect(api.callsTo('GET', '/api/sms/search')).toHaveLength(0);
    // before a search: the statistics of every day
    await waitFor(() => expect(screen.getByTestId('stat-created').textContent).toBe('1,000'));
    // each figure named for what it counts (SMS_FIGURES): received by the device apart from the devices' replies
    expect(screen.getByTestId('stat-received').textContent).toBe('1,003');
    expect(screen.getByTestId('stat-replies').textContent).toBe('1,004');
    expect(screen.getByText('Received by the device')).toBeTruthy();
    expect(screen.getByText('Replies from the devices')).toBeTruthy();
  });

  it('searches 25 per page with the Pager, shows the status by its label and the statistics of the range', async () => {
    const first = Array.from({ length: 25 }, (_, i) => item(i + 1));
    first[0] = item(1, { status: 3, error: 'unreachable', direction: 'INBOUND' });
    first[1] = item(2, { status: 2 });
    first[3] = item(4, { status: 3, error: 'the English text the api adds', error_code: 'smsNoDevices', error_params: {} });
    const api = trafficApi({ 0: { items: first, total_pages: 2 }, 1: { items: [item(26, { status: 0 })], total_pages: 2 } });
    const { user, router } = renderApp('/admin/traffic?query=4915550&from=2026-11-01&to=2026-11-01', { session: {} });

    const table = await screen.findByTestId('traffic-results');
    const rows = within(table).getAllByTestId('traffic-row');
    expect(rows).toHaveLength(25);
    expect(within(rows[0]!).getByText('Error')).toBeTruthy();
    expect(within(rows[0]!).getByText('From device')).toBeTruthy();
    expect(within(rows[0]!).getByText('unreachable')).toBeTruthy();
    expect(within(rows[1]!).getByText('Received')).toBeTruthy();
    expect(within(rows[2]!).getByText('Sent')).toBeTruthy();
    expect(within(rows[3]!).getByText('Enter at least one device id')).toBeTruthy();
    for (const h of ['Created', 'Direction', 'Phone number', 'IMEI', 'Command', 'Message', 'Status', 'Error']) {
      expect(within(table).getByRole('columnheader', { name: h })).toBeTruthy();
    }
    expect(Object.fromEntries(api.callsTo('GET', '/api/sms/search')[0]!.url.searchParams)).toEqual({
      query: '4915550', from: '2026-11-01', to: '2026-11-01', page: '0', count: '25',
    });
    await waitFor(() => expect(screen.getByTestId('stat-errors').textContent).toBe('12'));
    expect(Object.fromEntries(api.callsTo('GET', '/api/sms/statistics').at(-1)!.url.searchParams)).toEqual({ from: '2026-11-01', to: '2026-11-01' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByTestId('traffic-results')).getAllByTestId('traffic-row')).toHaveLength(1));
    expect(within(screen.getByTestId('traffic-results')).getByText('Created', { selector: 'span' })).toBeTruthy();
    expect(router.state.location.search).toBe('?query=4915550&from=2026-11-01&to=2026-11-01&page=1');
  });

  it('downloads the error export by the hash of the search', async () => {
    const api = trafficApi({ 0: { items: [item(1)], total_pages: 1 } });
    const { user } = renderApp('/admin/traffic?query=STATUS&from=2026-11-01&to=2026-11-03', { session: {} });
    await screen.findByTestId('traffic-results');
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    await user.click(screen.getByRole('button', { name: 'CSV: errors' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/csv/sms_error')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('GET', '/api/csv/generate/sms')[0]!.url.searchParams)).toEqual({ query: 'STATUS', from: '2026-11-01', to: '2026-11-03' });
    expect(api.callsTo('GET', '/api/csv/sms_error')[0]!.url.searchParams.get('hash')).toBe('a'.repeat(48));
  });
});
