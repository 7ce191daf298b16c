// The Leaflet map of orders (clustered, coloured by state, ringed by priority) and engineers at their last position.
import { ORDER_STATES } from '@sk/shared/orders/orders.constants';
import { GEO_PRECISION_LABELS } from '@sk/shared/schedule/schedule.constants';
import type { MapOrder } from '@sk/shared/schedule/schedule.contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { useEffect, useRef } from 'react';
import { useLeafletMap } from './mapTiles';

export interface EngineerPin {
  userId: number;
  name: string;
  latitude: number;
  longitude: number;
  reportedAt: string;
}

/** An engineer's proposed day of a draft (DraftRoutes.tsx): a line through numbered stops. */
export interface DraftRoute {
  userId: number;
  name: string;
  colour: string;
  /** Where his day starts: the line's first point, so a single stop still has its leg drawn. */
  start: [number, number] | null;
  stops: { orderId: number; n: number; latitude: number; longitude: number; label: string }[];
}

export interface OrdersMapProps {
  tileUrl: string;
  center: [number, number];
  orders: MapOrder[];
  engineers: EngineerPin[];
  selected: number | null;
  onSelect: (id: number) => void;
  onTileError: () => void;
  /** A draft's routes, drawn over the orders (the view is fitted to them). */
  routes?: DraftRoute[];
}

/** Priority 1 普通 a thin white ring, 2 紧急 orange, 3 非常紧急 red and larger. */
const RINGS: Record<number, { color: string; size: number }> = {
  1: { color: '#fff', size: 18 },
  2: { color: '#fa8c16', size: 22 },
  3: { color: '#f5222d', size: 26 },
};

/** '定位精度：区县' — a pin at an area's centre is only as precise as the area. */
export const precisionText = (o: Pick<MapOrder, 'precision'>): string => `定位精度：${o.precision ? GEO_PRECISION_LABELS[o.precision] : '未知'}`;
const esc = (s: string) => s.replace(/[<>&"]/g, '');

function orderIcon(o: MapOrder, selected: boolean): L.DivIcon {
  const ring = RINGS[o.priority] ?? (RINGS[1] as { color: string; size: number });
  const size = ring.size + (selected ? 6 : 0);
  const html = `<div data-testid="map-order-${o.id}" data-precision="${o.precision ?? ''}" title="${esc(o.orderNo)} ${precisionText(o)}" style="width:${size}px;height:${size}px;border-radius:50%;background:${ORDER_STATES[o.state as keyof typeof ORDER_STATES]?.color ?? '#1668dc'};border:3px solid ${selected ? '#000' : ring.color};box-shadow:0 0 2px rgba(0,0,0,.5)"></div>`;
  return L.divIcon({ html, className: '', iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}

const engineerIcon = (e: EngineerPin): L.DivIcon =>
  L.divIcon({
    html: `<div data-testid="map-engineer-${e.userId}" style="padding:1px 6px;border-radius:10px;background:#1668dc;color:#fff;font-size:12px;white-space:nowrap;box-shadow:0 0 2px rgba(0,0,0,.5)">● ${e.name.replace(/[<>&"]/g, '')}</div>`,
    className: '',
    iconSize: undefined,
    iconAnchor: [10, 10],
  });

const stopIcon = (r: DraftRoute, n: number, orderId: number): L.DivIcon =>
  L.divIcon({
    html: `<div data-testid="draft-stop-${orderId}" style="width:22px;height:22px;border-radius:50%;background:${r.colour};color:#fff;font-size:12px;font-weight:600;line-height:22px;text-align:center;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.6)">${n}</div>`,
    className: '',
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });

export default function OrdersMap({ tileUrl, center, orders, engineers, selected, onSelect, onTileError, routes }: OrdersMapProps) {
  const box = useRef<HTMLDivElement>(null);
  // The view is fitted to the pins once; later data (a refetch, a moved engineer) keeps the user's pan and zoom.
  // A draft's routes, when they come, are fitted once more (they are what the page was opened for).
  const fitted = useRef<'all' | 'routes' | null>(null);
  const handlers = useRef({ onSelect });
  handlers.current = { onSelect };
  // The box gets its height after the card's layout settles: the hook tells Leaflet its size, or the pins fitted to a
  // smaller box end up in its corner.
  const { map, layers } = useLeafletMap(box, tileUrl, { center }, { onTileError, onBuilt: () => (fitted.current = null) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map's refs (useLeafletMap) are stable; the layers follow the data
  useEffect(() => {
    const m = map.current;
    const group = layers.current;
    if (!m || !group) return;
    group.clearLayers();
    const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 40 });
    for (const o of orders) {
      const marker = L.marker([o.latitude, o.longitude], { icon: orderIcon(o, o.id === selected) });
      marker.bindTooltip(`${esc(o.orderNo)} ${esc(o.title)}<br/>${precisionText(o)}`, { direction: 'top', offset: [0, -8] });
      marker.on('click', () => handlers.current.onSelect(o.id));
      cluster.addLayer(marker);
    }
    group.addLayer(cluster);
    // An engineer's name label lies below the pins and takes no clicks: an order or a cluster under it stays clickable.
    for (const e of engineers)
      L.marker([e.latitude, e.longitude], { icon: engineerIcon(e), zIndexOffset: -1000, interactive: false, keyboard: false }).addTo(group);
    // A draft's routes lie above the pins: a line per engineer and his numbered stops.
    for (const r of routes ?? []) {
      const line = [...(r.start ? [r.start] : []), ...r.stops.map((s) => [s.latitude, s.longitude] as [number, number])];
      L.polyline(line, { color: r.colour, weight: 4, opacity: 0.8, dashArray: '8 6' }).bindTooltip(esc(r.name)).addTo(group);
      for (const s of r.stops)
        L.marker([s.latitude, s.longitude], { icon: stopIcon(r, s.n, s.orderId), zIndexOffset: 1000 })
          .bindTooltip(esc(s.label), { direction: 'top', offset: [0, -10] })
          .addTo(group);
    }
    const routed = (routes ?? []).flatMap((r) => [...(r.start ? [r.start] : []), ...r.stops.map((s) => [s.latitude, s.longitude])]);
    const all = [...orders.map((o) => [o.latitude, o.longitude]), ...engineers.map((e) => [e.latitude, e.longitude])];
    const points = (routed.length ? routed : all) as [number, number][];
    const fit = routed.length ? 'routes' : 'all';
    if (points.length > 0 && fitted.current !== fit && fitted.current !== 'routes') {
      fitted.current = fit;
      m.invalidateSize();
      m.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 14, animate: false });
    }
  }, [orders, engineers, selected, routes]);

  return <div ref={box} data-testid="orders-map" style={{ height: '100%', minHeight: 420, width: '100%', borderRadius: 6, background: '#f5f5f5' }} />;
}
