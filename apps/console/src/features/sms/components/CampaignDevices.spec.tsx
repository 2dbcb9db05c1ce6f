import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CampaignDeviceItem, SmsCampaign } from '@tracker/contract';
import { i18n } from '../../../lib/i18n';
import { mockFetch, ok, renderApp, type FetchCall } from '../../../test/render';

const role = ok({ username: 'u', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const BULK = '0b9f3c1e-4a57-4a2b-9d7c-1f0e5d2c3b4a';
const campaign: SmsCampaign = {
  bulk_id: BULK, command_key: 'STATUS', message: 'STATUS#', device_type: 1, created_by: 'anna.admin', created_at: '2026-03-02T10:00:00.000Z',
  total: 3, created: 3, waiting: 0, sent: 1, received: 1, errors: 1, expired: 1, refused: 1, done: true, finished_at: '2026-03-02T10:05:00.000Z',
};
const device = (over: Partial<CampaignDeviceItem>): CampaignDeviceItem => ({
  device_id: 1, imei: '350000000000001', gsm_number: '+4915100000001', named_as: null, outcome: 'received', status: 2, sms_id: 11, attempts: 1,
  created: '2026-03-02T10:00:00.000Z', sent_at: '2026-03-02T10:00:01.000Z', received_at: '2026-03-02T10:00:05.000Z', reply: null, reply_at: null,
  error: null, error_code: null, error_params: null, ...over,
});
const FAILED = [
  device({ device_id: 2, imei: '350000000000002', outcome: 'error', status: 3, attempts: 2, error: 'The device refused: LOW_BATTERY', error_code: 'smsDeviceRefused', error_params: { reason: 'LOW_BATTERY' }, reply: 'STATUS:ERR,LOW_BATTERY' }),
  device({ device_id: 3, imei: '350000000000003', outcome: 'expired', status: 4, sent_at: null, received_at: null, error: 'Not sent within its time to live of 60 minutes', error_code: 'smsExpired', error_params: { minutes: 60 } }),
  device({ device_id: 4, imei: '350000000000004', outcome: 'refused', status: null, sms_id: null, attempts: 0, sent_at: null, received_at: null, error: 'The device is terminated', error_code: 'smsDeviceTerminated' }),
];
const ALL = [device({ reply: 'STATUS:BAT=80', reply_at: '2026-03-02T10:00:05.000Z' }), ...FAILED];
const page = (items: CampaignDeviceItem[]) => ok({ items, total_pages: 1, more: false, page: 0, total: items.length });

function api() {
  return mockFetch({
    'GET /api/local/role': role,
    'GET /api/device/list': ok([]),
    'GET /api/sms/campaigns': ok([campaign]),
    'GET /api/sms/campaign': ok(campaign),
    'GET /api/sms/campaign/devices': (c: FetchCall) => page(c.url.searchParams.get('state') === 'failed' ? FAILED : ALL),
    'GET /api/csv/generate/sms_campaign': ok({ hash: 'a'.repeat(48), expires_at: '2026-03-02T10:10:00.000Z' }),
    'GET /api/csv/sms_campaign': { body: 'device_id\r\n2\r\n' },
  });
}

async function follow(user: ReturnType<typeof renderApp>['user']) {
  const row = await screen.findByTestId(`campaign-row-${BULK}`);
  await user.click(within(row).getByRole('button', { name: 'Follow' }));
  return screen.findByTestId('campaign-devices');
}

describe("a campaign's devices (/admin/sendSMS)", () => {
  it('shows the failed devices first: status, reason in the UI language, reply, attempts, the refused ones', async () => {
    const calls = api();
    const { user } = renderApp('/admin/sendSMS', { session: { role: 1 } });
    const section = await follow(user);
    const filter = within(section).getByRole('group', { name: 'Show' });
    const buttons = within(filter).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Failed', 'All', 'Pending', 'Done', 'Expired', 'Refused']);
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
    const table = await within(section).findByTestId('campaign-devices-table');
    await within(table).findByText('350000000000002');
    expect(calls.callsTo('GET', '/api/sms/campaign/devices')[0]!.url.searchParams.get('state')).toBe('failed');
    expect(calls.callsTo('GET', '/api/sms/campaign/devices')[0]!.url.searchParams.get('bulk_id')).toBe(BULK);
    const refusedRow = within(table).getByTestId('campaign-device-2');
    expect(within(refusedRow).getByTestId('outcome-status').textContent).toBe('Error');
    expect(within(refusedRow).getByTestId('outcome-reason').textContent).toBe('The device refused: LOW_BATTERY');
    expect(within(refusedRow).getByText('STATUS:ERR,LOW_BATTERY')).toBeTruthy();
    expect(within(within(table).getByTestId('campaign-device-3')).getByTestId('outcome-status').textContent).toBe('Expired');
    const refused = within(table).getByTestId('campaign-device-4');
    expect(refused.getAttribute('data-outcome')).toBe('refused');
    expect(within(refused).getByTestId('outcome-status').textContent).toBe('Refused');
    expect(within(refused).getByTestId('outcome-reason').textContent).toBe('The device is terminated');
    expect(within(section).getByTestId('outcome-total').textContent).toBe('Devices: 3');

    // German: the statuses and reasons from their codes
    await i18n.changeLanguage('de');
    await waitFor(() => expect(within(within(table).getByTestId('campaign-device-3')).getByTestId('outcome-status').textContent).toBe('Abgelaufen'));
    expect(within(within(table).getByTestId('campaign-device-4')).getByTestId('outcome-status').textContent).toBe('Abgelehnt');
    expect(within(within(table).getByTestId('campaign-device-3')).getByTestId('outcome-reason').textContent).not.toContain('Not sent');
    await i18n.changeLanguage('en');
  });

  it('switches the state and downloads the state as CSV by hash', async () => {
    const calls = api();
    const { user } = renderApp('/admin/sendSMS', { session: { role: 1 } });
    const section = await follow(user);
    await within(section).findByText('350000000000002');
    await user.click(within(section).getByRole('button', { name: 'All' }));
    await within(section).findByText('STATUS:BAT=80');
    expect(calls.callsTo('GET', '/api/sms/campaign/devices').at(-1)!.url.searchParams.get('state')).toBe('all');
    expect(within(section).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(section).getByTestId('outcome-total').textContent).toBe('Devices: 4');
    await user.click(within(section).getByTestId('outcome-export'));
    await waitFor(() => expect(calls.callsTo('GET', '/api/csv/sms_campaign')).toHaveLength(1));
    const generate = calls.callsTo('GET', '/api/csv/generate/sms_campaign')[0]!.url.searchParams;
    expect([generate.get('bulk_id'), generate.get('state')]).toEqual([BULK, 'all']);
    expect(calls.callsTo('GET', '/api/csv/sms_campaign')[0]!.url.searchParams.get('hash')).toBe('a'.repeat(48));
  });

  it('says so when no device is in the state', async () => {
    mockFetch({
      'GET /api/local/role': role,
      'GET /api/device/list': ok([]),
      'GET /api/sms/campaigns': ok([campaign]),
      'GET /api/sms/campaign': ok(campaign),
      'GET /api/sms/campaign/devices': page([]),
    });
    const { user } = renderApp('/admin/sendSMS', { session: { role: 1 } });
    const section = await follow(user);
    expect(await within(section).findByText('No device in this state.')).toBeTruthy();
    expect((within(section).getByTestId('outcome-export') as HTMLButtonElement).disabled).toBe(true);
  });
});
