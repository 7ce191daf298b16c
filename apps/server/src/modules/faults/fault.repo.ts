// Queries of the fault-mode trees and of the fault mode recorded on an order (fault.service.ts holds the rules).
import type { FaultNode, OrderFault } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { timeOf } from '../../platform/sql';

export interface NodeRow {
  id: number;
  parent_id: number | null;
  category: string;
  level: number;
  code: string;
  name: string;
  sort: number;
}
/** The one place a fault-mode row becomes the contract's node. */
export const toFaultNode = (r: NodeRow): FaultNode => ({
  id: r.id,
  parentId: r.parent_id,
  category: r.category,
  level: r.level,
  code: r.code,
  name: r.name,
  sort: r.sort,
});

/** A category's tree, level by level. */
export const treeOf = async (ex: Executor, ep: number, category: string): Promise<FaultNode[]> =>
  (
    await rows<NodeRow>(
      ex,
      sql`select id, parent_id, category, level, code, name, sort from fault_modes where enterprise_id = ${ep} and category = ${category}
        order by level, sort, id`,
    )
  ).map(toFaultNode);

/** The product categories in use: the models' and the trees'. */
export async function faultCategories(ex: Executor, ep: number): Promise<string[]> {
  const cats = await rows<{ category: string }>(
    ex,
    sql`select category from product_models where enterprise_id = ${ep} and category is not null and category <> ''
      union select category from fault_modes where enterprise_id = ${ep} and category <> '' order by 1`,
  );
  return cats.map((c) => c.category);
}

/** One node (locked for a change under it, or key-share locked so it is not deleted before the caller commits), or undefined. */
export async function nodeRow(ex: Executor, ep: number, id: number, lock: '' | 'update' | 'key share' = '') {
  const [r] = await rows<NodeRow>(
    ex,
    sql`select id, parent_id, category, level, code, name, sort from fault_modes where enterprise_id = ${ep} and id = ${id}${lock ? sql` for ${sql.raw(lock)}` : sql``}`,
  );
  return r;
}

export async function insertNode(
  ex: Executor,
  ep: number,
  n: { category: string; parentId: number | null; level: number; code: string; name: string; sort: number },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into fault_modes (enterprise_id, category, parent_id, level, code, name, sort)
          values (${ep}, ${n.category}, ${n.parentId}, ${n.level}, ${n.code}, ${n.name}, ${n.sort}) returning id`,
  );
  return (r as { id: number }).id;
}

export const updateNode = (ex: Executor, ep: number, id: number, n: { code: string; name: string; sort: number }) =>
  ex.execute(sql`update fault_modes set code = ${n.code}, name = ${n.name}, sort = ${n.sort}, updated_at = now() where enterprise_id = ${ep} and id = ${id}`);

/** Whether the node or one below it is recorded on an order or a complaint. */
export async function subtreeUsed(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [used] = await rows<{ used: boolean }>(
    ex,
    sql`with recursive sub as (select id from fault_modes where enterprise_id = ${ep} and id = ${id}
          union all select f.id from fault_modes f join sub on f.enterprise_id = ${ep} and f.parent_id = sub.id)
        select exists (select 1 from order_fault_modes m where m.enterprise_id = ${ep} and m.fault_mode_id in (select id from sub))
          or exists (select 1 from complaints c where c.enterprise_id = ${ep} and c.fault_mode_id in (select id from sub)) as used`,
  );
  return used?.used === true;
}

export const deleteNode = (ex: Executor, ep: number, id: number) => ex.execute(sql`delete from fault_modes where enterprise_id = ${ep} and id = ${id}`);

/** The product category of an order's product ('' when it has none: the general tree). */
export async function categoryOfOrder(ex: Executor, ep: number, orderId: number): Promise<string> {
  const [r] = await rows<{ category: string | null }>(
    ex,
    sql`select pm.category from orders o
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join product_models pm on pm.enterprise_id = ip.enterprise_id and pm.id = ip.product_id
      where o.enterprise_id = ${ep} and o.id = ${orderId}`,
  );
  return r?.category ?? '';
}

/** A node with its ancestors, symptom first. */
export async function pathOf(ex: Executor, ep: number, id: number): Promise<OrderFault['path']> {
  const list = await rows<{ id: number; level: number; code: string; name: string }>(
    ex,
    sql`with recursive up as (select id, parent_id, level, code, name from fault_modes where enterprise_id = ${ep} and id = ${id}
        union all select f.id, f.parent_id, f.level, f.code, f.name from fault_modes f join up on f.enterprise_id = ${ep} and f.id = up.parent_id)
      select id, level, code, name from up order by level`,
  );
  return list.map((r) => ({ id: r.id, level: r.level, code: r.code, name: r.name }));
}

/** The fault mode recorded on an order, who set it and when, or undefined. */
export async function orderFaultRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, orderId: number) {
  const [m] = await rows<{ fault_mode_id: number; set_by_name: string | null; set_time: string }>(
    ex,
    sql`select m.fault_mode_id, u.name as set_by_name, ${timeOf(sql`m.set_at`, a)} as set_time from order_fault_modes m
      left join users u on u.enterprise_id = m.enterprise_id and u.id = m.set_by where m.enterprise_id = ${a.enterpriseId} and m.order_id = ${orderId}`,
  );
  return m;
}

export const clearOrderFault = (ex: Executor, ep: number, orderId: number) =>
  ex.execute(sql`delete from order_fault_modes where enterprise_id = ${ep} and order_id = ${orderId}`);

export const setOrderFault = (ex: Executor, ep: number, orderId: number, faultModeId: number, userId: number) =>
  ex.execute(sql`insert into order_fault_modes (enterprise_id, order_id, fault_mode_id, set_by) values (${ep}, ${orderId}, ${faultModeId}, ${userId})
    on conflict (enterprise_id, order_id) do update set fault_mode_id = excluded.fault_mode_id, set_by = excluded.set_by, set_at = now()`);

/** A product model's id and category, by an installed unit or by the model itself, or undefined. */
export async function modelCategory(ex: Executor, ep: number, q: { productModelId?: number | null; installedProductId?: number | null }) {
  const [r] = await rows<{ id: number; category: string | null }>(
    ex,
    q.installedProductId
      ? sql`select pm.id, pm.category from installed_products ip join product_models pm on pm.enterprise_id = ip.enterprise_id and pm.id = ip.product_id
            where ip.enterprise_id = ${ep} and ip.id = ${q.installedProductId}`
      : sql`select id, category from product_models where enterprise_id = ${ep} and id = ${q.productModelId}`,
  );
  return r;
}

/** Whether an order has its fault mode recorded. */
export async function orderHasFault(ex: Executor, ep: number, orderId: number): Promise<boolean> {
  const [r] = await rows<{ n: number }>(ex, sql`select 1 as n from order_fault_modes where enterprise_id = ${ep} and order_id = ${orderId}`);
  return r != null;
}
