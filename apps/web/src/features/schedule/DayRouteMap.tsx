// An engineer's day on a Leaflet map (the board's 路线 drawer): where his day starts, the stops numbered 1..n in the
// proposed order with their arrival times, the proposed route as a line and the booked one dashed grey beneath it.
import type { DayAnswer } from '@sk/shared/planning/planning.contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useLeafletMap } from './mapTiles';

type Stop = DayAnswer['proposed']['stops'][number];

export interface DayRouteMapProps {
  tileUrl: string;
  start: DayAnswer['start'];
  /** The stops in the proposed order. */
  proposed: Stop[];
  /** The stops as booked, drawn dashed when the proposal differs; null when it does not. */
  current: Stop[] | null;
  onTileError: () => void;
}

const PROPOSED = '#1668dc';
const CURRENT = '#8c8c8c';
const esc = (s: string) => s.replace(/[<>&"]/g, '');

/** A numbered pin with the arrival time beside it ('3 到达 09:42'). */
const stopIcon = (n: number, s: Stop): L.DivIcon =>
  L.divIcon({
    html: `<div data-testid="route-pin-${n}" style="display:flex;align-items:center;gap:4px;white-space:nowrap"><span style="display:inline-flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:50%;background:${PROPOSED};color:#fff;font-size:12px;font-weight:600;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.6)">${n}</span><span style="padding:0 4px;border-radius:4px;background:rgba(255,255,255,.92);color:#1f1f1f;font-size:12px;box-shadow:0 0 2px rgba(0,0,0,.4)">到达 ${s.arrive}</span></div>`,
    className: '',
    iconSize: undefined,
    iconAnchor: [13, 13],
  });

const startIcon = (label: string): L.DivIcon =>
  L.divIcon({
    html: `<div data-testid="route-start" style="padding:1px 6px;border-radius:4px;background:#262626;color:#fff;font-size:12px;white-space:nowrap;box-shadow:0 0 2px rgba(0,0,0,.5)">⌂ ${esc(label)}</div>`,
    className: '',
    iconSize: undefined,
    iconAnchor: [12, 10],
  });

/** Room on the right for the arrival labels beside the pins. */
const fit = (m: L.Map, b: L.LatLngBounds) => m.fitBounds(b, { paddingTopLeft: [30, 30], paddingBottomRight: [100, 30], maxZoom: 15, animate: false });

export default function DayRouteMap({ tileUrl, start, proposed, current, onTileError }: DayRouteMapProps) {
  const box = useRef<HTMLDivElement>(null);
  // The route's extent: fitted again whenever the box changes size (the drawer sliding in, a phone turned).
  const bounds = useRef<L.LatLngBounds | null>(null);
  const { map, layers } = useLeafletMap(
    box,
    tileUrl,
    { center: [39.90923, 116.397428], zoomSnap: 0.25 },
    {
      onTileError,
      onResize: (m) => {
        if (bounds.current) fit(m, bounds.current);
      },
    },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map's refs (useLeafletMap) are stable; the layers follow the data
  useEffect(() => {
    const m = map.current;
    const group = layers.current;
    if (!m || !group) return;
    group.clearLayers();
    const from: [number, number][] = start ? [[start.latitude, start.longitude]] : [];
    const line = (stops: Stop[]) => [...from, ...stops.map((s) => [s.latitude, s.longitude] as [number, number])];
    if (current) L.polyline(line(current), { color: CURRENT, weight: 3, dashArray: '6 6', opacity: 0.9, interactive: false }).addTo(group);
    L.polyline(line(proposed), { color: PROPOSED, weight: 4, opacity: 0.85, interactive: false }).addTo(group);
    if (start) L.marker([start.latitude, start.longitude], { icon: startIcon(start.label), keyboard: false, zIndexOffset: -500 }).addTo(group);
    proposed.forEach((s, i) => {
      L.marker([s.latitude, s.longitude], { icon: stopIcon(i + 1, s), keyboard: false, zIndexOffset: 100 * (proposed.length - i) })
        .bindTooltip(`${i + 1}. ${esc(s.title)}（${esc(s.orderNo)}）<br/>到达 ${s.arrive} · 上门 ${s.start}–${s.end}`, { direction: 'top', offset: [0, -12] })
        .addTo(group);
    });
    const points = line(proposed);
    bounds.current = points.length > 0 ? L.latLngBounds(points) : null;
    if (bounds.current) {
      m.invalidateSize();
      fit(m, bounds.current);
    }
  }, [start, proposed, current]);

  return <div ref={box} data-testid="day-route-map" style={{ height: '100%', width: '100%', borderRadius: 6, background: '#f5f5f5' }} />;
}
