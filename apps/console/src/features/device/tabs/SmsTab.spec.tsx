import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmsItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { SMS_POLL_MS } from '../api/sms';
import { smsThread, smsUnsettled } from '../sms-thread';
import { device, roleOf, smsItem } from './fixtures';

const NOW = new Date('2026-03-02T10:05:00.000Z');
const sms = smsItem;
const COMMANDS = [
  { command_key: 'STATUS', name: 'Status', takes_message: false, description: null },
  { command_key: 'SET_APN', name: 'Set APN', takes_message: true, description: 'APN,{message}#' },
];
const OLD = [
  sms({ id: 11, direction: 'INBOUND', command_key: null, message: 'STATUS:BAT=80%,GSM=4,GPS=1', created: '2026-03-02T09:01:00.000Z', reply_to: 10 }),
  sms({ id: 10, created: '2026-03-02T09:00:00.000Z' }),
];

function smsApi(role: number, list: () => SmsItem[], more: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/local/role': roleOf(role),
    'GET /api/device/device_details': ok(device()),
    'GET /api/sms/days': ok({ month: '2026-03', days: ['2026-03-02'], last: '2026-03-02' }),
    'GET /api/sms/list': () => ok(list()),
    'GET /api/sms/commands': ok(COMMANDS),
    ...more,
  });
}
const rowIds = () => within(screen.getByTestId('sms-table')).getAllByRole('row').slice(1).map((r) => r.getAttribute('data-testid'));

afterEach(() => {
  vi.useRealTimers();
});

describe('sms tab: thread and live state', () => {
  it('puts each reply under the command it answers; a reply to a command of another day stays', () => {
    const list = [sms({ id: 21, direction: 'INBOUND', reply_to: 20 }), sms({ id: 20 }), sms({ id: 5, direction: 'INBOUND', reply_to: 3 }), ...OLD];
    expect(smsThread(list).map(({ m, reply }) => `${m.id}${reply ? '<' : ''}`)).toEqual(['20', '21<', '5', '10', '11<']);
  });

  it('is unsettled while a recent command is created or sent, or received without its reply', () => {
    const now = NOW.getTime();
    expect(smsUnsettled(OLD, now)).toBe(false);
    expect(smsUnsettled([sms({ id: 1, status: 1, created: '2026-03-02T10:04:00.000Z' })], now)).toBe(true);
    expect(smsUnsettled([sms({ id: 1, status: 2, created: '2026-03-02T10:04:00.000Z' })], now)).toBe(true);
    expect(smsUnsettled([sms({ id: 1, status: 3, created: '2026-03-02T10:04:00.000Z' })], now)).toBe(false);
    // stuck for hours, or delivered long ago without a reply: not waited for
    expect(smsUnsettled([sms({ id: 1, status: 0, created: '2026-03-02T07:00:00.000Z' })], now)).toBe(false);
    expect(smsUnsettled([sms({ id: 1, status: 2, created: '2026-03-02T09:50:00.000Z' })], now)).toBe(false);
  });
});

