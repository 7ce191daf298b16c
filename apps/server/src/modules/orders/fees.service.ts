import { feeTotals, lineCents, type OrderFeesView, type SaveFeesBody, toCents, toYuan } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { bigints } from '../../platform/sql';
import { currentVersionOf, validateAndComputeExt } from '../forms/ext.service';
import { cents, feeRefusal, type OrderRow, orderFor } from './money.access';
import { ORDER_STATE } from './order.state';
import type { Actor } from '../../platform/actor';

/** The expense form kind (forms.constants: 7 费用). */
const EXPENSE_KIND = 7;
const invalid = (detail: string) => new AppError('VALIDATION', { detail });

interface Line {
  id: number;
  itemId: number | null;
  name: string;
  unit: string;
  priceC: number;
  qtyH: number;
  amountC: number;
}
const lineView = (l: Line) => ({
  id: l.id,
  itemId: l.itemId,
  name: l.name,
  unit: l.unit,
  price: toYuan(l.priceC),
  quantity: l.qtyH / 100,
  amount: toYuan(l.amountC),
});

async function linesOf(ex: Executor, enterpriseId: number, orderId: number): Promise<{ service: Line[]; fees: Line[] }> {
  const read = (r: Record<string, unknown>): Line => ({
    id: Number(r.id),
    itemId: r.item_id == null ? null : Number(r.item_id),
    name: String(r.name),
    unit: String(r.unit ?? ''),
    priceC: cents(r.price_c),
    qtyH: cents(r.qty_h),
    amountC: cents(r.amount_c),
  });
  const service = await rows<Record<string, unknown>>(
    ex,
    sql`select l.id, l.service_item_id as item_id, l.name, s.unit, (l.price * 100)::bigint as price_c, (l.quantity * 100)::bigint as qty_h, (l.amount * 100)::bigint as amount_c
      from order_service_items l left join service_items s on s.enterprise_id = l.enterprise_id and s.id = l.service_item_id
      where l.enterprise_id = ${enterpriseId} and l.order_id = ${orderId} order by l.id`,
  );
  const fees = await rows<Record<string, unknown>>(
    ex,
    sql`select l.id, l.money_item_id as item_id, l.name, m.unit, (l.price * 100)::bigint as price_c, (l.quantity * 100)::bigint as qty_h, (l.amount * 100)::bigint as amount_c
      from order_fees l left join money_items m on m.enterprise_id = l.enterprise_id and m.id = l.money_item_id
      where l.enterprise_id = ${enterpriseId} and l.order_id = ${orderId} order by l.id`,
  );
  return { service: service.map(read), fees: fees.map(read) };
}

/** The fees of an order as the fees panel and the report show them. */
export async function feesOf(ex: Executor, v: Actor, row: OrderRow): Promise<OrderFeesView> {
  const id = Number(row.id);
  const { service, fees } = await linesOf(ex, v.enterpriseId, id);
  const items = await rows<{ id: number; name: string; price_c: string; unit: string }>(
    ex,
    sql`select id, name, (price * 100)::bigint as price_c, unit from money_items
      where enterprise_id = ${v.enterpriseId} and template_id = ${row.template_id} and deleted_at is null order by sort, id`,
  );
  return {
    orderId: id,
    orderNo: String(row.order_no),
    state: Number(row.state),
    editable: (await feeRefusal(ex, v, row)) === null,
    serviceItems: service.map(lineView),
    fees: fees.map(lineView),
    serviceAmount: toYuan(cents(row.service_c)),
    feeAmount: toYuan(fees.reduce((a, l) => a + l.amountC, 0)),
    spareAmount: toYuan(cents(row.spare_c)),
    otherAmount: toYuan(cents(row.other_c)),
    discountAmount: toYuan(cents(row.discount_c)),
    receivableAmount: toYuan(cents(row.receivable_c)),
    paidAmount: toYuan(cents(row.paid_c)),
    paymentMethod: row.payment_method == null ? null : Number(row.payment_method),
    paid: row.paid_at != null,
    ext: (row.fee_ext as Record<string, unknown> | null) ?? {},
    moneyItems: items.map((m) => ({ id: Number(m.id), name: m.name, price: toYuan(cents(m.price_c)), unit: m.unit })),
  };
}

export async function readFees(db: Db, v: Actor, orderId: number): Promise<OrderFeesView> {
  return feesOf(db, v, await orderFor(db, v, orderId));
}

type Priced = { itemId: number; name: string; priceC: number; qtyH: number };

/** Catalogue lines priced from the catalogue unless a price was typed; every id must be one of `found`. */
function priced(input: { id: number; quantity: number; price?: number }[], found: Map<number, { name: string; price_c: string }>, what: string): Priced[] {
  return input.map((l) => {
    const item = found.get(l.id);
    if (!item) throw invalid(`${what}：${what}不存在或已被删除`);
    return { itemId: l.id, name: item.name, priceC: l.price === undefined ? cents(item.price_c) : toCents(l.price), qtyH: toCents(l.quantity) };
  });
}

async function catalogue(ex: Executor, table: 'service_items' | 'money_items', enterpriseId: number, ids: number[], extra = sql`true`) {
  if (ids.length === 0) return new Map<number, { name: string; price_c: string }>();
  const found = await rows<{ id: number; name: string; price_c: string }>(
    ex,
    sql`select id, name, (price * 100)::bigint as price_c from ${sql.identifier(table)}
      where enterprise_id = ${enterpriseId} and id = any(${bigints([...new Set(ids)])}) and ${extra}`,
  );
  return new Map(found.map((f) => [Number(f.id), f]));
}

