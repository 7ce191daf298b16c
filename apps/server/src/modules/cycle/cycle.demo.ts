// Demo data for cycle plans: two templates and three plans on the demo's installed products (one paused), and the
// orders the job generates for them today (by the same function the job runs), so the plan detail shows its orders.
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { zonedParts } from '../../platform/jobs';
import { insertStateLog } from '../../platform/state';
import { CYCLE_PLAN_STATE } from './cycle.state';
import { generateCycleOrders } from './generate';

async function seedDemoCycle(tx: Tx, ep: number): Promise<void> {
  // Only the enterprise that has the demo month (the one with engineers) gets plans and their orders.
  const [engineer] = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from users where enterprise_id = ${ep} and 2 = any(roles) and deleted_at is null limit 1`,
  );
  if (!engineer) return;
  const [admin] = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${ep} and 3 = any(roles) and deleted_at is null order by id limit 1`,
  );
  const products = await rows<{ id: number; customer_id: number; name: string }>(
    tx,
    sql`select id::int, customer_id::int, name from installed_products where enterprise_id = ${ep} and customer_id is not null
      and purchase_date is not null and install_date is not null order by id limit 3`,
  );
  if (!admin || products.length < 3) return;
  const [seeded] = await rows<{ one: number }>(tx, sql`select 1 as one from cycle_templates where enterprise_id = ${ep} limit 1`);
  if (seeded) return;
  const [e] = await rows<{ time_zone: string }>(tx, sql`select time_zone from enterprises where id = ${ep}`);
  const today = zonedParts(new Date(), e?.time_zone ?? 'Asia/Shanghai').date;
  const [items] = await rows<{ ids: string }>(
    tx,
    sql`select coalesce(array_agg(id order by id), '{}')::text as ids from (select id from service_items where enterprise_id = ${ep} order by id limit 1) s`,
  );
  const [monthly] = await rows<{ id: number }>(
    tx,
    sql`insert into cycle_templates (enterprise_id, name, every, unit, order_title, service_item_ids, checklist, remark, created_by)
      values (${ep}, '空调月度保养', 1, 4, '空调月度保养', ${items?.ids ?? '{}'}::bigint[],
        ${JSON.stringify(['清洗过滤网', '检查冷媒压力', '检查排水管是否通畅', '测试制冷制热效果'])}::jsonb, '夏季前后各加一次深度清洗', ${admin.id}) returning id::int`,
  );
  const [quarterly] = await rows<{ id: number }>(
    tx,
    sql`insert into cycle_templates (enterprise_id, name, every, unit, order_title, checklist, created_by)
      values (${ep}, '设备季度巡检', 3, 4, '季度巡检', ${JSON.stringify(['外观及运行声音检查', '电气连接紧固', '记录运行参数'])}::jsonb, ${admin.id}) returning id::int`,
  );
  if (!monthly || !quarterly) return;
  const plans: [string, number, (typeof products)[number], number, string | null, number | null, number][] = [
    // name, template, product, start type, start date, day of month, state
    [`${products[0]?.name}月度保养`, monthly.id, products[0] as (typeof products)[number], 1, today, Number.parseInt(today.slice(8, 10), 10), 1],
    [`${products[1]?.name}季度巡检`, quarterly.id, products[1] as (typeof products)[number], 3, null, null, 1],
    [`${products[2]?.name}月度保养`, monthly.id, products[2] as (typeof products)[number], 2, null, 15, 2],
  ];
  for (const [name, templateId, p, startType, startDate, day, state] of plans) {
    const [plan] = await rows<{ id: number }>(
      tx,
      sql`insert into cycle_plans (enterprise_id, name, template_id, target_type, installed_product_id, customer_id, start_type, start_date, day_of_period, state, created_by)
        values (${ep}, ${name}, ${templateId}, 1, ${p.id}, ${p.customer_id}, ${startType}, ${startDate}, ${day}, 1, ${admin.id}) returning id::int`,
    );
    if (!plan) continue;
    await insertStateLog(tx, CYCLE_PLAN_STATE, { enterpriseId: ep, id: plan.id, from: null, to: 1, action: 'create', actorId: admin.id });
    if (state === 2) {
      await tx.execute(sql`update cycle_plans set state = 2, version = version + 1 where enterprise_id = ${ep} and id = ${plan.id}`);
      await insertStateLog(tx, CYCLE_PLAN_STATE, {
        enterpriseId: ep,
        id: plan.id,
        from: 1,
        to: 2,
        action: 'pause',
        actorId: admin.id,
        note: '客户停机检修期间暂停',
      });
    }
  }
  await generateCycleOrders(tx as unknown as Db, { enterpriseId: ep });
}

export const cycleDemoStep: DemoStep = {
  name: 'cycle.demo',
  after: [
    'customers',
    'orders.demo',
    'orders.serviceItems',
    'orders.month',
    'visits.demo',
    'knowledge.demo',
    'events.demo',
    'repair.demo',
    'sla.demo',
    'settle.demo',
  ],
  run: seedDemoCycle,
};
