import { offlineGeocode } from './offline';
import type { GeoPrecision, GeoQuery, GeoResult, Geocoder } from './geocoder';

/** Online geocoders, chosen and keyed per enterprise (settings geo_provider, geo_key). Each throws GeoProviderError. */
export type GeoProviderName = 'amap' | 'tencent' | 'baidu';
export const GEO_PROVIDERS: readonly GeoProviderName[] = ['amap', 'tencent', 'baidu'];

/** The providers' public endpoints; config (GEO_*_URL) or tests point them elsewhere. */
export const GEO_DEFAULT_URLS: Record<GeoProviderName, string> = {
  amap: 'https://restapi.amap.com/v3/geocode/geo',
  tencent: 'https://apis.map.qq.com/ws/geocoder/v1/',
  baidu: 'https://api.map.baidu.com/geocoding/v3/',
};

export class GeoProviderError extends Error {
  constructor(
    readonly provider: GeoProviderName,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

const TIMEOUT_MS = 5000;

/** The full address line for a provider: the text, or the picked areas' names when there is no text. */
function addressLine(q: GeoQuery): string {
  return (q.text ?? '').trim();
}

async function getJson(provider: GeoProviderName, url: URL): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new GeoProviderError(provider, `request failed: ${(e as Error).message}`);
  }
  if (!res.ok) throw new GeoProviderError(provider, `HTTP ${res.status}`);
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new GeoProviderError(provider, 'answer is not JSON');
  }
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
function located(provider: GeoProviderName, lng: unknown, lat: unknown, precision: GeoPrecision): GeoResult {
  const longitude = num(lng);
  const latitude = num(lat);
  if (longitude === null || latitude === null || Math.abs(longitude) > 180 || Math.abs(latitude) > 90) {
    throw new GeoProviderError(provider, 'answer has no valid location');
  }
  return { longitude, latitude, precision };
}

abstract class OnlineGeocoder implements Geocoder {
  abstract readonly name: GeoProviderName;
  constructor(
    protected readonly key: string,
    protected readonly url: string,
  ) {}
  async geocode(q: GeoQuery): Promise<GeoResult | null> {
    const line = addressLine(q);
    if (!line) return null;
    return this.lookup(line);
  }
  protected abstract lookup(address: string): Promise<GeoResult | null>;
}

/** AMap (高德) web service: GET /v3/geocode/geo?key&address → { status '1', geocodes: [{ location 'lng,lat', level }] }. */
export class AmapGeocoder extends OnlineGeocoder {
  readonly name = 'amap' as const;
  protected async lookup(address: string): Promise<GeoResult | null> {
    const url = new URL(this.url);
    url.searchParams.set('key', this.key);
    url.searchParams.set('address', address);
    url.searchParams.set('output', 'JSON');
    const body = await getJson('amap', url);
    if (String(body.status) !== '1') throw new GeoProviderError('amap', `${body.infocode ?? ''} ${body.info ?? ''}`.trim());
    const first = (Array.isArray(body.geocodes) ? body.geocodes[0] : undefined) as { location?: string; level?: string } | undefined;
    if (!first?.location) return null;
    const [lng, lat] = first.location.split(',');
    const level = first.level ?? '';
    const precision: GeoPrecision = level === '省' ? 'province' : level === '市' ? 'city' : level === '区县' ? 'district' : 'exact';
    return located('amap', lng, lat, precision);
  }
}

/** Tencent (腾讯位置服务): GET /ws/geocoder/v1/?address&key → { status 0, result: { location: { lng, lat }, level } }. */
export class TencentGeocoder extends OnlineGeocoder {
  readonly name = 'tencent' as const;
  protected async lookup(address: string): Promise<GeoResult | null> {
    const url = new URL(this.url);
    url.searchParams.set('address', address);
    url.searchParams.set('key', this.key);
    const body = await getJson('tencent', url);
    // 347: nothing found for the address.
    if (body.status === 347) return null;
    if (body.status !== 0) throw new GeoProviderError('tencent', `${body.status} ${body.message ?? ''}`.trim());
    const r = body.result as { location?: { lng?: number; lat?: number }; level?: number } | undefined;
    if (!r?.location) return null;
    // level 1 城市, 2 区县, 3 and up: town, road, house number, POI.
    const precision: GeoPrecision = r.level === 1 ? 'city' : r.level === 2 ? 'district' : 'exact';
    return located('tencent', r.location.lng, r.location.lat, precision);
  }
}

/** Baidu (百度地图): GET /geocoding/v3/?address&output=json&ak&ret_coordtype=gcj02ll → { status 0, result: { location, level } }. */
export class BaiduGeocoder extends OnlineGeocoder {
  readonly name = 'baidu' as const;
  protected async lookup(address: string): Promise<GeoResult | null> {
    const url = new URL(this.url);
    url.searchParams.set('address', address);
    url.searchParams.set('output', 'json');
    url.searchParams.set('ak', this.key);
    // The same coordinate system as the AMap tiles and the other providers (GCJ-02), not Baidu's own BD-09.
    url.searchParams.set('ret_coordtype', 'gcj02ll');
    const body = await getJson('baidu', url);
    // 1: no result for the address.
    if (body.status === 1) return null;
    if (body.status !== 0) throw new GeoProviderError('baidu', `${body.status} ${body.message ?? body.msg ?? ''}`.trim());
    const r = body.result as { location?: { lng?: number; lat?: number }; level?: string } | undefined;
    if (!r?.location) return null;
    const precision: GeoPrecision = r.level === '省' ? 'province' : r.level === '城市' ? 'city' : r.level === '区县' ? 'district' : 'exact';
    return located('baidu', r.location.lng, r.location.lat, precision);
  }
}

export function onlineGeocoder(provider: GeoProviderName, key: string, url: string = GEO_DEFAULT_URLS[provider]): Geocoder {
  if (provider === 'amap') return new AmapGeocoder(key, url);
  if (provider === 'tencent') return new TencentGeocoder(key, url);
  return new BaiduGeocoder(key, url);
}

/**
 * An online provider with the offline table under it: a provider error is logged and the offline answer used; an
 * online answer less precise than the offline one (a provider that only found the city) does not replace it.
 */
export class FallbackGeocoder implements Geocoder {
  readonly name: string;
  constructor(
    private readonly online: Geocoder,
    private readonly log: (msg: string) => void,
  ) {
    this.name = online.name;
  }
  async geocode(q: GeoQuery): Promise<GeoResult | null> {
    const offline = offlineGeocode(q);
    try {
      const r = await this.online.geocode(q);
      if (r && (!offline || precisionRank(r.precision) >= precisionRank(offline.precision))) return r;
    } catch (e) {
      this.log(`[geo] ${(e as Error).message}; the offline table answered`);
    }
    return offline;
  }
}
const precisionRank = (p: GeoPrecision) => ['province', 'city', 'district', 'exact'].indexOf(p);
