// The stock core: every change of a stock quantity goes through postMovement, which writes the ledger row in the
// same statement. Stock never goes negative (the guarded update) and the ledger always sums to the stock.
import type { StockLogType } from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { afterCommit } from '../../db/after-commit';
import { invalid } from '../../platform/errors';
import { getSettingBool } from '../settings/index';
import { addNotices } from '../notices/index';
import * as repo from './stock.repo';

export interface Movement {
  warehouseId: number;
  spareId: number;
  /** Signed quantity: positive into the warehouse, negative out of it. */
  change: number;
  type: StockLogType;
  userId: number | null;
  docKind?: string | null;
  docId?: number | null;
  orderId?: number | null;
  serialIn?: string | null;
  serialOut?: string | null;
  /** An outgoing change that takes stock reserved for it (an approved document): quantity and reserved drop together. */
  fromReserved?: boolean;
}

export interface Posted {
  logId: number;
  before: number;
  after: number;
}

/** Out of stock: names the spare and the warehouse, and what is reserved for documents awaiting approval. */
async function shortage(ex: Executor, enterpriseId: number, m: { warehouseId: number; spareId: number }, need: number): Promise<Error> {
  const r = await repo.shortageRow(ex, enterpriseId, m);
  const q = r?.quantity ?? 0;
  const reserved = r?.reserved ?? 0;
  const have = reserved > 0 ? `可用${q - reserved}（现有${q}，已预留${reserved}）` : `现有${q}`;
  return invalid(`库存不足：${r?.warehouse ?? '仓库'}的备件“${r?.spare ?? m.spareId}”${have}，需要${need}`);
}

/**
 * Posts one movement in the caller's transaction: the stock row changes by `change` (an outgoing change only
 * while the available quantity `quantity - reserved >= n`, so concurrent takers queue on the row and the loser finds
 * too little; with `fromReserved` it takes its own reservation instead) and the ledger row records before and after.
 * An incoming change creates the stock row when missing. Throws 库存不足 when short (and then changes nothing).
 */
export async function postMovement(ex: Executor, enterpriseId: number, m: Movement): Promise<Posted> {
  return (await movementsStatement(ex, enterpriseId, [m]))[0] as Posted;
}

/**
 * Posts several movements in one statement (an approved document's lines), each exactly as postMovement would, in the
 * order given (the ledger's ids follow it). A stock row may appear once; a second movement of one row goes in a
 * statement of its own after the first. On a shortage it throws 库存不足 naming the first short movement, and the
 * caller's transaction (`tx`: the others may have moved) rolls back.
 */
export async function postMovements(tx: Tx, enterpriseId: number, ms: Movement[]): Promise<Posted[]> {
  const out: Posted[] = [];
  let batch: Movement[] = [];
  const keys = new Set<string>();
  for (const m of ms) {
    const key = `${m.warehouseId}:${m.spareId}`;
    if (keys.has(key)) {
      out.push(...(await movementsStatement(tx, enterpriseId, batch)));
      batch = [];
      keys.clear();
    }
    keys.add(key);
    batch.push(m);
  }
  out.push(...(await movementsStatement(tx, enterpriseId, batch)));
  return out;
}

/** The movements (each on another stock row) in one statement: the stock rows' changes and their ledger rows. */
async function movementsStatement(ex: Executor, enterpriseId: number, ms: Movement[]): Promise<Posted[]> {
  if (ms.length === 0) return [];
  for (const m of ms) if (!Number.isInteger(m.change) || m.change === 0) throw invalid('数量：必须是非零整数');
  const json = JSON.stringify(
    ms.map((m, ord) => ({
      ord,
      w: m.warehouseId,
      s: m.spareId,
      c: m.change,
      t: m.type,
      r: m.fromReserved === true,
      dk: m.docKind ?? null,
      di: m.docId ?? null,
      o: m.orderId ?? null,
      si: m.serialIn ?? null,
      so: m.serialOut ?? null,
      u: m.userId,
    })),
  );
  // First the existing stock rows are locked in (warehouse, spare) order, so two such statements never wait on each other
  // in a circle. Incoming: the stock row made or raised; outgoing: lowered only while enough is there (available, or its own
  // reservation). The ledger rows are written only when every movement found its stock (else the short one is named).
  const got = await repo.movementRows(ex, enterpriseId, json, ms.length);
  const short = got.findIndex((r) => r.id == null);
  if (short >= 0) {
    const m = ms[short] as Movement;
    throw await shortage(ex, enterpriseId, m, -m.change);
  }
  return got.map((r, i) => {
    const m = ms[i] as Movement;
    // Just fell below its safety stock: the keeper's notice goes out once this transaction has committed.
    if (r.after < r.safety && r.before >= r.safety) afterCommit(ex, (db) => warnLow(db, enterpriseId, m.warehouseId, m.spareId, r.after));
    return { logId: r.id as number, before: r.before, after: r.after };
  });
}

/**
 * Stock just fell below its safety stock: a notice to the warehouse's keeper, or to every warehouse keeper (role 9)
 * when it has none. Once per (warehouse, spare, day); the to-do digest counts the warnings list too.
 */