const yuanSql = (c: number) => sql`(${c}::bigint / 100.0)::numeric(14, 2)`;
const qtySql = (h: number) => sql`(${h}::bigint / 100.0)::numeric(12, 2)`;

/** Once parts are recorded on the order (spares), they own its spare amount: the sum of the charged parts in use. */
async function recordedSpareCents(ex: Executor, enterpriseId: number, orderId: number): Promise<number | null> {
  const [r] = await rows<{ n: number; c: string }>(
    ex,
    sql`select count(*)::int as n, round(coalesce(sum(price * quantity) filter (where state = 1 and chargeable), 0) * 100)::bigint::text as c
      from order_parts where enterprise_id = ${enterpriseId} and order_id = ${orderId}`,
  );
  return r && Number(r.n) > 0 ? Number(r.c) : null;
}

/**
 * Sets an order's fees in one transaction under the order's row lock: replaces the lines, stores the
 * amounts, computes the totals in cents, bumps the order's version and writes a log row.
 */
export async function saveFees(db: Db, v: Actor, b: SaveFeesBody): Promise<OrderFeesView> {
  return db.transaction(async (tx) => {
    const row = await orderFor(tx, v, b.orderId, true);
    const refusal = await feeRefusal(tx, v, row);
    if (refusal) throw refusal;
    const services = b.serviceItems
      ? priced(
          b.serviceItems.map((l) => ({ id: l.serviceItemId, quantity: l.quantity, price: l.price })),
          await catalogue(
            tx,
            'service_items',
            v.enterpriseId,
            b.serviceItems.map((l) => l.serviceItemId),
          ),
          '服务项目',
        )
      : null;
    const fees = priced(
      b.fees.map((l) => ({ id: l.moneyItemId, quantity: l.quantity, price: l.price })),
      await catalogue(
        tx,
        'money_items',
        v.enterpriseId,
        b.fees.map((l) => l.moneyItemId),
        sql`template_id = ${row.template_id} and deleted_at is null`,
      ),
      '收费项目',
    );
    const serviceLines = services
      ? services.map((l) => lineCents(l.priceC, l.qtyH))
      : (await linesOf(tx, v.enterpriseId, b.orderId)).service.map((l) => l.amountC);
    const spare = (await recordedSpareCents(tx, v.enterpriseId, b.orderId)) ?? toCents(b.spareAmount);
    const other = toCents(b.otherAmount);
    const discount = toCents(b.discountAmount);
    const totals = feeTotals({ serviceLines, feeLines: fees.map((l) => lineCents(l.priceC, l.qtyH)), spare, other, discount });
    if (!totals) throw invalid('优惠金额：优惠金额不能大于费用合计');
    if (totals.gross > 99_999_999_999) throw invalid('费用合计过大');
    const ext = b.ext && Object.keys(b.ext).length ? await expenseExt(tx, v, b.ext) : ((row.fee_ext as Record<string, unknown>) ?? {});

    if (services) {
      await tx.execute(sql`delete from order_service_items where enterprise_id = ${v.enterpriseId} and order_id = ${b.orderId}`);
      for (const l of services) {
        await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
          values (${v.enterpriseId}, ${b.orderId}, ${l.itemId}, ${l.name}, ${yuanSql(l.priceC)}, ${qtySql(l.qtyH)}, ${yuanSql(lineCents(l.priceC, l.qtyH))})`);
      }
    }
    await tx.execute(sql`delete from order_fees where enterprise_id = ${v.enterpriseId} and order_id = ${b.orderId}`);
    for (const l of fees) {
      await tx.execute(sql`insert into order_fees (enterprise_id, order_id, money_item_id, name, price, quantity, amount, created_by)
        values (${v.enterpriseId}, ${b.orderId}, ${l.itemId}, ${l.name}, ${yuanSql(l.priceC)}, ${qtySql(l.qtyH)}, ${yuanSql(lineCents(l.priceC, l.qtyH))}, ${v.id})`);
    }
    await tx.execute(sql`update orders set service_amount = ${yuanSql(totals.service)}, spare_amount = ${yuanSql(spare)}, other_amount = ${yuanSql(other)},
        discount_amount = ${yuanSql(discount)}, receivable_amount = ${yuanSql(totals.receivable)}, fee_ext = ${JSON.stringify(ext)}::jsonb,
        version = version + 1, updated_at = now()
      where enterprise_id = ${v.enterpriseId} and id = ${b.orderId}`);
    const before = toYuan(cents(row.receivable_c));
    const after = toYuan(totals.receivable);
    await insertStateLog(tx, ORDER_STATE, {
      enterpriseId: v.enterpriseId,
      id: b.orderId,
      from: Number(row.state),
      to: Number(row.state),
      action: 'fees',
      note: `修改费用：应收 ${before.toFixed(2)} → ${after.toFixed(2)}`,
      changed: { receivableAmount: [before, after] },
      actorId: v.id,
    });
    return feesOf(tx, v, await orderFor(tx, v, b.orderId));
  });
}

/** The expense form's custom values, validated against its current version. */
async function expenseExt(ex: Executor, v: Actor, ext: Record<string, unknown>) {
  const cur = await currentVersionOf(ex, v.enterpriseId, EXPENSE_KIND);
  return validateAndComputeExt(ex, v.enterpriseId, EXPENSE_KIND, cur.templateVersionId, ext, { roles: v.sysrole == null ? undefined : [v.sysrole] });
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
