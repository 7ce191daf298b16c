import { toYuan } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { insertStateLog, type StateTable } from '../../platform/state';
import { release, reserve } from '../spares/ledger';
import { ORDER_STATE } from '../orders/order.state';

/** Quotations (报价单, docs/commerce.md): where they keep their state and log; `version` counts every change. */
export const QUOTE_TABLE: StateTable = {
  table: 'quotations',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'quotation_logs', recordColumn: 'quotation_id' },
};

const yuanSql = (c: number) => sql`(${c}::bigint / 100.0)::numeric(14, 2)`;

/**
 * Writes an accepted quotation into its order, in the accepting transaction under the order's row lock: the quotation
 * is the agreed price, so it replaces the order's service lines and fee lines; spare lines make the spare amount, other
 * fees the other amount, the discount the discount; receivable = the quotation's total. Its spare lines are reserved in
 * the quotation's warehouse (else the first enabled central warehouse). A cancelled or collected order refuses it.
 */
export async function writeOrderFees(tx: Tx, enterpriseId: number, quoteId: number, orderId: number, userId: number | null): Promise<void> {
  const [o] = await rows<{ state: number; invalid: boolean; paid_at: string | null; receivable_c: number; order_no: string }>(
    tx,
    sql`select state, invalid, paid_at, (receivable_amount * 100)::bigint::int as receivable_c, order_no from orders
      where enterprise_id = ${enterpriseId} and id = ${orderId} and deleted_at is null for update`,
  );
  if (!o) throw new AppError('NOT_FOUND');
  if (o.state === 6 || o.invalid) throw invalid('工单已取消，不能写入报价');
  if (o.paid_at != null) throw invalid('工单已收款，不能再修改费用');
  const [q] = await rows<{ quote_no: string; discount_cents: number; total_cents: number; warehouse_id: number | null }>(
    tx,
    sql`select quote_no, discount_cents::int, total_cents::int, warehouse_id::int from quotations where enterprise_id = ${enterpriseId} and id = ${quoteId}`,
  );
  if (!q) throw new AppError('NOT_FOUND');
  const lines = await rows<{
    kind: number;
    item_id: number | null;
    name: string;
    quantity: number;
    unit_cents: number;
    amount_cents: number;
    covered: boolean;
  }>(
    tx,
    sql`select kind, item_id::int, name, quantity, unit_cents::int, amount_cents::int, cover_reason is not null as covered
      from quotation_lines where enterprise_id = ${enterpriseId} and quotation_id = ${quoteId} order by line`,
  );
  const sum = (k: number) => lines.filter((l) => l.kind === k).reduce((a, l) => a + l.amount_cents, 0);
  const service = sum(1);
  const spare = sum(2);
  const other = sum(3);
  await tx.execute(sql`delete from order_service_items where enterprise_id = ${enterpriseId} and order_id = ${orderId}`);
  await tx.execute(sql`delete from order_fees where enterprise_id = ${enterpriseId} and order_id = ${orderId}`);
  for (const l of lines.filter((x) => x.kind === 1)) {
    const price = l.covered ? 0 : l.unit_cents;
    await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
      values (${enterpriseId}, ${orderId}, ${l.item_id}, ${l.covered ? `${l.name}（保内免费）` : l.name}, ${yuanSql(price)}, ${l.quantity}, ${yuanSql(l.amount_cents)})`);
  }
  await tx.execute(sql`update orders set service_amount = ${yuanSql(service)}, spare_amount = ${yuanSql(spare)}, other_amount = ${yuanSql(other)},
      discount_amount = ${yuanSql(q.discount_cents)}, receivable_amount = ${yuanSql(q.total_cents)}, version = version + 1, updated_at = now()
    where enterprise_id = ${enterpriseId} and id = ${orderId}`);
  const parts = lines.filter((l) => l.kind === 2 && l.item_id != null);
  let reserved = '';
  if (parts.length) {
    const [w] = await rows<{ id: number; name: string }>(
      tx,
      q.warehouse_id
        ? sql`select id::int, name from warehouses where enterprise_id = ${enterpriseId} and id = ${q.warehouse_id}`
        : sql`select id::int, name from warehouses where enterprise_id = ${enterpriseId} and enabled and kind = 1 order by id limit 1`,
    );
    if (w) {
      for (const p of parts) await reserve(tx, enterpriseId, { warehouseId: w.id, spareId: p.item_id as number, quantity: p.quantity });
      await tx.execute(sql`update quotations set held_warehouse_id = ${w.id} where enterprise_id = ${enterpriseId} and id = ${quoteId}`);
      reserved = `；备件已在${w.name}预留`;
    }
  }
  const before = toYuan(o.receivable_c);
  const after = toYuan(q.total_cents);
  await insertStateLog(tx, ORDER_STATE, {
    enterpriseId,
    id: orderId,
    from: o.state,
    to: o.state,
    action: 'fees',
    note: `报价单 ${q.quote_no} 已接受，写入费用：应收 ${before.toFixed(2)} → ${after.toFixed(2)}${reserved}`,
    changed: { receivableAmount: [before, after] },
    actorId: userId,
  });
}

/**
 * Gives back what the quotations written into an order hold, once the order no longer needs it: it was cancelled or
 * voided, or its service is done (what it used went out through its own stock documents). Each quotation once: the
 * hold is cleared in the same statement that claims it.
 */
export async function releaseOrderHolds(tx: Tx, enterpriseId: number, orderId: number, why: string, actorId: number | null): Promise<void> {
  const held = await rows<{ id: number; warehouse_id: number; quote_no: string; state: number }>(
    tx,
    sql`update quotations q set held_warehouse_id = null, updated_at = now()
      from (select id, held_warehouse_id from quotations where enterprise_id = ${enterpriseId} and order_id = ${orderId}
        and held_warehouse_id is not null for update) h
      where q.enterprise_id = ${enterpriseId} and q.id = h.id
      returning q.id::int, h.held_warehouse_id::int as warehouse_id, q.quote_no, q.state::int`,
  );
  for (const h of held) {
    const parts = await rows<{ spare_id: number; quantity: number }>(
      tx,
      sql`select item_id::int as spare_id, sum(quantity)::int as quantity from quotation_lines
        where enterprise_id = ${enterpriseId} and quotation_id = ${h.id} and kind = 2 and item_id is not null group by item_id order by item_id`,
    );
    for (const p of parts) await release(tx, enterpriseId, { warehouseId: h.warehouse_id, spareId: p.spare_id, quantity: p.quantity });
    await insertStateLog(tx, QUOTE_TABLE, {
      enterpriseId,
      id: h.id,
      from: h.state,
      to: h.state,
      action: 'release',
      actorId,
      note: `工单${why}，释放报价单 ${h.quote_no} 预留的备件`,
    });
  }
}
