// Queries of the exchange (换货/退货) orders' list and detail: typed rows and their one presenter.
import type { ExchangeRow, QueryOf, exchangeContract as C } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageRows } from '../../platform/list';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { prefixPattern } from '../../platform/search';
import { textArray } from '../../platform/sql';
import { providerScope } from './repair.sources';

type Tz = Pick<Actor, 'timeZone'>;
type Scope = Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>;

/** An exchange order as rowColumns reads it (amount in cents, bigint). */
export interface ExchangeRaw {
  id: number;
  exchange_no: string;
  kind: number;
  state: number;
  source_type: number;
  customer_id: number | null;
  customer_name: string | null;
  product_name: string | null;
  serial_numbers: string[] | null;
  reason: string;
  amount: number;
  applicant_name: string | null;
  create_time: string;
}

const rowColumns = (v: Tz) => sql`e.id::int, e.exchange_no, e.kind, e.state, e.source_type, e.customer_id::int, e.customer_name,
  pm.name as product_name, e.serial_numbers, e.reason, e.amount, ap.name as applicant_name, ${timeOf(sql`e.created_at`, v)} as create_time`;
const rowJoins = sql`left join product_models pm on pm.enterprise_id = e.enterprise_id and pm.id = e.product_model_id
  left join users ap on ap.enterprise_id = e.enterprise_id and ap.id = e.applicant_id`;

/** The one place an exchange order's row becomes the contract's list row. */
export const toExchangeRow = (r: ExchangeRaw): ExchangeRow => ({
  id: r.id,
  exchangeNo: r.exchange_no,
  kind: r.kind,
  state: r.state,
  sourceType: r.source_type,
  customerId: r.customer_id,
  customerName: r.customer_name,
  productName: r.product_name,
  serialNumbers: r.serial_numbers ?? [],
  reason: r.reason,
  amount: r.amount,
  applicantName: r.applicant_name,
  create_time: r.create_time,
});

type ExchangeQuery = Omit<QueryOf<typeof C.list>, 'pageIndex' | 'pageSize'>;

function exchangeWhere(a: Scope, q: ExchangeQuery): SQL {
  return and([
    sql`e.enterprise_id = ${a.enterpriseId}`,
    providerScope(a, 'e'),
    q.keyword ? sql`(e.exchange_no = ${q.keyword} or e.customer_name like ${prefixPattern(q.keyword)})` : null,
    q.state != null ? sql`e.state = ${q.state}` : null,
    q.kind ? sql`e.kind = ${q.kind}` : null,
    q.complaintId ? sql`e.complaint_id = ${q.complaintId}` : null,
    q.orderId ? sql`e.order_id = ${q.orderId}` : null,
    q.repairId ? sql`e.repair_id = ${q.repairId}` : null,
    ...createdBetween(sql`e.created_at`, a, q.startTime, q.endTime),
  ]);
}

export function exchangePage(ex: Executor, a: Scope, q: ExchangeQuery & PageRequest) {
  const w = exchangeWhere(a, q);
  return listPage(
    q,
    async () =>
      (
        await rows<ExchangeRaw>(
          ex,
          sql`select ${rowColumns(a)} from (${pageRows('exchange_orders', 'e', a.enterpriseId, w, sql`e.created_at desc, e.id desc`, q)}) e ${rowJoins}
            order by e.created_at desc, e.id desc`,
        )
      ).map(toExchangeRow),
    () => countOf(ex, sql`exchange_orders e`, w),
  );
}

export interface ExchangeDetailRaw extends ExchangeRaw {
  applicant_id: number;
  complaint_id: number | null;
  complaint_no: string | null;
  order_id: number | null;
  order_no: string | null;
  repair_id: number | null;
  repair_no: string | null;
  installed_product_id: number | null;
  remark: string | null;
  replacement_serial: string | null;
  decider_name: string | null;
  decided_time: string | null;
}

