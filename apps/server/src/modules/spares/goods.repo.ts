// The goods orders' statements (applications, their lines, their online payments): typed rows; the presenter
// toGoodsOrder adds what the asking user may do.
import { type GoodsOrder, goodsAbilities, type goodsContract as G, type QueryOf } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';
import type { Reader } from './catalogue.repo';
import type { ItemStockRow } from './docs.repo';
import { textArray } from '../../platform/sql';

/** The goods orders a user sees: a keeper every one; anybody else his own applications (on `g`). */
export const visibleGoods = (a: Pick<Actor, 'id'>, keeper: boolean): SQL => (keeper ? sql`true` : sql`g.applicant_id = ${a.id}`);

/** The user's own applications, as a step's guard on the unaliased row. */
export const ownGoods = (a: Pick<Actor, 'id'>): SQL => sql`applicant_id = ${a.id}`;

const cols = (a: Reader) => sql`g.id::int, g.state, g.applicant_id::int as "applicantId", ap.name as "applicantName", g.warehouse_id::int as "warehouseId",
  w.name as "warehouseName", g.order_id::int as "orderId", g.payment_method as "paymentMethod",
  ${apiTime(sql`g.paid_at`, a.timeZone)} as paid_time,
  (select p.state from goods_payments p where p.enterprise_id = g.enterprise_id and p.goods_order_id = g.id and p.state > 0
    and (p.state = 1 or g.state = 6) order by p.id desc limit 1) as "payState",
  (select p.refund_error from goods_payments p where p.enterprise_id = g.enterprise_id and p.goods_order_id = g.id and p.state = 2
    order by p.id desc limit 1) as "refundError", g.address, g.logistics, g.tracking_no as "trackingNo", g.remark,
  coalesce((select string_agg(s.name || '×' || i.quantity, '，' order by i.line) from goods_order_items i
    join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id where i.enterprise_id = g.enterprise_id and i.goods_order_id = g.id), '') as summary,
  ${apiTime(sql`g.created_at`, a.timeZone)} as create_time`;
const from = sql`goods_orders g join users ap on ap.enterprise_id = g.enterprise_id and ap.id = g.applicant_id
  left join warehouses w on w.enterprise_id = g.enterprise_id and w.id = g.warehouse_id`;

type GoodsRow = Omit<GoodsOrder, 'abilities'>;
/** A goods order with what the user may do to it (keeper: holds the keeper's power). */
export const toGoodsOrder = (r: GoodsRow, a: Pick<Actor, 'id'>, keeper: boolean): GoodsOrder => ({
  ...r,
  abilities: goodsAbilities(r.state, { keeper, applicant: r.applicantId === a.id }),
});

/** The goods orders' page within `visible` (visibleGoods), newest first. */
export function goodsPage(ex: Executor, a: Reader, visible: SQL, q: QueryOf<typeof G.list>) {
  const parts: SQL[] = [sql`g.enterprise_id = ${a.enterpriseId}`, visible];
  if (q.state) parts.push(sql`g.state = ${q.state}`);
  if (q.outbound === '1') parts.push(sql`g.state >= 3`);
  const where = sql.join(parts, sql` and `);
  return {
    list: () => rows<GoodsRow>(ex, sql`select ${cols(a)} from ${from} where ${where} order by g.id desc ${pageSql(q)}`),
    count: () => countOf(ex, sql`goods_orders g`, where),
  };
}

export async function goodsRow(ex: Executor, a: Reader, visible: SQL, id: number): Promise<GoodsRow | undefined> {
  const [g] = await rows<GoodsRow>(ex, sql`select ${cols(a)} from ${from} where g.enterprise_id = ${a.enterpriseId} and g.id = ${id} and ${visible}`);
  return g;
}

export const goodsItemRows = (ex: Executor, ep: number, id: number, warehouseId: number | null) =>
  rows<ItemStockRow>(
    ex,
    sql`select i.line, i.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName", s.unit, i.quantity, i.serials, s.serialized,
        coalesce(k.quantity, 0) as stock, coalesce(k.reserved, 0) as "reservedAll"
      from goods_order_items i join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id
      left join stocks k on k.enterprise_id = i.enterprise_id and k.warehouse_id = ${warehouseId ?? 0} and k.spare_id = i.spare_id
      where i.enterprise_id = ${ep} and i.goods_order_id = ${id} order by i.line`,
  );

/** How many of the spares exist in the enterprise. */
export async function spareCount(ex: Executor, ep: number, ids: number[]): Promise<number | undefined> {
  const [n] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from spares where enterprise_id = ${ep} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return n?.n;
}

