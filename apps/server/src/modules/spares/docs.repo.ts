// The stock documents' statements: filing's reads and its one insert, a decision's read, the list and the detail.
// Typed rows; presenters: toDocItem (a line with what is left to others), toDocRecord (the state helper's row, typed once).
import { type QueryOf, type SpareDocItem, type sparesContract as C, type SpareDocKind, type SpareDocRow, SPARE_DOC_KINDS } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, pageSql } from '../../platform/list';
import type { StateTable } from '../../platform/state';
import { stateLogOfInserted } from '../../platform/state';
import { apiTime, bigints, intArray } from '../../platform/sql';
import { hasFlowSql } from '../approvals/index';
import type { Reader } from './catalogue.repo';

export const SPARE_DOC_STATE: StateTable = {
  table: 'spare_docs',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'spare_state_logs', recordColumn: 'record_id', fixed: { kind: 'doc' } },
};

/** A spare_docs row as `select d.*` (and the state helper) gives it: bigints parse to numbers, times stay text. */
export interface SpareDocRecord {
  id: number;
  enterprise_id: number;
  kind: number;
  state: number;
  version: number;
  doc_no: string;
  from_warehouse_id: number | null;
  to_warehouse_id: number | null;
  transfer_type: number | null;
  order_id: number | null;
  applicant_id: number;
  approver_id: number | null;
  [column: string]: unknown;
}

/** The state helper's row of spare_docs, typed once. */
export const toDocRecord = (row: Record<string, unknown>): SpareDocRecord => row as SpareDocRecord;

/** The documents a user sees: a keeper every one; anybody else his own applications (on `d`). */
export const visibleDocs = (a: Pick<Actor, 'id'>, keeper: boolean): SQL => (keeper ? sql`true` : sql`d.applicant_id = ${a.id}`);

/** The user's own applications, as a decision's guard on the unaliased row. */
export const ownApplication = (a: Pick<Actor, 'id'>): SQL => sql`applicant_id = ${a.id}`;

/** The warehouse, held against deletion (FOR KEY SHARE). */
export async function warehouseHeld(ex: Executor, enterpriseId: number, id: number) {
  const [w] = await rows<{ enabled: boolean; name: string; kind: number }>(
    ex,
    sql`select enabled, name, kind from warehouses where enterprise_id = ${enterpriseId} and id = ${id} for key share`,
  );
  return w;
}

export interface WarehouseSeen {
  id: number;
  kind: number;
  enabled: boolean;
  name: string;
  keeper_id: number | null;
  owner_id: number | null;
}

export interface FilingSeen {
  warehouses: WarehouseSeen[] | null;
  receiver: { id: number; name: string } | null;
  spares: number;
  tracked: { id: number; name: string }[] | null;
  flow: boolean;
}

/**
 * Every read a filing's checks need, in one statement: the warehouses it names and the own stocks of the filer and of
 * a handover's receiver (locked FOR KEY SHARE as warehouseHeld does), the receiver, how many of the spares exist and
 * which are serial-tracked, and whether an approval flow would take the document over. JSONB numbers arrive as numbers.
 */
export async function filingReads(
  tx: Tx,
  ep: number,
  c: { kind: SpareDocKind; ids: number[]; owners: number[]; toUserId: number | null; spareIds: number[] },
): Promise<FilingSeen | undefined> {
  const [r] = await rows<FilingSeen>(
    tx,
    sql`select (select jsonb_agg(to_jsonb(w)) from (select w.id, w.kind, w.enabled, w.name, w.keeper_id, w.owner_id from warehouses w
          where w.enterprise_id = ${ep} and (w.id = any(${bigints(c.ids)}) or w.owner_id = any(${bigints(c.owners)})) for key share) w) as warehouses,
        (select jsonb_build_object('id', x.id, 'name', x.name) from users x
          where x.enterprise_id = ${ep} and x.id = ${c.toUserId ?? 0} and x.enabled and x.deleted_at is null) as receiver,
        (select count(*)::int from spares where enterprise_id = ${ep} and id = any(${bigints(c.spareIds)})) as spares,
        (select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name)) from spares s
          where s.enterprise_id = ${ep} and s.serialized and s.id = any(${bigints(c.spareIds)})) as tracked,
        ${hasFlowSql({ enterpriseId: ep, kind: 'spare_doc', docType: c.kind })} as flow`,
  );
  return r;
}

/** A warehouse's keeper. */
export async function keeperOf(ex: Executor, enterpriseId: number, warehouseId: number): Promise<number | null> {
  const [w] = await rows<{ keeper_id: number | null }>(
    ex,
    sql`select keeper_id::int as keeper_id from warehouses where enterprise_id = ${enterpriseId} and id = ${warehouseId}`,
  );
  return w?.keeper_id ?? null;
}

