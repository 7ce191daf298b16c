import { PLANNING_SETTINGS, ROAD_FACTOR } from '@sk/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { RouteCache } from '../../platform/geo/routing';
import { routingFor } from '../geo/index';
import { getSettingInt } from '../settings/index';
import { estimateTravel } from './solver/travel';
import type { Leg, Point, Travel } from './solver/types';

/**
 * Travel for one request: the routing service's answers where asked for (cached per pair and hour in this process),
 * the estimate elsewhere. The solver's Travel is synchronous, so the legs worth a call are fetched first (`prefetch`).
 */

const cache = new RouteCache();
/** At most this many route calls per request; the rest are estimated. */
const PREFETCH_MAX = 100;

export interface TravelBasis {
  travel: Travel;
  /** Asks the routing service for these legs (at `hour`); failures leave them to the estimate. */
  prefetch(pairs: Array<[Point, Point]>, hour: number): Promise<void>;
  /** A leg the answer shows: its source decides the answer's `estimate` (the legs only weighed to choose do not). */
  shown(from: Point, to: Point): Leg;
  /** What the answer says of travel: '高德路径规划' or the estimate's terms; estimate when a leg shown was one. */
  basis(): { estimate: boolean; label: string };
}

export async function travelBasisFor(ex: Executor, config: Config, ep: number, log: (m: string) => void): Promise<TravelBasis> {
  const [service, speed] = await Promise.all([routingFor(ex, config, ep), getSettingInt(ex, ep, PLANNING_SETTINGS.speed)]);
  const estimate = estimateTravel({ roadFactor: ROAD_FACTOR, kmPerHour: speed });
  const estimateLabel = `直线距离×${ROAD_FACTOR}，按${speed}公里/小时估算`;
  let hour = 9;
  let estimated = false;
  const travel: Travel = (a, b) => (service ? cache.get(ep, a, b, hour) : undefined) ?? estimate(a, b);
  return {
    travel,
    async prefetch(pairs, at) {
      hour = at;
      if (!service) return;
      const todo = pairs.filter(([a, b]) => !cache.get(ep, a, b, at)).slice(0, PREFETCH_MAX);
      await Promise.all(
        todo.map(async ([a, b]) => {
          try {
            cache.set(ep, a, b, at, (await service.route(a, b)) as Leg);
          } catch (e) {
            log(`[planning] ${(e as Error).message}; the leg is estimated`);
          }
        }),
      );
    },
    shown(a, b) {
      const hit = service ? cache.get(ep, a, b, hour) : undefined;
      if (!hit) estimated = true;
      return hit ?? estimate(a, b);
    },
    basis: () =>
      service && !estimated
        ? { estimate: false, label: service.label }
        : { estimate: true, label: service ? `${service.label}（部分路段${estimateLabel}）` : estimateLabel },
  };
}
