import { toYuan } from '@sk/shared';
import type { Tx } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { insertStateLog, type StateTable } from '../../platform/state';
import { release, reserve } from '../spares/index';
import { ORDER_STATE } from '../orders/index';
import {
  claimHolds,
  clearOrderLines,
  feeLinesOf,
  heldParts,
  holdingWarehouse,
  insertServiceLine,
  lockOrderForFees,
  quoteTotalsOf,
  setHeldWarehouse,
  setOrderAmounts,
} from './fees.repo';

/** Quotations (报价单, docs/commerce.md): where they keep their state and log; `version` counts every change. */
export const QUOTE_TABLE: StateTable = {
  table: 'quotations',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'quotation_logs', recordColumn: 'quotation_id' },
};

/**
 * Writes an accepted quotation into its order, in the accepting transaction under the order's row lock: the quotation
 * is the agreed price, so it replaces the order's service lines and fee lines; spare lines make the spare amount, other
 * fees the other amount, the discount the discount; receivable = the quotation's total. Its spare lines are reserved in
 * the quotation's warehouse (else the first enabled central warehouse). A cancelled or collected order refuses it.
 */
export async function writeOrderFees(tx: Tx, enterpriseId: number, quoteId: number, orderId: number, userId: number | null): Promise<void> {
  const o = await lockOrderForFees(tx, enterpriseId, orderId);
  if (!o) throw new AppError('NOT_FOUND');
  if (o.state === 6 || o.invalid) throw invalid('工单已取消，不能写入报价');
  if (o.paid_at != null) throw invalid('工单已收款，不能再修改费用');
  const q = await quoteTotalsOf(tx, enterpriseId, quoteId);
  if (!q) throw new AppError('NOT_FOUND');
  const lines = await feeLinesOf(tx, enterpriseId, quoteId);
  const sum = (k: number) => lines.filter((l) => l.kind === k).reduce((a, l) => a + l.amount_cents, 0);
  await clearOrderLines(tx, enterpriseId, orderId);
  for (const l of lines.filter((x) => x.kind === 1)) {
    await insertServiceLine(tx, enterpriseId, orderId, {
      itemId: l.item_id,
      name: l.covered ? `${l.name}（保内免费）` : l.name,
      priceCents: l.covered ? 0 : l.unit_cents,
      quantity: l.quantity,
      amountCents: l.amount_cents,
    });
  }
  await setOrderAmounts(tx, enterpriseId, orderId, { service: sum(1), spare: sum(2), other: sum(3), discount: q.discount_cents, total: q.total_cents });
  const parts = lines.filter((l) => l.kind === 2 && l.item_id != null);
  let reserved = '';
  if (parts.length) {
    const w = await holdingWarehouse(tx, enterpriseId, q.warehouse_id);
    if (w) {
      for (const p of parts) await reserve(tx, enterpriseId, { warehouseId: w.id, spareId: p.item_id as number, quantity: p.quantity });
      await setHeldWarehouse(tx, enterpriseId, quoteId, w.id);
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
  const held = await claimHolds(tx, enterpriseId, orderId);
  for (const h of held) {
    const parts = await heldParts(tx, enterpriseId, h.id);
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
