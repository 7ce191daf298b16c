// The Leaflet map of the position picker; its own chunk, loaded only when a picker opens.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

export interface LeafletMapProps {
  tileUrl: string;
  /** [lat, lng] */
  center: [number, number];
  point: [number, number] | null;
  onPick: (lat: number, lng: number) => void;
  /** Tiles could not be loaded (no network, a wrong URL). */
  onTileError: () => void;
}

const subdomainsOf = (url: string): string => (/webrd0\{s\}|webst0\{s\}/.test(url) ? '1234' : 'abc');

export default function LeafletMap({ tileUrl, center, point, onPick, onTileError }: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const handlers = useRef({ onPick, onTileError });
  handlers.current = { onPick, onTileError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once per open; later points move the marker only
  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: point ?? center, zoom: point ? 15 : 11, attributionControl: false });
    let reported = false;
    L.tileLayer(tileUrl, { subdomains: subdomainsOf(tileUrl), maxZoom: 18 })
      .on('tileerror', () => {
        if (reported) return;
        reported = true;
        handlers.current.onTileError();
      })
      .addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => handlers.current.onPick(e.latlng.lat, e.latlng.lng));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (marker.current) marker.current.setLatLng(point);
    else marker.current = L.circleMarker(point, { radius: 8, color: '#1677ff', fillColor: '#1677ff', fillOpacity: 0.6 }).addTo(m);
  }, [point]);

  return <div ref={box} data-testid="position-map" style={{ height: '100%', width: '100%', borderRadius: 6 }} />;
}
