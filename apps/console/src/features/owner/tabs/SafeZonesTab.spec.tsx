import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnerSafeZoneItem, SafeZoneList } from '@tracker/contract';
import { stubMap } from '../../../test/layout';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { owner, roleOf } from '../fixtures';

// /owner/{id}/safeZones (§2, §5, §9): the radius clamp and its message, the limit choices, latitude, longitude and a
// device required, disabled devices, save and remove. Dragging on the map is the e2e journey's (owner-contacts.e2e.ts).

const zone = (id: number, over: Partial<OwnerSafeZoneItem> = {}): OwnerSafeZoneItem => ({
  id, user_id: 42, name: `Zone${id}`, latitude: 52.5, longitude: 13.4, radius: 200, enabled: true, limit_percent: -1, devices: [7], ...over,
});
const list = (over: Partial<SafeZoneList> = {}): SafeZoneList => ({
  zones: [zone(1)],
  devices: [
    { id: 7, imei: '359775587550007', device_type_id: 1, first_name: 'Mia', last_name: null, enabled: true },
    { id: 8, imei: '359775587550008', device_type_id: 1, first_name: 'Ben', last_name: null, enabled: false },
  ],
  limit: 5,
  ...over,
});

function setup(model: SafeZoneList = list(), save?: Parameters<typeof mockFetch>[0][string]) {
  const api = mockFetch({
    'GET /api/local/role': roleOf(1),
    'GET /api/user/user_details': ok(owner({ gcm_token: null }, [])),
    'GET /api/console/config': ok({ mapTileUrl: '', mapAttribution: '' }),
    'GET /api/safezone/user': ok(model),
    'POST /api/safezone/save':
      save ?? ((call) => ok({ zone: { ...zone(1), ...(call.body as object), id: (call.body as { id?: number }).id ?? 77 }, notes: [] })),
    'GET /api/safezone/remove': ok({ ok: true }),
  });
  return { api, ...renderApp('/owner/42/safeZones', { session: { role: 1 } }) };
}
const editor = () => screen.getByTestId('zone-editor');

describe('/owner/{id}/safeZones', () => {
  beforeEach(() => stubMap());
  afterEach(() => vi.restoreAllMocks());

  it('clamps a radius over 500 m to 500 and says so', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Zone1' }));
    const radius = within(editor()).getByLabelText('Radius (m)') as HTMLInputElement;
    expect(within(editor()).getByText('At most 500 m. Drag the edge handle on the map or type it.')).toBeTruthy();
    await user.clear(radius);
    await user.type(radius, '900');
    expect(radius.value).toBe('500');
    expect(within(editor()).getByText('The radius is at most 500 m: it was set to the maximum')).toBeTruthy();
  });

  it('offers the limit choices 10 % to 100 % in steps of 10, or disabled (-1)', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Zone1' }));
    const limit = within(editor()).getByLabelText('Limit') as HTMLSelectElement;
    expect([...limit.options].map((o) => [o.value, o.textContent])).toEqual([
      ['-1', 'Disabled'],
      ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => [String(n), `${n} %`]),
    ]);
    expect(limit.value).toBe('-1');
  });

  it('a new zone needs a name, a centre (latitude and longitude) and a device; nothing is sent until it has them', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByTestId('zone-add'));
    expect((screen.getByTestId('zone-add') as HTMLButtonElement).disabled).toBe(true);
    expect(within(editor()).getByTestId('zone-centre').textContent).toContain('click the map to place the zone');
    expect((within(editor()).getByLabelText('Radius (m)') as HTMLInputElement).value).toBe('200');
    await user.type(within(editor()).getByLabelText('Name'), 'School');
    await user.click(screen.getByTestId('zone-save'));
    expect(within(editor()).getByText('Longitude and latitude cant be empty')).toBeTruthy();
    expect(within(editor()).getByText('Select at least one device')).toBeTruthy();
    expect(api.callsTo('POST', '/api/safezone/save')).toHaveLength(0);
    // the disabled device cannot be put on a zone
    const ben = within(screen.getByTestId('zone-devices')).getByLabelText(/Ben/) as HTMLInputElement;
    expect(ben.disabled).toBe(true);
    expect(within(screen.getByTestId('zone-devices')).getByText(/Device is disabled/)).toBeTruthy();
  });

  it('saves a changed zone and shows what the server changed; removes a zone', async () => {
    const { api, user } = setup(list(), (call) =>
      ok({
        zone: { ...zone(1), ...(call.body as object), radius: 500 },
        notes: [{ field: 'radius', code: 'safeZoneRadiusClamped', params: { max: 500 }, message: 'The radius is at most 500 m: it was set to the maximum' }],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Zone1' }));
    const name = within(editor()).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Home');
    await user.selectOptions(within(editor()).getByLabelText('Limit'), '30');
    await user.click(within(editor()).getByLabelText('Enabled'));
    await user.click(screen.getByTestId('zone-save'));
    await waitFor(() => expect(api.callsTo('POST', '/api/safezone/save')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/safezone/save')[0]!;
    expect(call.url.searchParams.get('user_id')).toBe('42');
    expect(call.body).toEqual({ id: 1, name: 'Home', latitude: 52.5, longitude: 13.4, radius: 200, enabled: false, limit_percent: 30, devices: [7] });
    expect(await screen.findByText('Safe zone saved.')).toBeTruthy();
    expect(within(editor()).getByText('The radius is at most 500 m: it was set to the maximum')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove safe zone' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/safezone/remove')).toHaveLength(1));
    const q = api.callsTo('GET', '/api/safezone/remove')[0]!.url.searchParams;
    expect([q.get('zone_id'), q.get('user_id')]).toEqual(['1', '42']);
    expect(await screen.findByText('Safe zone removed.')).toBeTruthy();
  });

  it('the zone limit from the server: Add is off at the limit', async () => {
    setup(list({ limit: 1 }));
    expect(((await screen.findByTestId('zone-add')) as HTMLButtonElement).disabled).toBe(true);
  });
});
