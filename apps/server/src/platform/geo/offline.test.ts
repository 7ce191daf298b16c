import { describe, expect, it } from 'vitest';
import { offlineGeocode } from './offline';

const near = (r: ReturnType<typeof offlineGeocode>, lng: number, lat: number, km = 25) => {
  expect(r).not.toBeNull();
  const d = Math.hypot(((r?.longitude ?? 0) - lng) * 96, ((r?.latitude ?? 0) - lat) * 111);
  expect(d).toBeLessThan(km);
};

describe('offline geocoder', () => {
  it('places typed addresses at their district, with or without 省/市/区', () => {
    const pudong = offlineGeocode({ text: '上海市浦东新区张江路88号星河大厦5楼' });
    expect(pudong?.precision).toBe('district');
    near(pudong, 121.57, 31.24);
    const wuzhong = offlineGeocode({ text: '江苏省苏州市吴中区木渎镇金枫路216号' });
    expect(wuzhong?.precision).toBe('district');
    near(wuzhong, 120.63, 31.26);
    const chaoyang = offlineGeocode({ text: '北京朝阳区北辰东路8号' });
    expect(chaoyang?.precision).toBe('district');
    near(chaoyang, 116.49, 39.92);
    const tianhe = offlineGeocode({ text: '广州天河珠江新城华夏路8号' });
    expect(tianhe?.precision).toBe('district');
    near(tianhe, 113.36, 23.12);
  });

  it('tells the same district name apart by its city (朝阳区 of 北京 and of 长春)', () => {
    const beijing = offlineGeocode({ text: '北京市朝阳区' });
    const changchun = offlineGeocode({ text: '吉林省长春市朝阳区' });
    near(changchun, 125.29, 43.83, 40);
    expect(Math.abs((beijing?.latitude ?? 0) - (changchun?.latitude ?? 0))).toBeGreaterThan(3);
    // Without a city it is ambiguous: no district pin.
    expect(offlineGeocode({ text: '朝阳区某路1号' })?.precision).not.toBe('district');
  });

  it('falls back to the city or the province when that is all the address says', () => {
    const suzhou = offlineGeocode({ text: '苏州市某某路' });
    expect(suzhou?.precision).toBe('city');
    near(suzhou, 120.6, 31.3, 40);
    const zhejiang = offlineGeocode({ text: '浙江省' });
    expect(zhejiang?.precision).toBe('province');
    near(zhejiang, 120.15, 30.27, 40); // the capital, 杭州
    // A municipality alone is a city.
    expect(offlineGeocode({ text: '上海' })?.precision).toBe('city');
  });

  it('uses the picked area codes first, the text only where the codes stop', () => {
    const byCodes = offlineGeocode({ provinceCode: '32', cityCode: '3205', districtCode: '320506', text: '随便写的' });
    expect(byCodes?.precision).toBe('district');
    near(byCodes, 120.63, 31.26);
    const refined = offlineGeocode({ provinceCode: '44', cityCode: '4401', text: '广东省广州市天河区体育西路' });
    expect(refined?.precision).toBe('district');
    near(refined, 113.36, 23.12);
  });

  it('gives no pin for garbage', () => {
    expect(offlineGeocode({ text: 'asdf!!! 12345' })).toBeNull();
    expect(offlineGeocode({ text: '' })).toBeNull();
    expect(offlineGeocode({})).toBeNull();
    expect(offlineGeocode({ provinceCode: '99' })).toBeNull();
  });
});
