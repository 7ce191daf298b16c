// The statements that write an accepted quotation into its order (quotation.order.ts holds the rules): the order's
// fee lines and amounts, the warehouse that holds the spare lines, and the holds given back when the order ends.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

const yuanSql = (c: number) => sql`(${c}::bigint / 100.0)::numeric(14, 2)`;

/** The order as the write checks it, locked; its receivable in cents. */
export async function lockOrderForFees(ex: Executor, ep: number, orderId: number) {
  const [o] = await rows<{ state: number; invalid: boolean; paid_at: string | null; receivable_c: number; order_no: string }>(
    ex,
    sql`select state, invalid, paid_at, (receivable_amount * 100)::bigint::int as receivable_c, order_no from orders
      where enterprise_id = ${ep} and id = ${orderId} and deleted_at is null for update`,
  );
  return o;
}

/** The quotation's number, discount, total and warehouse. */
export async function quoteTotalsOf(ex: Executor, ep: number, quoteId: number) {
  const [q] = await rows<{ quote_no: string; discount_cents: number; total_cents: number; warehouse_id: number | null }>(
    ex,
    sql`select quote_no, discount_cents::int, total_cents::int, warehouse_id::int from quotations where enterprise_id = ${ep} and id = ${quoteId}`,
  );
  return q;
}

export interface FeeLine {
  kind: number;
  item_id: number | null;
  name: string;
  quantity: number;
  unit_cents: number;
  amount_cents: number;
  covered: boolean;
}

/** The quotation's lines in order; `covered` when the warranty pays. */
export const feeLinesOf = (ex: Executor, ep: number, quoteId: number) =>
  rows<FeeLine>(
    ex,
    sql`select kind, item_id::int, name, quantity, unit_cents::int, amount_cents::int, cover_reason is not null as covered
      from quotation_lines where enterprise_id = ${ep} and quotation_id = ${quoteId} order by line`,
  );

/** Drops the order's service lines and fee lines. */
export async function clearOrderLines(ex: Executor, ep: number, orderId: number): Promise<void> {
  await ex.execute(sql`delete from order_service_items where enterprise_id = ${ep} and order_id = ${orderId}`);
  await ex.execute(sql`delete from order_fees where enterprise_id = ${ep} and order_id = ${orderId}`);
}

export const insertServiceLine = (
  ex: Executor,
  ep: number,
  orderId: number,
  l: { itemId: number | null; name: string; priceCents: number; quantity: number; amountCents: number },
) =>
  ex.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
      values (${ep}, ${orderId}, ${l.itemId}, ${l.name}, ${yuanSql(l.priceCents)}, ${l.quantity}, ${yuanSql(l.amountCents)})`);

/** The order's amounts, in cents; the version counts the change. */
export const setOrderAmounts = (
  ex: Executor,
  ep: number,
  orderId: number,
  c: { service: number; spare: number; other: number; discount: number; total: number },
) =>
  ex.execute(sql`update orders set service_amount = ${yuanSql(c.service)}, spare_amount = ${yuanSql(c.spare)}, other_amount = ${yuanSql(c.other)},
      discount_amount = ${yuanSql(c.discount)}, receivable_amount = ${yuanSql(c.total)}, version = version + 1, updated_at = now()
    where enterprise_id = ${ep} and id = ${orderId}`);

/** The quotation's warehouse, else the first enabled central warehouse; undefined when neither. */
export async function holdingWarehouse(ex: Executor, ep: number, warehouseId: number | null) {
  const [w] = await rows<{ id: number; name: string }>(
    ex,
    warehouseId
      ? sql`select id::int, name from warehouses where enterprise_id = ${ep} and id = ${warehouseId}`
      : sql`select id::int, name from warehouses where enterprise_id = ${ep} and enabled and kind = 1 order by id limit 1`,
  );
  return w;
}

export const setHeldWarehouse = (ex: Executor, ep: number, quoteId: number, warehouseId: number) =>
  ex.execute(sql`update quotations set held_warehouse_id = ${warehouseId} where enterprise_id = ${ep} and id = ${quoteId}`);

/** Clears the holds of the order's quotations in the statement that claims them: each quotation once. */
export const claimHolds = (ex: Executor, ep: number, orderId: number) =>
  rows<{ id: number; warehouse_id: number; quote_no: string; state: number }>(
    ex,
    sql`update quotations q set held_warehouse_id = null, updated_at = now()
      from (select id, held_warehouse_id from quotations where enterprise_id = ${ep} and order_id = ${orderId}
        and held_warehouse_id is not null for update) h
      where q.enterprise_id = ${ep} and q.id = h.id
      returning q.id::int, h.held_warehouse_id::int as warehouse_id, q.quote_no, q.state::int`,
  );

/** The spares a quotation's lines hold, summed per spare. */
export const heldParts = (ex: Executor, ep: number, quoteId: number) =>
  rows<{ spare_id: number; quantity: number }>(
    ex,
    sql`select item_id::int as spare_id, sum(quantity)::int as quantity from quotation_lines
        where enterprise_id = ${ep} and quotation_id = ${quoteId} and kind = 2 and item_id is not null group by item_id order by item_id`,
  );

/** The order hook's probe (alias u, the order): only an order whose quotation holds parts has anything to release. */
export const holdsParts: SQL = sql`exists (select 1 from quotations q where q.enterprise_id = u.enterprise_id and q.order_id = u.id and q.held_warehouse_id is not null)`;
