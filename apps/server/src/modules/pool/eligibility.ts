/**
 * Which pooled orders an engineer may see and grab: their service groups, their service
 * area (area codes, or within the radius of their base by the spec's earth radius), the entry's skill
 * tags, and their daily cap. The engineer's facts are read once and the conditions are plain columns of
 * `orders o`, so the list walks the pool index (orders_pool_list_idx) and checks each order without a join.
 */

/** What an engineer's pool profile and teams allow him (the pool's grabs; the dispatch assistant's hard rules). */
export interface EngineerScope {
  id: number;
  groups: number[];
  areaCodes: string[];
  base: { lat: number; lng: number } | null;
  radiusM: number | null;
  skills: string[];
  /** 0: no cap. */
  dailyCap: number;
}

export interface Engineer extends EngineerScope {
  enterpriseId: number;
  /** Orders grabbed today that the engineer still holds. */
  grabbedToday: number;
}

export const capReached = (e: Engineer): boolean => e.dailyCap > 0 && e.grabbedToday >= e.dailyCap;
