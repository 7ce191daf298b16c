import { type BadgeCountPath, hasPower, isBadgeQuery } from '@sk/shared';
import type { Executor } from '../../db/client';
import { paidPlan, type UserActor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { Deps } from '../../platform/deps';
import type { SessionUser } from '../../platform/session';
import { registrationSite } from '../../platform/registry';

export interface BadgeCountCtx {
  /** Who asks: what a count takes. */
  actor: UserActor;
  /** The session user, only for the counts of orders, pool, dispatch, projects, events and spares until they take `actor`. */
  user: SessionUser;
  /** The raw query string values; each area validates its own filters. */
  query: Record<string, unknown>;
  deps: Deps;
}
export type BadgeCountFn = (ctx: BadgeCountCtx) => Promise<number>;

/** A count that needs the power of the list it counts (else NO_POWER), as every badge does. */
export const withPower =
  (power: string, count: (ex: Executor, a: UserActor, query: Record<string, unknown>) => Promise<number>): BadgeCountFn =>
  ({ actor, query, deps }) => {
    if (!hasPower(actor.powers, power)) throw new AppError('NO_POWER');
    return count(deps.db, actor, query);
  };

/**
 * The single owner of the shell's count paths (BADGE_COUNT_PATHS). The menu module registers the routes once;
 * an area that implements a count calls registerBadgeCount at its module's top level instead of adding the route.
 * Code, not state: every instance fills it the same way at import.
 */
const counters = new Map<BadgeCountPath, BadgeCountFn>();
const sites = new Map<BadgeCountPath, string>();

export function registerBadgeCount(path: BadgeCountPath, fn: BadgeCountFn): void {
  counters.set(path, fn);
  sites.set(path, registrationSite());
}

/** Each count path plugged in, in registration order, with where it was registered (the wiring snapshot). */
export const badgeCountEntries = (): { path: string; site: string }[] => [...counters.keys()].map((path) => ({ path, site: sites.get(path) ?? '?' }));

/** Test hook: the counts as plugged in now, and a function that puts them back (workers share modules between files). */
export function saveBadgeCounts(): () => void {
  const saved = new Map(counters);
  return () => {
    counters.clear();
    for (const [k, v] of saved) counters.set(k, v);
  };
}

/** Test hook: forget a plugged-in count. */
export function unregisterBadgeCount(path: BadgeCountPath): void {
  counters.delete(path);
}

/** A count as the shell sees it: 0 until an area plugs in; 0 for badge queries on the free plan (no badges on free). */
export async function countFor(path: BadgeCountPath, ctx: BadgeCountCtx): Promise<number> {
  if (!paidPlan(ctx.actor) && isBadgeQuery(path, ctx.query)) return 0;
  const fn = counters.get(path);
  return fn ? fn(ctx) : 0;
}