export interface NewDoc {
  from: number | null;
  to: number | null;
  transferType: number | null;
  orderId: number | null;
  logistics: string | null;
  trackingNo: string | null;
  remark: string | null | undefined;
  items: { spareId: number; quantity: number; serials: string[] }[];
}

/**
 * The document, its number, its lines and its first log row, in one statement. LY20261123-0001: the kind's letters,
 * the filing day (`day`, in the enterprise's zone) and the enterprise's own counter of the kind (counters row
 * 'spare_doc:<kind>'). The upsert holds the counter row until the filing commits, so two documents filed at once never
 * share a number, and a refused filing gives its number back (it rolls back with the filing).
 */
export async function insertDoc(tx: Tx, ep: number, applicantId: number, kind: SpareDocKind, day: string, d: NewDoc) {
  const prefix = `${SPARE_DOC_KINDS[kind].prefix}${day}-`;
  const lines = JSON.stringify(d.items.map((i, n) => ({ line: n + 1, spare: i.spareId, q: i.quantity, serials: i.serials })));
  const [r] = await rows<{ id: number; doc_no: string }>(
    tx,
    sql`with n as (insert into counters (enterprise_id, name, value) values (${ep}, ${`spare_doc:${kind}`}, 1)
        on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value),
      d as (insert into spare_docs (enterprise_id, kind, doc_no, from_warehouse_id, to_warehouse_id, transfer_type, order_id, applicant_id, logistics, tracking_no, remark)
        select ${ep}, ${kind}, ${prefix} || (case when n.value >= 1000 then n.value::text else lpad(n.value::text, 4, '0') end),
          ${d.from}::bigint, ${d.to}::bigint, ${d.transferType}::smallint, ${d.orderId}::bigint, ${applicantId}, ${d.logistics}::text, ${d.trackingNo}::text, ${d.remark ?? null}::text
        from n returning id, doc_no),
      i as (insert into spare_doc_items (enterprise_id, doc_id, line, spare_id, quantity, serials)
        select ${ep}, d.id, x.line, x.spare, x.q, x.serials from d, jsonb_to_recordset(${lines}::jsonb) as x(line int, spare bigint, q int, serials text[])),
      l as (${stateLogOfInserted(SPARE_DOC_STATE, { enterpriseId: ep, from: null, to: 1, action: 'create', actorId: applicantId }, sql`d.id`, sql`d`)})
      select d.id::int as id, d.doc_no from d`,
  );
  return r;
}

/** A document's line as its decision reads it (spares in id order; JSONB numbers arrive as numbers). */
export type DocLine = { spare_id: number; quantity: number; serials: string[]; serialized: boolean; name: string };

/** A document as its decision reads it: the row, its lines and the approval instance it waits on. */
export interface HeldDoc {
  row: SpareDocRecord | null;
  items: DocLine[];
  waiting: number | null;
}

/**
 * One read for a decision: the document (within `guard`, on the row `d`), its lines with their spares, and the id of
 * the approval flow's instance it waits on (whoever may see it: the engine decides who acts there). Read inside the
 * deciding transaction; not locked: the decision's update compares state and version (changeState), and the engine
 * locks the instance, so a document or an instance moved meanwhile loses as before.
 */
export async function readDoc(ex: Executor, enterpriseId: number, id: number, guard?: SQL): Promise<HeldDoc> {
  const [got] = await rows<Partial<SpareDocRecord> & { __waiting: number | null; __items: DocLine[] | null }>(
    ex,
    sql`select (select a.id::int from approval_instances a where a.enterprise_id = ${enterpriseId} and a.kind = 'spare_doc' and a.doc_id = ${id} and a.state = 0)
        as __waiting,
      (select jsonb_agg(jsonb_build_object('spare_id', i.spare_id, 'quantity', i.quantity, 'serials', i.serials, 'serialized', s.serialized, 'name', s.name)
        order by i.spare_id) from spare_doc_items i join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id
        where i.enterprise_id = d.enterprise_id and i.doc_id = d.id) as __items, d.*
      from (select 1) one left join spare_docs d on d.enterprise_id = ${enterpriseId} and d.id = ${id}${guard ? sql` and (${guard})` : sql``}`,
  );
  const { __waiting, __items, ...row } = got ?? { __waiting: null, __items: null };
  return { row: row.id == null ? null : (row as SpareDocRecord), items: __items ?? [], waiting: __waiting };
}

