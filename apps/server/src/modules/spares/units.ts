// Units of serial-tracked spares: one row per serial, moved by the same documents and order consumption that move
// the stock quantities (in the same transaction). A document holds its units (doc_id) while it waits, as it reserves
// the quantity; approval moves them; rejection or withdrawal lets them go.
import { type SpareDocKind, SPARE_UNIT_PLACES } from '@sk/shared';
import { sql } from 'drizzle-orm';
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

/** Units arriving from outside (inbound, recycle): created, or brought back from scrapped / shipped / returned. */
export async function receiveUnits(ex: Executor, enterpriseId: number, to: number, spareId: number, serials: string[]): Promise<void> {
  if (!serials.length) return;
  const got = await rows(
    ex,
    sql`insert into spare_units (enterprise_id, spare_id, serial, place, warehouse_id)
      select ${enterpriseId}, ${spareId}, s, 1, ${to} from unnest(${textArray(serials)}) s
      on conflict (enterprise_id, spare_id, serial) do update set place = 1, warehouse_id = excluded.warehouse_id, installed_product_id = null,
        order_id = null, doc_id = null, updated_at = now()
      where spare_units.place not in (1, 2)
      returning 1`,
  );
  if (got.length !== serials.length) await checkNewUnits(ex, enterpriseId, spareId, serials);
}

/** An approved document's held units move: into its to-warehouse, or scrapped (报废单), or shipped out (出库单). */
export async function moveHeldUnits(ex: Executor, enterpriseId: number, docId: number, kind: SpareDocKind, to: number | null): Promise<void> {
  const place = kind === 4 ? 4 : kind === 7 ? 5 : 1;
  await ex.execute(sql`update spare_units set doc_id = null, place = ${place}, warehouse_id = ${place === 1 ? to : null}, updated_at = now()
    where enterprise_id = ${enterpriseId} and doc_id = ${docId}`);
}

/**
 * An outbound order ships a serial-tracked spare: the first free units in the shipping warehouse (by serial) leave it;
 * signing for the order puts them into the applicant's stock.
 */
export async function shipUnits(ex: Executor, enterpriseId: number, goodsOrderId: number, from: number, spareId: number, quantity: number): Promise<void> {
  const [s] = await rows<{ serialized: boolean; name: string }>(ex, sql`select serialized, name from spares where enterprise_id = ${enterpriseId} and id = ${spareId}`);
  if (!s?.serialized) return;
  const shipped = await rows(
    ex,
    sql`update spare_units set place = 5, warehouse_id = null, goods_order_id = ${goodsOrderId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and id in (select id from spare_units where enterprise_id = ${enterpriseId} and spare_id = ${spareId}
        and place = 1 and warehouse_id = ${from} and doc_id is null order by serial limit ${quantity} for update)
      returning 1`,
  );
  if (shipped.length < quantity) throw invalid(`序列号：发货仓库中备件“${s.name}”的在库序列号不足${quantity}个`);
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
  const put = await rows(
    ex,
    sql`update spare_units set place = 2, warehouse_id = null, installed_product_id = ${u.productId}, order_id = ${u.orderId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${u.spareId} and serial = ${u.serialIn} and place = 1 and warehouse_id = ${u.warehouseId} and doc_id is null
      returning 1`,
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
