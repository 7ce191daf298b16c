// Fault modes (/fault/mode): a tree per product category (symptom → cause → remedy), and the fault mode an order
// is diagnosed with (a remedy of the order's product category), which a process may require (orders/checks.ts).
import { type BodyOf, type FaultNode, type OrderFault, type faultContract as C, FAULT_LEVELS } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { isUniqueViolation, timeOf } from '../../platform/sql';
import { orderInScope } from '../orders/scope';

interface NodeRow {
  id: number;
  parent_id: number | null;
  category: string;
  level: number;
  code: string;
  name: string;
  sort: number;
}
const toFaultNode = (r: NodeRow): FaultNode => ({
  id: r.id,
  parentId: r.parent_id,
  category: r.category,
  level: r.level,
  code: r.code,
  name: r.name,
  sort: r.sort,
});

const treeOf = async (ex: Executor, ep: number, category: string): Promise<FaultNode[]> =>
  (
    await rows<NodeRow>(
      ex,
      sql`select id, parent_id, category, level, code, name, sort from fault_modes where enterprise_id = ${ep} and category = ${category}
        order by level, sort, id`,
    )
  ).map(toFaultNode);

export async function list(db: Db, a: Actor, category: string) {
  const cats = await rows<{ category: string }>(
    db,
    sql`select category from product_models where enterprise_id = ${a.enterpriseId} and category is not null and category <> ''
      union select category from fault_modes where enterprise_id = ${a.enterpriseId} and category <> '' order by 1`,
  );
  return { categories: cats.map((c) => c.category), list: await treeOf(db, a.enterpriseId, category) };
}

const nodeOf = async (ex: Executor, ep: number, id: number, lock = false): Promise<NodeRow> => {
  const [r] = await rows<NodeRow>(
    ex,
    sql`select id, parent_id, category, level, code, name, sort from fault_modes where enterprise_id = ${ep} and id = ${id}${lock ? sql` for update` : sql``}`,
  );
  if (!r) throw notFound();
  return r;
};

const duplicate = (e: unknown, code: string) => (isUniqueViolation(e) ? invalid(`编码：编码“${code}”在该产品分类下已存在`) : e);

export async function create(db: Db, a: Actor, b: BodyOf<typeof C.create>): Promise<number> {
  return db.transaction(async (tx) => {
    let category = b.category;
    let level = 1;
    if (b.parentId) {
      // The parent is locked: a delete of it cannot pass between our read and our insert.
      const p = await nodeOf(tx, a.enterpriseId, b.parentId, true);
      if (p.level >= 3) throw invalid(`上级：${FAULT_LEVELS[3]}下不能再添加下级`);
      category = p.category;
      level = p.level + 1;
    }
    try {
      const [r] = await rows<{ id: number }>(
        tx,
        sql`insert into fault_modes (enterprise_id, category, parent_id, level, code, name, sort)
          values (${a.enterpriseId}, ${category}, ${b.parentId ?? null}, ${level}, ${b.code}, ${b.name}, ${b.sort}) returning id`,
      );
      return (r as { id: number }).id;
    } catch (e) {
      throw duplicate(e, b.code);
    }
  });
}

export async function update(db: Db, a: Actor, b: BodyOf<typeof C.update>): Promise<void> {
  await nodeOf(db, a.enterpriseId, b.id);
  try {
    await db.execute(
      sql`update fault_modes set code = ${b.code}, name = ${b.name}, sort = ${b.sort}, updated_at = now() where enterprise_id = ${a.enterpriseId} and id = ${b.id}`,
    );
  } catch (e) {
    throw duplicate(e, b.code);
  }
}

export async function remove(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await nodeOf(tx, a.enterpriseId, id, true);
    const [used] = await rows<{ used: boolean }>(
      tx,
      sql`with recursive sub as (select id from fault_modes where enterprise_id = ${a.enterpriseId} and id = ${id}
          union all select f.id from fault_modes f join sub on f.enterprise_id = ${a.enterpriseId} and f.parent_id = sub.id)
        select exists (select 1 from order_fault_modes m where m.enterprise_id = ${a.enterpriseId} and m.fault_mode_id in (select id from sub))
          or exists (select 1 from complaints c where c.enterprise_id = ${a.enterpriseId} and c.fault_mode_id in (select id from sub)) as used`,
    );
    if (used?.used) throw new AppError('FAULT_MODE_IN_USE');
    await tx.execute(sql`delete from fault_modes where enterprise_id = ${a.enterpriseId} and id = ${id}`);
  });
}

