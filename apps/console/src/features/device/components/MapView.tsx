import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tile URL: VITE_MAP_TILE_URL, 'none' for no tiles (the layers still draw on a plain background, e.g. offline).
 */
const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const MapContext = createContext<L.Map | null>(null);
export const useMap = () => use(MapContext);

/** A Leaflet map (canvas renderer: thousands of fixes stay smooth); its layers are child components. */
export function MapView({ children, label }: { children?: ReactNode; label: string }) {
  const { t } = useTranslation();
  const el = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { preferCanvas: true, zoomControl: true, attributionControl: TILE_URL !== 'none' }).setView([50, 10], 4);
    if (TILE_URL !== 'none') {
      L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(m);
    }
    setMap(m);
    const ro = new ResizeObserver(() => m.invalidateSize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      m.remove();
      setMap(null);
    };
  }, []);
  return (
    <div className="dw-map" data-testid="device-map">
      <div ref={el} className="dw-map__canvas" role="region" aria-label={label} title={t('device.map.keyboard')} />
      <MapContext value={map}>{map ? children : null}</MapContext>
    </div>
  );
}

/** The day's path as a line with a dot per fix; fits the map to it once per day. */
export function PathLayer({ points, onSelect, fitKey }: { points: [number, number, number, number][]; onSelect?: (id: number) => void; fitKey: string }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!map || points.length === 0) return;
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
  }, [map, points, onSelect, fitKey]);
  return null;
}

/** The selected fix and its accuracy radius. */
export function FixLayer({ lat, lng, radius }: { lat: number; lng: number; radius: number | null }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup([
      L.circle([lat, lng], { radius: radius ?? 0, color: '#b3261e', weight: 1, fillOpacity: 0.15 }),
      L.circleMarker([lat, lng], { radius: 6, color: '#b3261e', weight: 2, fillColor: '#fff', fillOpacity: 1 }),
    ]).addTo(map);
    map.panTo([lat, lng]);
    return () => {
      group.remove();
    };
  }, [map, lat, lng, radius]);
  return null;
}

export type Zone = { id: number; name: string; latitude: number; longitude: number; radius: number; enabled: boolean };

/** The owner's safe zones (off ones dashed). */
export function ZonesLayer({ zones }: { zones: readonly Zone[] }) {
  const map = useMap();
  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup(
      zones.map((z) =>
        L.circle([z.latitude, z.longitude], {
          radius: z.radius,
          color: z.enabled ? '#1e7a3a' : '#5b6475',
          dashArray: z.enabled ? undefined : '4 4',
          weight: 2,
          fillOpacity: 0.08,
        }).bindTooltip(z.name),
      ),
    ).addTo(map);
    return () => {
      group.remove();
    };
  }, [map, zones]);
  return null;
}

/** Points without a line (communications of the gaps tab), larger where a gap starts. */
export function PointsLayer({ points }: { points: { lat: number; lng: number; gap: boolean; label: string }[] }) {
  const map = useMap();
  useEffect(() => {
    if (!map || points.length === 0) return;
    const group = L.layerGroup(
      points.map((p) =>
        L.circleMarker([p.lat, p.lng], { radius: p.gap ? 7 : 3, color: p.gap ? '#b3261e' : '#1f5fbf', weight: 1, fillOpacity: 0.7 }).bindTooltip(p.label),
      ),
    ).addTo(map);
    map.fitBounds(L.latLngBounds(points.map((p) => L.latLng(p.lat, p.lng))), { padding: [24, 24], maxZoom: 15 });
    return () => {
      group.remove();
    };
  }, [map, points]);
  return null;
}
