// Stock documents with approval: filed in state 1, approved or rejected by the warehouse keeper through the
// platform's changeState (spareDocMachine); the movements post only on approval, in the approval's transaction.
import {
  type BodyOf,
  HANDOVER_KIND,
  hasPower,
  ORDER_RETURN_KIND,
  OWN_STOCK_KINDS,
  type QueryOf,
  RECYCLE_KIND,
  reservesStock,
  SPARE_DOC_KINDS,
  SPARE_KEEPER_POWER,
  type SpareDocAction,
  type SpareDocItem,
  type SpareDocRow,
  type SpareDocKind,
  spareDocAbilities,
  type SpareDocCtx,
  spareDocMachine,
  WASTE_FROM_KINDS,
  WASTE_WAREHOUSE_KIND,
  type sparesContract as C,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import { AppError, invalid, notFound } from '../../platform/errors';
import { countOf, listPage, pageSql } from '../../platform/list';
import type { UserActor } from '../../platform/actor';
import { changeState, type StateTable, stateLogOfInserted } from '../../platform/state';
import { apiTime, bigints, intArray } from '../../platform/sql';
import { decide, hasFlowSql, startApproval } from '../approvals/engine';
import { onApprovalEnd } from '../../platform/signals';
import { ownWarehouse } from './catalogue.service';
import { type Movement, postCount, postMovements, releaseAll, reserveAll } from './ledger';
import { orderFor } from '../orders/money.access';
import { checkCountSerials, checkNewUnits, countUnits, freeUnits, holdUnits, moveHeldUnits, receiveUnits, serialsOfLines } from './units';

export const SPARE_DOC_STATE: StateTable = {
  table: 'spare_docs',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'spare_state_logs', recordColumn: 'record_id', fixed: { kind: 'doc' } },
};

export const isKeeper = (u: UserActor): boolean => u.admin || hasPower(u.powers, SPARE_KEEPER_POWER);
/** Keepers see every document; others their own applications. */
const visible = (u: UserActor): SQL => (isKeeper(u) ? sql`true` : sql`d.applicant_id = ${u.id}`);

async function warehouseOf(ex: Executor, enterpriseId: number, id: number): Promise<number> {
  const [w] = await rows<{ enabled: boolean; name: string; kind: number }>(
    ex,
    sql`select enabled, name, kind from warehouses where enterprise_id = ${enterpriseId} and id = ${id} for key share`,
  );
  if (!w) throw notFound();
  if (!w.enabled) throw invalid(`仓库“${w.name}”已停用`);
  return w.kind;
}

/** Faulty parts stay apart: only a recycle puts stock into a waste store; only scrap, count and refurbish take it out. */
function checkWaste(kind: SpareDocKind, fromKind: number | null, toKind: number | null): void {
  const waste = (k: number | null) => k === WASTE_WAREHOUSE_KIND;
  if (kind === RECYCLE_KIND && !waste(toKind)) throw invalid('入库仓库：回收单请选择废件仓');
  if (kind === 12 && !waste(fromKind)) throw invalid('出库仓库：废件翻新单请选择废件仓');
  if (waste(toKind) && kind !== RECYCLE_KIND) throw invalid('入库仓库：废件仓只接收回收单');
  if (waste(fromKind) && !WASTE_FROM_KINDS.includes(kind)) throw invalid('出库仓库：废件仓的备件只能报废、盘点或翻新');
}

interface WarehouseSeen {
  id: number;
  kind: number;
  enabled: boolean;
  name: string;
  keeper_id: number | null;
  owner_id: number | null;
}

/**
 * Every read a filing's checks need, in one statement: the warehouses it names and the own stocks of the filer and of
 * a handover's receiver (locked FOR KEY SHARE as warehouseOf does), the receiver, the spares named and which of them are
 * serial-tracked, and whether an approval flow would take the document over.
 */
