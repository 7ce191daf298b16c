import type { DefaultUserResult } from '@sk/shared';
import type { Executor } from '../../db/client';
import * as repo from './assignee.repo';
import type { Named, OrderFacts, Target } from './assignee.repo';

/**
 * Who a new order goes to: the enabled rules in their order (order type, service area, service group,
 * product category), the first whose target can take it; else the default dispatch when enabled; else nobody (the
 * order waits on the desk, or in the pool). Shared by /order/progress/defaultUser and the creation hook.
 */

export type Assignee = DefaultUserResult;
const NONE: Assignee = { source: 'none', ruleId: null, ruleName: null, userId: null, userName: null, providerId: null, providerName: null };

/** An enabled service person (role 2) of the enterprise. */
async function engineer(ex: Executor, ep: number, id: number | null): Promise<Named | null> {
  return id == null ? null : ((await repo.enabledEngineer(ex, ep, id)) ?? null);
}

/** The group's enabled engineer with the fewest open orders (ties: the lower id, so the choice is repeatable). */
export async function leastLoaded(ex: Executor, ep: number, groupId: number | null): Promise<Named | null> {
  return groupId == null ? null : ((await repo.leastLoadedOf(ex, ep, groupId)) ?? null);
}

async function provider(ex: Executor, ep: number, id: number | null): Promise<Named | null> {
  return id == null ? null : ((await repo.takingProvider(ex, ep, id)) ?? null);
}

/** The assignee a target names for this order, or null when it cannot take it (disabled, empty team). */
async function resolve(ex: Executor, ep: number, t: Target, order: OrderFacts): Promise<Omit<Assignee, 'source' | 'ruleId' | 'ruleName'> | null> {
  const type = t.target_type;
  if (type === 3) {
    const p = await provider(ex, ep, t.target_provider_id);
    return p ? { userId: null, userName: null, providerId: p.id, providerName: p.name } : null;
  }
  const u = type === 1 ? await engineer(ex, ep, t.target_user_id) : await leastLoaded(ex, ep, type === 2 ? t.target_group_id : order.service_group_id);
  return u ? { userId: u.id, userName: u.name, providerId: null, providerName: null } : null;
}

/** Who the order would go to now; `none` for an order of another enterprise too (the caller says not found). */
export async function defaultAssigneeFor(ex: Executor, enterpriseId: number, orderId: number): Promise<Assignee> {
  const o = await repo.factsOf(ex, enterpriseId, orderId);
  if (!o) return NONE;
  for (const r of await repo.matchingRules(ex, enterpriseId, o)) {
    const a = await resolve(ex, enterpriseId, r, o);
    if (a) return { source: 'rule', ruleId: r.id, ruleName: r.name, ...a };
  }
  const d = await repo.defaultTarget(ex, enterpriseId);
  const a = d ? await resolve(ex, enterpriseId, d, o) : null;
  return a ? { source: 'default', ruleId: null, ruleName: null, ...a } : NONE;
}
