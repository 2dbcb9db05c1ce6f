import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingItem } from '@tracker/contract';
import { i18n } from '../../../lib/i18n';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { SETTINGS_POLL_MS } from '../api/settings';
import { device, roleOf, setting } from './fixtures';

const NOW = new Date('2026-03-02T10:05:00.000Z');
type Push = NonNullable<SettingItem['last_push']>;
const push = (sms_id: number, status: number, over: Partial<Push> = {}): Push => ({
  sms_id,
  status,
  created: '2026-03-02T10:04:00.000Z',
  error: null,
  error_code: null,
  error_params: null,
  ...over,
});

function settingsApi(list: () => SettingItem[], onPush?: () => void) {
  return mockFetch({
    'GET /api/local/role': roleOf(1),
    'GET /api/setting/push': () => {
      onPush?.();
      return ok({ setting_no: 1, sms_id: 50, message: 'SETTING,1,600#', status: 0, pending: true });
    },
    'GET /api/device/device_details': ok(device()),
    'GET /api/setting/all': () => ok(list()),
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

  it('says failed with the reason of the push: undelivered, or refused by the watch (its coded error, in the UI language)', async () => {
    settingsApi(() => [
      setting({
        setting_no: 1,
        value: '600',
        synced: false,
        last_push: push(51, 3, { error: 'raw', error_code: 'smsUndelivered', error_params: { status: 'undelivered', code: 30003 } }),
      }),
      setting({
        setting_no: 5,
        name: 'volume',
        value: '9',
        synced: false,
        last_push: push(52, 3, { error: 'The device refused: RANGE', error_code: 'smsDeviceRefused', error_params: { reason: 'RANGE' } }),
      }),
      setting({ setting_no: 7, name: 'apn', value: 'x', synced: false, last_push: push(53, 1) }),
    ]);
    renderApp('/device/42/settings', { session: { role: 1 } });
    await waitFor(() => expect(row().getByTestId('setting-failed-reason').textContent).toBe('The gateway reports undelivered (error 30003)'));
    expect(row().getByTestId('setting-failed').textContent).toBe('Failed');
    expect(within(screen.getByTestId('setting-volume')).getByTestId('setting-failed-reason').textContent).toBe('The device refused: RANGE');
    expect(within(screen.getByTestId('setting-apn')).getByTestId('setting-pending').textContent).toBe('Pending (SMS Sent)');
  });

  it('reads the reason in German when German is chosen', async () => {
    settingsApi(() => [
      setting({ value: '600', synced: false, last_push: push(52, 3, { error: 'x', error_code: 'smsDeviceRefused', error_params: { reason: 'RANGE' } }) }),
    ]);
    await i18n.changeLanguage('de');
    renderApp('/device/42/settings', { session: { role: 1 } });
    expect((await screen.findByTestId('setting-failed-reason')).textContent).toBe('Das Gerät hat abgelehnt: RANGE');
  });
});