export interface NewGoods {
  applicantId: number;
  orderId: number | null;
  paymentMethod: number | null;
  state: number;
  address: string | null | undefined;
  remark: string | null | undefined;
  items: { spareId: number; quantity: number }[];
}

/** The application and its lines. */
export async function insertGoods(ex: Executor, ep: number, b: NewGoods): Promise<number> {
  const [g] = await rows<{ id: number }>(
    ex,
    sql`insert into goods_orders (enterprise_id, applicant_id, order_id, payment_method, state, address, remark)
        values (${ep}, ${b.applicantId}, ${b.orderId}, ${b.paymentMethod}, ${b.state}, ${b.address}, ${b.remark}) returning id::int`,
  );
  const id = (g as { id: number }).id;
  const lines = b.items.map((i, k) => sql`(${ep}, ${id}, ${k + 1}, ${i.spareId}, ${i.quantity})`);
  await ex.execute(sql`insert into goods_order_items (enterprise_id, goods_order_id, line, spare_id, quantity) values ${sql.join(lines, sql`, `)}`);
  return id;
}

/** Whether the warehouse is the enterprise's and enabled. */
export const enabledWarehouse = async (ex: Executor, ep: number, id: number): Promise<boolean> =>
  (await rows<{ one: number }>(ex, sql`select 1 as one from warehouses where enterprise_id = ${ep} and id = ${id} and enabled`)).length > 0;

/** A goods_orders row as the state helper gives it, typed once (bigints parse to numbers). */
export interface GoodsRecord {
  id: number;
  state: number;
  applicant_id: number;
  warehouse_id: number | null;
  [column: string]: unknown;
}
export const toGoodsRecord = (row: Record<string, unknown>): GoodsRecord => row as GoodsRecord;

export type GoodsLine = { spare_id: number; quantity: number; serials: string[] };
/** The order's lines, spares in id order (stock rows are locked in that order). */
export const goodsLines = (ex: Executor, ep: number, id: number) =>
  rows<GoodsLine>(
    ex,
    sql`select spare_id::int, quantity, serials from goods_order_items where enterprise_id = ${ep} and goods_order_id = ${id} order by spare_id`,
  );

export const setLineSerials = (ex: Executor, ep: number, id: number, spareId: number, serials: string[]) =>
  ex.execute(
    sql`update goods_order_items set serials = ${textArray(serials)} where enterprise_id = ${ep} and goods_order_id = ${id} and spare_id = ${spareId}`,
  );

/** Applications waiting for the keeper (1 待付款, 2 待审核). */
export async function awaitingCount(ex: Executor, ep: number): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from goods_orders where enterprise_id = ${ep} and state in (1, 2)`);
  return r?.n ?? 0;
}

// ---- online payments ----

/** The goods order, locked (FOR UPDATE); `guard` narrows it (e.g. ownGoods). */
export async function lockGoods(ex: Executor, ep: number, id: number, guard: SQL = sql`true`): Promise<GoodsRecord | undefined> {
  const [g] = await rows<GoodsRecord>(ex, sql`select * from goods_orders where enterprise_id = ${ep} and id = ${id} and ${guard} for update`);
  return g;
}

/** The application's amount: its lines at their spares' sale price, in cents. */
export async function amountCents(ex: Executor, ep: number, id: number): Promise<number> {
  const [a] = await rows<{ cents: number }>(
    ex,
    sql`select coalesce(sum(round(i.quantity * s.sale_price * 100)), 0)::bigint as cents from goods_order_items i
      join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id where i.enterprise_id = ${ep} and i.goods_order_id = ${id}`,
  );
  return a?.cents ?? 0;
}

/** The application's newest payment still waiting at the provider (under 24 hours, the sweep's window) of this method and amount. */
export async function openPayment(ex: Executor, ep: number, id: number, method: number, amountCents: number) {
  const [p] = await rows<{ payment_no: string; pay_url: string }>(
    ex,
    sql`select payment_no, pay_url from goods_payments where enterprise_id = ${ep} and goods_order_id = ${id} and state = 0
      and method = ${method} and amount_cents = ${amountCents} and pay_url <> '' and created_at > now() - interval '24 hours'
      order by id desc limit 1`,
  );
  return p;
}

export async function insertPayment(
  ex: Executor,
  ep: number,
  p: { goodsOrderId: number; paymentNo: string; method: number; amountCents: number; createdBy: number },
): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into goods_payments (enterprise_id, goods_order_id, payment_no, method, amount_cents, created_by)
      values (${ep}, ${p.goodsOrderId}, ${p.paymentNo}, ${p.method}, ${p.amountCents}, ${p.createdBy}) returning id::int`,
  );
  return r?.id;
}

