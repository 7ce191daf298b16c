import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeoProviderError } from './providers';
import { AmapRouting, BaiduRouting, RouteCache, routingService, TencentRouting } from './routing';

/**
 * One local HTTP server speaking the three providers' driving-route protocols: the right key answers a route of
 * 12,345 m taking 1,500 s (Tencent says 25 minutes), a wrong key the provider's own refusal; each request is kept so
 * the coordinates' order (lng,lat for AMap, lat,lng for the others) can be checked.
 */
const seen: URL[] = [];
let server: Server;
let base = '';
const KEY = 'route-key';

function answer(url: URL): { status?: number; body: unknown } {
  if (url.pathname === '/v3/direction/driving') {
    if (url.searchParams.get('key') !== KEY) return { body: { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' } };
    return { body: { status: '1', info: 'OK', route: { paths: [{ distance: '12345', duration: '1500' }] } } };
  }
  if (url.pathname === '/ws/direction/v1/driving/') {
    if (url.searchParams.get('key') !== KEY) return { body: { status: 311, message: 'key格式错误' } };
    return { body: { status: 0, message: 'query ok', result: { routes: [{ mode: 'DRIVING', distance: 12345, duration: 25 }] } } };
  }
  if (url.pathname === '/directionlite/v1/driving') {
    if (url.searchParams.get('ak') !== KEY) return { body: { status: 200, message: 'APP不存在，AK有误请检查再重试' } };
    if (url.searchParams.get('origin') === '0.000000,0.000000') return { body: { status: 0, message: 'ok', result: { routes: [] } } };
    return { body: { status: 0, message: 'ok', result: { routes: [{ distance: 12345, duration: 1500 }] } } };
  }
  if (url.pathname === '/down') return { status: 502, body: 'bad gateway' };
  return { status: 404, body: 'not found' };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(url);
    const a = answer(url);
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const last = () => seen[seen.length - 1] as URL;
const FROM = { lat: 31.230416, lng: 121.473701 };
const TO = { lat: 31.2304, lng: 121.5 };

describe('driving routes of the three providers', () => {
  it('AMap: lng,lat in origin and destination; metres and seconds to km and whole minutes', async () => {
    const leg = await new AmapRouting(KEY, `${base}/v3/direction/driving`).route(FROM, TO);
    expect(leg).toEqual({ km: 12.3, minutes: 25 });
    expect(last().searchParams.get('origin')).toBe('121.473701,31.230416');
    expect(last().searchParams.get('destination')).toBe('121.500000,31.230400');
  });

  it('Tencent: lat,lng in from and to; its duration is in minutes', async () => {
    const leg = await new TencentRouting(KEY, `${base}/ws/direction/v1/driving/`).route(FROM, TO);
    expect(leg).toEqual({ km: 12.3, minutes: 25 });
    expect(last().searchParams.get('from')).toBe('31.230416,121.473701');
    expect(last().searchParams.get('to')).toBe('31.230400,121.500000');
  });

  it('Baidu: lat,lng in origin and destination, asked in GCJ-02 (the coordinates the geocoders answer)', async () => {
    const leg = await new BaiduRouting(KEY, `${base}/directionlite/v1/driving`).route(FROM, TO);
    expect(leg).toEqual({ km: 12.3, minutes: 25 });
    expect(last().searchParams.get('origin')).toBe('31.230416,121.473701');
    expect(last().searchParams.get('coord_type')).toBe('gcj02');
  });

  it("a wrong key, an answer without a route, or a failing server is the provider's error, naming it", async () => {
    const refusals: [string, Promise<unknown>][] = [
      ['amap', new AmapRouting('bad', `${base}/v3/direction/driving`).route(FROM, TO)],
      ['tencent', new TencentRouting('bad', `${base}/ws/direction/v1/driving/`).route(FROM, TO)],
      ['baidu', new BaiduRouting('bad', `${base}/directionlite/v1/driving`).route(FROM, TO)],
      ['baidu', new BaiduRouting(KEY, `${base}/directionlite/v1/driving`).route({ lat: 0, lng: 0 }, TO)],
      ['tencent', new TencentRouting(KEY, `${base}/down`).route(FROM, TO)],
    ];
    for (const [provider, p] of refusals) {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GeoProviderError);
      expect((err as GeoProviderError).provider).toBe(provider);
    }
  });

  it('routingService picks the provider’s service and label, at the URL given', async () => {
    expect(routingService('amap', KEY).label).toBe('高德路径规划');
    expect(routingService('tencent', KEY).label).toBe('腾讯路径规划');
    const baidu = routingService('baidu', KEY, `${base}/directionlite/v1/driving`);
    expect(baidu.label).toBe('百度路径规划');
    expect(await baidu.route(FROM, TO)).toEqual({ km: 12.3, minutes: 25 });
  });

  it('the cache keeps a pair per enterprise and hour', () => {
    const cache = new RouteCache();
    cache.set(1, FROM, TO, 9, { km: 1, minutes: 2 });
    expect(cache.get(1, FROM, TO, 9)).toEqual({ km: 1, minutes: 2 });
    expect(cache.get(1, FROM, TO, 10)).toBeUndefined();
    expect(cache.get(2, FROM, TO, 9)).toBeUndefined();
    expect(cache.get(1, TO, FROM, 9)).toBeUndefined();
  });
});
