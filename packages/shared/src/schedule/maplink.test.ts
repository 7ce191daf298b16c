import { describe, expect, it } from 'vitest';
import { mapUrl } from './maplink';

const ADDRESS = '上海市浦东新区张江路88号';
const enc = encodeURIComponent(ADDRESS);

describe('mapUrl', () => {
  it('navigates to an exact pin with AutoNavi by default (offline geocoding, 高德, 腾讯)', () => {
    const place = { address: ADDRESS, latitude: 31.2, longitude: 121.6, precision: 'exact' };
    const want = `https://uri.amap.com/navigation?to=121.6,31.2,${enc}&mode=car&coordinate=gaode&callnative=1`;
    expect(mapUrl(place)).toBe(want);
    expect(mapUrl(place, '离线')).toBe(want);
    expect(mapUrl(place, '高德')).toBe(want);
    expect(mapUrl(place, '腾讯')).toBe(want);
  });

  it('searches the address text near a coarse pin (a district centre is not the door)', () => {
    for (const precision of ['district', 'city', 'province', null, undefined]) {
      expect(mapUrl({ address: ADDRESS, latitude: 31.22, longitude: 121.54, precision })).toBe(
        `https://uri.amap.com/search?keyword=${enc}&center=121.54,31.22&view=map&coordinate=gaode&callnative=1`,
      );
    }
  });

  it('searches the address text when there is no pin', () => {
    expect(mapUrl({ address: ` ${ADDRESS} `, latitude: null, longitude: null, precision: null })).toBe(
      `https://uri.amap.com/search?keyword=${enc}&view=map&coordinate=gaode&callnative=1`,
    );
  });

  it('uses Baidu’s URI API, in GCJ-02, for an enterprise on 百度', () => {
    expect(mapUrl({ address: ADDRESS, latitude: 31.2, longitude: 121.6, precision: 'exact' }, '百度')).toBe(
      `https://api.map.baidu.com/marker?location=31.2,121.6&title=${enc}&content=${enc}&output=html&coord_type=gcj02&src=webapp.servicekeeper`,
    );
    expect(mapUrl({ address: ADDRESS, latitude: 31.2, longitude: 121.6, precision: 'district' }, '百度')).toBe(
      `https://api.map.baidu.com/geocoder?address=${enc}&output=html&src=webapp.servicekeeper`,
    );
  });

  it('goes to a pin without an address, and answers null with neither', () => {
    expect(mapUrl({ address: '', latitude: 30, longitude: 120, precision: 'district' })).toMatch(/^https:\/\/uri\.amap\.com\/navigation\?to=120,30,/);
    expect(mapUrl({ address: '  ', latitude: null, longitude: null })).toBeNull();
    expect(mapUrl({ address: null, latitude: Number.NaN, longitude: 120 })).toBeNull();
  });
});
