import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { defaultsChanges } from './SettingsTab';
import { device, roleOf, setting } from './fixtures';

const LIST = [
  setting({ setting_no: 1, name: 'location_interval', value: '1500', default_value: '300', profiles: [1] }),
  setting({ setting_no: 5, name: 'volume', value: '1', default_value: '3', profiles: [2] }),
  setting({ setting_no: 7, name: 'apn', value: null, default_value: 'internet', profiles: [] }),
  setting({ setting_no: 4, name: 'language', value: 'de', default_value: 'en', profiles: [] }),
];

describe('settings: load defaults', () => {
  it('lists the values a profile would change (settings without a profile belong to every profile)', () => {
    const names = (type: number) => defaultsChanges(LIST, type).map(([s, from, to]) => `${s.name}:${from}>${to}`);
    expect(names(0)).toEqual(['location_interval:1500>300', 'volume:1>3', 'language:de>en']);
    expect(names(1)).toEqual(['location_interval:1500>300', 'language:de>en']);
    expect(names(2)).toEqual(['volume:1>3', 'language:de>en']);
    // profile 0 also drops a value the type has no default for
    expect(defaultsChanges([setting({ setting_no: 99, name: null, value: 'x', default_value: null })], 0)).toHaveLength(1);
    expect(defaultsChanges([setting({ setting_no: 99, name: null, value: 'x', default_value: null })], 1)).toHaveLength(0);
  });

  it("asks first: the dialog offers the type's profiles and lists what changes; only confirm sends the chosen type", async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/setting/all': ok(LIST),
      'GET /api/setting/loadDefault': ok(LIST),
    });
    const { user } = renderApp('/device/42/settings', { session: { role: 1 } });
    await screen.findByLabelText('Value of location_interval');
    await user.click(screen.getByRole('button', { name: 'Load defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load defaults' });
    expect(api.callsTo('GET', '/api/setting/loadDefault')).toHaveLength(0);
    const profile = within(dialog).getByLabelText('Default profile') as HTMLSelectElement;
    expect([...profile.options].map((o) => o.textContent)).toEqual(['All defaults (0)', 'Profile 1', 'Profile 2']);
    const rows = () => within(within(dialog).getByTestId('defaults-changes')).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows()).toEqual(['Location interval25 min5 min', 'Volume13', 'Languagedeen']);
    await user.selectOptions(profile, 'Profile 2');
    expect(rows()).toEqual(['Volume13', 'Languagedeen']);
    // cancel sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('GET', '/api/setting/loadDefault')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Load defaults' }));
    const again = await screen.findByRole('dialog', { name: 'Load defaults' });
    await user.selectOptions(within(again).getByLabelText('Default profile'), 'Profile 2');
    await user.click(within(again).getByRole('button', { name: 'Load defaults (2 changes)' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/setting/loadDefault')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/setting/loadDefault')[0]!.url.searchParams.get('type')).toBe('2');
  });

  it('nothing to change: the confirmation is disabled and says so', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/setting/all': ok([setting({ profiles: [1] })]),
    });
    const { user } = renderApp('/device/42/settings', { session: { role: 1 } });
    await screen.findByLabelText('Value of location_interval');
    await user.click(screen.getByRole('button', { name: 'Load defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Load defaults' });
    expect(within(dialog).getByTestId('defaults-nochange')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Load defaults (0 changes)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('settings: location interval (§9)', () => {
  it('offers the common values first, then every other whole minute from 2 to 60; 25 min is saved as 1500', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/setting/all': ok([setting({})]),
      'POST /api/setting/edit': ok([setting({ value: '1500', synced: false })]),
    });
    const { user } = renderApp('/device/42/settings', { session: { role: 1 } });
    const select = (await screen.findByLabelText('Value of location_interval')) as HTMLSelectElement;
    const values = [...select.options].map((o) => Number(o.value));
    expect(values.slice(0, 10)).toEqual([120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 65000]);
    expect(values).toHaveLength(60);
    expect([...values].sort((a, b) => a - b)).toEqual([...Array.from({ length: 59 }, (_, i) => (i + 2) * 60), 65000]);
    await user.selectOptions(select, '25 min');
    await user.click(screen.getByRole('button', { name: 'Save changes (1)' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/setting/edit')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/setting/edit')[0]!.body).toEqual({ settings: [{ setting_no: 1, value: '1500' }] });
  });
});
