import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WifiItem } from '@tracker/contract';
import { stubLayout } from '../../../test/layout';
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
  afterEach(() => vi.restoreAllMocks());

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
    const fetch = api();
    const { user, router } = renderApp('/geolocation/edit/AABBCCDDEEFF', { session: { role: 1 } });
    const lat = await screen.findByLabelText('Latitude');
    await user.clear(lat);
    await user.type(lat, '48.1');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(router.state.location.pathname).toBe('/geolocation/edit/AABBCCDDEEFF');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search'));
    expect(fetch.callsTo('POST', '/api/geolocation/wifi/save').map((c) => (c.body as { latitude: number }).latitude)).toEqual([48.1]);
  });
});
