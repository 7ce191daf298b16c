// Parts on orders (consumption from the engineer's own stock, cancel) and old-part returns.
import {
  coverageOf,
  isCovered,
  type BodyOf,
  type OldPartReturn,
  type OrderSpare,
  OLD_PART_DUE_DAYS,
  type OldPartAction,
  oldPartAbilities,
  oldPartMachine,
  type QueryOf,
  RETURN_TYPES,
  OLD_PART_STATES,
  SPARE_DICTS,
  type sparesContract as C,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import { invalid, notFound } from '../../platform/errors';
import { countOf, listPage, pageSql } from '../../platform/list';
import type { UserActor } from '../../platform/actor';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { recomputeReceivable } from '../orders/fees.service';
import { orderFor } from '../orders/money.access';
import { addProductHistorySource } from '../customers/installed.service';
import { itemsByCode } from '../settings/dict.service';
import { apiTime } from '../../platform/sql';
import { ownWarehouse } from './catalogue.service';
import { postMovement } from './ledger';
import { installUnit, settleOldUnit, uninstallUnit } from './units';

/** Parts can be recorded while the order is pending service (3) or in service (4). */
const PART_STATES = [3, 4];

export const OLD_PART_STATE: StateTable = {
  table: 'old_part_returns',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  log: { table: 'spare_state_logs', recordColumn: 'record_id', fixed: { kind: 'old_part' } },
};

/** In warranty: the order's warranty state (1 在保, 3 延保), else the installed product's coverage today (commerce coverageOf). */
async function inWarranty(ex: Executor, enterpriseId: number, order: Record<string, unknown>): Promise<boolean> {
  if (order.warranty_state != null && Number(order.warranty_state) !== 0) return isCovered(Number(order.warranty_state));
  if (order.installed_product_id == null) return false;
  const [p] = await rows<{ warranty_end: string | null; extended_end: string | null; today: string }>(
    ex,
    sql`select to_char(p.warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(p.extended_end, 'YYYY-MM-DD') as extended_end,
        to_char(now() at time zone e.time_zone, 'YYYY-MM-DD') as today
      from installed_products p join enterprises e on e.id = p.enterprise_id where p.enterprise_id = ${enterpriseId} and p.id = ${order.installed_product_id}`,
  );
  return !!p && isCovered(coverageOf(p.warranty_end, p.extended_end, p.today).state);
}

/** The order's spare amount is the sum of its chargeable parts in use; the receivable follows (fees.service). */
async function syncSpareAmount(tx: Tx, enterpriseId: number, orderId: number): Promise<void> {
  await tx.execute(sql`update orders set spare_amount = (select coalesce(sum(price * quantity), 0) from order_parts
      where enterprise_id = ${enterpriseId} and order_id = ${orderId} and state = 1 and chargeable), version = version + 1, updated_at = now()
    where enterprise_id = ${enterpriseId} and id = ${orderId}`);
  await recomputeReceivable(tx, enterpriseId, orderId);
}

/**
 * Records a part used on an order from the engineer's own stock (type 1, both serials). Under warranty it is free
 * and, for a warranty spare, the old part owes a return (type 1 physical return); otherwise it is charged at the sale price.
 */
export async function usePart(db: Db, u: UserActor, b: BodyOf<typeof C.orderUse>) {
  return db.transaction(async (tx) => {
    const order = await orderFor(tx, u, b.orderId, true);
    if (!PART_STATES.includes(Number(order.state))) throw invalid('工单在待服务或服务中时才能登记备件');
    const [spare] = await rows<{ warranty: boolean; serialized: boolean; sale_price: string; name: string }>(
      tx,
      sql`select warranty, serialized, sale_price::text, name from spares where enterprise_id = ${u.enterpriseId} and id = ${b.spareId} and enabled`,
    );
    if (!spare) throw notFound();
    if (spare.serialized && (!b.serialIn || !b.serialOut)) throw invalid(`备件“${spare.name}”按序列号管理，请填写新件和旧件序列号`);
    if (spare.serialized && b.quantity !== 1) throw invalid('按序列号管理的备件每次登记1件');
    const warehouseId = await ownWarehouse(tx, u);
    const covered = spare.warranty && (await inWarranty(tx, u.enterpriseId, order));
    const [p] = await rows<{ id: number }>(
      tx,
      sql`insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, serial_in, serial_out, chargeable, price, user_id)
        values (${u.enterpriseId}, ${b.orderId}, ${b.spareId}, ${warehouseId}, ${b.quantity}, ${b.serialIn ?? null}, ${b.serialOut ?? null},
          ${!covered}, ${covered ? '0' : spare.sale_price}, ${u.id}) returning id::int`,
    );
    const partId = (p as { id: number }).id;
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
      const productId = order.installed_product_id == null ? null : Number(order.installed_product_id);
      await installUnit(tx, u.enterpriseId, { spareId: b.spareId, warehouseId, serialIn: b.serialIn, serialOut: b.serialOut, orderId: b.orderId, productId });
    }
    let oldPartId: number | null = null;
    if (covered) {
      const [o] = await rows<{ id: number }>(
        tx,
        sql`insert into old_part_returns (enterprise_id, order_id, order_part_id, spare_id, serial, return_type, holder_id, due_at)
          values (${u.enterpriseId}, ${b.orderId}, ${partId}, ${b.spareId}, ${b.serialOut ?? null}, 1, ${u.id}, now() + make_interval(days => ${OLD_PART_DUE_DAYS}))
          returning id::int`,
      );
      oldPartId = (o as { id: number }).id;
      await insertStateLog(tx, OLD_PART_STATE, { enterpriseId: u.enterpriseId, id: oldPartId, from: null, to: 1, action: 'create', actorId: u.id });
    } else await syncSpareAmount(tx, u.enterpriseId, b.orderId);
    return { id: partId, chargeable: !covered, oldPartId };
  });
}

