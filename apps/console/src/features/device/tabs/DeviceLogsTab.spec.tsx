import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceLogItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { LOG_POLL_MS } from '../api/activity';
import { SMS_POLL_MS } from '../api/sms';
import { device, roleOf, smsItem } from './fixtures';

const NOW = new Date('2026-03-02T10:05:00.000Z');
const file = (id: number, file_name: string): DeviceLogItem => ({ id, file_name, log_level: 2, duration: 60, size_bytes: 2048, created: '2026-03-02T10:00:00.000Z' });
const sent = (id: number, message: string) => ({ id, device_id: 42, command_key: null, message, gsm_number: '+4915112345678', status: 0, created: NOW.toISOString(), expires_at: NOW.toISOString() });
const item = (id: number, message: string, status: number) => smsItem({ ...sent(id, message), status });

afterEach(() => {
  vi.useRealTimers();
});

describe('logs tab: commands to the watch', () => {
  it('starts logging with a duration of 1-1440 minutes and a level, and follows the command', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    let status = 0;
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/logs/device': ok([file(1, 'old.log')]),
      'POST /api/sms/send/startlog': ok(sent(70, 'LOG,START,30,3#')),
      'GET /api/sms/list': () => ok([item(70, 'LOG,START,30,3#', status)]),
    });
    const { user } = renderApp('/device/42/deviceLogs', { session: { role: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Start log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start log' });
    const duration = within(dialog).getByLabelText('Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '1441');
    await user.click(within(dialog).getByRole('button', { name: 'Start logging' }));
    expect(duration.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/sms/send/startlog')).toHaveLength(0);
    await user.clear(duration);
    await user.type(duration, '30');
    await user.selectOptions(within(dialog).getByLabelText('Log level'), '3 – debug');
    await user.click(within(dialog).getByRole('button', { name: 'Start logging' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/sms/send/startlog')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/sms/send/startlog')[0]!.body).toEqual({ duration: 30, logLevel: 3, deviceId: 42 });
    const state = await screen.findByTestId('log-command-status');
    await waitFor(() => expect(state.textContent).toBe('Start log: Created'));
    expect(api.callsTo('GET', '/api/sms/list')[0]!.url.searchParams.get('date')).toBe('2026-03-02');
    status = 1;
    await vi.advanceTimersByTimeAsync(SMS_POLL_MS);
    await waitFor(() => expect(state.textContent).toBe('Start log: Sent'));
  });

  it('requests the upload and refreshes the list until the new file is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    let files = [file(1, 'old.log')];
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/logs/device': () => ok(files),
      'POST /api/sms/send/sendlog': ok(sent(71, 'LOG,SEND#')),
      'GET /api/sms/list': ok([item(71, 'LOG,SEND#', 2)]),
    });
    const { user } = renderApp('/device/42/deviceLogs', { session: { role: 1 } });
    await screen.findByText('old.log');
    await user.click(screen.getByRole('button', { name: 'Request log upload' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/sms/send/sendlog')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/sms/send/sendlog')[0]!.body).toEqual({ deviceId: 42 });
    await waitFor(() => expect(screen.getByTestId('log-command-status').textContent).toBe('Log upload request: Received'));
    const before = api.callsTo('GET', '/api/logs/device').length;
    await vi.advanceTimersByTimeAsync(LOG_POLL_MS);
    await waitFor(() => expect(api.callsTo('GET', '/api/logs/device').length).toBeGreaterThan(before));
    expect(screen.queryByTestId('log-arrived')).toBeNull();
    files = [file(2, 'watch-20260302.log'), ...files];
    await vi.advanceTimersByTimeAsync(LOG_POLL_MS);
    await waitFor(() => expect(screen.getByTestId('log-arrived').textContent).toBe('New log file: watch-20260302.log'));
    expect(screen.getByText('watch-20260302.log')).toBeTruthy();
    // the file is there: no more refreshing
    const asked = api.callsTo('GET', '/api/logs/device').length;
    await vi.advanceTimersByTimeAsync(LOG_POLL_MS * 4);
    expect(api.callsTo('GET', '/api/logs/device')).toHaveLength(asked);
  });

  it('role 9 sees the files without the commands (deviceLogCommand is role 1 only)', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(9),
      'GET /api/device/device_details': ok(device()),
      'GET /api/logs/device': ok([file(1, 'old.log')]),
    });
    renderApp('/device/42/deviceLogs', { session: { role: 9 } });
    await screen.findByText('old.log');
    expect(screen.queryByRole('button', { name: 'Start log' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request log upload' })).toBeNull();
  });
});
