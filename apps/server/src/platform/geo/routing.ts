import { type GeoProviderName, GeoProviderError } from './providers';

/**
 * Road travel between two points from an online routing service (the driving route of AMap, Tencent or Baidu: the
 * provider the enterprise geocodes with, and its key: settings geo_provider, geo_key). Answers are cached per pair and
 * hour of the day, in this process. Coordinates are GCJ-02, as the geocoders answer them.
 */

export interface LatLng {
  lat: number;
  lng: number;
}
export interface RoadLeg {
  km: number;
  minutes: number;
}

export interface RoutingService {
  /** '高德路径规划', '腾讯路径规划' or '百度路径规划'. */
  readonly label: string;
  route(from: LatLng, to: LatLng): Promise<RoadLeg>;
}

/** The services' public endpoints; config (ROUTE_AMAP_URL, ROUTE_TENCENT_URL, ROUTE_BAIDU_URL) or tests point them elsewhere. */
export const ROUTE_DEFAULT_URLS: Record<GeoProviderName, string> = {
  amap: 'https://restapi.amap.com/v3/direction/driving',
  tencent: 'https://apis.map.qq.com/ws/direction/v1/driving/',
  baidu: 'https://api.map.baidu.com/directionlite/v1/driving',
};

const TIMEOUT_MS = 5000;
const lngLat = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;
const latLng = (p: LatLng) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

async function getJson<T>(provider: GeoProviderName, url: URL): Promise<T> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as T;
  } catch (e) {
    throw new GeoProviderError(provider, `route request failed: ${(e as Error).message}`);
  }
}

/** A leg from the metres and seconds a service answered; anything else is no answer. */
function legOf(provider: GeoProviderName, metres: unknown, seconds: unknown): RoadLeg {
  const m = Number(metres);
  const s = Number(seconds);
  if (metres == null || seconds == null || !Number.isFinite(m) || !Number.isFinite(s) || m < 0 || s < 0)
    throw new GeoProviderError(provider, 'route answer has no path');
  return { km: Math.round(m / 100) / 10, minutes: Math.ceil(s / 60) };
}

/** Tencent's and Baidu's answers share a shape: { status 0, message, result: { routes: [{ distance, duration }] } }. */
async function firstRoute(provider: 'tencent' | 'baidu', url: URL): Promise<{ distance?: number; duration?: number } | undefined> {
  const body = await getJson<{ status?: number; message?: string; result?: { routes?: Array<{ distance?: number; duration?: number }> } }>(provider, url);
  if (body.status !== 0) throw new GeoProviderError(provider, `route refused: ${body.status} ${body.message ?? ''}`.trim());
  return body.result?.routes?.[0];
}

/** AMap (高德) web service: GET /v3/direction/driving?key&origin&destination → { status '1', route: { paths: [{ distance m, duration s }] } }. */
export class AmapRouting implements RoutingService {
  readonly label = '高德路径规划';
  constructor(
    private readonly key: string,
    private readonly url: string = ROUTE_DEFAULT_URLS.amap,
  ) {}

  async route(from: LatLng, to: LatLng): Promise<RoadLeg> {
    const url = new URL(this.url);
    url.searchParams.set('key', this.key);
    url.searchParams.set('origin', lngLat(from));
    url.searchParams.set('destination', lngLat(to));
    url.searchParams.set('extensions', 'base');
    const body = await getJson<{ status?: string; info?: string; route?: { paths?: Array<{ distance?: string; duration?: string }> } }>('amap', url);
    if (body.status !== '1') throw new GeoProviderError('amap', `route refused: ${body.info ?? 'unknown'}`);
    const path = body.route?.paths?.[0];
    return legOf('amap', path?.distance, path?.duration);
  }
}

/**
 * Tencent (腾讯位置服务) WebService: GET /ws/direction/v1/driving/?from=lat,lng&to=lat,lng&key → { status 0,
 * result: { routes: [{ distance m, duration minutes }] } }.
 */
export class TencentRouting implements RoutingService {
  readonly label = '腾讯路径规划';
  constructor(
    private readonly key: string,
    private readonly url: string = ROUTE_DEFAULT_URLS.tencent,
  ) {}

  async route(from: LatLng, to: LatLng): Promise<RoadLeg> {
    const url = new URL(this.url);
    url.searchParams.set('from', latLng(from));
    url.searchParams.set('to', latLng(to));
    url.searchParams.set('key', this.key);
    const r = await firstRoute('tencent', url);
    // Tencent answers the duration in minutes.
    return legOf('tencent', r?.distance, r?.duration == null ? null : Number(r.duration) * 60);
  }
}

/**
 * Baidu (百度地图) 轻量级路线规划: GET /directionlite/v1/driving?origin=lat,lng&destination=lat,lng&coord_type=gcj02&ak →
 * { status 0, result: { routes: [{ distance m, duration s }] } }.
 */
export class BaiduRouting implements RoutingService {
  readonly label = '百度路径规划';
  constructor(
    private readonly key: string,
    private readonly url: string = ROUTE_DEFAULT_URLS.baidu,
  ) {}

  async route(from: LatLng, to: LatLng): Promise<RoadLeg> {
    const url = new URL(this.url);
    url.searchParams.set('origin', latLng(from));
    url.searchParams.set('destination', latLng(to));
    url.searchParams.set('coord_type', 'gcj02');
    url.searchParams.set('ak', this.key);
    const r = await firstRoute('baidu', url);
    return legOf('baidu', r?.distance, r?.duration);
  }
}

/** The routing service of a provider, with the enterprise's key, at the configured endpoint (or the public one). */
export function routingService(provider: GeoProviderName, key: string, url?: string): RoutingService {
  if (provider === 'tencent') return new TencentRouting(key, url ?? ROUTE_DEFAULT_URLS.tencent);
  if (provider === 'baidu') return new BaiduRouting(key, url ?? ROUTE_DEFAULT_URLS.baidu);
  return new AmapRouting(key, url ?? ROUTE_DEFAULT_URLS.amap);
}

/** Pairs kept at most (the oldest go first). */
const CACHE_MAX = 20_000;
const keyOf = (from: LatLng, to: LatLng, hour: number) => `${from.lat.toFixed(4)},${from.lng.toFixed(4)}>${to.lat.toFixed(4)},${to.lng.toFixed(4)}@${hour}`;

/** Route answers per pair (to about 10 m) and hour, per enterprise; a Map keeps insertion order for the eviction. */
export class RouteCache {
  private readonly map = new Map<string, RoadLeg>();
  get(enterpriseId: number, from: LatLng, to: LatLng, hour: number): RoadLeg | undefined {
    return this.map.get(`${enterpriseId}:${keyOf(from, to, hour)}`);
  }
  set(enterpriseId: number, from: LatLng, to: LatLng, hour: number, leg: RoadLeg): void {
    const k = `${enterpriseId}:${keyOf(from, to, hour)}`;
    this.map.delete(k);
    this.map.set(k, leg);
    if (this.map.size > CACHE_MAX) this.map.delete(this.map.keys().next().value as string);
  }
  get size(): number {
    return this.map.size;
  }
}
