import { describe, expect, it } from 'vitest';
import { estimateTravel, memoTravel } from './travel';
import type { Point } from './types';

describe('estimateTravel', () => {
  it('is the great-circle distance times 1.3 at 25 km/h, minutes rounded up and km to 0.1', () => {
    // One degree of latitude on a 6378137 m sphere: 111.319 km, on the roads 144.715 km, 347.3 minutes.
    expect(estimateTravel()({ lat: 31, lng: 121 }, { lat: 32, lng: 121 })).toEqual({ km: 144.7, minutes: 348 });
  });

  it('takes its road factor and speed', () => {
    const leg = estimateTravel({ roadFactor: 1, kmPerHour: 60 })({ lat: 31, lng: 121 }, { lat: 32, lng: 121 });
    expect(leg).toEqual({ km: 111.3, minutes: 112 });
  });

  it('costs nothing to stay put, and a short hop at least a minute', () => {
    const travel = estimateTravel();
    expect(travel({ lat: 31.23, lng: 121.47 }, { lat: 31.23, lng: 121.47 })).toEqual({ km: 0, minutes: 0 });
    expect(travel({ lat: 31.23, lng: 121.47 }, { lat: 31.2301, lng: 121.47 }).minutes).toBe(1);
  });
});

describe('memoTravel', () => {
  it('asks the travel once per ordered point pair', () => {
    const asked: string[] = [];
    const travel = memoTravel((a: Point, b: Point) => {
      asked.push(`${a.lat}>${b.lat}`);
      return { km: 1, minutes: 2 };
    });
    const a = { lat: 1, lng: 2 };
    const b = { lat: 3, lng: 4 };
    travel(a, b);
    travel({ ...a }, { ...b });
    travel(b, a);
    expect(asked).toEqual(['1>3', '3>1']);
    expect(travel(a, b)).toEqual({ km: 1, minutes: 2 });
  });
});
