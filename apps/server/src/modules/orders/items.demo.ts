import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';

/** A small demo catalogue: three types and the usual items of each, so the create page has something to pick. */
const DEMO_ITEMS: [type: string, items: [name: string, price: number, unit: string][]][] = [
  [
    '安装类',
    [
      ['上门安装', 120, '次'],
      ['设备调试', 80, '次'],
    ],
  ],
  [
    '维修类',
    [
      ['上门检测', 50, '次'],
      ['故障维修', 150, '次'],
      ['更换配件工时', 60, '小时'],
    ],
  ],
  [
    '保养类',
    [
      ['清洗保养', 100, '台'],
      ['年度巡检', 300, '次'],
    ],
  ],
];

async function seedDemoItems(tx: Tx, enterpriseId: number): Promise<void> {
  for (const [i, [type, items]] of DEMO_ITEMS.entries()) {
    const [t] = await rows<{ id: number }>(
      tx,
      sql`insert into service_item_types (enterprise_id, name, sort) values (${enterpriseId}, ${type}, ${i}) on conflict do nothing returning id`,
    );
    if (!t) continue;
    for (const [j, [name, price, unit]] of items.entries()) {
      await tx.execute(sql`insert into service_items (enterprise_id, type_id, name, price, unit, sort)
        values (${enterpriseId}, ${t.id}, ${name}, ${price}, ${unit}, ${i * 10 + j}) on conflict do nothing`);
    }
  }
}

export const serviceItemsDemoStep: DemoStep = { name: 'orders.serviceItems', run: seedDemoItems };
