import type { DefaultUserResult } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';

/**
 * Who a new order goes to: the enabled rules in their order (order type, service area, service group,
 * product category), the first whose target can take it; else the default dispatch when enabled; else nobody (the
 * order waits on the desk, or in the pool). Shared by /order/progress/defaultUser and the creation hook.
 */

export type Assignee = DefaultUserResult;
const NONE: Assignee = { source: 'none', ruleId: null, ruleName: null, userId: null, userName: null, providerId: null, providerName: null };

interface Target {
  target_type: number;
  target_user_id: number | null;
  target_group_id: number | null;
  target_provider_id: number | null;
}
interface OrderFacts {
  template_id: number;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  service_group_id: number | null;
  category: string | null;
}

/** Open work of an engineer: dispatched, accepted or in service (orders_service_user_idx). */
const OPEN_LOAD = sql.raw('(2, 3, 4)');

/** An enabled service person (role 2) of the enterprise. */
async function engineer(ex: Executor, ep: number, id: number | null): Promise<{ id: number; name: string } | null> {
  if (id == null) return null;
  const [u] = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from users where enterprise_id = ${ep} and id = ${id} and enabled and deleted_at is null and 2 = any(roles)`,
  );
  return u ? { id: u.id, name: u.name } : null;
}

/** The group's enabled engineer with the fewest open orders (ties: the lower id, so the choice is repeatable). */
export async function leastLoaded(ex: Executor, ep: number, groupId: number | null): Promise<{ id: number; name: string } | null> {
  if (groupId == null) return null;
  const [u] = await rows<{ id: number; name: string }>(
    ex,
    sql`select u.id, u.name from service_group_members m
      join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
      where m.enterprise_id = ${ep} and m.group_id = ${groupId} and u.enabled and u.deleted_at is null and 2 = any(u.roles)
      order by (select count(*) from orders o where o.enterprise_id = ${ep} and o.service_user_id = u.id and o.state in ${OPEN_LOAD}
        and o.deleted_at is null), u.id
      limit 1`,
  );
  return u ? { id: u.id, name: u.name } : null;
}

async function provider(ex: Executor, ep: number, id: number | null): Promise<{ id: number; name: string } | null> {
  if (id == null) return null;
  const [p] = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from service_providers where enterprise_id = ${ep} and id = ${id} and enabled and partner_type in (1, 3, 4)`,
  );
  return p ? { id: p.id, name: p.name } : null;
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

async function factsOf(ex: Executor, ep: number, orderId: number): Promise<OrderFacts | null> {
  const [o] = await rows<OrderFacts>(
    ex,
    sql`select o.template_id, o.province_code, o.city_code, o.district_code, o.service_group_id, pm.category
      from orders o
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join product_models pm on pm.enterprise_id = ip.enterprise_id and pm.id = ip.product_id
      where o.enterprise_id = ${ep} and o.id = ${orderId} and o.deleted_at is null`,
  );
  return o ?? null;
}

/** The enabled rules that match the order, in their order. */
function matchingRules(ex: Executor, ep: number, o: OrderFacts) {
  const areas = [o.province_code, o.city_code, o.district_code].filter((c): c is string => !!c);
  return rows<Target & { id: number; name: string }>(
    ex,
    sql`select id, name, target_type, target_user_id, target_group_id, target_provider_id from dispatch_rules
      where enterprise_id = ${ep} and enabled and (
        (kind = 1 and template_id = ${o.template_id})
        or (kind = 2 and area_code = any(${`{${areas.join(',')}}`}::text[]))
        or (kind = 3 and group_id = ${o.service_group_id})
        or (kind = 4 and category = ${o.category}))
      order by sort, id`,
  );
}

/** Who the order would go to now; `none` for an order of another enterprise too (the caller says not found). */
export async function defaultAssigneeFor(ex: Executor, enterpriseId: number, orderId: number): Promise<Assignee> {
  const o = await factsOf(ex, enterpriseId, orderId);
  if (!o) return NONE;
  for (const r of await matchingRules(ex, enterpriseId, o)) {
    const a = await resolve(ex, enterpriseId, r, o);
    if (a) return { source: 'rule', ruleId: r.id, ruleName: r.name, ...a };
  }
  const [d] = await rows<Target>(
    ex,
    sql`select target_type, target_user_id, target_group_id, target_provider_id from dispatch_settings where enterprise_id = ${enterpriseId} and enabled`,
  );
  const a = d ? await resolve(ex, enterpriseId, d, o) : null;
  return a ? { source: 'default', ruleId: null, ruleName: null, ...a } : NONE;
}
