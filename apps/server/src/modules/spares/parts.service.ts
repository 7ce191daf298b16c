// Parts on orders (consumption from the engineer's own stock, cancel) and old-part returns.
import {
  isCovered,
  type BodyOf,
  type OldPartAction,
  oldPartMachine,
  type QueryOf,
  RETURN_TYPES,
  OLD_PART_STATES,
  SPARE_DICTS,
  type sparesContract as C,
} from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import type { UserActor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { changeState, insertStateLog } from '../../platform/state';
import { recomputeReceivable } from '../orders/index';
import { orderFor, orderWarranty } from '../orders/index';
import type { OrderRecord } from '../orders/index';
import { addProductHistorySource } from '../customers/index';
import { itemsByCode } from '../settings/index';
import { ownWarehouse } from './catalogue.service';
import { postMovement } from './ledger';
import * as repo from './parts.repo';
import { OLD_PART_STATE } from './parts.repo';
import { installUnit, settleOldUnit, uninstallUnit } from './units';

/** Parts can be recorded while the order is pending service (3) or in service (4). */
const PART_STATES = [3, 4];

/** In warranty (在保 or 延保): the order's warranty answer, the one its detail and service report show (orders' orderWarranty). */
async function inWarranty(ex: Executor, u: UserActor, order: OrderRecord): Promise<boolean> {
  return isCovered((await orderWarranty(ex, u.enterpriseId, u.timeZone, order))?.state);
}

/** The order's spare amount is the sum of its chargeable parts in use; the receivable follows (fees.service). */
async function syncSpareAmount(tx: Tx, enterpriseId: number, orderId: number): Promise<void> {
  await repo.syncSpareAmountSql(tx, enterpriseId, orderId);
  await recomputeReceivable(tx, enterpriseId, orderId);
}

/**
 * Records a part used on an order from the engineer's own stock (type 1, both serials). Under warranty it is free
 * and, for a warranty spare, the old part owes a return (type 1 physical return); otherwise it is charged at the sale price.
 */
export async function usePart(db: Db, u: UserActor, b: BodyOf<typeof C.orderUse>) {
  return db.transaction(async (tx) => {
    const order = (await orderFor(tx, u, b.orderId, true)) as OrderRecord;
    if (!PART_STATES.includes(order.state)) throw invalid('工单在待服务或服务中时才能登记备件');
    const spare = await repo.usableSpare(tx, u.enterpriseId, b.spareId);
    if (!spare) throw notFound();
    if (spare.serialized && (!b.serialIn || !b.serialOut)) throw invalid(`备件“${spare.name}”按序列号管理，请填写新件和旧件序列号`);
    if (spare.serialized && b.quantity !== 1) throw invalid('按序列号管理的备件每次登记1件');
    const warehouseId = await ownWarehouse(tx, u);
    const covered = spare.warranty && (await inWarranty(tx, u, order));
    const partId = await repo.insertPart(tx, u.enterpriseId, {
      orderId: b.orderId,
      spareId: b.spareId,
      warehouseId,
      quantity: b.quantity,
      serialIn: b.serialIn ?? null,
      serialOut: b.serialOut ?? null,
      chargeable: !covered,
      price: covered ? '0' : spare.sale_price,
      userId: u.id,
    });
    await postMovement(tx, u.enterpriseId, {
      warehouseId,
      spareId: b.spareId,
      change: -b.quantity,
      type: 1,
      userId: u.id,
      docKind: 'order_part',
      docId: partId,
      orderId: b.orderId,
      serialIn: b.serialIn,
      serialOut: b.serialOut,
    });
    // A serial-tracked part: the new unit must be in my stock; it goes onto the product and the faulty one comes off.
    if (spare.serialized && b.serialIn && b.serialOut) {
      const productId = order.installed_product_id;
      await installUnit(tx, u.enterpriseId, { spareId: b.spareId, warehouseId, serialIn: b.serialIn, serialOut: b.serialOut, orderId: b.orderId, productId });
    }
    let oldPartId: number | null = null;
    if (covered) {
      oldPartId = await repo.insertOldPart(tx, u.enterpriseId, {
        orderId: b.orderId,
        partId,
        spareId: b.spareId,
        serial: b.serialOut ?? null,
        holderId: u.id,
      });
      await insertStateLog(tx, OLD_PART_STATE, { enterpriseId: u.enterpriseId, id: oldPartId, from: null, to: 1, action: 'create', actorId: u.id });
    } else await syncSpareAmount(tx, u.enterpriseId, b.orderId);
    return { id: partId, chargeable: !covered, oldPartId };
  });
}

/** Cancels a recorded part (type 2): back into the stock it came from; its open return obligation goes with it. */
export async function cancelPart(db: Db, u: UserActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await repo.lockPart(tx, u.enterpriseId, id);
    if (!p) throw notFound();
    const order = (await orderFor(tx, u, p.order_id, true)) as OrderRecord;
    if (p.state !== 1) throw invalid('该备件记录已取消');
    if (await repo.returnUnderway(tx, u.enterpriseId, id)) throw invalid('旧件已在返还流程中，不能取消');
    await repo.cancelPartRows(tx, u.enterpriseId, id);
    await postMovement(tx, u.enterpriseId, {
      warehouseId: p.warehouse_id,
      spareId: p.spare_id,
      change: p.quantity,
      type: 2,
      userId: u.id,
      docKind: 'order_part',
      docId: id,
      orderId: p.order_id,
      serialIn: p.serial_in,
      serialOut: p.serial_out,
    });
    if (p.serial_in) {
      const productId = order.installed_product_id;
      await uninstallUnit(tx, u.enterpriseId, { spareId: p.spare_id, warehouseId: p.warehouse_id, serialIn: p.serial_in, serialOut: p.serial_out, productId });
    }
    await syncSpareAmount(tx, u.enterpriseId, p.order_id);
  });
}

