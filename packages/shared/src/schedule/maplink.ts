// The address of an order as a link that opens the phone's map app (or the web map): navigation to the place when its
// pin is the place itself, else a search for the address text (near the coarse pin when there is one).
import { navUrl } from './schedule.constants';

/** What is known of a place: the address text, and its pin with the pin's precision (GEO_PRECISION_LABELS' keys). */
export interface MapPlace {
  address: string | null | undefined;
  latitude?: number | null;
  longitude?: number | null;
  /** 'exact' for the place itself; 'district', 'city', 'province' for an area's centre; null/undefined unknown. */
  precision?: string | null;
}

/** Baidu's URI API asks the caller to name itself (free text, no key). */
const BAIDU_SRC = 'webapp.servicekeeper';

const hasPin = (p: MapPlace): p is MapPlace & { latitude: number; longitude: number } =>
  typeof p.latitude === 'number' && typeof p.longitude === 'number' && Number.isFinite(p.latitude) && Number.isFinite(p.longitude);

/**
 * The map link of a place, for the enterprise's map provider (the geo_provider setting: 离线/高德/腾讯/百度).
 * 百度 → Baidu's URI API (asked for GCJ-02, the system our pins are in); everything else → AutoNavi's URI API, which
 * needs no key and opens the AMap app on a phone, the web page elsewhere (Tencent's URI API wants the enterprise's
 * key, a secret the browser never gets). Null when there is neither an address nor a pin.
 */
export function mapUrl(place: MapPlace, provider?: string | null): string | null {
  const address = place.address?.trim() || '';
  const pin = hasPin(place) ? place : null;
  if (!address && !pin) return null;
  const exact = pin && (place.precision === 'exact' || !address);
  const name = address || '服务地址';
  if (provider === '百度') {
    if (exact) {
      const t = encodeURIComponent(name);
      return `https://api.map.baidu.com/marker?location=${pin.latitude},${pin.longitude}&title=${t}&content=${t}&output=html&coord_type=gcj02&src=${BAIDU_SRC}`;
    }
    return `https://api.map.baidu.com/geocoder?address=${encodeURIComponent(address)}&output=html&src=${BAIDU_SRC}`;
  }
  if (exact) return navUrl(pin.latitude, pin.longitude, name);
  // A pin at an area's centre is not the door: the map app finds the address itself, near that centre.
  const near = pin ? `&center=${pin.longitude},${pin.latitude}` : '';
  return `https://uri.amap.com/search?keyword=${encodeURIComponent(address)}${near}&view=map&coordinate=gaode&callnative=1`;
}
