import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingItem, SmsItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { SETTINGS_POLL_MS } from '../api/settings';
import { device, roleOf, setting, smsItem } from './fixtures';

const NOW = new Date('2026-03-02T10:05:00.000Z');
const push = (sms_id: number, status: number) => ({ sms_id, status, created: '2026-03-02T10:04:00.000Z' });
const sms = (over: Partial<SmsItem>): SmsItem => smsItem({ created: '2026-03-02T10:04:00.000Z', command_key: 'SETTING_1', message: 'SETTING,1,600#', ...over });

function settingsApi(list: () => SettingItem[], smsList: SmsItem[] = [], onPush?: () => void) {
  return mockFetch({
    'GET /api/local/role': roleOf(1),
    'GET /api/setting/push': () => {
      onPush?.();
      return ok({ setting_no: 1, sms_id: 50, message: 'SETTING,1,600#', status: 0, pending: true });
    },
    'GET /api/device/device_details': ok(device()),
    'GET /api/setting/all': () => ok(list()),
    'GET /api/sms/list': ok(smsList),
  });
}
const row = () => within(screen.getByTestId('setting-location_interval'));

afterEach(() => {
  vi.useRealTimers();
});

describe('settings: a pushed setting turns confirmed or failed live', () => {
  it('shows pending with the SMS status while the push travels, then confirmed; then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    let list = [setting({ value: '600', synced: false })];
    const calls = settingsApi(
      () => list,
      [],
      () => (list = [setting({ value: '600', synced: false, last_push: push(50, 0) })]),
    );
    const { user } = renderApp('/device/42/settings', { session: { role: 1 } });
    await waitFor(() => expect(row().getByTestId('setting-pending').textContent).toBe('Pending'));
    // saved, not pushed: nothing to wait for
    await vi.advanceTimersByTimeAsync(SETTINGS_POLL_MS * 2);
    expect(calls.callsTo('GET', '/api/setting/all')).toHaveLength(1);

    await user.click(row().getByRole('button', { name: 'Push location_interval to the device' }));
    await waitFor(() => expect(row().getByTestId('setting-pending').textContent).toBe('Pending (SMS Created)'));
    list = [setting({ value: '600', synced: false, last_push: push(50, 1) })];
    await vi.advanceTimersByTimeAsync(SETTINGS_POLL_MS);
    await waitFor(() => expect(row().getByTestId('setting-pending').textContent).toBe('Pending (SMS Sent)'));
    list = [setting({ value: '600', synced: true, last_push: push(50, 2) })];
    await vi.advanceTimersByTimeAsync(SETTINGS_POLL_MS);
    await waitFor(() => expect(row().getByTestId('setting-confirmed').textContent).toBe('Confirmed'));
    const asked = calls.callsTo('GET', '/api/setting/all').length;
    await vi.advanceTimersByTimeAsync(SETTINGS_POLL_MS * 5);
    expect(calls.callsTo('GET', '/api/setting/all')).toHaveLength(asked);
  });

  it('says failed with the reason: the coded error of the SMS, or the watch\'s answer that did not confirm', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    settingsApi(
      () => [
        setting({ setting_no: 1, value: '600', synced: false, last_push: push(51, 3) }),
        setting({ setting_no: 5, name: 'volume', value: '9', synced: false, last_push: push(52, 2) }),
        setting({ setting_no: 7, name: 'apn', value: 'x', synced: false, last_push: push(53, 1) }),
      ],
      [
        sms({ id: 53, status: 1 }),
        sms({ id: 52, command_key: 'SETTING_5', message: 'SETTING,5,9#' }),
        sms({ id: 54, direction: 'INBOUND', command_key: null, message: 'SETTING,5:ERR,RANGE', reply_to: 52 }),
        sms({ id: 51, status: 3, error: 'raw', error_code: 'gsmNumber', error_params: { min: 8, max: 15 } }),
      ],
    );
    renderApp('/device/42/settings', { session: { role: 1 } });
    await waitFor(() => expect(row().getByTestId('setting-failed-reason').textContent).toBe('GSM number starts with + and has 8 to 15 digits'));
    expect(row().getByTestId('setting-failed').textContent).toBe('Failed');
    const volume = within(screen.getByTestId('setting-volume'));
    await waitFor(() => expect(volume.getByTestId('setting-failed-reason').textContent).toBe('SETTING,5:ERR,RANGE'));
    expect(within(screen.getByTestId('setting-apn')).getByTestId('setting-pending').textContent).toBe('Pending (SMS Sent)');
  });
});
