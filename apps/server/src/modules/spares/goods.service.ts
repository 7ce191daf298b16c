// Spare-part applications and the outbound orders they become (goods orders): approved by the keeper with the
// shipping warehouse (which reserves the parts there), shipped (stock leaves it, type 4) and signed for (into the applicant's own stock, type 3).
import {
  type BodyOf,
  type GoodsAction,
  type GoodsOrder,
  goodsAbilities,
  goodsMachine,
  type goodsContract as G,
  type QueryOf,
  type SpareDocItem,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { invalid, notFound } from '../../platform/errors';
import { countOf, listPage, pageSql } from '../../platform/list';
import type { UserActor } from '../../platform/actor';
import { changeState, insertStateLog } from '../../platform/state';
import { startRefunds } from './goods.pay';
import { GOODS_STATE } from './goods.state';

import { apiTime } from '../../platform/sql';
import { ownWarehouse } from './catalogue.service';
import { isKeeper } from './docs.service';
import { postMovement, release, reserve } from './ledger';
import { orderFor } from '../orders/money.access';
import { lineSerials, shipUnits, signUnits, textArray } from './units';

const visible = (u: UserActor): SQL => (isKeeper(u) ? sql`true` : sql`g.applicant_id = ${u.id}`);
const cols = (u: UserActor) => sql`g.id::int, g.state, g.applicant_id::int as "applicantId", ap.name as "applicantName", g.warehouse_id::int as "warehouseId",
  w.name as "warehouseName", g.order_id::int as "orderId", g.payment_method as "paymentMethod",
  ${apiTime(sql`g.paid_at`, u.timeZone)} as paid_time,
  (select p.state from goods_payments p where p.enterprise_id = g.enterprise_id and p.goods_order_id = g.id and p.state > 0
    order by p.id desc limit 1) as "payState",
  (select p.refund_error from goods_payments p where p.enterprise_id = g.enterprise_id and p.goods_order_id = g.id and p.state = 2
    order by p.id desc limit 1) as "refundError", g.address, g.logistics, g.tracking_no as "trackingNo", g.remark,
  coalesce((select string_agg(s.name || '×' || i.quantity, '，' order by i.line) from goods_order_items i
    join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id where i.enterprise_id = g.enterprise_id and i.goods_order_id = g.id), '') as summary,
  ${apiTime(sql`g.created_at`, u.timeZone)} as create_time`;
const from = sql`goods_orders g join users ap on ap.enterprise_id = g.enterprise_id and ap.id = g.applicant_id
  left join warehouses w on w.enterprise_id = g.enterprise_id and w.id = g.warehouse_id`;
const withAbilities =
  (u: UserActor) =>
  (r: Omit<GoodsOrder, 'abilities'>): GoodsOrder => ({
    ...r,
    abilities: goodsAbilities(r.state, { keeper: isKeeper(u), applicant: r.applicantId === u.id }),
  });

export async function goodsList(db: Db, u: UserActor, q: QueryOf<typeof G.list>) {
  const parts: SQL[] = [sql`g.enterprise_id = ${u.enterpriseId}`, visible(u)];
  if (q.state) parts.push(sql`g.state = ${q.state}`);
  if (q.outbound === '1') parts.push(sql`g.state >= 3`);
  const where = sql.join(parts, sql` and `);
  const page = await listPage(
    q,
    () => rows<Omit<GoodsOrder, 'abilities'>>(db, sql`select ${cols(u)} from ${from} where ${where} order by g.id desc ${pageSql(q)}`),
    () => countOf(db, sql`goods_orders g`, where),
  );
  return { ...page, list: page.list.map(withAbilities(u)) };
}

export async function goodsDetail(db: Db, u: UserActor, id: number) {
  const [g] = await rows<Omit<GoodsOrder, 'abilities'>>(
    db,
    sql`select ${cols(u)} from ${from} where g.enterprise_id = ${u.enterpriseId} and g.id = ${id} and ${visible(u)}`,
  );
  if (!g) throw notFound();
  const lines = await rows<SpareDocItem & { reservedAll: number }>(
    db,
    sql`select i.line, i.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName", s.unit, i.quantity, i.serials, s.serialized,
        coalesce(k.quantity, 0) as stock, coalesce(k.reserved, 0) as "reservedAll"
      from goods_order_items i join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id
      left join stocks k on k.enterprise_id = i.enterprise_id and k.warehouse_id = ${g.warehouseId ?? 0} and k.spare_id = i.spare_id
      where i.enterprise_id = ${u.enterpriseId} and i.goods_order_id = ${id} order by i.line`,
  );
  // Approved and not yet shipped, the order holds its own reservation in the shipping warehouse.
  const items = lines.map(({ reservedAll, ...i }) => {
    const reserved = reservedAll - (g.state === 3 ? i.quantity : 0);
    return { ...i, reserved, available: i.stock - reserved };
  });
  return { ...withAbilities(u)(g), items };
}

export async function apply(db: Db, u: UserActor, b: BodyOf<typeof G.apply>): Promise<number> {
  const ids = b.items.map((i) => i.spareId);
  if (new Set(ids).size !== ids.length) throw invalid('备件明细：同一备件请合并为一行');
  return db.transaction(async (tx) => {
    const [n] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from spares where enterprise_id = ${u.enterpriseId} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    if (n?.n !== ids.length) throw notFound();
    if (b.orderId) await orderFor(tx, u, b.orderId);
    // The applicant pays (a payment method is named): 1 待付款 until the keeper confirms the payment; else straight to 2 待审核.
    const first = b.paymentMethod ? 1 : 2;
    const [g] = await rows<{ id: number }>(
      tx,
      sql`insert into goods_orders (enterprise_id, applicant_id, order_id, payment_method, state, address, remark)
        values (${u.enterpriseId}, ${u.id}, ${b.orderId ?? null}, ${b.paymentMethod ?? null}, ${first}, ${b.address}, ${b.remark}) returning id::int`,
    );
    const id = (g as { id: number }).id;
    const lines = b.items.map((i, k) => sql`(${u.enterpriseId}, ${id}, ${k + 1}, ${i.spareId}, ${i.quantity})`);
    await tx.execute(sql`insert into goods_order_items (enterprise_id, goods_order_id, line, spare_id, quantity) values ${sql.join(lines, sql`, `)}`);
    await insertStateLog(tx, GOODS_STATE, { enterpriseId: u.enterpriseId, id, from: null, to: first, action: 'create', actorId: u.id });
    return id;
  });
}

export async function goodsStep(db: Db, u: UserActor, b: BodyOf<typeof G.step>): Promise<void> {
  const action = b.action as GoodsAction;
  if (action === 'approve' && !b.warehouseId) throw invalid('发货仓库：请选择发货仓库');
  if (action === 'ship' && (!b.logistics || !b.trackingNo)) throw invalid('发货请填写物流公司和物流单号');
  await db.transaction(async (tx) => {
    if (b.warehouseId && !(await rows(tx, sql`select 1 from warehouses where enterprise_id = ${u.enterpriseId} and id = ${b.warehouseId} and enabled`)).length)
      throw notFound();
    const patch: Record<string, string | number | SQL> =
      action === 'approve'
        ? { warehouse_id: b.warehouseId as number }
        : action === 'ship'
          ? { logistics: b.logistics as string, tracking_no: b.trackingNo as string }
          : action === 'pay'
            ? { paid_at: sql`now()` }
            : {};
    const r = await changeState(tx, {
      table: GOODS_STATE,
      machine: goodsMachine,
      enterpriseId: u.enterpriseId,
      id: b.id,
      action,
      ctxOf: (row) => ({ keeper: isKeeper(u), applicant: Number(row.applicant_id) === u.id }),
      actorId: u.id,
      note: b.note ?? null,
      patch,
      guard: isKeeper(u) ? undefined : sql`applicant_id = ${u.id}`,
    });
    const items = await rows<{ spare_id: number; quantity: number; serials: string[] }>(
      tx,
      sql`select spare_id::int, quantity, serials from goods_order_items where enterprise_id = ${u.enterpriseId} and goods_order_id = ${b.id} order by spare_id`,
    );
    const shipFrom = Number(r.row.warehouse_id);
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
  items: { spare_id: number; quantity: number; serials: string[] }[],
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
    if (l.serials.length)
      await tx.execute(
        sql`update goods_order_items set serials = ${textArray(l.serials)} where enterprise_id = ${enterpriseId} and goods_order_id = ${id} and spare_id = ${l.spareId}`,
      );
  }
}

/** Applications awaiting the keeper (the badge counts them with the documents). */
export async function goodsAwaiting(db: Db, u: UserActor): Promise<number> {
  if (!isKeeper(u)) return 0;
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from goods_orders where enterprise_id = ${u.enterpriseId} and state in (1, 2)`);
  return r?.n ?? 0;
}
