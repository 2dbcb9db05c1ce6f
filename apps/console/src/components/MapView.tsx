import type * as Leaflet from 'leaflet';
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleConfig } from '../lib/console-config';
import './map.css';

type L = typeof Leaflet;

let leaflet: Promise<L> | null = null;
/** Leaflet (and its CSS) is its own chunk, fetched the first time a map is shown (docs/console.md, "Bundle budget"). */
function loadLeaflet(): Promise<L> {
  leaflet ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([m]) => ((m as { default?: L }).default ?? m) as L);
  return leaflet;
}

type MapState = { map: Leaflet.Map; L: L };
const MapContext = createContext<MapState | null>(null);
/** The Leaflet map of the enclosing MapView (null until it is ready). */
export const useMap = () => use(MapContext)?.map ?? null;
/** The map and the Leaflet module of the enclosing MapView (null until ready), for layers in other files. */
export const useLeaflet = () => use(MapContext);

/** A tooltip from plain text: Leaflet puts a string tooltip in as HTML, and zone names are typed by owners. */
function textTooltip(text: string): HTMLElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

/**
 * A Leaflet map (canvas renderer: thousands of fixes stay smooth); its layers are child components. Tiles come from
 * the deployment's tile server (MAP_TILE_URL, read through GET /console/config). When there is none, or its tiles
 * fail (no internet), a note says so over the map and the layers draw on a plain background.
 */
