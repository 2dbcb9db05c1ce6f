import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WifiItem } from '@tracker/contract';
import { stubLayout, stubMap } from '../../../test/layout';
import { mockFetch, ok, renderApp } from '../../../test/render';

const roleOf = (role: number) => ok({ username: 'u', role, operators: [4], white_labels: [1], types: [-1], preferedLanguage: 'en' });
// a longitude off the map keeps the point's marker away: jsdom cannot draw Leaflet's layers (the map itself renders;
// the marker is the e2e journey's)
const item: WifiItem = {
  mac: 'AABBCCDDEEFF',
  latitude: 52.52,
  longitude: 200,
  fixed: false,
  blacklisted: false,
  user_id: null,
  created: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

describe('/geolocation/edit/{mac}: the §2 navigation guard', () => {
  // the map (Leaflet) needs a size and watches it
  beforeEach(() => stubLayout());
  afterEach(() => (vi.restoreAllMocks(), vi.unstubAllGlobals()));

  const api = () =>
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/geolocation/wifi/details': ok(item),
      'POST /api/geolocation/wifi/save': (call) => ok({ ...item, ...(call.body as object), mac: item.mac }),
    });

  it('leaves at once when nothing was changed', async () => {
    api();
    const { user, router } = renderApp('/geolocation/edit/AABBCCDDEEFF', { session: { role: 1 } });
    await screen.findByLabelText('Latitude');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
  });

  it('with a changed field asks first; Yes saves, then leaves', async () => {
    // the point comes onto the map: its layer draws on a stubbed canvas
    stubMap();
    const fetch = api();
    const { user, router } = renderApp('/geolocation/edit/AABBCCDDEEFF', { session: { role: 1 } });
    const lat = await screen.findByLabelText('Latitude');
    await user.clear(lat);
    await user.type(lat, '48.1');
    // the stored longitude is off the map (200), which the form's check refuses before sending: a valid one
    const lng = screen.getByLabelText('Longitude');
    await user.clear(lng);
    await user.type(lng, '11.5');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(router.state.location.pathname).toBe('/geolocation/edit/AABBCCDDEEFF');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
    expect(fetch.callsTo('POST', '/api/geolocation/wifi/save').map((c) => (c.body as { latitude: number }).latitude)).toEqual([48.1]);
  });
});

describe('wifi help tooltips (§6: role 1 edits them in place)', () => {
  beforeEach(() => stubLayout());
  afterEach(() => vi.restoreAllMocks());

  it('the edit screen: each field has its tooltip, one call for all; role 1 changes a text in place', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/geolocation/wifi/details': ok(item),
      'GET /api/locale/helptexts': ok([{ locale_path: 'geolocation.wifi.fixed', language: 'en', text: 'Stored fixed help' }]),
      'POST /api/locale/helptext': ok({ ok: true }),
    });
    const { user } = renderApp('/geolocation/edit/AABBCCDDEEFF', { session: { role: 1 } });
    await screen.findByLabelText('Latitude');
    for (const key of ['mac', 'latitude', 'longitude', 'fixed', 'blacklisted']) expect(screen.getByTestId(`help-geolocation.wifi.${key}`)).toBeTruthy();
    // a help button is beside its field's label, not inside it
    expect(screen.getByTestId('help-geolocation.wifi.mac').closest('label')).toBeNull();
    await user.click(screen.getByTestId('help-geolocation.wifi.latitude'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('from -90 to 90');
    await user.click(screen.getByTestId('help-geolocation.wifi.latitude'));
    await user.click(screen.getByTestId('help-geolocation.wifi.fixed'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('Stored fixed help');
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Help text'));
    await user.type(screen.getByLabelText('Help text'), 'Confirmed by staff');
    await user.click(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/locale/helptext')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/locale/helptext')[0]!;
    expect(call.url.searchParams.get('localePath')).toBe('geolocation.wifi.fixed');
    expect(call.body).toEqual({ translateText: 'Confirmed by staff', language: 'en' });
    expect(api.callsTo('GET', '/api/locale/helptexts').map((c) => c.url.searchParams.get('prefix'))).toEqual(expect.arrayContaining(['geolocation.wifi']));
    // the texts of both screens are read once (one prefix), then again after the save
    expect(new Set(api.callsTo('GET', '/api/locale/helptexts').map((c) => c.url.searchParams.get('prefix')))).toEqual(new Set(['geolocation.wifi']));
  });

  it('the search screen: the search field has its tooltip', async () => {
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/geolocation/wifi/search': ok({ items: [item], total_pages: 1, more: false, page: 0 }),
      'GET /api/locale/helptexts': ok([]),
    });
    const { user } = renderApp('/geolocation/search', { session: { role: 1 } });
    await user.click(await screen.findByTestId('help-geolocation.wifi.query'));
    expect((await screen.findByRole('tooltip')).textContent).toContain('first hex digits of a MAC address');
    expect(within(screen.getByRole('tooltip')).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});
