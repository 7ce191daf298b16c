import { GeoProviderError } from './providers';

/**
 * Road travel between two points from an online routing service (AMap's driving route), keyed per enterprise by the
 * geocoder's settings (geo_provider, geo_key). Answers are cached per pair and hour of the day, in this process.
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
  /** '高德路径规划'. */
  readonly label: string;
  route(from: LatLng, to: LatLng): Promise<RoadLeg>;
}

/** The services' public endpoints; config (ROUTE_AMAP_URL) or tests point them elsewhere. */
export const ROUTE_DEFAULT_URLS = { amap: 'https://restapi.amap.com/v3/direction/driving' } as const;

const TIMEOUT_MS = 5000;
const lngLat = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

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
    let body: { status?: string; info?: string; route?: { paths?: Array<{ distance?: string; duration?: string }> } };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = (await res.json()) as typeof body;
    } catch (e) {
      throw new GeoProviderError('amap', `route request failed: ${(e as Error).message}`);
    }
    if (body.status !== '1') throw new GeoProviderError('amap', `route refused: ${body.info ?? 'unknown'}`);
    const path = body.route?.paths?.[0];
    const metres = Number(path?.distance);
    const seconds = Number(path?.duration);
    if (!Number.isFinite(metres) || !Number.isFinite(seconds) || metres < 0 || seconds < 0) throw new GeoProviderError('amap', 'route answer has no path');
    return { km: Math.round(metres / 100) / 10, minutes: Math.ceil(seconds / 60) };
  }
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
