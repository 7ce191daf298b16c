// The serial units' statements (spare_units): what units.ts, which checks and moves units beside the stock, runs. Typed rows.
import { UNIT_LOST_IN_COUNT } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { textArray } from '../../platform/sql';

/** The serial-tracked spares among `ids` (id and name). */
export const trackedSpares = (ex: Executor, enterpriseId: number, ids: number[]) =>
  rows<{ id: number; name: string }>(
    ex,
    sql`select id::int, name from spares where enterprise_id = ${enterpriseId} and serialized and id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );

/** The document holds those of the serials that are free in its from-warehouse; the serials held. */
export const holdUnitRows = (ex: Executor, enterpriseId: number, docId: number, from: number, spareId: number, serials: string[]) =>
  rows<{ serial: string }>(
    ex,
    sql`update spare_units set doc_id = ${docId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(serials)}) and place = 1 and warehouse_id = ${from} and doc_id is null
      returning serial`,
  );

export const freeUnitRows = (ex: Executor, enterpriseId: number, docId: number) =>
  ex.execute(sql`update spare_units set doc_id = null, updated_at = now() where enterprise_id = ${enterpriseId} and doc_id = ${docId}`);

/** Those of the serials in stock or installed. */
export const unitsInUse = (ex: Executor, enterpriseId: number, spareId: number, serials: string[]) =>
  rows<{ serial: string }>(
    ex,
    sql`select serial from spare_units where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(serials)}) and place in (1, 2)`,
  );

/**
 * Puts serials into a warehouse: new ones are created, known ones come back only from the places `comesBackFrom`
 * allows (the others stay where they are). Answers how many were placed.
 */
export async function intoWarehouse(
  ex: Executor,
  enterpriseId: number,
  spareId: number,
  warehouseId: number,
  serials: string[],
  comesBackFrom: SQL,
): Promise<number> {
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

/** Units known elsewhere that an arrival from outside brings back: scrapped, returned or shipped ones. */
export const comesBackFromOutside = sql`spare_units.place not in (1, 2)`;

/** Units known elsewhere that a count brings back: those lost in an earlier count. */
export const comesBackFromCount = sql`spare_units.place = ${UNIT_LOST_IN_COUNT}`;

/** The document's held units go to the place (and warehouse, for 1) and are no longer held. */
export const placeHeldUnits = (ex: Executor, enterpriseId: number, docId: number, place: number, warehouseId: number | null) =>
  ex.execute(sql`update spare_units set doc_id = null, place = ${place}, warehouse_id = ${warehouseId}, updated_at = now()
    where enterprise_id = ${enterpriseId} and doc_id = ${docId}`);

/** Those of the serials free in the shipping warehouse leave it for the outbound order; the serials shipped. */
export const shipUnitRows = (ex: Executor, enterpriseId: number, goodsOrderId: number, from: number, spareId: number, serials: string[]) =>
  rows<{ serial: string }>(
    ex,
    sql`update spare_units set place = 5, warehouse_id = null, goods_order_id = ${goodsOrderId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(serials)}) and place = 1 and warehouse_id = ${from} and doc_id is null
      returning serial`,
  );

/** The units of a spare in one warehouse (a picker: what a count finds, what a document or an outbound order may take). */
export async function unitsIn(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number) {
  return rows<{ serial: string; held: boolean }>(
    ex,
    sql`select serial, doc_id is not null as held from spare_units
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and place = 1 and warehouse_id = ${warehouseId} order by serial limit 1000`,
  );
}

export interface KnownUnit {
  serial: string;
  place: number;
  warehouseId: number | null;
  warehouse: string | null;
  held: boolean;
}

/** The units recorded in the warehouse and those of the serials found, wherever they are (`lock`: FOR UPDATE). */
export async function knownForCount(
  ex: Executor,
  enterpriseId: number,
  warehouseId: number,
  spareId: number,
  found: string[],
  lock: boolean,
): Promise<KnownUnit[]> {
  return rows<KnownUnit>(
    ex,
    sql`select n.serial, n.place, n.warehouse_id::int as "warehouseId", w.name as warehouse, n.doc_id is not null as held
      from spare_units n left join warehouses w on w.enterprise_id = n.enterprise_id and w.id = n.warehouse_id
      where n.enterprise_id = ${enterpriseId} and n.spare_id = ${spareId}
        and ((n.place = 1 and n.warehouse_id = ${warehouseId}) or n.serial = any(${textArray(found)}))
      order by n.serial ${lock ? sql`for update of n` : sql``}`,
  );
}

/** The serials leave the warehouse as lost in a count (盘亏). */
export const loseUnits = (ex: Executor, enterpriseId: number, spareId: number, serials: string[]) =>
  ex.execute(sql`update spare_units set place = ${UNIT_LOST_IN_COUNT}, warehouse_id = null, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = any(${textArray(serials)})`);

/** The outbound order's shipped units arrive in the applicant's stock. */
export const signUnitRows = (ex: Executor, enterpriseId: number, goodsOrderId: number, to: number) =>
  ex.execute(sql`update spare_units set place = 1, warehouse_id = ${to}, goods_order_id = null, updated_at = now()
    where enterprise_id = ${enterpriseId} and goods_order_id = ${goodsOrderId} and place = 5`);

/** The new unit leaves the engineer's free stock for the product; false: it is not there (or held). */
export async function installNewUnit(
  ex: Executor,
  enterpriseId: number,
  u: { spareId: number; warehouseId: number; serialIn: string; orderId: number; productId: number | null },
): Promise<boolean> {
  const put = await rows<{ one: number }>(
    ex,
    sql`update spare_units set place = 2, warehouse_id = null, installed_product_id = ${u.productId}, order_id = ${u.orderId}, updated_at = now()
      where enterprise_id = ${enterpriseId} and spare_id = ${u.spareId} and serial = ${u.serialIn} and place = 1 and warehouse_id = ${u.warehouseId} and doc_id is null
      returning 1 as one`,
  );
  return put.length > 0;
}

/** A unit by its serial, locked. */
export async function lockUnit(ex: Executor, enterpriseId: number, spareId: number, serial: string) {
  const [old] = await rows<{ place: number; installed_product_id: number | null }>(
    ex,
    sql`select place, installed_product_id::int from spare_units where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = ${serial} for update`,
  );
  return old;
}

/** The faulty unit comes out of the product as an old part (made when it was never tracked). */
export const takeOutOldUnit = (ex: Executor, enterpriseId: number, spareId: number, serial: string, orderId: number) =>
  ex.execute(sql`insert into spare_units (enterprise_id, spare_id, serial, place, order_id) values (${enterpriseId}, ${spareId}, ${serial}, 3, ${orderId})
    on conflict (enterprise_id, spare_id, serial) do update set place = 3, installed_product_id = null, order_id = excluded.order_id, updated_at = now()`);

/** A cancelled use: the new unit back into the engineer's stock, the faulty one (if named) back onto the product. */
export async function uninstallRows(
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

/** An old part refurbished into the warehouse (or scrapped, without one). */
export const settleOldUnitRow = (ex: Executor, enterpriseId: number, spareId: number, serial: string, warehouseId: number | null) =>
  ex.execute(sql`update spare_units set place = ${warehouseId ? 1 : 4}, warehouse_id = ${warehouseId}, updated_at = now()
    where enterprise_id = ${enterpriseId} and spare_id = ${spareId} and serial = ${serial} and place = 3`);
