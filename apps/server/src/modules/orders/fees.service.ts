import { feeTotals, lineCents, type OrderFeesView, type SaveFeesBody, toCents, toYuan } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { currentVersionOf, validateAndComputeExt } from '../forms/index';
import {
  catalogue,
  type Line,
  type LineWrite,
  linesOf,
  moneyItemsOf,
  ofTemplate,
  type Priceable,
  recomputeReceivable,
  recordedSpareCents,
  replaceFeeLines,
  replaceServiceLines,
  updateOrderAmounts,
} from './fees.repo';
import { feeRefusal, type OrderRow, orderFor } from './money.access';
import { ORDER_STATE } from './order.state';
import type { Actor } from '../../platform/actor';

/** The expense form kind (forms.constants: 7 费用). */
const EXPENSE_KIND = 7;
const invalid = (detail: string) => new AppError('VALIDATION', { detail });

export { recomputeReceivable };

const lineView = (l: Line) => ({
  id: l.id,
  itemId: l.itemId,
  name: l.name,
  unit: l.unit,
  price: toYuan(l.priceC),
  quantity: l.qtyH / 100,
  amount: toYuan(l.amountC),
});

/** The fees of an order as the fees panel and the report show them. */
export async function feesOf(ex: Executor, v: Actor, row: OrderRow): Promise<OrderFeesView> {
  const id = row.id;
  const { service, fees } = await linesOf(ex, v.enterpriseId, id);
  const items = await moneyItemsOf(ex, v.enterpriseId, row.template_id);
  return {
    orderId: id,
    orderNo: row.order_no,
    state: row.state,
    editable: (await feeRefusal(ex, v, row)) === null,
    serviceItems: service.map(lineView),
    fees: fees.map(lineView),
    serviceAmount: toYuan(row.service_c),
    feeAmount: toYuan(fees.reduce((a, l) => a + l.amountC, 0)),
    spareAmount: toYuan(row.spare_c),
    otherAmount: toYuan(row.other_c),
    discountAmount: toYuan(row.discount_c),
    receivableAmount: toYuan(row.receivable_c),
    paidAmount: toYuan(row.paid_c),
    paymentMethod: row.payment_method,
    paid: row.paid_at != null,
    ext: (row.fee_ext as Record<string, unknown> | null) ?? {},
    moneyItems: items.map((m) => ({ id: m.id, name: m.name, price: toYuan(m.price_c), unit: m.unit })),
  };
}

export async function readFees(db: Db, v: Actor, orderId: number): Promise<OrderFeesView> {
  return feesOf(db, v, await orderFor(db, v, orderId));
}

type Priced = { itemId: number; name: string; priceC: number; qtyH: number };

/** Catalogue lines priced from the catalogue unless a price was typed; every id must be one of `found`. */
function priced(input: { id: number; quantity: number; price?: number }[], found: Map<number, Priceable>, what: string): Priced[] {
  return input.map((l) => {
    const item = found.get(l.id);
    if (!item) throw invalid(`${what}：${what}不存在或已被删除`);
    return { itemId: l.id, name: item.name, priceC: l.price === undefined ? item.price_c : toCents(l.price), qtyH: toCents(l.quantity) };
  });
}

const toWrite = (l: Priced): LineWrite => ({ ...l, amountC: lineCents(l.priceC, l.qtyH) });

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
        ofTemplate(row.template_id),
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

    if (services) await replaceServiceLines(tx, v.enterpriseId, b.orderId, services.map(toWrite));
    await replaceFeeLines(tx, v.enterpriseId, b.orderId, fees.map(toWrite), v.id);
    await updateOrderAmounts(tx, v.enterpriseId, b.orderId, { service: totals.service, spare, other, discount, receivable: totals.receivable }, ext);
    const before = toYuan(row.receivable_c);
    const after = toYuan(totals.receivable);
    await insertStateLog(tx, ORDER_STATE, {
      enterpriseId: v.enterpriseId,
      id: b.orderId,
      from: row.state,
      to: row.state,
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
