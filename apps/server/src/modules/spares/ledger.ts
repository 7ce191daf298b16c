// The stock core: every change of a stock quantity goes through postMovement, which writes the ledger row in the
// same statement. Stock never goes negative (the guarded update) and the ledger always sums to the stock.
import type { StockLogType } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { invalid } from '../../platform/errors';
import { addNotices } from '../subscriptions/notices.repo';

export interface Movement {
  warehouseId: number;
  spareId: number;
  /** Signed quantity: positive into the warehouse, negative out of it. */
  change: number;
  type: StockLogType;
  userId: number | null;
  docKind?: string | null;
  docId?: number | null;
  orderId?: number | null;
  serialIn?: string | null;
  serialOut?: string | null;
}

export interface Posted {
  logId: number;
  before: number;
  after: number;
}

/** Out of stock: names the spare and the warehouse, so the user knows what to fetch. */
async function shortage(ex: Executor, enterpriseId: number, m: Movement): Promise<Error> {
  const [r] = await rows<{ spare: string | null; warehouse: string | null; quantity: number | null }>(
    ex,
    sql`select (select name from spares where enterprise_id = ${enterpriseId} and id = ${m.spareId}) as spare,
      (select name from warehouses where enterprise_id = ${enterpriseId} and id = ${m.warehouseId}) as warehouse,
      (select quantity from stocks where enterprise_id = ${enterpriseId} and warehouse_id = ${m.warehouseId} and spare_id = ${m.spareId}) as quantity`,
  );
  return invalid(`库存不足：${r?.warehouse ?? '仓库'}的备件“${r?.spare ?? m.spareId}”现有${r?.quantity ?? 0}，需要${-m.change}`);
}

/**
 * Posts one movement in the caller's transaction: the stock row changes by `change` (an outgoing change only
 * while `quantity >= n`, so concurrent takers queue on the row and the loser finds too little) and the ledger row
 * records before and after. An incoming change creates the stock row when missing. Throws 库存不足 when short.
 */
export async function postMovement(ex: Executor, enterpriseId: number, m: Movement): Promise<Posted> {
  if (!Number.isInteger(m.change) || m.change === 0) throw invalid('数量：必须是非零整数');
  const stock: SQL =
    m.change > 0
      ? sql`insert into stocks (enterprise_id, warehouse_id, spare_id, quantity) values (${enterpriseId}, ${m.warehouseId}, ${m.spareId}, ${m.change})
          on conflict (enterprise_id, warehouse_id, spare_id) do update set quantity = stocks.quantity + excluded.quantity, updated_at = now()
          returning quantity, safety`
      : sql`update stocks set quantity = quantity + ${m.change}, updated_at = now()
          where enterprise_id = ${enterpriseId} and warehouse_id = ${m.warehouseId} and spare_id = ${m.spareId} and quantity >= ${-m.change}
          returning quantity, safety`;
  const [r] = await rows<{ id: number; before: number; after: number; safety: number }>(
    ex,
    sql`with s as (${stock}), l as (
      insert into stock_logs (enterprise_id, warehouse_id, spare_id, type, change, before, after, doc_kind, doc_id, order_id, serial_in, serial_out, user_id)
      select ${enterpriseId}, ${m.warehouseId}, ${m.spareId}, ${m.type}, ${m.change}, s.quantity - ${m.change}, s.quantity,
        ${m.docKind ?? null}, ${m.docId ?? null}, ${m.orderId ?? null}, ${m.serialIn ?? null}, ${m.serialOut ?? null}, ${m.userId}
      from s returning id, before, after)
      select l.id, l.before, l.after, s.safety from l, s`,
  );
  if (!r) throw await shortage(ex, enterpriseId, m);
  if (r.after < r.safety && r.before >= r.safety) await warnLow(ex, enterpriseId, m.warehouseId, m.spareId, r.after);
  return { logId: Number(r.id), before: r.before, after: r.after };
}

/**
 * Stock just fell below its safety stock: a notice to the warehouse's keeper, or to every warehouse keeper (role 9)
 * when it has none. Once per (warehouse, spare, day); the to-do digest counts the warnings list too.
 */
async function warnLow(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number, quantity: number): Promise<void> {
  const [w] = await rows<{ warehouse: string; spare: string; keepers: number[] }>(
    ex,
    sql`select w.name as warehouse, s.name as spare,
        case when w.keeper_id is not null then array[w.keeper_id::int]
          else coalesce((select array_agg(u.id::int) from users u where u.enterprise_id = ${enterpriseId} and 9 = any(u.roles) and u.enabled and u.deleted_at is null), '{}') end as keepers
      from warehouses w, spares s where w.enterprise_id = ${enterpriseId} and w.id = ${warehouseId} and s.enterprise_id = ${enterpriseId} and s.id = ${spareId}`,
  );
  if (!w || w.keepers.length === 0) return;
  await addNotices(ex, {
    enterpriseId,
    userIds: w.keepers,
    kind: 'spare_warning',
    title: '库存预警',
    content: `${w.warehouse}的备件“${w.spare}”库存${quantity}，低于安全库存`,
    link: `/sparewarning?warehouseId=${warehouseId}`,
    dedupeKey: `spare_warning:${warehouseId}:${spareId}:${new Date().toISOString().slice(0, 10)}`,
  });
}

/** Sets a counted quantity (stock count, type 10): the difference posts as one movement; none when it matches. */
export async function postCount(ex: Executor, enterpriseId: number, m: Omit<Movement, 'change' | 'type'> & { counted: number }): Promise<Posted | null> {
  const [cur] = await rows<{ quantity: number }>(
    ex,
    sql`select quantity from stocks where enterprise_id = ${enterpriseId} and warehouse_id = ${m.warehouseId} and spare_id = ${m.spareId} for update`,
  );
  const change = m.counted - (cur?.quantity ?? 0);
  if (change === 0) return null;
  return postMovement(ex, enterpriseId, { ...m, change, type: 10 });
}

/** Moves stock from one warehouse to another: an outgoing and an incoming row of the same type. */
export async function postTransfer(ex: Executor, enterpriseId: number, m: Omit<Movement, 'warehouseId' | 'change'> & { from: number; to: number; quantity: number }) {
  const { from, to, quantity, ...rest } = m;
  const out = await postMovement(ex, enterpriseId, { ...rest, warehouseId: from, change: -quantity });
  const into = await postMovement(ex, enterpriseId, { ...rest, warehouseId: to, change: quantity });
  return { out, into };
}
