import type { LatLng, Marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useLeaflet } from './MapView';

export type Circle = { latitude: number; longitude: number; radius: number };

type Props = {
  /** the circle, or null when there is none yet (a click on the map places it) */
  circle: Circle | null;
  /** the radius a new circle gets, and the largest one the edge handle allows */
  defaultRadius: number;
  maxRadius: number;
  onChange: (c: Circle) => void;
  /** the user dragged past `maxRadius`: the radius stays at it */
  onClamp?: () => void;
  /** the map fits the circle when this changes (another zone selected), not while it is dragged */
  fitKey: string;
};

/**
 * An editable circle on the enclosing MapView: drag the centre handle to move it, the edge handle (east of the
 * centre) to change the radius; a click on the map moves the centre there (and places a new circle). The handles
 * are focusable Leaflet markers (`.map-handle--centre`, `.map-handle--edge`); the map pans to a new circle.
 */
export function EditableCircle({ circle, defaultRadius, maxRadius, onChange, onClamp, fitKey }: Props) {
  const ctx = useLeaflet();
  const latest = useRef({ circle, onChange, onClamp, defaultRadius, maxRadius });
  latest.current = { circle, onChange, onClamp, defaultRadius, maxRadius };

  // a click places or moves the centre
  useMapClick((at) => latest.current.onChange({ ...at, radius: latest.current.circle?.radius ?? latest.current.defaultRadius }));

  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!ctx || !circle) return;
    const { map, L } = ctx;
    const centre = L.latLng(circle.latitude, circle.longitude);
    const shape = L.circle(centre, { radius: circle.radius, color: '#1e7a3a', weight: 2, fillOpacity: 0.12 });
    const handle = (cls: string) => L.divIcon({ className: `map-handle ${cls}`, iconSize: [16, 16], iconAnchor: [8, 8] });
    const centreMarker = L.marker(centre, { draggable: true, icon: handle('map-handle--centre'), keyboard: true, title: 'centre' });
    const edgeAt = (c: LatLng, r: number) => L.latLng(c.lat, c.lng + (r / (111_320 * Math.cos((c.lat * Math.PI) / 180))));
    const edgeMarker = L.marker(edgeAt(centre, circle.radius), { draggable: true, icon: handle('map-handle--edge'), keyboard: true, title: 'radius' });
    centreMarker.on('drag', (e) => {
      const at = (e.target as Marker).getLatLng();
      shape.setLatLng(at);
      edgeMarker.setLatLng(edgeAt(at, shape.getRadius()));
    });
    centreMarker.on('dragend', (e) => {
      const at = (e.target as Marker).getLatLng();
      latest.current.onChange({ latitude: round(at.lat), longitude: round(at.lng), radius: Math.round(shape.getRadius()) });
    });
    const radiusOf = (at: LatLng) => Math.max(1, Math.round(map.distance(shape.getLatLng(), at)));
    edgeMarker.on('drag', (e) => shape.setRadius(Math.min(latest.current.maxRadius, radiusOf((e.target as Marker).getLatLng()))));
    edgeMarker.on('dragend', (e) => {
      const wanted = radiusOf((e.target as Marker).getLatLng());
      const { maxRadius: max } = latest.current;
      if (wanted > max) latest.current.onClamp?.();
      const c = shape.getLatLng();
      latest.current.onChange({ latitude: round(c.lat), longitude: round(c.lng), radius: Math.min(max, wanted) });
    });
    const group = L.layerGroup([shape, centreMarker, edgeMarker]).addTo(map);
    if (fitted.current !== fitKey) {
      map.fitBounds(shape.getBounds(), { padding: [40, 40], maxZoom: 17 });
      fitted.current = fitKey;
    }
    return () => {
      group.remove();
    };
  }, [ctx, circle, fitKey]);
  return null;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export type Point = { latitude: number; longitude: number };

/** Calls `onClick` with the position (6 decimals, about 0.1 m) of every click on the enclosing MapView. */
function useMapClick(onClick: (at: Point) => void) {
  const ctx = useLeaflet();
  const latest = useRef(onClick);
  latest.current = onClick;
  useEffect(() => {
    if (!ctx) return;
    const handler = (e: { latlng: { lat: number; lng: number } }) => latest.current({ latitude: round(e.latlng.lat), longitude: round(e.latlng.lng) });
    ctx.map.on('click', handler);
    return () => {
      ctx.map.off('click', handler);
    };
  }, [ctx]);
}

/**
 * An editable point on the enclosing MapView (a wifi access point): drag its handle (`.map-handle--centre`, a
 * focusable Leaflet marker) or click the map to move it there (and to place a new one). The map centres on the
 * point when `fitKey` changes (another point selected), not while it is dragged.
 */
export function EditablePoint({ point, onChange, fitKey, title }: { point: Point | null; onChange: (p: Point) => void; fitKey: string; title: string }) {
  const ctx = useLeaflet();
  const latest = useRef(onChange);
  latest.current = onChange;
  useMapClick((at) => latest.current(at));
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!ctx || !point) return;
    const { map, L } = ctx;
    const icon = L.divIcon({ className: 'map-handle map-handle--centre', iconSize: [16, 16], iconAnchor: [8, 8] });
    const marker = L.marker([point.latitude, point.longitude], { draggable: true, icon, keyboard: true, title });
    marker.on('dragend', (e) => {
      const at = (e.target as Marker).getLatLng();
      latest.current({ latitude: round(at.lat), longitude: round(at.lng) });
    });
    marker.addTo(map);
    if (fitted.current !== fitKey) {
      map.setView([point.latitude, point.longitude], Math.max(map.getZoom(), 15));
      fitted.current = fitKey;
    }
    return () => {
      marker.remove();
    };
  }, [ctx, point, fitKey, title]);
  return null;
}
