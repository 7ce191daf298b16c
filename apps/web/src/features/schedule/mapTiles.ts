// What the schedule's Leaflet maps share: the tile layer of the setting 地图瓦片地址 (map_tile_url).
import L from 'leaflet';

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
