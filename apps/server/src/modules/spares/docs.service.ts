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
  type SpareDocKind,
  spareDocAbilities,
  type SpareDocCtx,
  spareDocMachine,
  WASTE_FROM_KINDS,
  WASTE_WAREHOUSE_KIND,
  type sparesContract as C,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import { NOW } from '../../platform/sql';
import type { Db, Executor, Tx } from '../../db/client';
import type { UserActor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { changeState } from '../../platform/state';
import { decide, startApproval } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { ownWarehouse } from './catalogue.service';
import {
  type DocLine,
  docItemRows,
  docLogRows,
  docPage,
  docRow,
  filingReads,
  type HeldDoc,
  insertDoc,
  keeperOf,
  ownApplication,
  readDoc,
  SPARE_DOC_STATE,
  type SpareDocRecord,
  toDocItem,
  toDocRecord,
  visibleDocs,
  waitingCount,
  warehouseHeld,
} from './docs.repo';
import { type Movement, postCount, postMovements, releaseAll, reserveAll } from './ledger';
import { orderFor } from '../orders/index';
import { checkCountSerials, checkNewUnits, countUnits, freeUnits, holdUnits, moveHeldUnits, receiveUnits, serialsOfLines } from './units';

export const isKeeper = (u: UserActor): boolean => u.admin || hasPower(u.powers, SPARE_KEEPER_POWER);
/** Keepers see every document; others their own applications. */
const visible = (u: UserActor): SQL => visibleDocs(u, isKeeper(u));

async function warehouseOf(ex: Executor, enterpriseId: number, id: number): Promise<number> {
  const w = await warehouseHeld(ex, enterpriseId, id);
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

/** What a filing's checks ask, read at once (filingReads): the warehouses and own stocks, the receiver, the spares and the flow. */
async function filingChecks(tx: Tx, u: UserActor, c: { kind: SpareDocKind; ids: number[]; owners: number[]; toUserId: number | null; spareIds: number[] }) {
  const r = await filingReads(tx, u.enterpriseId, c);
  const warehouses = r?.warehouses ?? [];
  return {
    warehouse: (id: number) => warehouses.find((w) => w.id === id),
    ownOf: (userId: number) => warehouses.find((w) => w.owner_id === userId)?.id,
    receiver: r?.receiver ?? null,
    spares: r?.spares ?? 0,
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
    const made = await insertDoc(tx, ep, u.id, kind, dayOf(u), {
      from: from ?? null,
      to: to ?? null,
      transferType: kind === 2 ? (b.transferType ?? 0) : null,
      orderId: b.orderId ?? null,
      logistics: b.logistics ?? null,
      trackingNo: b.trackingNo ?? null,
      remark: b.remark,
      items,
    });
    if (!made) throw new AppError('DATA_CHANGED');
    const { id, doc_no: number } = made;
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
        kind: SPARE_DOC_APPROVAL_KIND,
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

/** The filing day in the enterprise's zone, as the number shows it (20261123). */
const dayOf = (u: Pick<UserActor, 'timeZone'>): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: u.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replaceAll('-', '');

/**
 * Posts an approved document's movements, spares in id order so two documents lock stock rows in one order, all in one
 * statement (postMovements). The outgoing side takes the reservation made when it was filed.
 */
async function postDoc(tx: Tx, enterpriseId: number, doc: SpareDocRecord, items: DocLine[], actorId: number): Promise<void> {
  const kind = doc.kind as SpareDocKind;
  const type = SPARE_DOC_KINDS[kind].logType;
  const from = doc.from_warehouse_id;
  const to = doc.to_warehouse_id;
  const id = doc.id;
  const base = {
    type,
    userId: actorId,
    docKind: 'doc',
    docId: id,
    orderId: doc.order_id,
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
  (row: Record<string, unknown>): SpareDocCtx => ({ keeper: isKeeper(u), applicant: toDocRecord(row).applicant_id === u.id });

/** The approval kind of stock documents (packages/shared/src/approvals/kinds.ts). */
const SPARE_DOC_APPROVAL_KIND = 'spare_doc';

/**
 * Approve (posts the movements from the reservation), reject or withdraw (both release the reservation): the document,
 * its lines and its waiting approval read at once; then in one transaction the update with its log row and the stock.
 */
export async function decideDoc(db: Db, u: UserActor, id: number, action: SpareDocAction, note: string | null): Promise<void> {
  const guard = isKeeper(u) ? undefined : ownApplication(u);
  // The engine is asked once, in the deciding transaction: a document in a flow's approval is decided there (its end
  // handler, below, moves the document); otherwise the keeper decides by the document's machine.
  await db.transaction(async (tx) => {
    // The document's read names the instance it waits on (one statement: the decision's budget, statements.test).
    const held = await readDoc(tx, u.enterpriseId, id, isKeeper(u) ? undefined : visible(u));
    if (held.waiting != null) {
      await decide(tx, { enterpriseId: u.enterpriseId, actorId: u.id, id: held.waiting, action, comment: note });
      return;
    }
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
    patch: action === 'withdraw' ? {} : { approver_id: actorId, approved_at: NOW },
  });
  const doc = toDocRecord(r.row);
  if (r.to === 2) await postDoc(tx, enterpriseId, doc, held.items, actorId);
  else if (reservesStock(doc.kind as SpareDocKind) && doc.from_warehouse_id != null) {
    const from = doc.from_warehouse_id;
    await releaseAll(
      tx,
      enterpriseId,
      held.items.map((it) => ({ warehouseId: from, spareId: it.spare_id, quantity: it.quantity })),
    );
    if (held.items.some((it) => it.serials.length > 0)) await freeUnits(tx, enterpriseId, id);
  }
}

export async function docList(db: Db, u: UserActor, q: QueryOf<typeof C.docList>) {
  const page = docPage(db, u, visible(u), q);
  return listPage(q, page.list, page.count);
}

export async function docDetail(db: Db, u: UserActor, id: number) {
  const d = await docRow(db, u, visible(u), id);
  if (!d) throw notFound();
  const lines = await docItemRows(db, u.enterpriseId, id, d.fromWarehouseId);
  // While it waits, a document that takes stock out holds its own reservation: the approver sees what the others leave.
  const holds = d.state === 1 && reservesStock(d.kind as SpareDocKind);
  const items = lines.map((i) => toDocItem(i, holds));
  const logs = await docLogRows(db, u, id);
  const abilities = spareDocAbilities(d.state, { keeper: isKeeper(u), applicant: d.applicantId === u.id });
  return { ...d, items, logs, abilities };
}

/** The shell badges: documents of these kinds awaiting the keeper's approval (none he filed himself: he cannot decide those). */
export async function awaitingApproval(db: Db, u: UserActor, kinds: number[]): Promise<number> {
  if (!isKeeper(u) || kinds.length === 0) return 0;
  return waitingCount(db, u, kinds);
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireDocsService(): void {
  // The engine ended a document's approval (approved by the flow's last step, rejected, or withdrawn): the document follows.
  onApprovalEnd(SPARE_DOC_APPROVAL_KIND, async (tx, end) => {
    const action: SpareDocAction = end.result === 1 ? 'approve' : end.result === 2 ? 'reject' : 'withdraw';
    await settleDoc(tx, end.enterpriseId, end.docId, action, end.actorId, end.comment, () => ({ keeper: true, applicant: action === 'withdraw' }));
  });
}