/** Cancels a recorded part (type 2): back into the stock it came from; its open return obligation goes with it. */
export async function cancelPart(db: Db, u: UserActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [p] = await rows<{
      order_id: number;
      spare_id: number;
      warehouse_id: number;
      quantity: number;
      state: number;
      serial_in: string | null;
      serial_out: string | null;
    }>(
      tx,
      sql`select order_id::int, spare_id::int, warehouse_id::int, quantity, state, serial_in, serial_out from order_parts
        where enterprise_id = ${u.enterpriseId} and id = ${id} for update`,
    );
    if (!p) throw notFound();
    const order = await orderFor(tx, u, p.order_id, true);
    if (p.state !== 1) throw invalid('该备件记录已取消');
    const [open] = await rows(tx, sql`select 1 from old_part_returns where enterprise_id = ${u.enterpriseId} and order_part_id = ${id} and state <> 1`);
    if (open) throw invalid('旧件已在返还流程中，不能取消');
    await tx.execute(sql`delete from old_part_returns where enterprise_id = ${u.enterpriseId} and order_part_id = ${id} and state = 1`);
    await tx.execute(sql`update order_parts set state = 2 where enterprise_id = ${u.enterpriseId} and id = ${id}`);
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
      const productId = order.installed_product_id == null ? null : Number(order.installed_product_id);
      await uninstallUnit(tx, u.enterpriseId, { spareId: p.spare_id, warehouseId: p.warehouse_id, serialIn: p.serial_in, serialOut: p.serial_out, productId });
    }
    await syncSpareAmount(tx, u.enterpriseId, p.order_id);
  });
}

export async function orderParts(db: Db, u: UserActor, orderId: number) {
  await orderFor(db, u, orderId);
  return rows<OrderSpare>(
    db,
    sql`select p.id::int, p.order_id::int as "orderId", p.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName",
        p.warehouse_id::int as "warehouseId", p.quantity, p.serial_in as "serialIn", p.serial_out as "serialOut", p.chargeable,
        p.price::text as price, p.state, us.name as "userName", ${apiTime(sql`p.created_at`, u.timeZone)} as create_time
      from order_parts p join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
      left join users us on us.enterprise_id = p.enterprise_id and us.id = p.user_id
      where p.enterprise_id = ${u.enterpriseId} and p.order_id = ${orderId} order by p.id`,
  );
}

// ---- old-part returns ----
const oldCols = (u: UserActor) => sql`r.id::int, r.order_id::int as "orderId", r.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName",
  r.serial, r.return_type as "returnType", r.state, h.name as "holderName", r.warehouse_id::int as "warehouseId",
  ${apiTime(sql`r.due_at`, u.timeZone)} as due_time, (r.state = 1 and r.due_at < now()) as overdue, r.logistics, r.tracking_no as "trackingNo",
  r.address, r.remark, ${apiTime(sql`r.created_at`, u.timeZone)} as create_time`;