export const setPayUrl = (ex: Executor, ep: number, id: number | undefined, payUrl: string, tradeNo: string | null | undefined) =>
  ex.execute(sql`update goods_payments set pay_url = ${payUrl}, trade_no = ${tradeNo} where enterprise_id = ${ep} and id = ${id}`);

export const enterpriseExists = async (ex: Executor, ep: number): Promise<boolean> =>
  (await rows<{ one: number }>(ex, sql`select 1 as one from enterprises where id = ${ep}`)).length > 0;

/** The payment by its number, locked (its order is locked apart: a locking read decides on its own row only). */
export async function lockPayment(ex: Executor, ep: number, paymentNo: string) {
  const [p] = await rows<{ id: number; goods_order_id: number; amount_cents: number; state: number; method: number }>(
    ex,
    sql`select id::int, goods_order_id::int, amount_cents, state, method from goods_payments
      where enterprise_id = ${ep} and payment_no = ${paymentNo} for update`,
  );
  return p;
}

export const markPaid = (ex: Executor, ep: number, id: number, tradeNo: string | null | undefined) =>
  ex.execute(sql`update goods_payments set state = 1, trade_no = ${tradeNo}, paid_at = now() where enterprise_id = ${ep} and id = ${id}`);

/** The order's paid payments start their refund (state 2); their ids. */
export const startRefundRows = (ex: Executor, ep: number, goodsOrderId: number) =>
  rows<{ id: number }>(
    ex,
    sql`update goods_payments set state = 2 where enterprise_id = ${ep} and goods_order_id = ${goodsOrderId} and state = 1 returning id::int`,
  );

/** The payment (locked, paid) starts its refund (state 2); false: it was not paid. */
export async function startRefundRow(ex: Executor, ep: number, paymentId: number): Promise<boolean> {
  const done = await rows<{ id: number }>(
    ex,
    sql`update goods_payments set state = 2 where enterprise_id = ${ep} and id = ${paymentId} and state = 1 returning id`,
  );
  return done.length > 0;
}

/** A payment whose refund was started (state 2), with its order's state (for the log line). */
export async function refunding(ex: Executor, ep: number, paymentId: number) {
  const [p] = await rows<{ payment_no: string; amount_cents: number; goods_order_id: number; trade_no: string | null; order_state: number }>(
    ex,
    sql`select p.payment_no, p.amount_cents, p.goods_order_id::int, p.trade_no, g.state as order_state from goods_payments p
      join goods_orders g on g.enterprise_id = p.enterprise_id and g.id = p.goods_order_id
      where p.enterprise_id = ${ep} and p.id = ${paymentId} and p.state = 2`,
  );
  return p;
}

/** Marks the refunding payment refunded; false: it was not refunding any more. */
export async function markRefunded(ex: Executor, ep: number, paymentId: number, refundNo: string): Promise<boolean> {
  const done = await rows<{ id: number }>(
    ex,
    sql`update goods_payments set state = 3, refund_no = ${refundNo}, refunded_at = now(), refund_error = null
          where enterprise_id = ${ep} and id = ${paymentId} and state = 2 returning id`,
  );
  return done.length > 0;
}

export const setRefundError = (ex: Executor, ep: number, paymentId: number, why: string) =>
  ex.execute(sql`update goods_payments set refund_error = ${why} where enterprise_id = ${ep} and id = ${paymentId} and state = 2`);

/** Payments a sweep asks the provider about: still waiting, 2 minutes to 24 hours old, not asked in the last 5 minutes. */
export const waitingPayments = sql`state = 0 and created_at < now() - interval '2 minutes' and created_at > now() - interval '24 hours'
      and (queried_at is null or queried_at < now() - interval '5 minutes')`;

/** Refunds refused and not tried in the last 30 minutes. */
export const refusedRefunds = sql`state = 2 and refund_error is not null and (queried_at is null or queried_at < now() - interval '30 minutes')`;

/** Marks a batch of the payments `where` picks as asked now (a parallel sweep skips them) and answers them, oldest first. */
export function claimPayments(ex: Executor, where: SQL, batch: number, enterpriseId?: number) {
  const only = enterpriseId == null ? sql`` : sql`and enterprise_id = ${enterpriseId}`;
  return rows<{ enterprise_id: number; id: number; payment_no: string }>(
    ex,
    sql`update goods_payments p set queried_at = now()
      from (select enterprise_id, id from goods_payments where ${where} ${only}
        order by id limit ${batch} for update skip locked) d
      where p.enterprise_id = d.enterprise_id and p.id = d.id
      returning p.enterprise_id::int, p.id::int, p.payment_no`,
  );
}