/** One exchange order in the caller's scope, with its names, or undefined. */
export async function exchangeDetailRow(ex: Executor, a: Scope, id: number): Promise<ExchangeDetailRaw | undefined> {
  const [r] = await rows<ExchangeDetailRaw>(
    ex,
    sql`select ${rowColumns(a)}, e.applicant_id, e.complaint_id, c.complaint_no, e.order_id, o.order_no, e.repair_id, ro.repair_no, e.installed_product_id,
        e.remark, e.replacement_serial, dc.name as decider_name, ${timeOf(sql`e.decided_at`, a)} as decided_time
      from exchange_orders e ${rowJoins}
      left join complaints c on c.enterprise_id = e.enterprise_id and c.id = e.complaint_id
      left join orders o on o.enterprise_id = e.enterprise_id and o.id = e.order_id
      left join repair_orders ro on ro.enterprise_id = e.enterprise_id and ro.id = e.repair_id
      left join users dc on dc.enterprise_id = e.enterprise_id and dc.id = e.decider_id
      where e.enterprise_id = ${a.enterpriseId} and e.id = ${id} and ${providerScope(a, 'e')}`,
  );
  return r;
}

interface StockRaw {
  type: number;
  serial: string | null;
  warehouse_name: string | null;
  change: number;
  time: string;
}

/** The stock movements the exchange made. */
export function exchangeStock(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<StockRaw[]> {
  return rows<StockRaw>(
    ex,
    sql`select l.type, coalesce(l.serial_in, l.serial_out) as serial, w.name as warehouse_name, l.change, ${timeOf(sql`l.created_at`, a)} as time
      from stock_logs l left join warehouses w on w.enterprise_id = l.enterprise_id and w.id = l.warehouse_id
      where l.enterprise_id = ${a.enterpriseId} and l.doc_kind = 'exchange' and l.doc_id = ${id} order by l.id`,
  );
}

export interface ExchangeInsert {
  kind: number;
  sourceType: number;
  complaintId: number | null;
  orderId: number | null;
  repairId: number | null;
  customerId: number | null;
  customerName: string | null;
  installedProductId: number | null;
  productModelId: number | null;
  providerId: number | null;
  serialNumbers: string[];
  reason: string;
  amount: number;
  remark: string | null;
  replacementSerial: string | null;
  applicantId: number;
}

/** Inserts an exchange/return order and gives it its number; its id and number. */
export async function insertExchange(tx: Executor, ep: number, o: ExchangeInsert): Promise<{ id: number; no: string }> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into exchange_orders (enterprise_id, exchange_no, kind, source_type, complaint_id, order_id, repair_id, customer_id, customer_name,
          installed_product_id, product_model_id, provider_id, serial_numbers, reason, amount, remark, replacement_serial, applicant_id)
        values (${ep}, ${`TMP${Date.now()}${Math.random().toString(36).slice(2, 10)}`}, ${o.kind}, ${o.sourceType}, ${o.complaintId}, ${o.orderId},
          ${o.repairId}, ${o.customerId}, ${o.customerName}, ${o.installedProductId}, ${o.productModelId}, ${o.providerId}, ${textArray(o.serialNumbers)},
          ${o.reason}, ${o.amount}, ${o.remark}, ${o.replacementSerial}, ${o.applicantId})
        returning id::int`,
  );
  const id = (r as { id: number }).id;
  const no = `THH${String(id).padStart(8, '0')}`;
  await tx.execute(sql`update exchange_orders set exchange_no = ${no} where enterprise_id = ${ep} and id = ${id}`);
  return { id, no };
}

/** The order's state and applicant in the caller's scope (`scope` over alias e), or undefined. */
export async function exchangeHead(ex: Executor, ep: number, id: number, scope: SQL = sql`true`) {
  const [r] = await rows<{ id: number; state: number; applicant_id: number }>(
    ex,
    sql`select id, state, applicant_id from exchange_orders e where e.enterprise_id = ${ep} and e.id = ${id} and ${scope}`,
  );
  return r;
}

/** Whether the user holds an open task of the instance's current step (his own). */
export async function holdsApprovalTask(ex: Executor, ep: number, instanceId: number, userId: number): Promise<boolean> {
  const t = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from approval_tasks k join approval_instances i on i.enterprise_id = k.enterprise_id and i.id = k.instance_id and k.step = i.step
      where k.enterprise_id = ${ep} and k.instance_id = ${instanceId} and k.user_id = ${userId} and k.decision is null`,
  );
  return t.length > 0;
}