const oldFrom = sql`old_part_returns r join spares s on s.enterprise_id = r.enterprise_id and s.id = r.spare_id
  left join users h on h.enterprise_id = r.enterprise_id and h.id = r.holder_id`;
const withAbilities = (r: Omit<OldPartReturn, 'abilities'>): OldPartReturn => ({ ...r, abilities: oldPartAbilities(r.state, { returnType: r.returnType }) });

export async function oldList(db: Db, u: UserActor, q: QueryOf<typeof C.oldList>) {
  const parts: SQL[] = [sql`r.enterprise_id = ${u.enterpriseId}`];
  if (q.state) parts.push(sql`r.state = ${q.state}`);
  if (q.overdue === '1') parts.push(sql`r.state = 1 and r.due_at < now()`);
  if (q.orderId) parts.push(sql`r.order_id = ${q.orderId}`);
  const where = sql.join(parts, sql` and `);
  const page = await listPage(
    q,
    () => rows<Omit<OldPartReturn, 'abilities'>>(db, sql`select ${oldCols(u)} from ${oldFrom} where ${where} order by r.id desc ${pageSql(q)}`),
    () => countOf(db, sql`old_part_returns r`, where),
  );
  return { ...page, list: page.list.map(withAbilities) };
}

export async function oldDetail(db: Db, u: UserActor, id: number) {
  const [r] = await rows<Omit<OldPartReturn, 'abilities'>>(
    db,
    sql`select ${oldCols(u)} from ${oldFrom} where r.enterprise_id = ${u.enterpriseId} and r.id = ${id}`,
  );
  if (!r) throw notFound();
  return withAbilities(r);
}

export async function oldSearch(db: Db, u: UserActor, serial: string) {
  const list = await rows<Omit<OldPartReturn, 'abilities'>>(
    db,
    sql`select ${oldCols(u)} from ${oldFrom} where r.enterprise_id = ${u.enterpriseId} and r.serial = ${serial} order by r.id desc limit 50`,
  );
  return list.map(withAbilities);
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
    if (b.warehouseId && !(await rows(tx, sql`select 1 from warehouses where enterprise_id = ${u.enterpriseId} and id = ${b.warehouseId}`)).length)
      throw notFound();
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
      ctxOf: (row) => ({ returnType: Number(row.return_type) }),
      actorId: u.id,
      note: b.note ?? null,
      patch,
    });
    const serial = (r.row.serial as string | null) ?? null;
    if (action === 'refurbish' || action === 'scrap' || action === 'writeOff')
      await settleOldUnit(tx, u.enterpriseId, Number(r.row.spare_id), serial, action === 'refurbish' ? Number(r.row.warehouse_id) : null);
    if (action === 'refurbish') {
      await postMovement(tx, u.enterpriseId, {
        warehouseId: Number(r.row.warehouse_id),
        spareId: Number(r.row.spare_id),
        change: 1,
        type: 15,
        userId: u.id,
        docKind: 'old_part',
        docId: b.id,
        orderId: r.row.order_id == null ? null : Number(r.row.order_id),
        serialIn: (r.row.serial as string | null) ?? null,
      });
    }
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wirePartsService(): void {
  /** The installed product's history shows the parts swapped on it (orders on that product), with both serials. */
  addProductHistorySource(async (ex, v, product) => {
    const r = await rows<{ id: number; order_no: string; name: string; serial_in: string | null; serial_out: string | null; state: number; time: string }>(
      ex,
      sql`select p.id::int, o.order_no, s.name, p.serial_in, p.serial_out, p.state, ${apiTime(sql`p.created_at`, v.timeZone)} as time
        from order_parts p join orders o on o.enterprise_id = p.enterprise_id and o.id = p.order_id
        join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
        where p.enterprise_id = ${v.enterpriseId} and o.installed_product_id = ${product.id} order by p.id desc limit 100`,
    );
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
    const r = await rows<{ id: number; order_no: string | null; name: string; serial: string; time: string }>(
      ex,
      sql`select n.id::int, o.order_no, s.name, n.serial, ${apiTime(sql`n.updated_at`, v.timeZone)} as time
        from spare_units n join spares s on s.enterprise_id = n.enterprise_id and s.id = n.spare_id
        left join orders o on o.enterprise_id = n.enterprise_id and o.id = n.order_id
        where n.enterprise_id = ${v.enterpriseId} and n.installed_product_id = ${product.id} and n.place = 2 order by n.id desc limit 100`,
    );
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
