// Units of serial-tracked spares: one row per serial, moved by the same documents and order consumption that move
// the stock quantities (in the same transaction). A document holds its units (doc_id) while it waits, as it reserves
// the quantity; approval moves them; rejection or withdrawal lets them go.
import { type SpareDocKind, SPARE_UNIT_PLACES, UNIT_LOST_IN_COUNT } from '@sk/shared';
import type { Executor } from '../../db/client';
import * as repo from './units.repo';
import { type KnownUnit, unitsIn } from './units.repo';
import { invalid } from '../../platform/errors';

const list = (a: readonly string[]) => a.join('、');

export interface UnitLine {
  spareId: number;
  quantity: number;
  serials?: string[] | null;
}

/**
 * The serials of each line, checked: a serial-tracked spare needs one serial per piece, all different; other spares
 * carry none. Answers the lines with their serials cleaned up (trimmed; [] for spares not tracked).
 */
export async function lineSerials<T extends UnitLine>(ex: Executor, enterpriseId: number, lines: T[]): Promise<(T & { serials: string[] })[]> {
  const ids = lines.map((l) => l.spareId);
  const tracked = await repo.trackedSpares(ex, enterpriseId, ids);
  return serialsOfLines(lines, tracked);
}

/** lineSerials on the serial-tracked spares among the lines' (id and name), read by the caller. */
export function serialsOfLines<T extends UnitLine>(lines: T[], tracked: { id: number; name: string }[]): (T & { serials: string[] })[] {
  const names = new Map(tracked.map((s) => [s.id, s.name]));
  return lines.map((l) => {
    const name = names.get(l.spareId);
    if (name === undefined) return { ...l, serials: [] };
    const serials = (l.serials ?? []).map((s) => s.trim()).filter(Boolean);
    if (serials.length !== l.quantity) throw invalid(`序列号：备件“${name}”按序列号管理，请填写${l.quantity}个序列号（已填${serials.length}个）`);
    const twice = serials.filter((s, i) => serials.indexOf(s) !== i);
    if (twice.length) throw invalid(`序列号：${list([...new Set(twice)])}重复`);
    return { ...l, serials };
  });
}

/** Holds a document's units in its from-warehouse: each must be there and not held by another document. */
export async function holdUnits(ex: Executor, enterpriseId: number, docId: number, from: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const held = await repo.holdUnitRows(ex, enterpriseId, docId, from, spareId, serials);
  const got = new Set(held.map((h) => h.serial));
  const missing = serials.filter((s) => !got.has(s));
  if (missing.length) throw invalid(`序列号：${list(missing)}不在出库仓库，或已被其他待审批单据占用`);
}

/** Lets a document's units go (rejected or withdrawn). */
export async function freeUnits(ex: Executor, enterpriseId: number, docId: number): Promise<void> {
  await repo.freeUnitRows(ex, enterpriseId, docId);
}

/** A new unit must not already be in stock or installed somewhere (a refurbished or returned one may come back). */
export async function checkNewUnits(ex: Executor, enterpriseId: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const taken = await repo.unitsInUse(ex, enterpriseId, spareId, serials);
  if (taken.length) throw invalid(`序列号：${list(taken.map((t) => t.serial))}已在库存中或已安装`);
}

/** Units arriving from outside (inbound, recycle): created, or brought back from scrapped / shipped / returned. */
export async function receiveUnits(ex: Executor, enterpriseId: number, to: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const got = await repo.intoWarehouse(ex, enterpriseId, spareId, to, serials, repo.comesBackFromOutside);
  if (got !== serials.length) await checkNewUnits(ex, enterpriseId, spareId, serials);
}

/** An approved document's held units move: into its to-warehouse, or scrapped (报废单), or shipped out (出库单). */
export async function moveHeldUnits(ex: Executor, enterpriseId: number, docId: number, kind: SpareDocKind, to: number | null): Promise<void> {
  const place = kind === 4 ? 4 : kind === 7 ? 5 : 1;
  await repo.placeHeldUnits(ex, enterpriseId, docId, place, place === 1 ? to : null);
}

/**
 * An outbound order ships the serials chosen for it: each must be in the shipping warehouse and not held by a waiting
 * document; they leave it (shipped out) until the applicant signs for the order.
 */
export async function shipUnits(ex: Executor, enterpriseId: number, goodsOrderId: number, from: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const shipped = await repo.shipUnitRows(ex, enterpriseId, goodsOrderId, from, spareId, serials);
  const got = new Set(shipped.map((h) => h.serial));
  const missing = serials.filter((s) => !got.has(s));
  if (missing.length) throw invalid(`序列号：${list(missing)}不在发货仓库，或已被待审批单据占用`);
}

export { unitsIn };

const ELSEWHERE: Record<number, string> = { 2: '已安装在客户产品上', 3: '是返还中的旧件', 4: '已报废', 5: '已出库' };

