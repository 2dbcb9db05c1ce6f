import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DefaultSettingItem } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';

const role = ok({ username: 'admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' });
const setting = (id: number, no: number, over: Partial<DefaultSettingItem> = {}): DefaultSettingItem => ({
  id,
  device_type_id: 1,
  setting_no: no,
  name: null,
  value: '1',
  synced: true,
  editable: true,
  types: [],
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('/admin/defaultSettings', () => {
  it('lists a type by number and sorts by a header', async () => {
    mockFetch({
      'GET /api/local/role': role,
      'GET /api/device/types': ok([{ id: 1, name: 'Watch' }]),
      'GET /api/setting/defaults': ok([setting(1, 1, { name: 'location_interval', value: '600' }), setting(2, 2, { name: 'operational_time', value: '12' }), setting(3, 10, { name: 'alarm', value: '3' })]),
    });
    const { user } = renderApp('/admin/defaultSettings', { session: { role: 1 } });
    const table = await screen.findByTestId('default-settings');
    const numbers = () => within(table).getAllByTestId('default-row').map((r) => r.querySelector('td')!.textContent);
    expect(numbers()).toEqual(['1', '2', '10']);
    await user.click(within(within(table).getByRole('columnheader', { name: /Value/ })).getByRole('button'));
    // text that holds numbers sorts by their value: 3, 12, 600
    expect(numbers()).toEqual(['10', '2', '1']);
    expect(within(table).getByRole('columnheader', { name: /Value/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it("a partner manager (role 12) opens its own type's defaults", async () => {
    const api = mockFetch({
      'GET /api/local/role': ok({ username: 'pa', role: 12, operators: [1], white_labels: [1], types: [-1], preferedLanguage: 'en' }),
      // the api answers a partner only its own type (§6 partner scope)
      'GET /api/device/types': ok([{ id: 2, name: 'Partner A watch' }]),
      'GET /api/setting/defaults': ok([setting(1, 1, { device_type_id: 2, name: 'location_interval', value: '600' })]),
    });
    renderApp('/admin/defaultSettings', { session: { role: 12 } });
    const table = await screen.findByTestId('default-settings');
    expect(within(table).getAllByTestId('default-row')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/setting/defaults')[0]!.url.searchParams.get('device_type_id')).toBe('2');
  });

  it('role 13 gets the §6 refusal', async () => {
    mockFetch({ 'GET /api/local/role': ok({ username: 'pt', role: 13, operators: [1], white_labels: [1], types: [-1], preferedLanguage: 'en' }) });
    renderApp('/admin/defaultSettings', { session: { role: 13 } });
    expect(await screen.findByText('401, You are not authorised to view this section')).toBeTruthy();
  });

  it('a failed load goes to the dashboard (§8)', async () => {
    mockFetch({
      'GET /api/local/role': role,
      'GET /api/device/types': ok([{ id: 1, name: 'Watch' }]),
      'GET /api/setting/defaults': { status: 500, body: { error: 'Internal error.', code: 'INTERNAL' } },
    });
    const { router } = renderApp('/admin/defaultSettings', { session: { role: 1 } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'), { timeout: 10_000 });
  });
});
