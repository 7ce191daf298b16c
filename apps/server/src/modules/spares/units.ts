// Units of serial-tracked spares: one row per serial, moved by the same documents and order consumption that move
// the stock quantities (in the same transaction). A document holds its units (doc_id) while it waits, as it reserves
// the quantity; approval moves them; rejection or withdrawal lets them go.
import { type SpareDocKind, SPARE_UNIT_PLACES, UNIT_LOST_IN_COUNT } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { invalid } from '../../platform/errors';

/** A text[] parameter (one bound value, whatever the length). */
export const textArray = (a: readonly string[]) => sql`${`{${a.map((s) => `"${s.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;
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
  const tracked = await rows<{ id: number; name: string }>(
    ex,
    sql`select id::int, name from spares where enterprise_id = ${enterpriseId} and serialized and id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
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
  const held = await rows<{ serial: string }>(
    ex,
    sql`update spare_units set doc_id = ${docId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(serials)}) and place = 1 and warehouse_id = ${from} and doc_id is null
      returning serial`,
  );
  const got = new Set(held.map((h) => h.serial));
  const missing = serials.filter((s) => !got.has(s));
  if (missing.length) throw invalid(`序列号：${list(missing)}不在出库仓库，或已被其他待审批单据占用`);
}

/** Lets a document's units go (rejected or withdrawn). */
export async function freeUnits(ex: Executor, enterpriseId: number, docId: number): Promise<void> {
  await ex.execute(sql`update spare_units set doc_id = null, updated_at = now() where enterprise_id = ${enterpriseId} and doc_id = ${docId}`);
}

/** A new unit must not already be in stock or installed somewhere (a refurbished or returned one may come back). */
export async function checkNewUnits(ex: Executor, enterpriseId: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const taken = await rows<{ serial: string }>(
    ex,
    sql`select serial from spare_units where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(serials)}) and place in (1, 2)`,
  );
  if (taken.length) throw invalid(`序列号：${list(taken.map((t) => t.serial))}已在库存中或已安装`);
}

/**
 * Puts serials into a warehouse: new ones are created, known ones come back only from the places `comesBackFrom`
 * allows (the others stay where they are). Answers how many were placed.
 */
async function intoWarehouse(ex: Executor, enterpriseId: number, spareId: number, warehouseId: number, serials: string[], comesBackFrom: SQL): Promise<number> {
  const got = await rows<{ one: number }>(
    ex,
    sql`insert into spare_units (enterprise_id, spare_id, serial, place, warehouse_id)
      select ${enterpriseId}, ${spareId}, s, 1, ${warehouseId} from unnest(${textArray(serials)}) s
      on conflict (enterprise_id, spare_id, serial) do update set place = 1, warehouse_id = excluded.warehouse_id, installed_product_id = null,
        order_id = null, doc_id = null, goods_order_id = null, updated_at = now()
      where ${comesBackFrom}
      returning 1 as one`,
  );
  return got.length;
}

/** Units arriving from outside (inbound, recycle): created, or brought back from scrapped / shipped / returned. */
export async function receiveUnits(ex: Executor, enterpriseId: number, to: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const got = await intoWarehouse(ex, enterpriseId, spareId, to, serials, sql`spare_units.place not in (1, 2)`);
  if (got !== serials.length) await checkNewUnits(ex, enterpriseId, spareId, serials);
}

/** An approved document's held units move: into its to-warehouse, or scrapped (报废单), or shipped out (出库单). */
export async function moveHeldUnits(ex: Executor, enterpriseId: number, docId: number, kind: SpareDocKind, to: number | null): Promise<void> {
  const place = kind === 4 ? 4 : kind === 7 ? 5 : 1;
  await ex.execute(sql`update spare_units set doc_id = null, place = ${place}, warehouse_id = ${place === 1 ? to : null}, updated_at = now()
    where enterprise_id = ${enterpriseId} and doc_id = ${docId}`);
}

/**
 * An outbound order ships the serials chosen for it: each must be in the shipping warehouse and not held by a waiting
 * document; they leave it (shipped out) until the applicant signs for the order.
 */
export async function shipUnits(ex: Executor, enterpriseId: number, goodsOrderId: number, from: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const shipped = await rows<{ serial: string }>(
    ex,
    sql`update spare_units set place = 5, warehouse_id = null, goods_order_id = ${goodsOrderId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(serials)}) and place = 1 and warehouse_id = ${from} and doc_id is null
      returning serial`,
  );
  const got = new Set(shipped.map((h) => h.serial));
  const missing = serials.filter((s) => !got.has(s));
  if (missing.length) throw invalid(`序列号：${list(missing)}不在发货仓库，或已被待审批单据占用`);
}

/** The units of a spare in one warehouse (a picker: what a count finds, what a document or an outbound order may take). */
export async function unitsIn(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number) {
  return rows<{ serial: string; held: boolean }>(
    ex,
    sql`select serial, doc_id is not null as held from spare_units
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and place = 1 and warehouse_id = ${warehouseId} order by serial limit 1000`,
  );
}

interface KnownUnit {
  serial: string;
  place: number;
  warehouseId: number | null;
  warehouse: string | null;
  held: boolean;
}

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

async function knownForCount(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number, found: string[], lock: boolean): Promise<KnownUnit[]> {
  return rows<KnownUnit>(
    ex,
    sql`select n.serial, n.place, n.warehouse_id::int as "warehouseId", w.name as warehouse, n.doc_id is not null as held
      from spare_units n left join warehouses w on w.enterprise_id = n.enterprise_id and w.id = n.warehouse_id
      where n.enterprise_id = ${enterpriseId} and n.spare_id = ${spareId}
        and ((n.place = 1 and n.warehouse_id = ${warehouseId}) or n.serial = any(${textArray(found)}))
      order by n.serial ${lock ? sql`for update of n` : sql``}`,
  );
}

/** Filing a count sheet: the serials found must not be recorded elsewhere (checked again on approval). */
export async function checkCountSerials(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number, found: string[]): Promise<void> {
  if (!found.length) return;
  refuseElsewhere(await knownForCount(ex, enterpriseId, warehouseId, spareId, found, false), warehouseId, new Set(found));
}

/**
 * An approved count of a serial-tracked spare makes the warehouse's units the serials found: units recorded there and
 * found stay; units recorded there and not found leave as lost in the count (盘亏, the row stays); serials found that
 * were never recorded (or lost in an earlier count) come in; a serial recorded elsewhere is refused. Run after postCount
 * locked the stock row, so documents filed meanwhile queue behind it.
 */
export async function countUnits(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number, found: string[]): Promise<void> {
  const known = await knownForCount(ex, enterpriseId, warehouseId, spareId, found, true);
  const seen = new Set(found);
  refuseElsewhere(known, warehouseId, seen);
  const here = known.filter((k) => k.place === 1 && k.warehouseId === warehouseId);
  const missing = here.filter((k) => !seen.has(k.serial));
  const held = missing.filter((k) => k.held).map((k) => k.serial);
  if (held.length) throw invalid(`序列号：${list(held)}已被待审批单据占用，未盘到时请先处理这些单据`);
  if (missing.length)
    await ex.execute(sql`update spare_units set place = ${UNIT_LOST_IN_COUNT}, warehouse_id = null, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(missing.map((k) => k.serial))})`);
  const present = new Set(here.map((k) => k.serial));
  const incoming = found.filter((s) => !present.has(s));
  if (!incoming.length) return;
  const got = await intoWarehouse(ex, enterpriseId, spareId, warehouseId, incoming, sql`spare_units.place = ${UNIT_LOST_IN_COUNT}`);
  // A serial recorded elsewhere by a transaction that committed after our read: refuse it by name.
  if (got !== incoming.length) {
    refuseElsewhere(await knownForCount(ex, enterpriseId, warehouseId, spareId, incoming, false), warehouseId, new Set(incoming));
    throw invalid('序列号：盘点期间序列号有变动，请重新审批');
  }
}

export async function signUnits(ex: Executor, enterpriseId: number, goodsOrderId: number, to: number): Promise<void> {
  await ex.execute(sql`update spare_units set place = 1, warehouse_id = ${to}, goods_order_id = null, updated_at = now()
    where enterprise_id = ${enterpriseId} and goods_order_id = ${goodsOrderId} and place = 5`);
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
  const put = await rows<{ one: number }>(
    ex,
    sql`update spare_units set place = 2, warehouse_id = null, installed_product_id = ${u.productId}, order_id = ${u.orderId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${u.spareId} and serial = ${u.serialIn} and place = 1 and warehouse_id = ${u.warehouseId} and doc_id is null
      returning 1 as one`,
  );
  if (!put.length) throw invalid(`新件序列号：${u.serialIn}不在您的备件库存中（或已被待审批单据占用）`);
  const [old] = await rows<{ place: number; installed_product_id: number | null }>(
    ex,
    sql`select place, installed_product_id::int from spare_units where enterprise_id = ${enterpriseId} and spare_id = ${u.spareId} and serial = ${u.serialOut} for update`,
  );
  if (old && (old.place !== 2 || (u.productId != null && old.installed_product_id != null && old.installed_product_id !== u.productId)))
    throw invalid(`旧件序列号：${u.serialOut}不是该产品上安装的备件`);
  await ex.execute(sql`insert into spare_units (enterprise_id, spare_id, serial, place, order_id) values (${enterpriseId}, ${u.spareId}, ${u.serialOut}, 3, ${u.orderId})
    on conflict (enterprise_id, spare_id, serial) do update set place = 3, installed_product_id = null, order_id = excluded.order_id, updated_at = now()`);
}

/** Cancel consumption: the new unit goes back to the engineer's stock and the faulty one back onto the product. */
export async function uninstallUnit(
  ex: Executor,
  enterpriseId: number,
  u: { spareId: number; warehouseId: number; serialIn: string; serialOut: string | null; productId: number | null },
): Promise<void> {
  await ex.execute(sql`update spare_units set place = 1, warehouse_id = ${u.warehouseId}, installed_product_id = null, updated_at = now()
    where enterprise_id = ${enterpriseId} and spare_id = ${u.spareId} and serial = ${u.serialIn} and place = 2`);
  if (u.serialOut)
    await ex.execute(sql`update spare_units set place = 2, installed_product_id = ${u.productId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${u.spareId} and serial = ${u.serialOut} and place = 3`);
}

/** An old part's end: refurbished into a warehouse's stock, or scrapped (scrap and local write-off). */
export async function settleOldUnit(ex: Executor, enterpriseId: number, spareId: number, serial: string | null, warehouseId: number | null): Promise<void> {
  if (!serial) return;
  await ex.execute(sql`update spare_units set place = ${warehouseId ? 1 : 4}, warehouse_id = ${warehouseId}, updated_at = now()
    where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = ${serial} and place = 3`);
}

export const unitPlaceName = (place: number): string => SPARE_UNIT_PLACES[place as keyof typeof SPARE_UNIT_PLACES] ?? '';