export async function orderParts(db: Db, u: UserActor, orderId: number) {
  await orderFor(db, u, orderId);
  return repo.orderPartRows(db, u, orderId);
}

// ---- old-part returns ----
export async function oldList(db: Db, u: UserActor, q: QueryOf<typeof C.oldList>) {
  const page = repo.oldPage(db, u, q);
  return listPage(q, page.list, page.count);
}

/** 旧件返还's badge: returns shipped (to receive) or received (to refurbish or scrap), and those the caller owes (to ship). */
export const oldTodoCount = (ex: Executor, u: UserActor): Promise<number> => repo.oldTodoCount(ex, u.enterpriseId, u.id);

export async function oldDetail(db: Db, u: UserActor, id: number) {
  const r = await repo.oldRow(db, u, id);
  if (!r) throw notFound();
  return r;
}

export async function oldSearch(db: Db, u: UserActor, serial: string) {
  return repo.oldBySerial(db, u, serial);
}

/** Enabled items of a dictionary (modules/settings), by its code. */
async function dictNames(ex: Executor, u: UserActor, code: string): Promise<string[]> {
  return (await itemsByCode(ex, u, code)).filter((i) => i.enabled !== false).map((i) => (i.value ? `${i.name} ${i.value}` : i.name));
}

export async function oldParamTmpl(db: Db, u: UserActor) {
  return {
    returnTypes: RETURN_TYPES,
    states: OLD_PART_STATES,
    logistics: await dictNames(db, u, SPARE_DICTS.logistics),
    addresses: await dictNames(db, u, SPARE_DICTS.returnAddress),
  };
}

/**
 * One step of a return. Ship needs the logistics company and tracking number; receiving names the warehouse;
 * refurbishing puts the part back in that warehouse's stock (type 15), scrapping logs it as scrapped (type 14, no stock).
 */
export async function oldStep(db: Db, u: UserActor, b: BodyOf<typeof C.oldSave>): Promise<void> {
  const action = b.action as OldPartAction;
  if (action === 'ship' && (!b.logistics || !b.trackingNo)) throw invalid('寄出旧件请填写物流公司和物流单号');
  if (action === 'receive' && !b.warehouseId) throw invalid('入库仓库：请选择签收仓库');
  await db.transaction(async (tx) => {
    if (b.warehouseId && !(await repo.warehouseExists(tx, u.enterpriseId, b.warehouseId))) throw notFound();
    const patch: Record<string, string | number> = {};
    if (action === 'ship')
      Object.assign(patch, { logistics: b.logistics as string, tracking_no: b.trackingNo as string, ...(b.address ? { address: b.address } : {}) });
    if (action === 'receive') patch.warehouse_id = b.warehouseId as number;
    const r = await changeState(tx, {
      table: OLD_PART_STATE,
      machine: oldPartMachine,
      enterpriseId: u.enterpriseId,
      id: b.id,
      action,
      ctxOf: (row) => ({ returnType: repo.toOldPartRecord(row).return_type }),
      actorId: u.id,
      note: b.note ?? null,
      patch,
    });
    const old = repo.toOldPartRecord(r.row);
    const serial = old.serial ?? null;
    if (action === 'refurbish' || action === 'scrap' || action === 'writeOff')
      await settleOldUnit(tx, u.enterpriseId, old.spare_id, serial, action === 'refurbish' ? old.warehouse_id : null);
    if (action === 'refurbish') {
      await postMovement(tx, u.enterpriseId, {
        warehouseId: old.warehouse_id as number,
        spareId: old.spare_id,
        change: 1,
        type: 15,
        userId: u.id,
        docKind: 'old_part',
        docId: b.id,
        orderId: old.order_id,
        serialIn: serial,
      });
    }
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wirePartsService(): void {
  /** The installed product's history shows the parts swapped on it (orders on that product), with both serials. */
  addProductHistorySource(async (ex, v, product) => {
    const r = await repo.productPartRows(ex, v, product.id);
    return r.map((x) => ({
      type: 'spare',
      id: x.id,
      no: x.order_no,
      title: `更换备件：${x.name}${x.serial_out || x.serial_in ? `（旧件 ${x.serial_out ?? '—'} → 新件 ${x.serial_in ?? '—'}）` : ''}`,
      state: x.state === 1 ? '已使用' : '已取消',
      time: x.time,
    }));
  }, 'spares.parts');

  /** …and the serial-tracked units installed on it now, each with the order that put it there. */
  addProductHistorySource(async (ex, v, product) => {
    const r = await repo.productUnitRows(ex, v, product.id);
    return r.map((x) => ({
      type: 'spare_unit',
      id: x.id,
      no: x.order_no ?? '',
      title: `在装备件：${x.name}（序列号 ${x.serial}）`,
      state: '已安装',
      time: x.time,
    }));
  }, 'spares.partsUnits');
}
