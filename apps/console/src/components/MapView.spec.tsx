import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { stubLayout } from '../test/layout';
import { mockFetch, ok } from '../test/render';
import { MapView, useMap } from './MapView';

const NOTE = 'Map tiles unavailable: the path, points and safe zones are drawn without the background map.';

/** Tells whether the map is ready (children render only then). */
function Ready() {
  return useMap() ? <span data-testid="map-ready" /> : null;
}

function renderMap() {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MapView label="Map of the day's path">
        <Ready />
      </MapView>
    </Providers>,
  );
}

const tiles = () => [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];

describe('MapView: tiles from the deployment setting, and a note when there are none', () => {
  // the map (Leaflet) needs a size and watches it
  beforeEach(() => stubLayout());
  afterEach(() => vi.restoreAllMocks());

  it('asks the configured tile server; a failing tile shows the note, a loading one hides it', async () => {
    mockFetch({ 'GET /api/console/config': ok({ mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', mapAttribution: 'Example maps' }) });
    renderMap();
    await screen.findByTestId('map-ready');
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    expect(tiles()[0]!.src).toMatch(/^https:\/\/tiles\.example\.com\/4\/\d+\/\d+\.png$/);
    expect(screen.queryByTestId('map-tiles-unavailable')).toBeNull();
    expect(screen.getByTestId('device-map').textContent).toContain('Example maps');

    act(() => {
      tiles()[0]!.dispatchEvent(new Event('error'));
    });
    expect((await screen.findByTestId('map-tiles-unavailable')).textContent).toBe(NOTE);
    expect(screen.getByTestId('device-map').dataset.tiles).toBe('unavailable');

    act(() => {
      tiles().at(-1)!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(screen.queryByTestId('map-tiles-unavailable')).toBeNull());
  });

  it('no tile server configured: no tile is requested and the note shows', async () => {
    mockFetch({ 'GET /api/console/config': ok({ mapTileUrl: '', mapAttribution: '' }) });
    renderMap();
    await screen.findByTestId('map-ready');
    expect((await screen.findByTestId('map-tiles-unavailable')).textContent).toBe(NOTE);
    expect(tiles()).toHaveLength(0);
  });

  it('settings that cannot be read: drawn without tiles, no error toast', async () => {
    mockFetch({ 'GET /api/console/config': { status: 500, body: { error: 'Internal server error.', code: 'INTERNAL' } } });
    renderMap();
    await screen.findByTestId('map-ready');
    await screen.findByTestId('map-tiles-unavailable');
    expect(tiles()).toHaveLength(0);
    expect(screen.queryByTestId('toast-error')).toBeNull();
  });

  it('German', async () => {
    const { i18n } = await import('../lib/i18n');
    await i18n.changeLanguage('de');
    mockFetch({ 'GET /api/console/config': ok({ mapTileUrl: '', mapAttribution: '' }) });
    renderMap();
    expect((await screen.findByTestId('map-tiles-unavailable')).textContent).toMatch(/^Kartenkacheln nicht verfügbar/);
  });
});
