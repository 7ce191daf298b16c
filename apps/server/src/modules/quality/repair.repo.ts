// Queries of the repair-sent orders' list and detail: typed rows and their one presenter.
import type { QueryOf, RepairRow, repairContract as C } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageRows } from '../../platform/list';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { prefixPattern } from '../../platform/search';

/** An outsourced provider's user sees only records of his provider's work (as complaints). */
export const providerScope = (a: Pick<Actor, 'providerId'>, alias: string) =>
  a.providerId == null ? sql`true` : sql`${sql.raw(alias)}.provider_id = ${a.providerId}`;

/** A log line as the detail reads it. */
type Tz = Pick<Actor, 'timeZone'>;
type Scope = Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>;

/** A repair-sent order as rowColumns reads it (cost in cents, bigint). */
export interface RepairRaw {
  id: number;
  repair_no: string;
  state: number;
  source_type: number;
  customer_id: number | null;
  customer_name: string | null;
  product_name: string | null;
  serial_number: string;
  fault: string;
  in_carrier: string | null;
  in_waybill: string | null;
  out_carrier: string | null;
  out_waybill: string | null;
  cost: number;
  create_time: string;
}

const rowColumns = (v: Tz) => sql`r.id::int, r.repair_no, r.state, r.source_type, r.customer_id::int, r.customer_name, pm.name as product_name,
  r.serial_number, r.fault, r.in_carrier, r.in_waybill, r.out_carrier, r.out_waybill, r.cost, ${timeOf(sql`r.created_at`, v)} as create_time`;
const rowJoins = sql`left join product_models pm on pm.enterprise_id = r.enterprise_id and pm.id = r.product_model_id`;

/** The one place a repair-sent order's row becomes the contract's list row. */
export const toRepairRow = (r: RepairRaw): RepairRow => ({
  id: r.id,
  repairNo: r.repair_no,
  state: r.state,
  sourceType: r.source_type,
  customerId: r.customer_id,
  customerName: r.customer_name,
  productName: r.product_name,
  serialNumber: r.serial_number,
  fault: r.fault,
  inCarrier: r.in_carrier,
  inWaybill: r.in_waybill,
  outCarrier: r.out_carrier,
  outWaybill: r.out_waybill,
  cost: r.cost,
  create_time: r.create_time,
});

type RepairQuery = Omit<QueryOf<typeof C.list>, 'pageIndex' | 'pageSize'>;

function repairWhere(a: Scope, q: RepairQuery): SQL {
  return and([
    sql`r.enterprise_id = ${a.enterpriseId}`,
    providerScope(a, 'r'),
    q.keyword ? sql`(r.repair_no = ${q.keyword} or r.serial_number = ${q.keyword} or r.customer_name like ${prefixPattern(q.keyword)})` : null,
    q.state != null ? sql`r.state = ${q.state}` : null,
    q.sourceType ? sql`r.source_type = ${q.sourceType}` : null,
    q.complaintId ? sql`r.complaint_id = ${q.complaintId}` : null,
    q.orderId ? sql`r.order_id = ${q.orderId}` : null,
    q.visitTaskId ? sql`r.visit_task_id = ${q.visitTaskId}` : null,
    ...createdBetween(sql`r.created_at`, a, q.startTime, q.endTime),
  ]);
}

export function repairPage(ex: Executor, a: Scope, q: RepairQuery & PageRequest) {
  const w = repairWhere(a, q);
  return listPage(
    q,
    async () =>
      (
        await rows<RepairRaw>(
          ex,
          sql`select ${rowColumns(a)} from (${pageRows('repair_orders', 'r', a.enterpriseId, w, sql`r.created_at desc, r.id desc`, q)}) r ${rowJoins}
            order by r.created_at desc, r.id desc`,
        )
      ).map(toRepairRow),
    () => countOf(ex, sql`repair_orders r`, w),
  );
}

export interface RepairDetailRaw extends RepairRaw {
  complaint_id: number | null;
  complaint_no: string | null;
  order_id: number | null;
  order_no: string | null;
  visit_task_id: number | null;
  installed_product_id: number | null;
  product_model_id: number | null;
  result: string | null;
  unable_reason: string | null;
  remark: string | null;
  version: number;
  warehouse_name: string | null;
  received_time: string | null;
  completed_time: string | null;
}

