import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleId, WifiItem } from '@tracker/contract';
import { stubMap } from '../../../test/layout';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { owner, roleOf } from '../fixtures';

// /owner/{id}/addwifi (§2, §5, §6): the owner's access points, the MAC and coordinate messages as the user types,
// add, edit (the MAC may change), delete, the navigation guard, help tooltips. Dragging on the map: owner.e2e.ts.

const item = (mac: string, over: Partial<WifiItem> = {}): WifiItem => ({
  mac, latitude: 52.52, longitude: 13.405, fixed: false, blacklisted: false, user_id: 42, created: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z', ...over,
});
const items = [item('AABBCCDDEE01', { fixed: true }), item('AABBCCDDEE02')];

function setup(role: RoleId = 1) {
  const api = mockFetch({
    'GET /api/local/role': roleOf(role),
    'GET /api/user/user_details': ok(owner({ gcm_token: null }, [])),
    'GET /api/console/config': ok({ mapTileUrl: '', mapAttribution: '' }),
    'GET /api/locale/helptexts': ok([]),
    'GET /api/user/wifi': ok({ items, total_pages: 1, more: false, page: 0 }),
    'POST /api/user/wifi': (call) => ok(item((call.body as { mac: string }).mac, call.body as object)),
    'POST /api/user/wifi/save': (call) => ok(item((call.body as { mac: string }).mac, { ...(call.body as object), fixed: true })),
    'POST /api/user/wifi/delete': ok({ ok: true }),
  });
  return { api, ...renderApp('/owner/42/addwifi', { session: { role } }) };
}
const editor = () => screen.getByTestId('wifi-editor');

describe('/owner/{id}/addwifi', () => {
  beforeEach(() => stubMap());
  afterEach(() => vi.restoreAllMocks());

  it('lists the MACs with colons and the staff flags; says each §5 rule as the user types', async () => {
    const { api, user } = setup();
    const table = await screen.findByTestId('wifi-table');
    expect(within(table).getByRole('button', { name: 'AA:BB:CC:DD:EE:01' })).toBeTruthy();
    expect(within(table).getByText('Fixed')).toBeTruthy();
    await user.click(screen.getByTestId('wifi-add'));
    const mac = within(editor()).getByLabelText('MAC address');
    await user.type(mac, 'AA:BB');
    expect(within(editor()).getByText('Wrong MAC address format')).toBeTruthy();
    await user.clear(mac);
    expect(within(editor()).getByText('MAC address cant be blank')).toBeTruthy();
    await user.type(mac, 'aa-bb-cc-dd-ee-ff');
    expect(within(editor()).queryByText('Wrong MAC address format')).toBeNull();
    const lat = within(editor()).getByLabelText('Latitude');
    await user.type(lat, '91');
    expect(within(editor()).getByText('Latitude may range from -90 to 90')).toBeTruthy();
    await user.clear(lat);
    expect(within(editor()).getByText('Longitude and latitude cant be empty')).toBeTruthy();
    await user.type(lat, '-33.9');
    const lng = within(editor()).getByLabelText('Longitude');
    await user.type(lng, '-180.5');
    expect(within(editor()).getByText('Longitude may range from -180 to 180')).toBeTruthy();
    await user.clear(lng);
    await user.type(lng, '151.2');
    expect(editor().querySelectorAll('.field__error')).toHaveLength(0);
    await user.click(screen.getByTestId('wifi-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/wifi')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/user/wifi')[0]!;
    expect(call.url.searchParams.get('user_id')).toBe('42');
    expect(call.body).toEqual({ mac: 'AABBCCDDEEFF', latitude: -33.9, longitude: 151.2 });
    expect(await screen.findByText('Access point saved.')).toBeTruthy();
  });

  it('edits under the stored MAC (the MAC may change), shows the flags read-only, and deletes', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'AA:BB:CC:DD:EE:01' }));
    expect(screen.getByTestId('wifi-flags').textContent).toContain('Fixed');
    expect(within(editor()).queryByLabelText('Fixed')).toBeNull();
    const mac = within(editor()).getByLabelText('MAC address');
    await user.clear(mac);
    await user.type(mac, 'AA:BB:CC:DD:EE:09');
    // another access point waits while this one has changes
    expect((screen.getByRole('button', { name: 'AA:BB:CC:DD:EE:02' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('wifi-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/wifi/save')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/user/wifi/save')[0]!;
    expect([call.url.searchParams.get('user_id'), call.url.searchParams.get('oldMac')]).toEqual(['42', 'AABBCCDDEE01']);
    expect(call.body).toEqual({ mac: 'AABBCCDDEE09', latitude: 52.52, longitude: 13.405 });
    expect(await screen.findByRole('heading', { name: 'AA:BB:CC:DD:EE:09' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete access point' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/wifi/delete')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user/wifi/delete')[0]!.body).toEqual({ id: 'AABBCCDDEE09' });
    expect(await screen.findByText('Access point deleted.')).toBeTruthy();
  });

  it('leaving with unsaved changes asks first; Yes saves, then leaves', async () => {
    const { api, user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'AA:BB:CC:DD:EE:02' }));
    const lat = within(editor()).getByLabelText('Latitude');
    await user.clear(lat);
    await user.type(lat, '48.1');
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(router.state.location.pathname).toBe('/owner/42/addwifi');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/42/profile'));
    expect(api.callsTo('POST', '/api/user/wifi/save').map((c) => c.body)).toEqual([{ mac: 'AABBCCDDEE02', latitude: 48.1, longitude: 13.405 }]);
  });

  it('role 9 (§6 read-only): no Add; a point opens with its fields disabled, without Save or Remove', async () => {
    const { api, user } = setup(9);
    await user.click(await screen.findByRole('button', { name: 'AA:BB:CC:DD:EE:01' }));
    expect(screen.getByTestId('editor-read-only')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('wifi-add')).toBeNull();
    expect(screen.queryByTestId('wifi-save')).toBeNull();
    expect(api.callsTo('POST', '/api/user/wifi/save')).toHaveLength(0);
  });

  it("help tooltips: the console's text, editable by role 1 only (§6)", async () => {
    const { user } = setup(10);
    await user.click(await screen.findByTestId('wifi-add'));
    await user.click(screen.getByTestId('help-owner.wifi.mac'));
    expect(screen.getByRole('tooltip').textContent).toContain("The MAC address (BSSID) of the owner's router");
    expect(within(screen.getByRole('tooltip')).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
