// An order's fees: its service item and fee lines in cents, the catalogues' prices, the parts' spare amount, and the
// writes of saveFees and recomputeReceivable. Money is read as bigint cents (numbers) and written back as numeric.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { bigints } from '../../platform/sql';

/** A line of the order in cents (price, amount) and hundredths (quantity). */
export interface Line {
  id: number;
  itemId: number | null;
  name: string;
  unit: string;
  priceC: number;
  qtyH: number;
  amountC: number;
}

type LineRaw = { id: number; item_id: number | null; name: string; unit: string | null; price_c: number; qty_h: number; amount_c: number };

export const toLine = (r: LineRaw): Line => ({
  id: r.id,
  itemId: r.item_id,
  name: r.name,
  unit: r.unit ?? '',
  priceC: r.price_c,
  qtyH: r.qty_h,
  amountC: r.amount_c,
});

/** The order's service item lines and fee lines, each in id order. */
export async function linesOf(ex: Executor, enterpriseId: number, orderId: number): Promise<{ service: Line[]; fees: Line[] }> {
  const service = await rows<LineRaw>(
    ex,
    sql`select l.id, l.service_item_id as item_id, l.name, s.unit, (l.price * 100)::bigint as price_c, (l.quantity * 100)::bigint as qty_h, (l.amount * 100)::bigint as amount_c
      from order_service_items l left join service_items s on s.enterprise_id = l.enterprise_id and s.id = l.service_item_id
      where l.enterprise_id = ${enterpriseId} and l.order_id = ${orderId} order by l.id`,
  );
  const fees = await rows<LineRaw>(
    ex,
    sql`select l.id, l.money_item_id as item_id, l.name, m.unit, (l.price * 100)::bigint as price_c, (l.quantity * 100)::bigint as qty_h, (l.amount * 100)::bigint as amount_c
      from order_fees l left join money_items m on m.enterprise_id = l.enterprise_id and m.id = l.money_item_id
      where l.enterprise_id = ${enterpriseId} and l.order_id = ${orderId} order by l.id`,
  );
  return { service: service.map(toLine), fees: fees.map(toLine) };
}

/** The fee items of the order type, in their order. */
export function moneyItemsOf(ex: Executor, enterpriseId: number, templateId: number): Promise<{ id: number; name: string; price_c: number; unit: string }[]> {
  return rows<{ id: number; name: string; price_c: number; unit: string }>(
    ex,
    sql`select id, name, (price * 100)::bigint as price_c, unit from money_items
      where enterprise_id = ${enterpriseId} and template_id = ${templateId} and deleted_at is null order by sort, id`,
  );
}

/** A catalogue item's name and price in cents. */
export type Priceable = { name: string; price_c: number };

/** The items of a catalogue among the ids where `extra` holds, by id. */
export async function catalogue(ex: Executor, table: 'service_items' | 'money_items', enterpriseId: number, ids: number[], extra = sql`true`) {
  if (ids.length === 0) return new Map<number, Priceable>();
  const found = await rows<Priceable & { id: number }>(
    ex,
    sql`select id, name, (price * 100)::bigint as price_c from ${sql.identifier(table)}
      where enterprise_id = ${enterpriseId} and id = any(${bigints([...new Set(ids)])}) and ${extra}`,
  );
  return new Map<number, Priceable>(found.map((f) => [f.id, f]));
}

/** The fee items' condition: of the order type and not deleted. */
export const ofTemplate = (templateId: number): SQL => sql`template_id = ${templateId} and deleted_at is null`;

/** The charged parts in use on the order in cents, or null when no part is recorded on it. */
export async function recordedSpareCents(ex: Executor, enterpriseId: number, orderId: number): Promise<number | null> {
  const [r] = await rows<{ n: number; c: number }>(
    ex,
    sql`select count(*)::int as n, round(coalesce(sum(price * quantity) filter (where state = 1 and chargeable), 0) * 100)::bigint as c
      from order_parts where enterprise_id = ${enterpriseId} and order_id = ${orderId}`,
  );
  return r && r.n > 0 ? r.c : null;
}

const yuanSql = (c: number) => sql`(${c}::bigint / 100.0)::numeric(14, 2)`;
const qtySql = (h: number) => sql`(${h}::bigint / 100.0)::numeric(12, 2)`;

/** A line to write: catalogue item, name, price in cents, quantity in hundredths, amount in cents. */
export type LineWrite = { itemId: number; name: string; priceC: number; qtyH: number; amountC: number };

/** Replaces the order's service item lines. */
export async function replaceServiceLines(tx: Tx, enterpriseId: number, orderId: number, lines: LineWrite[]): Promise<void> {
  await tx.execute(sql`delete from order_service_items where enterprise_id = ${enterpriseId} and order_id = ${orderId}`);
  for (const l of lines) {
    await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
          values (${enterpriseId}, ${orderId}, ${l.itemId}, ${l.name}, ${yuanSql(l.priceC)}, ${qtySql(l.qtyH)}, ${yuanSql(l.amountC)})`);
  }
}

/** Replaces the order's fee lines (written by `userId`). */
export async function replaceFeeLines(tx: Tx, enterpriseId: number, orderId: number, lines: LineWrite[], userId: number): Promise<void> {
  await tx.execute(sql`delete from order_fees where enterprise_id = ${enterpriseId} and order_id = ${orderId}`);
  for (const l of lines) {
    await tx.execute(sql`insert into order_fees (enterprise_id, order_id, money_item_id, name, price, quantity, amount, created_by)
        values (${enterpriseId}, ${orderId}, ${l.itemId}, ${l.name}, ${yuanSql(l.priceC)}, ${qtySql(l.qtyH)}, ${yuanSql(l.amountC)}, ${userId})`);
  }
}

/** The order's amounts in cents as saveFees computes them. */
export type OrderAmounts = { service: number; spare: number; other: number; discount: number; receivable: number };

/** Stores the order's amounts and expense values, bumping its version. */
export async function updateOrderAmounts(tx: Tx, enterpriseId: number, orderId: number, a: OrderAmounts, ext: unknown): Promise<void> {
  await tx.execute(sql`update orders set service_amount = ${yuanSql(a.service)}, spare_amount = ${yuanSql(a.spare)}, other_amount = ${yuanSql(a.other)},
        discount_amount = ${yuanSql(a.discount)}, receivable_amount = ${yuanSql(a.receivable)}, fee_ext = ${JSON.stringify(ext)}::jsonb,
        version = version + 1, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${orderId}`);
}

/**
 * Recomputes an order's service amount and receivable from its lines (for other writers of
 * order_service_items, e.g. the order edit); call inside their transaction.
 */
export async function recomputeReceivable(ex: Executor, enterpriseId: number, orderId: number): Promise<void> {
  await ex.execute(sql`update orders o set service_amount = s.total,
      receivable_amount = greatest(s.total + f.total + o.spare_amount + o.other_amount - o.discount_amount, 0)
    from (select coalesce(sum(amount), 0) as total from order_service_items where enterprise_id = ${enterpriseId} and order_id = ${orderId}) s,
      (select coalesce(sum(amount), 0) as total from order_fees where enterprise_id = ${enterpriseId} and order_id = ${orderId}) f
    where o.enterprise_id = ${enterpriseId} and o.id = ${orderId}`);
}