/** One repair-sent order in the caller's scope, with its names, or undefined. */
export async function repairDetailRow(ex: Executor, a: Scope, id: number): Promise<RepairDetailRaw | undefined> {
  const [r] = await rows<RepairDetailRaw>(
    ex,
    sql`select ${rowColumns(a)}, r.complaint_id, c.complaint_no, r.order_id, o.order_no, r.visit_task_id, r.installed_product_id, r.product_model_id,
        r.result, r.unable_reason, r.remark, r.version, w.name as warehouse_name, ${timeOf(sql`r.received_at`, a)} as received_time,
        ${timeOf(sql`r.completed_at`, a)} as completed_time
      from repair_orders r ${rowJoins}
      left join complaints c on c.enterprise_id = r.enterprise_id and c.id = r.complaint_id
      left join orders o on o.enterprise_id = r.enterprise_id and o.id = r.order_id
      left join warehouses w on w.enterprise_id = r.enterprise_id and w.id = r.warehouse_id
      where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${providerScope(a, 'r')}`,
  );
  return r;
}

/** What `select *` gives of a repair-sent order. A type, not an interface: the state helper and the edit log read it by column name. */
export type RepairRecord = {
  id: number;
  repair_no: string;
  complaint_id: number | null;
  order_id: number | null;
  customer_id: number | null;
  installed_product_id: number | null;
  product_model_id: number | null;
  serial_number: string;
  provider_id: number | null;
  fault: string;
  result: string | null;
  out_carrier: string | null;
  out_waybill: string | null;
  cost: number;
  state: number;
  version: number;
  warehouse_id: number | null;
  spare_id: number | null;
  [column: string]: unknown;
};

/** The whole repair-sent order in the caller's scope (locked for an edit), or undefined. */
export async function repairRecord(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number, lock = false) {
  const [r] = await rows<RepairRecord>(
    ex,
    sql`select * from repair_orders r where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${providerScope(a, 'r')}${lock ? sql` for update` : sql``}`,
  );
  return r;
}

export interface RepairInsert {
  sourceType: number;
  complaintId: number | null;
  orderId: number | null;
  visitTaskId: number | null;
  customerId: number | null;
  customerName: string | null;
  installedProductId: number | null;
  productModelId: number | null;
  serialNumber: string;
  providerId: number | null;
  fault: string;
  inCarrier: string | null;
  inWaybill: string | null;
  remark: string | null;
  createdBy: number;
}

/** Inserts a repair-sent order and gives it its number; its id. */
export async function insertRepair(tx: Executor, ep: number, o: RepairInsert): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into repair_orders (enterprise_id, repair_no, source_type, complaint_id, order_id, visit_task_id, customer_id, customer_name,
          installed_product_id, product_model_id, serial_number, provider_id, fault, in_carrier, in_waybill, remark, created_by)
        values (${ep}, ${`TMP${Date.now()}${Math.random().toString(36).slice(2, 10)}`}, ${o.sourceType}, ${o.complaintId}, ${o.orderId},
          ${o.visitTaskId}, ${o.customerId}, ${o.customerName}, ${o.installedProductId}, ${o.productModelId}, ${o.serialNumber}, ${o.providerId}, ${o.fault},
          ${o.inCarrier}, ${o.inWaybill}, ${o.remark}, ${o.createdBy})
        returning id::int`,
  );
  const id = (r as { id: number }).id;
  await tx.execute(sql`update repair_orders set repair_no = ${`JX${String(id).padStart(8, '0')}`} where enterprise_id = ${ep} and id = ${id}`);
  return id;
}

/** Writes an edit's columns when the version is still `version`; false when another edit came first. */
export async function updateRepair(tx: Executor, ep: number, id: number, version: number, patch: Record<string, unknown>) {
  const sets = Object.entries(patch).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  const done = await rows<{ id: number }>(
    tx,
    sql`update repair_orders set ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = now()
        where enterprise_id = ${ep} and id = ${id} and version = ${version} returning id`,
  );
  return done.length > 0;
}

/** Where the unit is held while in stock (null: sent back). */
export const placeRepair = (tx: Executor, ep: number, id: number, at: { warehouseId: number; spareId: number } | null) =>
  tx.execute(
    at
      ? sql`update repair_orders set warehouse_id = ${at.warehouseId}, spare_id = ${at.spareId}, received_at = now() where enterprise_id = ${ep} and id = ${id}`
      : sql`update repair_orders set warehouse_id = null where enterprise_id = ${ep} and id = ${id}`,
  );

/** What a record opened from a return visit copies: the task's order and customer, the order's product and provider. */
export async function visitSource(ex: Executor, ep: number, taskId: number) {
  const [t] = await rows<{
    id: number;
    order_id: number | null;
    customer_id: number | null;
    installed_product_id: number | null;
    provider_id: number | null;
  }>(
    ex,
    sql`select t.id, t.order_id, t.customer_id, o.installed_product_id, o.provider_id from return_visit_tasks t
        left join orders o on o.enterprise_id = t.enterprise_id and o.id = t.order_id
        where t.enterprise_id = ${ep} and t.id = ${taskId}`,
  );
  return t;
}