async function warnLow(ex: Db, enterpriseId: number, warehouseId: number, spareId: number, quantity: number): Promise<void> {
  // 库存低于预警值时提醒仓库管理员 (settings catalogue): off, the warnings list still shows it, nobody is told.
  if (!(await getSettingBool(ex, enterpriseId, 'spare_stock_warning'))) return;
  const w = await repo.lowStockAudience(ex, enterpriseId, warehouseId, spareId);
  if (!w || w.keepers.length === 0) return;
  await addNotices(ex, {
    enterpriseId,
    userIds: w.keepers,
    kind: 'spare_warning',
    title: '库存预警',
    content: `${w.warehouse}的备件“${w.spare}”库存${quantity}，低于安全库存`,
    link: `/sparewarning?warehouseId=${warehouseId}`,
    dedupeKey: `spare_warning:${warehouseId}:${spareId}:${new Date().toISOString().slice(0, 10)}`,
  });
}

export interface Hold {
  warehouseId: number;
  spareId: number;
  quantity: number;
}

/**
 * Reserves stock for a document awaiting approval: a guarded update (`quantity - reserved >= n`), so parallel
 * documents queue on the row and the loser is refused with 库存不足; no ledger row (nothing has moved yet).
 */
export async function reserve(ex: Executor, enterpriseId: number, h: Hold): Promise<void> {
  if (!(await repo.reserveRow(ex, enterpriseId, h))) throw await shortage(ex, enterpriseId, h, h.quantity);
}

/**
 * Moves a document's reservations in one statement, each line as `reserve` (+1) or `release` (-1) would, the stock rows
 * locked in (warehouse, spare) order first. Answers the first hold, in the order given, that could not move (too little
 * available, or no longer reserved); the caller refuses the whole and its transaction rolls back the others.
 */
async function moveReservations(tx: Tx, enterpriseId: number, hs: Hold[], sign: 1 | -1): Promise<Hold | undefined> {
  if (hs.length === 0) return undefined;
  const json = JSON.stringify(hs.map((h, ord) => ({ ord, w: h.warehouseId, s: h.spareId, q: h.quantity })));
  const got = await repo.moveReservationRows(tx, enterpriseId, json, sign);
  const done = new Set(got.map((r) => r.ord));
  return hs.find((_, i) => !done.has(i));
}

/** Releases a document's reservations in one statement (it was rejected or withdrawn); one missing refuses the whole. */
export async function releaseAll(tx: Tx, enterpriseId: number, hs: Hold[]): Promise<void> {
  const missing = await moveReservations(tx, enterpriseId, hs, -1);
  if (missing) throw reservationGone(missing);
}

const reservationGone = (h: Hold) => invalid(`库存预留不足：该单据预留的${h.quantity}件已不在预留中，请核对库存后重新提交单据`);

/** Reserves a document's lines in one statement; one short refuses the whole with 库存不足 naming the first short line. */
export async function reserveAll(tx: Tx, enterpriseId: number, hs: Hold[]): Promise<void> {
  const short = await moveReservations(tx, enterpriseId, hs, 1);
  if (short) throw await shortage(tx, enterpriseId, short, short.quantity);
}

/** Releases a reservation (the document was rejected, withdrawn or cancelled). */
export async function release(ex: Executor, enterpriseId: number, h: Hold): Promise<void> {
  // A reservation that is not there means the books disagree: refuse (the transaction rolls back) rather than hide it.
  if (!(await repo.releaseRow(ex, enterpriseId, h))) throw reservationGone(h);
}

/**
 * The to-do digest's stock warnings for one user: stock below its safety stock in the warehouses they keep (or, for a
 * warehouse keeper (role 9), those with no keeper), the same people warnLow tells. Null for someone who keeps none.
 */
export async function warningsKeptBy(ex: Executor, enterpriseId: number, userId: number): Promise<number | null> {
  const r = await repo.warningsRow(ex, enterpriseId, userId);
  return r?.keeper ? r.n : null;
}

/** Sets a counted quantity (stock count, type 10): the difference posts as one movement; none when it matches. */
export async function postCount(ex: Executor, enterpriseId: number, m: Omit<Movement, 'change' | 'type'> & { counted: number }): Promise<Posted | null> {
  const cur = await repo.lockStock(ex, enterpriseId, m);
  // Stock reserved for waiting documents must stay: those documents are decided first.
  if (cur && m.counted < cur.reserved) throw invalid(`实盘数量${m.counted}少于待审批单据已预留的${cur.reserved}，请先处理这些单据`);
  const change = m.counted - (cur?.quantity ?? 0);
  if (change === 0) return null;
  return postMovement(ex, enterpriseId, { ...m, change, type: 10 });
}

/** Moves stock from one warehouse to another: an outgoing and an incoming row of the same type. */
export async function postTransfer(
  ex: Executor,
  enterpriseId: number,
  m: Omit<Movement, 'warehouseId' | 'change'> & { from: number; to: number; quantity: number },
) {
  const { from, to, quantity, fromReserved, ...rest } = m;
  const out = await postMovement(ex, enterpriseId, { ...rest, fromReserved, warehouseId: from, change: -quantity });
  const into = await postMovement(ex, enterpriseId, { ...rest, warehouseId: to, change: quantity });
  return { out, into };
}
