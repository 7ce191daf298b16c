// The statements of automatic dispatch (assignee.ts, dispatch.hooks.ts): the order's facts, the matching rules,
// the default, the targets that can take an order, and the creation probe.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Whom a rule or the default sends an order to. */
export interface Target {
  target_type: number;
  target_user_id: number | null;
  target_group_id: number | null;
  target_provider_id: number | null;
}

/** What the rules match on. */
export interface OrderFacts {
  template_id: number;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  service_group_id: number | null;
  category: string | null;
}

export interface Named {
  id: number;
  name: string;
}

/** Open work of an engineer: dispatched, accepted or in service (orders_service_user_idx). */
const OPEN_LOAD = sql.raw('(2, 3, 4)');

/** An enabled service person (role 2) of the enterprise. */
export async function enabledEngineer(ex: Executor, ep: number, id: number): Promise<Named | undefined> {
  const [u] = await rows<Named>(
    ex,
    sql`select id, name from users where enterprise_id = ${ep} and id = ${id} and enabled and deleted_at is null and 2 = any(roles)`,
  );
  return u;
}

/** The group's enabled engineer with the fewest open orders (ties: the lower id, so the choice is repeatable). */
export async function leastLoadedOf(ex: Executor, ep: number, groupId: number): Promise<Named | undefined> {
  const [u] = await rows<Named>(
    ex,
    sql`select u.id, u.name from service_group_members m
      join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
      where m.enterprise_id = ${ep} and m.group_id = ${groupId} and u.enabled and u.deleted_at is null and 2 = any(u.roles)
      order by (select count(*) from orders o where o.enterprise_id = ${ep} and o.service_user_id = u.id and o.state in ${OPEN_LOAD}
        and o.deleted_at is null), u.id
      limit 1`,
  );
  return u;
}

/** An enabled provider of the enterprise that takes orders. */
export async function takingProvider(ex: Executor, ep: number, id: number): Promise<Named | undefined> {
  const [p] = await rows<Named>(
    ex,
    sql`select id, name from service_providers where enterprise_id = ${ep} and id = ${id} and enabled and partner_type in (1, 3, 4)`,
  );
  return p;
}

export async function factsOf(ex: Executor, ep: number, orderId: number): Promise<OrderFacts | undefined> {
  const [o] = await rows<OrderFacts>(
    ex,
    sql`select o.template_id, o.province_code, o.city_code, o.district_code, o.service_group_id, pm.category
      from orders o
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join product_models pm on pm.enterprise_id = ip.enterprise_id and pm.id = ip.product_id
      where o.enterprise_id = ${ep} and o.id = ${orderId} and o.deleted_at is null`,
  );
  return o;
}

/** The enabled rules that match the order, in their order. */
export function matchingRules(ex: Executor, ep: number, o: OrderFacts) {
  const areas = [o.province_code, o.city_code, o.district_code].filter((c): c is string => !!c);
  return rows<Target & Named>(
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

/** The enabled default dispatch's target, if any. */
export async function defaultTarget(ex: Executor, ep: number): Promise<Target | undefined> {
  const [d] = await rows<Target>(
    ex,
    sql`select target_type, target_user_id, target_group_id, target_provider_id from dispatch_settings where enterprise_id = ${ep} and enabled`,
  );
  return d;
}

/** Whether the enterprise has an enabled rule or default dispatch. */
export async function anyAutoDispatch(ex: Executor, ep: number): Promise<boolean> {
  const [any] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one where exists (select 1 from dispatch_rules where enterprise_id = ${ep} and enabled)
        or exists (select 1 from dispatch_settings where enterprise_id = ${ep} and enabled)`,
  );
  return any != null;
}

/** The creation probe over the new order `n` (`waiting`: state 1): an enabled rule or default dispatch of its enterprise. */
export const autoDispatchProbe = (waiting: boolean): SQL =>
  waiting
    ? sql`exists (select 1 from dispatch_rules where enterprise_id = n.enterprise_id and enabled)
            or exists (select 1 from dispatch_settings where enterprise_id = n.enterprise_id and enabled)`
    : sql`false`;
