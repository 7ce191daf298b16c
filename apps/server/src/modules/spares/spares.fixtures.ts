// Test helpers of the spares area: a spare, a warehouse, and the ledger-versus-stock check.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { spares, warehouses } from '../../db/schema/index';

let seq = 0;

export async function makeSpare(ex: Executor, enterpriseId: number, o: { name?: string; warranty?: boolean; salePrice?: string } = {}): Promise<number> {
  const n = ++seq;
  const [r] = await ex
    .insert(spares)
    .values({ enterpriseId, code: `SP${process.pid}-${n}`, name: o.name ?? `备件${n}`, warranty: o.warranty ?? true, salePrice: o.salePrice ?? '10.00' })
    .returning({ id: spares.id });
  if (!r) throw new Error('no spare');
  return r.id;
}

export async function makeWarehouse(ex: Executor, enterpriseId: number, o: { name?: string; kind?: number; ownerId?: number } = {}): Promise<number> {
  const n = ++seq;
  const [r] = await ex
    .insert(warehouses)
    .values({ enterpriseId, name: o.name ?? `仓库${n}`, kind: o.kind ?? 1, ownerId: o.ownerId ?? null })
    .returning({ id: warehouses.id });
  if (!r) throw new Error('no warehouse');
  return r.id;
}

/** Every (warehouse, spare) of the enterprise whose ledger does not sum to its stock, or whose rows do not chain. */
export async function ledgerMismatches(ex: Executor, enterpriseId: number) {
  return rows(
    ex,
    sql`select s.warehouse_id, s.spare_id, s.quantity, coalesce(l.total, 0)::int as ledger, coalesce(l.last_after, 0) as last_after
      from stocks s left join (
        select warehouse_id, spare_id, sum(change) as total, (array_agg(after order by id desc))[1] as last_after
        from stock_logs where enterprise_id = ${enterpriseId} group by warehouse_id, spare_id
      ) l using (warehouse_id, spare_id)
      where s.enterprise_id = ${enterpriseId} and (s.quantity <> coalesce(l.total, 0) or s.quantity <> coalesce(l.last_after, 0) or s.quantity < 0)`,
  );
}

export async function quantityOf(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number): Promise<number> {
  const [r] = await rows<{ quantity: number }>(
    ex,
    sql`select quantity from stocks where enterprise_id = ${enterpriseId} and warehouse_id = ${warehouseId} and spare_id = ${spareId}`,
  );
  return r?.quantity ?? 0;
}