/**
 * Found serials recorded somewhere other than this warehouse (a unit cannot be in two places) are refused, naming each.
 * Only units never recorded, or lost in an earlier count, may come in.
 */
function refuseElsewhere(known: KnownUnit[], warehouseId: number, found: Set<string>): void {
  const away = known.filter((k) => found.has(k.serial) && k.place !== UNIT_LOST_IN_COUNT && !(k.place === 1 && k.warehouseId === warehouseId));
  if (!away.length) return;
  const where = (k: KnownUnit) => (k.place === 1 ? `${k.serial}在“${k.warehouse ?? ''}”` : `${k.serial}${ELSEWHERE[k.place] ?? unitPlaceName(k.place)}`);
  throw invalid(`序列号：${away.map(where).join('；')}，不能盘入本仓库`);
}

/** Filing a count sheet: the serials found must not be recorded elsewhere (checked again on approval). */
export async function checkCountSerials(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number, found: string[]): Promise<void> {
  if (!found.length) return;
  refuseElsewhere(await repo.knownForCount(ex, enterpriseId, warehouseId, spareId, found, false), warehouseId, new Set(found));
}

/**
 * An approved count of a serial-tracked spare makes the warehouse's units the serials found: units recorded there and
 * found stay; units recorded there and not found leave as lost in the count (盘亏, the row stays); serials found that
 * were never recorded (or lost in an earlier count) come in; a serial recorded elsewhere is refused. Run after postCount
 * locked the stock row, so documents filed meanwhile queue behind it.
 */
export async function countUnits(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number, found: string[]): Promise<void> {
  const known = await repo.knownForCount(ex, enterpriseId, warehouseId, spareId, found, true);
  const seen = new Set(found);
  refuseElsewhere(known, warehouseId, seen);
  const here = known.filter((k) => k.place === 1 && k.warehouseId === warehouseId);
  const missing = here.filter((k) => !seen.has(k.serial));
  const held = missing.filter((k) => k.held).map((k) => k.serial);
  if (held.length) throw invalid(`序列号：${list(held)}已被待审批单据占用，未盘到时请先处理这些单据`);
  if (missing.length)
    await repo.loseUnits(
      ex,
      enterpriseId,
      spareId,
      missing.map((k) => k.serial),
    );
  const present = new Set(here.map((k) => k.serial));
  const incoming = found.filter((s) => !present.has(s));
  if (!incoming.length) return;
  const got = await repo.intoWarehouse(ex, enterpriseId, spareId, warehouseId, incoming, repo.comesBackFromCount);
  // A serial recorded elsewhere by a transaction that committed after our read: refuse it by name.
  if (got !== incoming.length) {
    refuseElsewhere(await repo.knownForCount(ex, enterpriseId, warehouseId, spareId, incoming, false), warehouseId, new Set(incoming));
    throw invalid('序列号：盘点期间序列号有变动，请重新审批');
  }
}

export async function signUnits(ex: Executor, enterpriseId: number, goodsOrderId: number, to: number): Promise<void> {
  await repo.signUnitRows(ex, enterpriseId, goodsOrderId, to);
}

/**
 * A part used on an order: the new unit leaves the engineer's stock for the product; the faulty unit comes out of the
 * product as an old part (made when it was never tracked before).
 */
export async function installUnit(
  ex: Executor,
  enterpriseId: number,
  u: { spareId: number; warehouseId: number; serialIn: string; serialOut: string; orderId: number; productId: number | null },
): Promise<void> {
  if (!(await repo.installNewUnit(ex, enterpriseId, u))) throw invalid(`新件序列号：${u.serialIn}不在您的备件库存中（或已被待审批单据占用）`);
  const old = await repo.lockUnit(ex, enterpriseId, u.spareId, u.serialOut);
  if (old && (old.place !== 2 || (u.productId != null && old.installed_product_id != null && old.installed_product_id !== u.productId)))
    throw invalid(`旧件序列号：${u.serialOut}不是该产品上安装的备件`);
  await repo.takeOutOldUnit(ex, enterpriseId, u.spareId, u.serialOut, u.orderId);
}

/** Cancel consumption: the new unit goes back to the engineer's stock and the faulty one back onto the product. */
export async function uninstallUnit(
  ex: Executor,
  enterpriseId: number,
  u: { spareId: number; warehouseId: number; serialIn: string; serialOut: string | null; productId: number | null },
): Promise<void> {
  await repo.uninstallRows(ex, enterpriseId, u);
}

/** An old part's end: refurbished into a warehouse's stock, or scrapped (scrap and local write-off). */
export async function settleOldUnit(ex: Executor, enterpriseId: number, spareId: number, serial: string | null, warehouseId: number | null): Promise<void> {
  if (!serial) return;
  await repo.settleOldUnitRow(ex, enterpriseId, spareId, serial, warehouseId);
}

export const unitPlaceName = (place: number): string => SPARE_UNIT_PLACES[place as keyof typeof SPARE_UNIT_PLACES] ?? '';