/** The product category of an order's product ('' when it has none: the general tree). */
async function categoryOfOrder(ex: Executor, ep: number, orderId: number): Promise<string> {
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

export const pathText = (path: OrderFault['path']): string => path.map((p) => p.name).join(' / ');

export async function ofOrder(db: Db, a: Actor, orderId: number) {
  await orderInScope(db, a, orderId);
  const category = await categoryOfOrder(db, a.enterpriseId, orderId);
  const [m] = await rows<{ fault_mode_id: number; set_by_name: string | null; set_time: string }>(
    db,
    sql`select m.fault_mode_id, u.name as set_by_name, ${timeOf(sql`m.set_at`, a)} as set_time from order_fault_modes m
      left join users u on u.enterprise_id = m.enterprise_id and u.id = m.set_by where m.enterprise_id = ${a.enterpriseId} and m.order_id = ${orderId}`,
  );
  const selected = m ? { id: m.fault_mode_id, path: await pathOf(db, a.enterpriseId, m.fault_mode_id), setByName: m.set_by_name, setTime: m.set_time } : null;
  return { category, list: await treeOf(db, a.enterpriseId, category), selected };
}

export async function setOrder(db: Db, a: Actor, b: BodyOf<typeof C.setOrder>): Promise<void> {
  await db.transaction(async (tx) => {
    await orderInScope(tx, a, b.orderId, true);
    if (b.faultModeId == null) {
      await tx.execute(sql`delete from order_fault_modes where enterprise_id = ${a.enterpriseId} and order_id = ${b.orderId}`);
      return;
    }
    await recordOrderFault(tx, a, b.orderId, b.faultModeId);
  });
}

/**
 * Records an order's fault mode inside the caller's transaction (setOrder, and createOrder for the fault chosen on the
 * create page): a remedy of the order's product category, else a clear refusal that rolls the caller back.
 */
export async function recordOrderFault(tx: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>, orderId: number, faultModeId: number): Promise<void> {
  // Key-share lock: the node cannot be deleted before we commit.
  const [n] = await rows<NodeRow>(
    tx,
    sql`select id, parent_id, category, level, code, name, sort from fault_modes where enterprise_id = ${a.enterpriseId} and id = ${faultModeId} for key share`,
  );
  if (!n) throw notFound();
  const category = await categoryOfOrder(tx, a.enterpriseId, orderId);
  if (n.category !== category || n.level !== 3) throw invalid(`故障模式：请选择该工单产品分类下的${FAULT_LEVELS[3]}`);
  await tx.execute(sql`insert into order_fault_modes (enterprise_id, order_id, fault_mode_id, set_by) values (${a.enterpriseId}, ${orderId}, ${faultModeId}, ${a.id})
    on conflict (enterprise_id, order_id) do update set fault_mode_id = excluded.fault_mode_id, set_by = excluded.set_by, set_at = now()`);
}

/** The tree of a product model's category (or an installed product's model's); neither: the general tree. */
export async function ofModel(db: Db, a: Actor, q: { productModelId?: number | null; installedProductId?: number | null }) {
  const ep = a.enterpriseId;
  let model: number | null = null;
  let category = '';
  if (q.installedProductId || q.productModelId) {
    const [r] = await rows<{ id: number; category: string | null }>(
      db,
      q.installedProductId
        ? sql`select pm.id, pm.category from installed_products ip join product_models pm on pm.enterprise_id = ip.enterprise_id and pm.id = ip.product_id
            where ip.enterprise_id = ${ep} and ip.id = ${q.installedProductId}`
        : sql`select id, category from product_models where enterprise_id = ${ep} and id = ${q.productModelId}`,
    );
    if (!r) throw notFound();
    model = r.id;
    category = r.category ?? '';
  }
  return { category, productModelId: model, list: await treeOf(db, ep, category) };
}

/** Whether an order has its fault mode recorded (the process requirement 故障模式). */
export async function hasOrderFaultMode(ex: Executor, ep: number, orderId: number): Promise<boolean> {
  const [r] = await rows<{ n: number }>(ex, sql`select 1 as n from order_fault_modes where enterprise_id = ${ep} and order_id = ${orderId}`);
  return r != null;
}
