import { type BodyOf, powersOfRole, quotationContract as Q } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import type { Actor } from '../../platform/actor';
import { act, createQuote } from './quotation.service';
import { todayIn } from './coverage';
import { createExtension } from './warranty.service';

/**
 * The salesperson's (钱销售, 13800000005) commerce (docs/commerce.md), made through the services so the rules show: an
 * extended warranty in force on a lapsed product, and quotations on an in-warranty one (its covered lines at ¥0) —
 * a draft, a sent one, and one the customer declined.
 */
async function seedDemoCommerce(tx: Tx, enterpriseId: number): Promise<void> {
  const [sales] = await rows<{ id: number; time_zone: string }>(
    tx,
    sql`select u.id::int, e.time_zone from users u join enterprises e on e.id = u.enterprise_id
      where u.enterprise_id = ${enterpriseId} and 5 = any(u.roles) and u.provider_id is null order by u.id limit 1`,
  );
  if (!sales) return;
  const a: Actor = { id: sales.id, enterpriseId, sysrole: 5, admin: false, powers: powersOfRole(5), providerId: null, timeZone: sales.time_zone };
  const today = todayIn(a.timeZone);
  const products = await rows<{ id: number; customer_id: number; covered: boolean }>(
    tx,
    sql`select p.id::int, p.customer_id::int, coalesce(p.warranty_end >= ${today}::date, false) as covered from installed_products p
      join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id
      where p.enterprise_id = ${enterpriseId} and c.business_user_id = ${sales.id} order by p.id`,
  );
  const lapsed = products.find((p) => !p.covered);
  let covered = products.find((p) => p.covered);
  if (!covered && products.length > 1) {
    // Every demo product of his has lapsed: the last one was bought this year (a year's warranty left).
    covered = products[products.length - 1];
    if (covered && covered !== lapsed)
      await tx.execute(sql`update installed_products set purchase_date = ${today}::date - 30, install_date = ${today}::date - 25,
        warranty_end = ${today}::date + 340 where enterprise_id = ${enterpriseId} and id = ${covered.id}`);
  }
  const db = tx as unknown as Db;
  // Input as the API would have parsed it (defaults and nulls filled in).
  const quote = (v: unknown) => createQuote(db, a, Q.create.body.parse(v) as BodyOf<typeof Q.create>);
  const step = (v: unknown) => act(db, a, Q.action.body.parse(v) as BodyOf<typeof Q.action>);
  if (lapsed) await createExtension(db, a, { installedProductId: lapsed.id, period: 1, unit: 3, priceCents: 68000, remark: '一年延保（含上门）' });
  if (!covered) return;
  const items = await rows<{ id: number }>(tx, sql`select id::int from service_items where enterprise_id = ${enterpriseId} order by sort, id limit 2`);
  const spares = await rows<{ id: number }>(tx, sql`select id::int from spares where enterprise_id = ${enterpriseId} and enabled order by id limit 3`);
  const [wh] = await rows<{ id: number }>(
    tx,
    sql`select id::int from warehouses where enterprise_id = ${enterpriseId} and kind = 1 and enabled order by id limit 1`,
  );
  if (!items[0] || !spares[0]) return;
  const lines = [
    { kind: 1 as const, itemId: items[0].id, quantity: 1 },
    { kind: 2 as const, itemId: spares[0].id, quantity: 1 },
    { kind: 3 as const, name: '高空作业费', quantity: 1, unitCents: 8000 },
  ];
  const base = { customerId: covered.customer_id, installedProductId: covered.id, warehouseId: wh?.id ?? null, discountCents: 0, lines };
  await quote({ ...base, title: '压缩机更换（草稿）', remark: '待与客户确认上门时间' });
  const sent = await quote({ ...base, title: '压缩机更换', discountCents: 500 });
  await step({ id: sent.id, action: 'send' });
  if (lapsed) {
    const declined = await quote({
      ...base,
      customerId: lapsed.customer_id,
      installedProductId: lapsed.id,
      title: '主控板维修',
      lines: [
        { kind: 1 as const, itemId: (items[1] ?? items[0]).id, quantity: 1 },
        ...(spares[2] ? [{ kind: 2 as const, itemId: spares[2].id, quantity: 1 }] : []),
      ],
    });
    await step({ id: declined.id, action: 'send' });
    await step({ id: declined.id, action: 'reject', note: '客户暂不维修' });
  }
}

export const commerceDemoStep: DemoStep = {
  name: 'commerce.demo',
  after: ['customers', 'org.demo', 'orders.serviceItems', 'spares.demo'],
  run: seedDemoCommerce,
};
