import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmapGeocoder, BaiduGeocoder, FallbackGeocoder, GeoProviderError, TencentGeocoder } from './providers';

/**
 * One local HTTP server speaking the three providers' geocoding protocols: the right key answers a location, a wrong
 * key the provider's own error, '无此地址' nothing found; every request is recorded so the parameters can be checked.
 */
const seen: URL[] = [];
let server: Server;
let base = '';
const KEY = 'good-key';

function answer(url: URL): { status?: number; body: unknown } {
  const address = url.searchParams.get('address') ?? '';
  if (url.pathname === '/v3/geocode/geo') {
    if (url.searchParams.get('key') !== KEY) return { body: { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' } };
    if (address === '无此地址') return { body: { status: '1', info: 'OK', infocode: '10000', count: '0', geocodes: [] } };
    if (address === '坏答复') return { status: 502, body: 'bad gateway' };
    return { body: { status: '1', info: 'OK', infocode: '10000', count: '1', geocodes: [{ location: '121.590372,31.203781', level: '门牌号' }] } };
  }
  if (url.pathname === '/ws/geocoder/v1/') {
    if (url.searchParams.get('key') !== KEY) return { body: { status: 311, message: 'key格式错误' } };
    if (address === '无此地址') return { body: { status: 347, message: '查询无结果' } };
    return { body: { status: 0, message: 'query ok', result: { location: { lng: 120.61, lat: 31.27 }, level: 2 } } };
  }
  if (url.pathname === '/geocoding/v3/') {
    if (url.searchParams.get('ak') !== KEY) return { body: { status: 200, message: 'APP不存在，AK有误请检查再重试' } };
    if (address === '无此地址') return { body: { status: 1, msg: 'Internal Service Error:无相关结果', results: [] } };
    return { body: { status: 0, result: { location: { lng: 113.33, lat: 23.13 }, precise: 1, confidence: 80, level: '门址' } } };
  }
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

describe('AMap', () => {
  const amap = (key = KEY) => new AmapGeocoder(key, `${base}/v3/geocode/geo`);
  it('sends key and address and reads "lng,lat" and the level', async () => {
    const r = await amap().geocode({ text: '上海市浦东新区张江路88号' });
    expect(r).toEqual({ longitude: 121.590372, latitude: 31.203781, precision: 'exact' });
    expect(last().searchParams.get('key')).toBe(KEY);
    expect(last().searchParams.get('address')).toBe('上海市浦东新区张江路88号');
  });
  it('turns its error answer and a failing gateway into GeoProviderError; nothing found is null', async () => {
    await expect(amap('bad').geocode({ text: '上海市' })).rejects.toThrow(/INVALID_USER_KEY/);
    await expect(amap().geocode({ text: '坏答复' })).rejects.toBeInstanceOf(GeoProviderError);
    expect(await amap().geocode({ text: '无此地址' })).toBeNull();
  });
});

describe('Tencent', () => {
  const tencent = (key = KEY) => new TencentGeocoder(key, `${base}/ws/geocoder/v1/`);
  it('sends key and address and maps level 2 to a district', async () => {
    expect(await tencent().geocode({ text: '江苏省苏州市吴中区' })).toEqual({ longitude: 120.61, latitude: 31.27, precision: 'district' });
    expect(last().searchParams.get('key')).toBe(KEY);
  });
  it('errors on a bad key, null on 347', async () => {
    await expect(tencent('bad').geocode({ text: '苏州' })).rejects.toThrow(/311/);
    expect(await tencent().geocode({ text: '无此地址' })).toBeNull();
  });
});

describe('Baidu', () => {
  const baidu = (key = KEY) => new BaiduGeocoder(key, `${base}/geocoding/v3/`);
  it('sends ak, output=json and asks for GCJ-02 coordinates', async () => {
    expect(await baidu().geocode({ text: '广州市天河区华夏路8号' })).toEqual({ longitude: 113.33, latitude: 23.13, precision: 'exact' });
    expect(last().searchParams.get('ak')).toBe(KEY);
    expect(last().searchParams.get('output')).toBe('json');
    expect(last().searchParams.get('ret_coordtype')).toBe('gcj02ll');
  });
  it('errors on a bad ak, null when nothing is found', async () => {
    await expect(baidu('bad').geocode({ text: '广州' })).rejects.toThrow(/AK有误/);
    expect(await baidu().geocode({ text: '无此地址' })).toBeNull();
  });
});

describe('fallback to the offline table', () => {
  it('logs a provider failure and answers from the offline table', async () => {
    const logged: string[] = [];
    const g = new FallbackGeocoder(new AmapGeocoder('bad', `${base}/v3/geocode/geo`), (m) => logged.push(m));
    const r = await g.geocode({ text: '江苏省苏州市吴中区木渎镇' });
    expect(r?.precision).toBe('district');
    expect(logged.join()).toMatch(/INVALID_USER_KEY/);
  });
  it('a provider that cannot be reached falls back too', async () => {
    const logged: string[] = [];
    const g = new FallbackGeocoder(new TencentGeocoder(KEY, 'http://127.0.0.1:1/ws/geocoder/v1/'), (m) => logged.push(m));
    expect((await g.geocode({ text: '北京市海淀区中关村大街15号' }))?.precision).toBe('district');
    expect(logged).toHaveLength(1);
  });
  it('keeps the online answer when it is at least as precise', async () => {
    const g = new FallbackGeocoder(new AmapGeocoder(KEY, `${base}/v3/geocode/geo`), () => {});
    expect(await g.geocode({ text: '上海市浦东新区张江路88号' })).toEqual({ longitude: 121.590372, latitude: 31.203781, precision: 'exact' });
  });
});
