import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { postMovement } from './ledger';

/** A small demo stock: two types, five spares, a central warehouse kept by the warehouse keeper and a regional one. */
const DEMO_SPARES: [code: string, name: string, model: string, type: number, price: string, serialized: boolean, stock: number][] = [
  ['BJ-1001', '压缩机', 'QXW-120', 0, '680.00', true, 12],
  ['BJ-1002', '冷凝风扇电机', 'FM-35W', 0, '150.00', false, 30],
  ['BJ-1003', '温控器', 'TC-8', 0, '45.00', false, 6],
  ['BJ-2001', '主控板', 'MB-V3', 1, '320.00', true, 8],
  ['BJ-2002', '电源线', '3×1.5mm²', 1, '25.00', false, 50],
];

async function seedDemoSpares(tx: Tx, enterpriseId: number): Promise<void> {
  const [keeper] = await rows<{ id: number }>(tx, sql`select id::int from users where enterprise_id = ${enterpriseId} and 9 = any(roles) order by id limit 1`);
  const [admin] = await rows<{ id: number }>(tx, sql`select id::int from users where enterprise_id = ${enterpriseId} and admin order by id limit 1`);
  const types: number[] = [];
  for (const [i, name] of ['制冷配件', '电器配件'].entries()) {
    const [t] = await rows<{ id: number }>(
      tx,
      sql`insert into spare_types (enterprise_id, name, sort) values (${enterpriseId}, ${name}, ${i}) on conflict do nothing returning id::int`,
    );
    if (!t) return; // seeded before
    types.push(t.id);
  }
  const [central] = await rows<{ id: number }>(
    tx,
    sql`insert into warehouses (enterprise_id, name, kind, keeper_id) values (${enterpriseId}, '总部中心仓', 1, ${keeper?.id ?? null}) returning id::int`,
  );
  await tx.execute(sql`insert into warehouses (enterprise_id, name, kind, keeper_id) values (${enterpriseId}, '华东分仓', 2, ${keeper?.id ?? null})`);
  for (const [code, name, model, type, price, serialized, stock] of DEMO_SPARES) {
    const [s] = await rows<{ id: number }>(
      tx,
      sql`insert into spares (enterprise_id, code, name, model, type_id, cost_price, sale_price, serialized)
        values (${enterpriseId}, ${code}, ${name}, ${model}, ${types[type] ?? null}, ${price}::numeric * 0.6, ${price}, ${serialized}) returning id::int`,
    );
    if (!central || !s) continue;
    await postMovement(tx, enterpriseId, { warehouseId: central.id, spareId: s.id, change: stock, type: 3, userId: admin?.id ?? null });
    await tx.execute(sql`update stocks set safety = 10 where enterprise_id = ${enterpriseId} and warehouse_id = ${central.id} and spare_id = ${s.id}`);
    // A serial-tracked spare's stock is its units: BJ-1001-001 …
    if (serialized)
      await tx.execute(sql`insert into spare_units (enterprise_id, spare_id, serial, place, warehouse_id)
        select ${enterpriseId}, ${s.id}, ${code} || '-' || lpad(g::text, 3, '0'), 1, ${central.id} from generate_series(1, ${stock}::int) g`);
  }
}

export const sparesDemoStep: DemoStep = { name: 'spares.demo', run: seedDemoSpares };