export function MapView({ children, label }: { children?: ReactNode; label: string }) {
  const { t } = useTranslation();
  const config = useConsoleConfig();
  const el = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileUrl = config.data?.mapTileUrl;
  const attribution = config.data?.mapAttribution ?? '';
  useEffect(() => {
    if (!el.current || tileUrl === undefined) return;
    const node = el.current;
    let cancelled = false;
    let cleanup = () => {};
    void loadLeaflet().then((L) => {
      if (cancelled) return;
      const m = L.map(node, { preferCanvas: true, zoomControl: true, attributionControl: tileUrl !== '' }).setView([50, 10], 4);
      if (tileUrl !== '') {
        const tiles = L.tileLayer(tileUrl, { maxZoom: 19, attribution: '' });
        // a tile that fails shows the note; one that loads (the connection is back) hides it
        tiles.on('tileerror', () => setTilesFailed(true));
        tiles.on('tileload', () => setTilesFailed(false));
        tiles.addTo(m);
        // plain text: the attribution is a setting, not markup
        if (attribution) m.attributionControl.addAttribution(attribution.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`));
      }
      // what the map shows, on the region's element: `data-zoom`, and `aria-busy` while it pans or zooms (an animated
      // fit moves every handle on it; assistive technology and the browser tests wait for it to settle)
      const moving = () => node.setAttribute('aria-busy', 'true');
      const settled = () => {
        node.dataset.zoom = String(m.getZoom());
        node.removeAttribute('aria-busy');
      };
      settled();
      m.on('movestart zoomstart', moving);
      m.on('moveend zoomend', settled);
      setState({ map: m, L });
      const ro = new ResizeObserver(() => m.invalidateSize());
      ro.observe(node);
      cleanup = () => {
        ro.disconnect();
        m.remove();
      };
    });
    return () => {
      cancelled = true;
      cleanup();
      setState(null);
      setTilesFailed(false);
    };
  }, [tileUrl, attribution]);
  const noTiles = tileUrl === '' || tilesFailed;
  return (
    <div className="dw-map" data-testid="device-map" data-tiles={noTiles ? 'unavailable' : 'ok'}>
      <div ref={el} className="dw-map__canvas" role="region" aria-label={label} title={t('map.keyboard')} />
      {noTiles ? (
        <p className="dw-map__note" role="status" data-testid="map-tiles-unavailable">
          {t('map.tilesUnavailable')}
        </p>
      ) : null}
      <MapContext value={state}>{state ? children : null}</MapContext>
    </div>
  );
}

/** The day's path as a line with a dot per fix; fits the map to it once per day. */
export function PathLayer({ points, onSelect, fitKey }: { points: [number, number, number, number][]; onSelect?: (id: number) => void; fitKey: string }) {
  const ctx = useLeaflet();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!ctx || points.length === 0) return;
    const { map, L } = ctx;
    const latlngs = points.map((p) => L.latLng(p[0], p[1]));
    const group = L.layerGroup();
    L.polyline(latlngs, { color: '#1f5fbf', weight: 3, opacity: 0.8, className: 'dw-path' }).addTo(group);
    for (const p of points) {
      const dot = L.circleMarker([p[0], p[1]], { radius: 3, color: '#184b97', weight: 1, fillOpacity: 0.8 });
      if (onSelect) dot.on('click', () => onSelect(p[3]));
      dot.addTo(group);
    }
    group.addTo(map);
    if (fitted.current !== fitKey) {
      map.fitBounds(L.latLngBounds(latlngs), { padding: [24, 24], maxZoom: 16 });
      fitted.current = fitKey;
    }
    return () => {
      group.remove();
    };
  }, [ctx, points, onSelect, fitKey]);
  return null;
}

/** The selected fix and its accuracy radius. */
export function FixLayer({ lat, lng, radius }: { lat: number; lng: number; radius: number | null }) {
  const ctx = useLeaflet();
  useEffect(() => {
    if (!ctx) return;
    const { map, L } = ctx;
    const group = L.layerGroup([
      L.circle([lat, lng], { radius: radius ?? 0, color: '#b3261e', weight: 1, fillOpacity: 0.15 }),
      L.circleMarker([lat, lng], { radius: 6, color: '#b3261e', weight: 2, fillColor: '#fff', fillOpacity: 1 }),
    ]).addTo(map);
    map.panTo([lat, lng]);
    return () => {
      group.remove();
    };
  }, [ctx, lat, lng, radius]);
  return null;
}

export type Zone = { id: number; name: string; latitude: number; longitude: number; radius: number; enabled: boolean };

/**
 * The owner's safe zones (off ones dashed). With `fitKey`, the map is fitted to the zones (each whole circle) once
 * per key, so a list of zones opens on them rather than on the continent; without it the view is left to the other
 * layers (a path, a zone being edited).
 */
export function ZonesLayer({ zones, fitKey }: { zones: readonly Zone[]; fitKey?: string | undefined }) {
  const ctx = useLeaflet();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!ctx || fitKey === undefined) {
      fitted.current = null;
      return;
    }
    if (zones.length === 0 || fitted.current === fitKey) return;
    const { map, L } = ctx;
    const bounds = L.latLngBounds([]);
    for (const z of zones) bounds.extend(L.latLng(z.latitude, z.longitude).toBounds(z.radius * 2));
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
    fitted.current = fitKey;
  }, [ctx, zones, fitKey]);
  useEffect(() => {
    if (!ctx) return;
    const { map, L } = ctx;
    const group = L.layerGroup(
      zones.map((z) =>
        L.circle([z.latitude, z.longitude], {
          radius: z.radius,
          color: z.enabled ? '#1e7a3a' : '#5b6475',
          dashArray: z.enabled ? undefined : '4 4',
          weight: 2,
          fillOpacity: 0.08,
        }).bindTooltip(textTooltip(z.name)),
      ),
    ).addTo(map);
    return () => {
      group.remove();
    };
  }, [ctx, zones]);
  return null;
}

/** Points without a line (communications of the gaps tab), larger where a gap starts. */
export function PointsLayer({ points }: { points: { lat: number; lng: number; gap: boolean; label: string }[] }) {
  const ctx = useLeaflet();
  useEffect(() => {
    if (!ctx || points.length === 0) return;
    const { map, L } = ctx;
    const group = L.layerGroup(
      points.map((p) =>
        L.circleMarker([p.lat, p.lng], { radius: p.gap ? 7 : 3, color: p.gap ? '#b3261e' : '#1f5fbf', weight: 1, fillOpacity: 0.7 }).bindTooltip(textTooltip(p.label)),
      ),
    ).addTo(map);
    map.fitBounds(L.latLngBounds(points.map((p) => L.latLng(p.lat, p.lng))), { padding: [24, 24], maxZoom: 15 });
    return () => {
      group.remove();
    };
  }, [ctx, points]);
  return null;
}