async function filingChecks(tx: Tx, u: UserActor, c: { kind: SpareDocKind; ids: number[]; owners: number[]; toUserId: number | null; spareIds: number[] }) {
  const ep = u.enterpriseId;
  const [r] = await rows<{
    warehouses: WarehouseSeen[] | null;
    receiver: { id: number; name: string } | null;
    spares: number;
    tracked: { id: number; name: string }[] | null;
    flow: boolean;
  }>(
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
  const warehouses = (r?.warehouses ?? []).map((w) => ({
    ...w,
    id: Number(w.id),
    keeper_id: w.keeper_id == null ? null : Number(w.keeper_id),
    owner_id: w.owner_id == null ? null : Number(w.owner_id),
  }));
  return {
    warehouse: (id: number) => warehouses.find((w) => w.id === id),
    ownOf: (userId: number) => warehouses.find((w) => w.owner_id === userId)?.id,
    receiver: r?.receiver ? { id: Number(r.receiver.id), name: r.receiver.name } : null,
    spares: Number(r?.spares ?? 0),
    tracked: r?.tracked ?? [],
    flow: r?.flow === true,
  };
}

/**
 * Files a stock document (state 1): the checks' reads in one statement (filingChecks; a first own stock is made as
 * ownWarehouse does), the document with its number, lines and first log row in one, the reservation of what it takes
 * out in one; the approval flow is started only when one applies. The checks keep their order and their messages.
 */
export async function saveDoc(db: Db, u: UserActor, b: BodyOf<typeof C.docSave>): Promise<number> {
  const kind = b.kind as SpareDocKind;
  const k = SPARE_DOC_KINDS[kind];
  if (!u.admin && !hasPower(u.powers, k.power)) throw new AppError('NO_POWER');
  const spareIds = b.items.map((i) => i.spareId);
  if (new Set(spareIds).size !== spareIds.length) throw invalid('备件明细：同一备件请合并为一行');
  if (kind !== 5 && b.items.some((i) => i.quantity <= 0)) throw invalid('数量：必须大于0');
  return db.transaction(async (tx) => {
    const ep = u.enterpriseId;
    const own = OWN_STOCK_KINDS[kind as keyof typeof OWN_STOCK_KINDS];
    if (kind === ORDER_RETURN_KIND && !b.orderId) throw invalid('工单：工单退回单请选择工单');
    const handover = kind === HANDOVER_KIND;
    if (handover) {
      if (!b.toUserId) throw invalid('接收工程师：请选择接收工程师');
      if (b.toUserId === u.id) throw invalid('接收工程师：不能交接给自己');
    }
    const named = [k.from && own !== 'from' ? b.fromWarehouseId : null, k.to && own !== 'to' && !handover ? b.toWarehouseId : null].filter(
      (w): w is number => !!w,
    );
    const owners = [...(own ? [u.id] : []), ...(handover && b.toUserId ? [b.toUserId] : [])];
    const seen = await filingChecks(tx, u, { kind, ids: named, owners, toUserId: handover ? (b.toUserId ?? null) : null, spareIds });
    const mine = own ? (seen.ownOf(u.id) ?? (await ownWarehouse(tx, u, true))) : null;
    let receiverStock: number | null = null;
    if (handover) {
      if (!seen.receiver) throw notFound();
      receiverStock = seen.ownOf(seen.receiver.id) ?? (await ownWarehouse(tx, { id: seen.receiver.id, enterpriseId: ep, name: seen.receiver.name }, true));
    }
    const from = own === 'from' ? mine : k.from ? b.fromWarehouseId : null;
    const to = own === 'to' ? mine : handover ? receiverStock : k.to ? b.toWarehouseId : null;
    if (k.from && !from) throw invalid('出库仓库：请选择仓库');
    if (k.to && !to) throw invalid('入库仓库：请选择仓库');
    if (from && to && from === to) throw invalid('出库仓库和入库仓库不能相同');
    // Own stocks (the filer's, the receiver's) are engineer stocks (4); a named one must be there and enabled.
    const kindOf = async (w: number | null | undefined) => {
      if (!w) return null;
      if (w === mine || w === receiverStock) return 4;
      const found = seen.warehouse(w);
      if (!found) return warehouseOf(tx, ep, w);
      if (!found.enabled) throw invalid(`仓库“${found.name}”已停用`);
      return found.kind;
    };
    checkWaste(kind, await kindOf(from), await kindOf(to));
    if (seen.spares !== spareIds.length) throw notFound();
    // The order must be one the user may see (the one order scope), not any order of the enterprise.
    if (b.orderId) await orderFor(tx, u, b.orderId);
    const items = serialsOfLines(b.items, seen.tracked);
    const { number, id } = await insertDoc(tx, u, kind, {
      from: from ?? null,
      to: to ?? null,
      transferType: kind === 2 ? (b.transferType ?? 0) : null,
      orderId: b.orderId ?? null,
      logistics: b.logistics ?? null,
      trackingNo: b.trackingNo ?? null,
      remark: b.remark,
      items,
    });
    // Spares in id order, so two documents lock stock rows in the same order. The units are held as the quantity is reserved.
    const sorted = [...items].sort((x, y) => x.spareId - y.spareId);
    if (from && reservesStock(kind)) {
      const hold = (i: (typeof sorted)[number]) => ({ warehouseId: from, spareId: i.spareId, quantity: i.quantity });
      // Lines with serials reserve and hold line by line (a line's serial refusal comes before a later line's shortage).
      if (sorted.some((i) => i.serials.length > 0))
        for (const i of sorted) {
          await reserveAll(tx, ep, [hold(i)]);
          await holdUnits(tx, ep, id, from, i.spareId, i.serials);
        }
      else await reserveAll(tx, ep, sorted.map(hold));
    } else
      for (const i of sorted) {
        if (kind === 5 && from) await checkCountSerials(tx, ep, from, i.spareId, i.serials);
        else if (!from) await checkNewUnits(tx, ep, i.spareId, i.serials);
      }
    // An approval flow set for stock documents (审批流程设置) takes the approval over; without one the keeper approves as before.
    if (seen.flow) {
      const at = from ?? to ?? 0;
      const keeper = seen.warehouse(at)?.keeper_id ?? (await keeperOf(tx, ep, at));
      await startApproval(tx, {
        enterpriseId: ep,
        kind: 'spare_doc',
        docId: id,
        applicantId: u.id,
        docNo: number,
        docType: kind,
        responsibleId: keeper,
        providerId: u.providerId,
      });
    }
    return id;
  });
}

/** A warehouse's keeper (an own stock the filing just made, or one the checks' read did not name). */
async function keeperOf(ex: Executor, enterpriseId: number, warehouseId: number): Promise<number | null> {
  const [w] = await rows<{ keeper_id: number | null }>(
    ex,
    sql`select keeper_id::int as keeper_id from warehouses where enterprise_id = ${enterpriseId} and id = ${warehouseId}`,
  );
  return w?.keeper_id ?? null;
}

/**
 * The document, its number, its lines and its first log row, in one statement. LY20261123-0001: the kind's letters,
 * the filing day in the enterprise's zone and the enterprise's own counter of the kind (counters row 'spare_doc:<kind>').
 * The upsert holds the counter row until the filing commits, so two documents filed at once never share a number, and
 * a refused filing gives its number back (it rolls back with the filing).
 */
async function insertDoc(
  tx: Tx,
  u: UserActor,
  kind: SpareDocKind,
  d: {
    from: number | null;
    to: number | null;
    transferType: number | null;
    orderId: number | null;
    logistics: string | null;
    trackingNo: string | null;
    remark: string | null | undefined;
    items: { spareId: number; quantity: number; serials: string[] }[];
  },
): Promise<{ id: number; number: string }> {
  const ep = u.enterpriseId;
  const prefix = `${SPARE_DOC_KINDS[kind].prefix}${dayOf(u)}-`;
  const lines = JSON.stringify(d.items.map((i, n) => ({ line: n + 1, spare: i.spareId, q: i.quantity, serials: i.serials })));
  const [r] = await rows<{ id: number; doc_no: string }>(
    tx,
    sql`with n as (insert into counters (enterprise_id, name, value) values (${ep}, ${`spare_doc:${kind}`}, 1)
        on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value),
      d as (insert into spare_docs (enterprise_id, kind, doc_no, from_warehouse_id, to_warehouse_id, transfer_type, order_id, applicant_id, logistics, tracking_no, remark)
        select ${ep}, ${kind}, ${prefix} || (case when n.value >= 1000 then n.value::text else lpad(n.value::text, 4, '0') end),
          ${d.from}::bigint, ${d.to}::bigint, ${d.transferType}::smallint, ${d.orderId}::bigint, ${u.id}, ${d.logistics}::text, ${d.trackingNo}::text, ${d.remark ?? null}::text
        from n returning id, doc_no),
      i as (insert into spare_doc_items (enterprise_id, doc_id, line, spare_id, quantity, serials)
        select ${ep}, d.id, x.line, x.spare, x.q, x.serials from d, jsonb_to_recordset(${lines}::jsonb) as x(line int, spare bigint, q int, serials text[])),
      l as (${stateLogOfInserted(SPARE_DOC_STATE, { enterpriseId: ep, from: null, to: 1, action: 'create', actorId: u.id }, sql`d.id`, sql`d`)})
      select d.id::int as id, d.doc_no from d`,
  );
  if (!r) throw new AppError('DATA_CHANGED');
  return { id: Number(r.id), number: r.doc_no };
}

/** The filing day in the enterprise's zone, as the number shows it (20261123). */
const dayOf = (u: Pick<UserActor, 'timeZone'>): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: u.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');

type DocLine = { spare_id: number; quantity: number; serials: string[]; serialized: boolean; name: string };
/** A document as its decision reads it: the row, its lines (spares in id order) and the approval instance it waits on. */
interface HeldDoc {
  row: Record<string, unknown> | null;
  items: DocLine[];
  waiting: number | null;
}

/**
 * One read for a decision: the document (within `guard`, on the row `d`), its lines with their spares, and the id of
 * the approval flow's instance it waits on (whoever may see it: the engine decides who acts there). Not locked: the
 * decision's update compares state and version (changeState), so a document moved meanwhile loses as before.
 */
async function readDoc(ex: Executor, enterpriseId: number, id: number, guard?: SQL): Promise<HeldDoc> {
  const [got] = await rows<Record<string, unknown> & { __waiting: number | null; __items: DocLine[] | null }>(
    ex,
    sql`select (select a.id::int from approval_instances a where a.enterprise_id = ${enterpriseId} and a.kind = 'spare_doc' and a.doc_id = ${id} and a.state = 0)
        as __waiting,
      (select jsonb_agg(jsonb_build_object('spare_id', i.spare_id, 'quantity', i.quantity, 'serials', i.serials, 'serialized', s.serialized, 'name', s.name)
        order by i.spare_id) from spare_doc_items i join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id
        where i.enterprise_id = d.enterprise_id and i.doc_id = d.id) as __items, d.*
      from (select 1) one left join spare_docs d on d.enterprise_id = ${enterpriseId} and d.id = ${id}${guard ? sql` and (${guard})` : sql``}`,
  );
  const { __waiting, __items, ...row } = got ?? { __waiting: null, __items: null };
  return {
    row: row.id == null ? null : row,
    items: (__items ?? []).map((i) => ({ ...i, spare_id: Number(i.spare_id), quantity: Number(i.quantity) })),
    waiting: __waiting == null ? null : Number(__waiting),
  };
}

/**
 * Posts an approved document's movements, spares in id order so two documents lock stock rows in one order, all in one
 * statement (postMovements). The outgoing side takes the reservation made when it was filed.
 */
async function postDoc(tx: Tx, enterpriseId: number, doc: Record<string, unknown>, items: DocLine[], actorId: number): Promise<void> {
  const kind = Number(doc.kind) as SpareDocKind;
  const type = SPARE_DOC_KINDS[kind].logType;
  const from = doc.from_warehouse_id == null ? null : Number(doc.from_warehouse_id);
  const to = doc.to_warehouse_id == null ? null : Number(doc.to_warehouse_id);
  const id = Number(doc.id);
  const base = {
    type,
    userId: actorId,
    docKind: 'doc',
    docId: id,
    orderId: doc.order_id == null ? null : Number(doc.order_id),
    fromReserved: reservesStock(kind),
  };
  if (kind === 5 && from) {
    for (const it of items) await countLine(tx, enterpriseId, { ...base, warehouseId: from }, it);
    return;
  }
  const moves: Movement[] = [];
  for (const it of items) {
    // A transfer: the outgoing row, then the incoming one of the same type (the incoming side takes no reservation).
    if (from) moves.push({ ...base, warehouseId: from, spareId: it.spare_id, change: -it.quantity });
    if (to) moves.push({ ...base, fromReserved: false, warehouseId: to, spareId: it.spare_id, change: it.quantity });
  }
  await postMovements(tx, enterpriseId, moves);
  if (!from && to) for (const it of items) await receiveUnits(tx, enterpriseId, to, it.spare_id, it.serials);
  // Units are held only by lines with serials.
  if (reservesStock(kind) && items.some((it) => it.serials.length > 0)) await moveHeldUnits(tx, enterpriseId, id, kind, to);
}

/** A count line: the counted quantity posts its difference; a serial-tracked spare's units become the serials found. */
async function countLine(tx: Tx, enterpriseId: number, m: Omit<Movement, 'spareId' | 'change' | 'type'>, it: DocLine) {
  // A sheet filed before counts carried serials: its units cannot be reconciled, it is counted again.
  if (it.serialized && it.serials.length !== it.quantity) throw invalid(`序列号：备件“${it.name}”按序列号管理，该盘点单未填写盘到的序列号，请驳回后重新盘点`);
  await postCount(tx, enterpriseId, { ...m, spareId: it.spare_id, counted: it.quantity });
  if (it.serialized) await countUnits(tx, enterpriseId, m.warehouseId, it.spare_id, it.serials);
}

const ctxOf =
  (u: UserActor) =>
  (row: Record<string, unknown>): SpareDocCtx => ({ keeper: isKeeper(u), applicant: Number(row.applicant_id) === u.id });

/**
 * Approve (posts the movements from the reservation), reject or withdraw (both release the reservation): the document,
 * its lines and its waiting approval read at once; then in one transaction the update with its log row and the stock.
 */
export async function decideDoc(db: Db, u: UserActor, id: number, action: SpareDocAction, note: string | null): Promise<void> {
  const guard = isKeeper(u) ? undefined : sql`applicant_id = ${u.id}`;
  const held = await readDoc(db, u.enterpriseId, id, isKeeper(u) ? undefined : sql`d.applicant_id = ${u.id}`);
  // A document in a flow's approval is decided by the engine: its end handler (below) moves the document.
  if (held.waiting != null) {
    await decide(db, { enterpriseId: u.enterpriseId, actorId: u.id, id: held.waiting, action, comment: note });
    return;
  }
  await db.transaction(async (tx) => {
    await settleDoc(tx, u.enterpriseId, id, action, u.id, note, ctxOf(u), guard, held);
  });
}

/** Moves a document to its decision: approve posts the movements from the reservation; reject and withdraw release it. */
async function settleDoc(
  tx: Tx,
  enterpriseId: number,
  id: number,
  action: SpareDocAction,
  actorId: number,
  note: string | null,
  ctx: (row: Record<string, unknown>) => SpareDocCtx,
  guard?: SQL,
  read?: HeldDoc,
): Promise<void> {
  const held = read ?? (await readDoc(tx, enterpriseId, id));
  if (!held.row) throw notFound();
  const r = await changeState(tx, {
    table: SPARE_DOC_STATE,
    machine: spareDocMachine,
    enterpriseId,
    id,
    action,
    ctxOf: ctx,
    actorId,
    note,
    guard,
    current: held.row,
    patch: action === 'withdraw' ? {} : { approver_id: actorId, approved_at: sql`now()` },
  });
  if (r.to === 2) await postDoc(tx, enterpriseId, r.row, held.items, actorId);
  else if (reservesStock(Number(r.row.kind) as SpareDocKind) && r.row.from_warehouse_id != null) {
    const from = Number(r.row.from_warehouse_id);
    await releaseAll(
      tx,
      enterpriseId,
      held.items.map((it) => ({ warehouseId: from, spareId: it.spare_id, quantity: it.quantity })),
    );
    if (held.items.some((it) => it.serials.length > 0)) await freeUnits(tx, enterpriseId, id);
  }
}

const docCols = (
  u: UserActor,
) => sql`d.id::int, d.doc_no as "docNo", d.kind, d.state, d.from_warehouse_id::int as "fromWarehouseId", fw.name as "fromWarehouseName",
  d.to_warehouse_id::int as "toWarehouseId", tw.name as "toWarehouseName", d.transfer_type as "transferType", d.order_id::int as "orderId",
  d.applicant_id::int as "applicantId", ap.name as "applicantName", av.name as "approverName",
  ${apiTime(sql`d.approved_at`, u.timeZone)} as approve_time, d.logistics, d.tracking_no as "trackingNo", d.remark,
  coalesce((select string_agg(s.name || '×' || i.quantity, '，' order by i.line) from spare_doc_items i
    join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id where i.enterprise_id = d.enterprise_id and i.doc_id = d.id), '') as summary,
  ${apiTime(sql`d.created_at`, u.timeZone)} as create_time`;
const docJoins = sql`left join warehouses fw on fw.enterprise_id = d.enterprise_id and fw.id = d.from_warehouse_id
  left join warehouses tw on tw.enterprise_id = d.enterprise_id and tw.id = d.to_warehouse_id
  join users ap on ap.enterprise_id = d.enterprise_id and ap.id = d.applicant_id
  left join users av on av.enterprise_id = d.enterprise_id and av.id = d.approver_id`;

export async function docList(db: Db, u: UserActor, q: QueryOf<typeof C.docList>) {
  const parts: SQL[] = [sql`d.enterprise_id = ${u.enterpriseId}`, visible(u)];
  if (q.kind) parts.push(sql`d.kind = ${q.kind}`);
  if (q.state) parts.push(sql`d.state = ${q.state}`);
  if (q.mine === '1') parts.push(sql`d.applicant_id = ${u.id}`);
  const where = sql.join(parts, sql` and `);
  return listPage(
    q,
    () => rows<SpareDocRow>(db, sql`select ${docCols(u)} from spare_docs d ${docJoins} where ${where} order by d.id desc ${pageSql(q)}`),
    () => countOf(db, sql`spare_docs d`, where),
  );
}

export async function docDetail(db: Db, u: UserActor, id: number) {
  const [d] = await rows<SpareDocRow>(
    db,
    sql`select ${docCols(u)} from spare_docs d ${docJoins} where d.enterprise_id = ${u.enterpriseId} and d.id = ${id} and ${visible(u)}`,
  );
  if (!d) throw notFound();
  const lines = await rows<SpareDocItem & { reservedAll: number }>(
    db,
    sql`select i.line, i.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName", s.unit, i.quantity, i.serials, s.serialized,
        coalesce(k.quantity, 0) as stock, coalesce(k.reserved, 0) as "reservedAll"
      from spare_doc_items i join spares s on s.enterprise_id = i.enterprise_id and s.id = i.spare_id
      left join stocks k on k.enterprise_id = i.enterprise_id and k.warehouse_id = ${d.fromWarehouseId ?? 0} and k.spare_id = i.spare_id
      where i.enterprise_id = ${u.enterpriseId} and i.doc_id = ${id} order by i.line`,
  );
  // While it waits, a document that takes stock out holds its own reservation: the approver sees what the others leave.
  const holds = d.state === 1 && reservesStock(d.kind as SpareDocKind);
  const items = lines.map(({ reservedAll, ...i }) => {
    const reserved = reservedAll - (holds ? i.quantity : 0);
    return { ...i, reserved, available: i.stock - reserved };
  });
  const logs = await rows<{ action: string; toState: number; note: string | null; userName: string | null; create_time: string }>(
    db,
    sql`select l.action, l.to_state as "toState", l.note, us.name as "userName", ${apiTime(sql`l.created_at`, u.timeZone)} as create_time
      from spare_state_logs l left join users us on us.enterprise_id = l.enterprise_id and us.id = l.user_id
      where l.enterprise_id = ${u.enterpriseId} and l.kind = 'doc' and l.record_id = ${id} order by l.id`,
  );
  const abilities = spareDocAbilities(d.state, { keeper: isKeeper(u), applicant: d.applicantId === u.id });
  return { ...d, items, logs, abilities };
}

/** The shell badges: documents of these kinds awaiting the keeper's approval (none he filed himself: he cannot decide those). */
export async function awaitingApproval(db: Db, u: UserActor, kinds: number[]): Promise<number> {
  if (!isKeeper(u) || kinds.length === 0) return 0;
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from spare_docs where enterprise_id = ${u.enterpriseId} and state = 1 and kind = any(${intArray(kinds, 'smallint')})
      and applicant_id <> ${u.id}`,
  );
  return r?.n ?? 0;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireDocsService(): void {
  // The engine ended a document's approval (approved by the flow's last step, rejected, or withdrawn): the document follows.
  onApprovalEnd('spare_doc', async (tx, end) => {
    const action: SpareDocAction = end.result === 1 ? 'approve' : end.result === 2 ? 'reject' : 'withdraw';
    await settleDoc(tx, end.enterpriseId, end.docId, action, end.actorId, end.comment, () => ({ keeper: true, applicant: action === 'withdraw' }));
  });
}
