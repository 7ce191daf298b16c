// Test helpers of the spares area: a spare, a warehouse, and the ledger-versus-stock check.
import { sparesContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Executor, rows } from '../../db/client';
import { spares, warehouses } from '../../db/schema/index';
import type { TestApp } from '../../test/harness';
import { type Team, team } from '../orders/actions.fixtures';

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
  return rows<{ warehouse_id: number; spare_id: number; quantity: number; ledger: number; last_after: number }>(
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

/** Every (warehouse, serial-tracked spare) whose units in the warehouse do not number its stock quantity. */
export async function unitMismatches(ex: Executor, enterpriseId: number) {
  return rows<{ warehouse_id: number; spare_id: number; quantity: number; units: number }>(
    ex,
    sql`select k.warehouse_id::int, k.spare_id::int, k.quantity,
        (select count(*)::int from spare_units n where n.enterprise_id = k.enterprise_id and n.spare_id = k.spare_id and n.place = 1 and n.warehouse_id = k.warehouse_id) as units
      from stocks k join spares s on s.enterprise_id = k.enterprise_id and s.id = k.spare_id and s.serialized
      where k.enterprise_id = ${enterpriseId}
        and k.quantity <> (select count(*) from spare_units n where n.enterprise_id = k.enterprise_id and n.spare_id = k.spare_id and n.place = 1 and n.warehouse_id = k.warehouse_id)`,
  );
}

/** A team with a central warehouse and one spare, created through the API by the keeper. */
export async function stockedTeam(t: TestApp, o: { warranty?: boolean; serialized?: boolean; plan?: 0 | 1 | 2 } = {}) {
  const tm = await team(t, o.plan ?? 1);
  const k = tm.keeper.client;
  const wh = (await k.call(C.warehouseSave, { name: '中心仓', kind: 1 })).data.id as number;
  const spare = (
    await k.call(C.spareSave, {
      code: `P-${Date.now()}-${++seq}`,
      name: '压缩机',
      salePrice: 120.5,
      warranty: o.warranty ?? true,
      serialized: o.serialized ?? false,
    })
  ).data.id as number;
  return { tm, k, wh, spare, serialized: o.serialized ?? false };
}

/** NEW-1 … NEW-n for a serial-tracked spare. */
export const serialsUpTo = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `NEW-${from + i}`);

/**
 * An approved inbound of `quantity` (serials NEW-1 … for a serial-tracked spare, or the ones given): the keeper files it,
 * the administrator approves it (nobody approves a document he filed himself).
 */
export async function inbound(
  s: { k: Team['keeper']['client']; tm: Pick<Team, 'admin'>; wh: number; spare: number; serialized?: boolean },
  quantity: number,
  serials?: string[],
) {
  const id = (
    await s.k.call(C.docSave, {
      kind: 6,
      toWarehouseId: s.wh,
      items: [{ spareId: s.spare, quantity, serials: serials ?? (s.serialized ? serialsUpTo(quantity) : undefined) }],
    })
  ).data.id as number;
  expect((await s.tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
}
