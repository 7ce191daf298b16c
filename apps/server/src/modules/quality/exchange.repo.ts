// Queries of the exchange (换货/退货) orders' list and detail: typed rows and their one presenter.
import type { ExchangeRow, QueryOf, exchangeContract as C } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageRows } from '../../platform/list';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { prefixPattern } from '../../platform/search';
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