describe('sms tab: sending a command', () => {
  it('sends to this device, then follows the command live until its reply is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    let list = OLD;
    const sent = sms({ id: 20, command_key: 'SET_APN', message: 'APN,internet#', status: 0, created: '2026-03-02T10:05:00.000Z' });
    const api = smsApi(1, () => list, {
      'POST /api/sms/send': () => {
        list = [sent, ...OLD];
        return ok({ id: 20, device_id: 42, command_key: 'SET_APN', message: 'APN,internet#', gsm_number: '+4915112345678', status: 0, created: sent.created, expires_at: '2026-03-02T16:05:00.000Z' });
      },
    });
    const { user } = renderApp('/device/42/sms', { session: { role: 1 } });
    await waitFor(() => expect(rowIds()).toEqual(['sms-10', 'sms-reply-10']));
    // nothing moving: no polling
    await vi.advanceTimersByTimeAsync(SMS_POLL_MS * 3);
    expect(api.callsTo('GET', '/api/sms/list')).toHaveLength(1);

    await screen.findByRole('option', { name: 'Set APN (SET_APN)' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Choose an SMS command')).toBeTruthy();
    expect(api.callsTo('POST', '/api/sms/send')).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('SMS command'), 'Set APN (SET_APN)');
    await user.type(screen.getByLabelText('Message'), 'internet');
    expect(screen.getByText('8 / 160 characters')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/sms/send')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/sms/send')[0]!.body).toEqual({ command_key: 'SET_APN', message: 'internet', device_id: 42 });
    const row = () => within(screen.getByTestId('sms-20'));
    await waitFor(() => expect(row().getByTestId('sms-status').textContent).toBe('Created'));

    list = [{ ...sent, status: 1 }, ...OLD];
    await vi.advanceTimersByTimeAsync(SMS_POLL_MS);
    await waitFor(() => expect(row().getByTestId('sms-status').textContent).toBe('Sent'));
    list = [{ ...sent, status: 2 }, ...OLD];
    await vi.advanceTimersByTimeAsync(SMS_POLL_MS);
    await waitFor(() => expect(row().getByTestId('sms-status').textContent).toBe('Received'));
    // received, the reply not yet there: still asking
    const reply = sms({ id: 21, direction: 'INBOUND', command_key: null, message: 'APN:OK', created: '2026-03-02T10:05:20.000Z', reply_to: 20 });
    list = [reply, { ...sent, status: 2 }, ...OLD];
    await vi.advanceTimersByTimeAsync(SMS_POLL_MS);
    await waitFor(() => expect(rowIds()).toEqual(['sms-20', 'sms-reply-20', 'sms-10', 'sms-reply-10']));
    expect(within(screen.getByTestId('sms-reply-20')).getByText('APN:OK')).toBeTruthy();
    // settled: the polling stops
    const asked = api.callsTo('GET', '/api/sms/list').length;
    await vi.advanceTimersByTimeAsync(SMS_POLL_MS * 5);
    expect(api.callsTo('GET', '/api/sms/list')).toHaveLength(asked);
  });

  it('says why a message failed from its code, in the UI language, not the raw text', async () => {
    smsApi(1, () => [
      sms({ id: 30, status: 3, error: 'raw gateway text 30003', error_code: 'smsUndelivered', error_params: { status: 'undelivered', code: 30003 } }),
      sms({ id: 31, status: 3, error: 'An uncoded failure', error_code: null }),
    ]);
    renderApp('/device/42/sms', { session: { role: 1 } });
    const failed = within(await screen.findByTestId('sms-30'));
    expect(failed.getByTestId('sms-status').textContent).toBe('Error');
    expect(failed.getByTestId('sms-error').textContent).toBe('The gateway reports undelivered (error 30003)');
    expect(screen.queryByText('raw gateway text 30003')).toBeNull();
    expect(within(screen.getByTestId('sms-31')).getByTestId('sms-error').textContent).toBe('An uncoded failure');
  });

  it('shows an alarm as an alarm, an expired command with why it never went, and a stray reply as one', async () => {
    smsApi(1, () => [
      sms({ id: 40, direction: 'INBOUND', command_key: null, message: 'SOS:ALARM', kind: 'alarm', event_code: 'sos', created: '2026-03-02T09:30:00.000Z' }),
      sms({ id: 41, direction: 'INBOUND', command_key: null, message: 'LOC:OK', kind: 'unmatched', created: '2026-03-02T09:20:00.000Z' }),
      sms({ id: 42, status: 4, error: 'Not sent within its time to live of 360 minutes', error_code: 'smsExpired', error_params: { minutes: 360 }, created: '2026-03-02T09:10:00.000Z' }),
    ]);
    renderApp('/device/42/sms', { session: { role: 1 } });
    const alarm = await screen.findByTestId('sms-40');
    expect(alarm.className).toContain('dw-sms-alarm');
    expect(within(alarm).getByTestId('sms-kind').textContent).toBe('SOS alarm');
    expect(within(screen.getByTestId('sms-41')).getByTestId('sms-kind').textContent).toBe('Reply to no command');
    const expired = within(screen.getByTestId('sms-42'));
    expect(expired.getByTestId('sms-status').textContent).toBe('Expired');
    expect(expired.getByTestId('sms-error').textContent).toBe('Not sent within its time to live of 360 minutes');
  });

  it('asks for a confirmation before a destructive command, and sends it only with the token the api answered', async () => {
    const token = 'tok_abcdefghijklmnopqrst';
    const api = smsApi(1, () => OLD, {
      'GET /api/sms/commands': ok([...COMMANDS, { command_key: 'FACTORY_RESET', name: 'Factory reset', takes_message: false, description: null }]),
      'POST /api/sms/send': (call) =>
        (call.body as { confirm_token?: string }).confirm_token === token
          ? ok({ id: 50, device_id: 42, command_key: 'FACTORY_RESET', message: 'FACTORY#', gsm_number: '+4915112345678', status: 0, created: NOW.toISOString(), expires_at: NOW.toISOString() })
          : ok({ confirm_token: token, action: 'sms.destructive', command_key: 'FACTORY_RESET', targets: 1, refused: 0, refusals: [], expires_at: NOW.toISOString() }),
    });
    const { user } = renderApp('/device/42/sms', { session: { role: 1 } });
    await screen.findByRole('option', { name: 'Factory reset (FACTORY_RESET)' });
    await user.selectOptions(screen.getByLabelText('SMS command'), 'Factory reset (FACTORY_RESET)');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a command that cannot be undone?' });
    expect(within(dialog).getByTestId('confirm-destructive')).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe('Factory reset (FACTORY_RESET) goes to 1 device(s).');
    await user.click(within(dialog).getByRole('button', { name: 'Send (1)' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/sms/send')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/sms/send')[1]!.body).toEqual({ command_key: 'FACTORY_RESET', message: '', device_id: 42, confirm_token: token });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([9, 10] as const)('role %i sees the messages read-only: no send form', async (role) => {
    // the device's own call answered too: its 404 took the page away from the device, racing the checks below
    smsApi(role, () => OLD, { 'GET /api/device/information/imsi': ok(device()) });
    renderApp('/device/42/sms', { session: { role } });
    await screen.findByTestId('sms-10');
    expect(screen.getByTestId('sms-read-only').textContent).toBe('Your role sees this section read-only.');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByLabelText('SMS command')).toBeNull();
  });
});
