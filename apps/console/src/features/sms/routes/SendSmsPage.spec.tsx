import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmationRequired, SmsCampaign } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { CAMPAIGN_POLL_MS } from '../api/sms-send';
import { parseDeviceIds } from '../device-ids';

const roleOf = (role: number) => ok({ username: 'u', role, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const TYPES = [
  {
    id: 1,
    name: 'Watch',
    sms_commands: [
      { command_key: 'STATUS', name: 'Status', takes_message: false },
      { command_key: 'SET_APN', name: 'Set APN', takes_message: true },
    ],
  },
  { id: 2, name: 'Tracker', sms_commands: [] },
];
const BULK = '0b9f3c1e-4a57-4a2b-9d7c-1f0e5d2c3b4a';
const campaign = (over: Partial<SmsCampaign> = {}): SmsCampaign => ({
  bulk_id: BULK,
  command_key: 'SET_APN',
  message: 'internet.t-mobile',
  device_type: 1,
  created_by: 'anna.admin',
  created_at: '2026-03-02T10:00:00.000Z',
  total: 3,
  created: 3,
  waiting: 3,
  sent: 0,
  received: 0,
  errors: 0,
  expired: 0,
  refused: 0,
  done: false,
  finished_at: null,
  ...over,
});
const TOKEN = 'tok_0123456789abcdefghij';
/** The api's first answer: what the send would do, with one device it refuses. */
const confirmation: ConfirmationRequired = {
  confirm_token: TOKEN,
  action: 'sms.bulk',
  command_key: 'SET_APN',
  targets: 2,
  refused: 1,
  refusals: [{ device_id: 1203, named_as: null, reason: 'The device is disabled', reason_code: 'smsDeviceDisabled', reason_params: null }],
  expires_at: '2026-03-02T10:05:00.000Z',
};
/** Answers the confirmation to the first call and the campaign to the call that brings its token back. */
const bulk = (c: SmsCampaign) => (call: { body: unknown }) => ((call.body as { confirm_token?: string }).confirm_token === TOKEN ? ok(c) : ok(confirmation));
const base = { 'GET /api/local/role': roleOf(1), 'GET /api/device/list': ok(TYPES), 'GET /api/sms/campaigns': ok([]) };

async function fillForm(user: ReturnType<typeof renderApp>['user'], ids: string) {
  await screen.findByRole('option', { name: 'Watch' });
  await user.selectOptions(screen.getByLabelText('Device type'), 'Watch');
  await user.selectOptions(screen.getByLabelText('SMS command'), 'Set APN (SET_APN)');
  await user.type(screen.getByLabelText('Message'), 'internet.t-mobile');
  await user.type(screen.getByLabelText('Device ids (comma-separated)'), ids);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('send SMS: device ids', () => {
  it('keeps the digits of each part and drops empty parts, zeros and repeats', () => {
    expect(parseDeviceIds('12, 12, a13,, 0x14 ,0, 015\n16')).toEqual([12, 13, 14, 15, 16]);
    expect(parseDeviceIds(' , ,')).toEqual([]);
  });
});

describe('send SMS (/admin/sendSMS)', () => {
  it('checks the form before anything is sent: type, command, devices (§5), and the message of a command that takes one', async () => {
    const api = mockFetch(base);
    const { user } = renderApp('/admin/sendSMS', { session: { role: 1 } });
    await screen.findByRole('option', { name: 'Watch' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Device type').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a device type')).toBeTruthy();
    expect(screen.getByText('Choose an SMS command')).toBeTruthy();
    expect(screen.getByText('Enter at least one device id')).toBeTruthy();

    // a command without a text has no message field; one with a text needs it, with a counter to 160
    await user.selectOptions(screen.getByLabelText('Device type'), 'Watch');
    await user.selectOptions(screen.getByLabelText('SMS command'), 'Status (STATUS)');
    expect(screen.queryByLabelText('Message')).toBeNull();
    await user.selectOptions(screen.getByLabelText('SMS command'), 'Set APN (SET_APN)');
    const message = screen.getByLabelText('Message') as HTMLInputElement;
    expect(message.maxLength).toBe(160);
    await user.type(screen.getByLabelText('Device ids (comma-separated)'), '7, 7, 8x');
    expect(screen.getByTestId('device-count').textContent).toBe('Devices: 2');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('This command needs a message')).toBeTruthy();
    await user.type(message, 'apn');
    expect(screen.getByText('3 / 160 characters')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/api/sms/sendBulk')).toHaveLength(0);

    // a type without commands says so
    await user.selectOptions(screen.getByLabelText('Device type'), 'Tracker');
    expect(screen.getByText('This device type has no SMS commands.')).toBeTruthy();
  });

  it("asks the api what it would do, shows the target count and the refused devices, sends once confirmed, then follows the campaign until it is done", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const api = mockFetch({
      ...base,
      'POST /api/sms/sendBulk': bulk(campaign({ total: 2, created: 2, waiting: 2, refused: 1 })),
      'GET /api/sms/campaign': () => {
        polls += 1;
        return polls === 1
          ? ok(campaign({ total: 2, created: 2, waiting: 1, sent: 1, received: 1, refused: 1 }))
          : ok(campaign({ total: 2, created: 2, waiting: 0, sent: 1, received: 1, errors: 1, refused: 1, done: true }));
      },
    });
    const { user } = renderApp('/admin/sendSMS', { session: { role: 1 } });
    await fillForm(user, '1201, 1202,1203, 1202');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send the command?' });
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe('Set APN (SET_APN) goes to 2 device(s).');
    const refused = within(dialog).getByTestId('refused-devices');
    expect(refused.textContent).toContain('1 device(s) cannot take a command now');
    expect(within(refused).getByText('The device is disabled')).toBeTruthy();
    expect(within(refused).getByText('1203')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // asked, never confirmed: nothing started
    expect(api.callsTo('POST', '/api/sms/sendBulk').map((c) => (c.body as { confirm_token?: string }).confirm_token)).toEqual([undefined]);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    dialog = await screen.findByRole('dialog', { name: 'Send the command?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send (2)' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/sms/sendBulk')).toHaveLength(3));
    expect(api.callsTo('POST', '/api/sms/sendBulk')[2]!.body).toEqual({
      device_type: 1,
      command_key: 'SET_APN',
      message: 'internet.t-mobile',
      devices: [1201, 1202, 1203],
      confirm_token: TOKEN,
    });

    const progress = await screen.findByTestId('campaign-progress');
    expect(within(progress).getByTestId('campaign-state').textContent).toBe('Running');
    expect(within(progress).getByTestId('campaign-created').textContent).toBe('Created (to the devices)2');
    expect(within(progress).getByTestId('campaign-waiting').textContent).toBe('Waiting (no gateway yet)2');
    expect(within(progress).getByTestId('campaign-refused').textContent).toBe('Refused1');
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS);
    await waitFor(() => expect(within(progress).getByTestId('campaign-received').textContent).toBe('Received by the device1'));
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS);
    await waitFor(() => expect(within(progress).getByTestId('campaign-state').textContent).toBe('Done'));
    expect(within(progress).getByTestId('campaign-errors').textContent).toBe('Failed1');
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // done: no more questions
    const asked = api.callsTo('GET', '/api/sms/campaign').length;
    await vi.advanceTimersByTimeAsync(CAMPAIGN_POLL_MS * 5);
    expect(api.callsTo('GET', '/api/sms/campaign')).toHaveLength(asked);
    expect(api.callsTo('GET', '/api/sms/campaign')[0]!.url.searchParams.get('bulk_id')).toBe(BULK);
  });

  it("shows the api's field errors at their fields", async () => {
    mockFetch({
      ...base,
      'POST /api/sms/sendBulk': {
        status: 400,
        body: {
          error: 'Invalid input',
          code: 'VALIDATION',
          errors: [
            { field: 'devices', code: 'smsUnknownDevices', params: { count: 1, ids: '6' }, message: '1 device ids do not exist: 6' },
            { field: 'message', code: 'smsTooLong', params: { length: 170, max: 160 }, message: 'The SMS would have 170 characters' },
          ],
        },
      },
    });
    const { user } = renderApp('/admin/sendSMS', { session: { role: 1 } });
    await fillForm(user, '5, 6');
    // refused at the first call: no confirmation is asked for, the fields say why
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const devices = screen.getByLabelText('Device ids (comma-separated)');
    await waitFor(() => expect(devices.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('1 device ids do not exist: 6').classList.contains('field__error')).toBe(true);
    expect(screen.getByText('The SMS would have 170 characters, at most 160 are possible').classList.contains('field__error')).toBe(true);
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('campaign-progress')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists the recent campaigns and follows one', async () => {
    mockFetch({
      ...base,
      'GET /api/sms/campaigns': ok([campaign({ created: 3, waiting: 0, sent: 3, received: 3, done: true })]),
      'GET /api/sms/campaign': ok(campaign({ created: 3, waiting: 0, sent: 3, received: 3, done: true })),
    });
    const { user } = renderApp('/admin/sendSMS', { session: { role: 1 } });
    const row = await screen.findByTestId(`campaign-row-${BULK}`);
    expect(within(row).getByText('SET_APN')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Follow' }));
    expect(within(await screen.findByTestId('campaign-progress')).getByTestId('campaign-state').textContent).toBe('Done');
  });

  it('is refused to roles without the sms area', async () => {
    mockFetch({ ...base, 'GET /api/local/role': roleOf(9) });
    renderApp('/admin/sendSMS', { session: { role: 9 } });
    expect(await screen.findByTestId('forbidden')).toBeTruthy();
  });
});
