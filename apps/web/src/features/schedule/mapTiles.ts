// What the schedule's Leaflet maps share: the tile layer of the setting 地图瓦片地址 (map_tile_url).
import L from 'leaflet';
import { type RefObject, useEffect, useRef } from 'react';

/** AutoNavi's tile hosts are webrd01–04 / webst01–04; other templates use a, b, c. */
export const subdomainsOf = (url: string): string => (/webrd0\{s\}|webst0\{s\}/.test(url) ? '1234' : 'abc');

/** The setting's tile layer; `onError` is told once, at the first tile that fails to load. */
export function tileLayerOf(url: string, onError: () => void): L.TileLayer {
  let reported = false;
  return L.tileLayer(url, { subdomains: subdomainsOf(url), maxZoom: 18 }).on('tileerror', () => {
    if (reported) return;
    reported = true;
    onError();
  });
}

/**
 * A Leaflet map in `box`, built once per tile URL: the setting's tiles and one layer group the caller redraws.
 * `onResize` runs after Leaflet learns the box's new size (a drawer sliding in, a card's layout settling, a phone
 * turned); `onBuilt` when a map is (re)built. Both are read at the time, so the caller's latest ones count.
 */
export function useLeafletMap(
  box: RefObject<HTMLDivElement | null>,
  tileUrl: string,
  options: L.MapOptions,
  calls: { onTileError: () => void; onResize?: (m: L.Map) => void; onBuilt?: () => void },
): { map: RefObject<L.Map | null>; layers: RefObject<L.LayerGroup | null> } {
  const map = useRef<L.Map | null>(null);
  const layers = useRef<L.LayerGroup | null>(null);
  const latest = useRef(calls);
  latest.current = calls;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is built once per tile URL; its first view is the options' at that time
  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { zoom: 11, attributionControl: false, ...options });
    tileLayerOf(tileUrl, () => latest.current.onTileError()).addTo(m);
    layers.current = L.layerGroup().addTo(m);
    map.current = m;
    latest.current.onBuilt?.();
    const resized = new ResizeObserver(() => {
      m.invalidateSize();
      latest.current.onResize?.(m);
    });
    resized.observe(box.current);
    return () => {
      resized.disconnect();
      m.remove();
      map.current = null;
    };
  }, [tileUrl]);
  return { map, layers };
}
