import { distanceMeters } from '@sk/shared';
import type { Leg, Point, Travel } from './types';

/**
 * Travel without a routing service: the great-circle distance times a road factor (streets are not straight), at an
 * average urban speed. Minutes round up (a 3-minute hop is never 2), kilometres to 0.1.
 */
export function estimateTravel(opts: { roadFactor?: number; kmPerHour?: number } = {}): Travel {
  const roadFactor = opts.roadFactor ?? 1.3;
  const kmPerHour = opts.kmPerHour ?? 25;
  return (from, to) => {
    const km = (distanceMeters(from.lat, from.lng, to.lat, to.lng) / 1000) * roadFactor;
    // The epsilon keeps float noise (30.000000001) from costing a whole minute.
    return { km: Math.round(km * 10) / 10, minutes: Math.max(0, Math.ceil((km / kmPerHour) * 60 - 1e-9)) };
  };
}

/** The same travel, each point pair asked once: for one solve (a routing service's answers cost time or money). */
export function memoTravel(travel: Travel): Travel {
  const cache = new Map<string, Leg>();
  return (from: Point, to: Point) => {
    const key = `${from.lat},${from.lng};${to.lat},${to.lng}`;
    let leg = cache.get(key);
    if (!leg) {
      leg = travel(from, to);
      cache.set(key, leg);
    }
    return leg;
  };
}
