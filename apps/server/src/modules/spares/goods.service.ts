// Spare-part applications and the outbound orders they become (goods orders): approved by the keeper with the
// shipping warehouse (which reserves the parts there), shipped (stock leaves it, type 4) and signed for (into the applicant's own stock, type 3).
import { type BodyOf, type GoodsAction, goodsMachine, type goodsContract as G, type QueryOf } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import { NOW } from '../../platform/sql';
import type { Db, Tx } from '../../db/client';
import type { UserActor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { changeState, insertStateLog } from '../../platform/state';
import { startRefunds } from './goods.pay';
import { GOODS_STATE } from './goods.state';
import { ownWarehouse } from './catalogue.service';
import { isKeeper } from './docs.service';
import { toDocItem } from './docs.repo';
import * as repo from './goods.repo';
import { postMovement, release, reserve } from './ledger';
import { orderFor } from '../orders/index';
import { lineSerials, shipUnits, signUnits } from './units';

const visible = (u: UserActor): SQL => repo.visibleGoods(u, isKeeper(u));

export async function goodsList(db: Db, u: UserActor, q: QueryOf<typeof G.list>) {
  const page = repo.goodsPage(db, u, visible(u), q);
  const keeper = isKeeper(u);
  return listPage(q, async () => (await page.list()).map((r) => repo.toGoodsOrder(r, u, keeper)), page.count);
}

export async function goodsDetail(db: Db, u: UserActor, id: number) {
  const g = await repo.goodsRow(db, u, visible(u), id);
  if (!g) throw notFound();
  const lines = await repo.goodsItemRows(db, u.enterpriseId, id, g.warehouseId);
  // Approved and not yet shipped, the order holds its own reservation in the shipping warehouse.
  const items = lines.map((i) => toDocItem(i, g.state === 3));
  return { ...repo.toGoodsOrder(g, u, isKeeper(u)), items };
}

export async function apply(db: Db, u: UserActor, b: BodyOf<typeof G.apply>): Promise<number> {
  const ids = b.items.map((i) => i.spareId);
  if (new Set(ids).size !== ids.length) throw invalid('备件明细：同一备件请合并为一行');
  return db.transaction(async (tx) => {
    if ((await repo.spareCount(tx, u.enterpriseId, ids)) !== ids.length) throw notFound();
    if (b.orderId) await orderFor(tx, u, b.orderId);
    // The applicant pays (a payment method is named): 1 待付款 until the keeper confirms the payment; else straight to 2 待审核.
    const first = b.paymentMethod ? 1 : 2;
    const id = await repo.insertGoods(tx, u.enterpriseId, {
      applicantId: u.id,
      orderId: b.orderId ?? null,
      paymentMethod: b.paymentMethod ?? null,
      state: first,
      address: b.address,
      remark: b.remark,
      items: b.items,
    });
    await insertStateLog(tx, GOODS_STATE, { enterpriseId: u.enterpriseId, id, from: null, to: first, action: 'create', actorId: u.id });
    return id;
  });
}

export async function goodsStep(db: Db, u: UserActor, b: BodyOf<typeof G.step>): Promise<void> {
  const action = b.action as GoodsAction;
  if (action === 'approve' && !b.warehouseId) throw invalid('发货仓库：请选择发货仓库');
  if (action === 'ship' && (!b.logistics || !b.trackingNo)) throw invalid('发货请填写物流公司和物流单号');
  await db.transaction(async (tx) => {
    if (b.warehouseId && !(await repo.enabledWarehouse(tx, u.enterpriseId, b.warehouseId))) throw notFound();
    const patch: Record<string, string | number | SQL> =
      action === 'approve'
        ? { warehouse_id: b.warehouseId as number }
        : action === 'ship'
          ? { logistics: b.logistics as string, tracking_no: b.trackingNo as string }
          : action === 'pay'
            ? { paid_at: NOW }
            : {};
    const r = await changeState(tx, {
      table: GOODS_STATE,
      machine: goodsMachine,
      enterpriseId: u.enterpriseId,
      id: b.id,
      action,
      ctxOf: (row) => ({ keeper: isKeeper(u), applicant: repo.toGoodsRecord(row).applicant_id === u.id }),
      actorId: u.id,
      note: b.note ?? null,
      patch,
      guard: isKeeper(u) ? undefined : repo.ownGoods(u),
    });
    const items = await repo.goodsLines(tx, u.enterpriseId, b.id);
    const shipFrom = repo.toGoodsRecord(r.row).warehouse_id as number;
    // Approval reserves the parts in the shipping warehouse; shipping takes them; cancelling before shipping releases them.
    if (action === 'approve') for (const it of items) await reserve(tx, u.enterpriseId, { warehouseId: shipFrom, spareId: it.spare_id, quantity: it.quantity });
    if (action === 'cancel' && r.from === 3)
      for (const it of items) await release(tx, u.enterpriseId, { warehouseId: shipFrom, spareId: it.spare_id, quantity: it.quantity });
    if (action === 'cancel') await startRefunds(tx, u.enterpriseId, b.id);
    if (action !== 'ship' && action !== 'sign') return;
    const to = action === 'sign' ? await ownWarehouse(tx, u) : shipFrom;
    if (action === 'ship') await chooseSerials(tx, u.enterpriseId, b.id, items, b.items ?? []);
    for (const it of items) {
      await postMovement(tx, u.enterpriseId, {
        warehouseId: to,
        spareId: it.spare_id,
        change: action === 'ship' ? -it.quantity : it.quantity,
        type: action === 'ship' ? 4 : 3,
        userId: u.id,
        docKind: 'goods',
        docId: b.id,
        fromReserved: action === 'ship',
      });
      if (action === 'ship') await shipUnits(tx, u.enterpriseId, b.id, to, it.spare_id, it.serials);
    }
    if (action === 'sign') await signUnits(tx, u.enterpriseId, b.id, to);
  });
}

/**
 * Shipping names the units of each serial-tracked spare (one serial per piece, checked like a document's lines); they are
 * kept on the order's lines, so the detail shows what was shipped. Untracked spares carry none.
 */
async function chooseSerials(
  tx: Tx,
  enterpriseId: number,
  id: number,
  items: repo.GoodsLine[],
  chosen: { spareId: number; serials: string[] }[],
): Promise<void> {
  const given = new Map(chosen.map((c) => [c.spareId, c.serials]));
  const lines = await lineSerials(
    tx,
    enterpriseId,
    items.map((it) => ({ spareId: it.spare_id, quantity: it.quantity, serials: given.get(it.spare_id) ?? [] })),
  );
  for (const [k, l] of lines.entries()) {
    (items[k] as { serials: string[] }).serials = l.serials;
    if (l.serials.length) await repo.setLineSerials(tx, enterpriseId, id, l.spareId, l.serials);
  }
}

/** Applications awaiting the keeper (the badge counts them with the documents). */
export async function goodsAwaiting(db: Db, u: UserActor): Promise<number> {
  if (!isKeeper(u)) return 0;
  return repo.awaitingCount(db, u.enterpriseId);
}