const docCols = (
  a: Reader,
) => sql`d.id::int, d.doc_no as "docNo", d.kind, d.state, d.from_warehouse_id::int as "fromWarehouseId", fw.name as "fromWarehouseName",
  d.to_warehouse_id::int as "toWarehouseId", tw.name as "toWarehouseName", d.transfer_type as "transferType", d.order_id::int as "orderId",
  d.applicant_id::int as "applicantId", ap.name as "applicantName", av.name as "approverName",
  ${apiTime(sql`d.approved_at`, a.timeZone)} as approve_time, d.logistics, d.tracking_no as "trackingNo", d.remark,
  coalesce((select string_agg(s.name || '×' || i.quantity, '，' order by i.line) from spare_doc_items i
    join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id where i.enterprise_id = d.enterprise_id and i.doc_id = d.id), '') as summary,
  ${apiTime(sql`d.created_at`, a.timeZone)} as create_time`;
const docJoins = sql`left join warehouses fw on fw.enterprise_id = d.enterprise_id and fw.id = d.from_warehouse_id
  left join warehouses tw on tw.enterprise_id = d.enterprise_id and tw.id = d.to_warehouse_id
  join users ap on ap.enterprise_id = d.enterprise_id and ap.id = d.applicant_id
  left join users av on av.enterprise_id = d.enterprise_id and av.id = d.approver_id`;

/** The documents' page within `visible` (visibleDocs), newest first. */
export function docPage(ex: Executor, a: Reader & Pick<Actor, 'id'>, visible: SQL, q: QueryOf<typeof C.docList>) {
  const parts: SQL[] = [sql`d.enterprise_id = ${a.enterpriseId}`, visible];
  if (q.kind) parts.push(sql`d.kind = ${q.kind}`);
  if (q.state) parts.push(sql`d.state = ${q.state}`);
  if (q.mine === '1') parts.push(sql`d.applicant_id = ${a.id}`);
  const where = sql.join(parts, sql` and `);
  return {
    list: () => rows<SpareDocRow>(ex, sql`select ${docCols(a)} from spare_docs d ${docJoins} where ${where} order by d.id desc ${pageSql(q)}`),
    count: () => countOf(ex, sql`spare_docs d`, where),
  };
}

export async function docRow(ex: Executor, a: Reader, visible: SQL, id: number): Promise<SpareDocRow | undefined> {
  const [d] = await rows<SpareDocRow>(
    ex,
    sql`select ${docCols(a)} from spare_docs d ${docJoins} where d.enterprise_id = ${a.enterpriseId} and d.id = ${id} and ${visible}`,
  );
  return d;
}

/** A line with the stock of the warehouse it leaves and every reservation on that stock. */
export type ItemStockRow = Omit<SpareDocItem, 'reserved' | 'available'> & { reservedAll: number };

/**
 * A line as the detail shows it: the reservations others hold (`own`: the document or order holds its own line's
 * quantity while it waits) and what is left available.
 */
export const toDocItem = ({ reservedAll, ...i }: ItemStockRow, own: boolean): SpareDocItem => {
  const reserved = reservedAll - (own ? i.quantity : 0);
  return { ...i, reserved, available: i.stock - reserved };
};

export const docItemRows = (ex: Executor, ep: number, id: number, fromWarehouseId: number | null) =>
  rows<ItemStockRow>(
    ex,
    sql`select i.line, i.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName", s.unit, i.quantity, i.serials, s.serialized,
        coalesce(k.quantity, 0) as stock, coalesce(k.reserved, 0) as "reservedAll"
      from spare_doc_items i join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id
      left join stocks k on k.enterprise_id = i.enterprise_id and k.warehouse_id = ${fromWarehouseId ?? 0} and k.spare_id = i.spare_id
      where i.enterprise_id = ${ep} and i.doc_id = ${id} order by i.line`,
  );

export const docLogRows = (ex: Executor, a: Reader, id: number) =>
  rows<{ action: string; toState: number; note: string | null; userName: string | null; create_time: string }>(
    ex,
    sql`select l.action, l.to_state as "toState", l.note, us.name as "userName", ${apiTime(sql`l.created_at`, a.timeZone)} as create_time
      from spare_state_logs l left join users us on us.enterprise_id = l.enterprise_id and us.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.kind = 'doc' and l.record_id = ${id} order by l.id`,
  );

/** Documents of these kinds waiting (state 1) that the user did not file. */
export async function waitingCount(ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>, kinds: number[]): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from spare_docs where enterprise_id = ${a.enterpriseId} and state = 1 and kind = any(${intArray(kinds, 'smallint')})
      and applicant_id <> ${a.id}`,
  );
  return r?.n ?? 0;
}
