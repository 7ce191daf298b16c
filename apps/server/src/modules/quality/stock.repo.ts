// The statements of the repair-sent and exchange stock moves (repair.stock.ts holds the rules): the 寄修仓, the
// 寄修品 spare of a model, and the serial units that come in and go out.
import { REPAIR_WAREHOUSE_KIND } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Makes the enterprise's 寄修仓 unless it has one (parallel first uses meet on the unique name). */
export const ensureRepairWarehouse = (ex: Executor, ep: number, name: string) =>
  ex.execute(sql`insert into warehouses (enterprise_id, name, kind) select ${ep}, ${name}, ${REPAIR_WAREHOUSE_KIND}
    where not exists (select 1 from warehouses where enterprise_id = ${ep} and kind = ${REPAIR_WAREHOUSE_KIND})
    on conflict do nothing`);

/** The enterprise's first 寄修仓, if any. */
export async function repairWarehouseId(ex: Executor, ep: number): Promise<number | undefined> {
  const [w] = await rows<{ id: number }>(
    ex,
    sql`select id::int from warehouses where enterprise_id = ${ep} and kind = ${REPAIR_WAREHOUSE_KIND} order by id limit 1`,
  );
  return w?.id;
}

export async function modelName(ex: Executor, ep: number, modelId: number): Promise<string | undefined> {
  const [m] = await rows<{ name: string }>(ex, sql`select name from product_models where enterprise_id = ${ep} and id = ${modelId}`);
  return m?.name;
}

/** Makes the disabled, serial-tracked spare of that code unless it exists; answers its id. */
export async function ensureRepairSpare(ex: Executor, ep: number, code: string, name: string): Promise<number> {
  await ex.execute(sql`insert into spares (enterprise_id, code, name, unit, warranty, serialized, enabled)
    values (${ep}, ${code}, ${name}, '台', false, true, false) on conflict (enterprise_id, code) do nothing`);
  const [s] = await rows<{ id: number }>(ex, sql`select id::int from spares where enterprise_id = ${ep} and code = ${code}`);
  return (s as { id: number }).id;
}

/** Ships out the free unit of that serial in the warehouse; false when it is not there. */
export async function shipUnitFrom(ex: Executor, ep: number, u: { spareId: number; serial: string; warehouseId: number }): Promise<boolean> {
  const gone = await rows<{ one: number }>(
    ex,
    sql`update spare_units set place = 5, warehouse_id = null, updated_at = now()
      where enterprise_id = ${ep} and spare_id = ${u.spareId} and serial = ${u.serial} and place = 1 and warehouse_id = ${u.warehouseId} and doc_id is null
      returning 1 as one`,
  );
  return gone.length > 0;
}

/** Marks the exchange's stock moved, once: its units and model, or undefined when it already was. */
export async function claimExchangeStock(ex: Executor, ep: number, exchangeId: number) {
  const [x] = await rows<{ kind: number; serial_numbers: string[]; replacement_serial: string | null; product_model_id: number | null }>(
    ex,
    sql`update exchange_orders set stock_moved_at = now() where enterprise_id = ${ep} and id = ${exchangeId} and stock_moved_at is null
      returning kind, serial_numbers, replacement_serial, product_model_id`,
  );
  return x;
}

/** Whether the unit of that serial is in the warehouse. */
export async function unitIn(ex: Executor, ep: number, u: { spareId: number; serial: string; warehouseId: number }): Promise<boolean> {
  const here = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from spare_units where enterprise_id = ${ep} and spare_id = ${u.spareId} and serial = ${u.serial} and place = 1 and warehouse_id = ${u.warehouseId}`,
  );
  return here.length > 0;
}

/** Ships out the free unit of that serial from whichever warehouse holds it: that warehouse, or undefined. */
export async function shipUnit(ex: Executor, ep: number, spareId: number, serial: string): Promise<number | undefined> {
  const [out] = await rows<{ warehouse_id: number }>(
    ex,
    sql`with u as (select id, warehouse_id from spare_units where enterprise_id = ${ep} and spare_id = ${spareId} and serial = ${serial}
        and place = 1 and doc_id is null for update)
      update spare_units s set place = 5, warehouse_id = null, updated_at = now() from u where s.enterprise_id = ${ep} and s.id = u.id
      returning u.warehouse_id::int`,
  );
  return out?.warehouse_id;
}
