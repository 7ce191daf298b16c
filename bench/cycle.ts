// Cycle plans at scale: npx tsx bench/cycle.ts (or wired into npm run bench as BENCH_CYCLE). Seeds BENCH_CYCLE_PLANS
// (default 100,000) plans on as many installed products in an enterprise of their own ('周期压测企业', provisioned like a
// new one), each due within the horizon, then times one run of the generation job (the function the job runs): the
// orders it created and the time, then a second run (nothing left to make: the scan alone).
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import { generateCycleOrders } from '../apps/server/src/modules/cycle/generate';
import { runProvision } from '../apps/server/src/platform/provision';
// The modules register the order hooks and provisioning steps the job relies on.
import '../apps/server/src/modules/index';
import { runAlone, withBenchDatabase } from './alone';

const PLANS = Number(process.env.BENCH_CYCLE_PLANS ?? 100_000);
const NAME = '周期压测企业';

export interface CycleScenario {
  plans: number;
  seeded: { seconds: number; reused: boolean };
  first: { seconds: number; created: number; failed: number; looked: number };
  second: { seconds: number; created: number };
  orders: number;
}

/** The enterprise, 1,000 customers, PLANS installed products and one plan each (every 30 days, first dates spread over the next 30). */
async function seed(db: Db, n: number): Promise<{ ep: number; seconds: number; reused: boolean }> {
  const t0 = Date.now();
  const [found] = await rows<{ id: number; n: number }>(
    db,
    sql`select e.id, (select count(*)::int from cycle_plans p where p.enterprise_id = e.id) as n from enterprises e where e.name = ${NAME} order by e.id limit 1`,
  );
  if (found && Number(found.n) >= n) return { ep: Number(found.id), seconds: 0, reused: true };
  if (found) await db.execute(sql`delete from enterprises where id = ${found.id}`);
  const [e] = await rows<{ id: number }>(
    db,
    sql`insert into enterprises (name, is_charge_user, package_name, buy_person_num, ep_service_expire_time) values (${NAME}, 1, 'VIP版', 100, now() + interval '365 days') returning id`,
  );
  const ep = Number(e?.id);
  await runProvision(db, ep, 'service');
  const [admin] = await rows<{ id: number }>(
    db,
    sql`insert into users (enterprise_id, mobile, name, roles, sysrole, admin) values (${ep}, '17200000000', '周期压测管理员', '{3}', 3, true) returning id`,
  );
  const by = Number(admin?.id);
  await db.execute(sql`insert into customers (enterprise_id, name, created_by) select ${ep}, '周期客户' || g, ${by} from generate_series(1, 1000) g`);
  const [model] = await rows<{ id: number }>(db, sql`insert into product_models (enterprise_id, name) values (${ep}, '中央空调') returning id`);
  await db.execute(sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, purchase_date, install_date, qr_code, created_by)
    select ${ep}, ${model?.id}, '空调' || g, 'CY-' || g, c.id, current_date - 400, current_date - 390, 'cyq-' || g, ${by}
    from generate_series(1, ${n}) g join lateral (select id from customers where enterprise_id = ${ep} order by id offset (g % 1000) limit 1) c on true`);
  const [tmpl] = await rows<{ id: number }>(
    db,
    sql`insert into cycle_templates (enterprise_id, name, every, unit, checklist, created_by)
      values (${ep}, '空调保养', 30, 3, ${JSON.stringify(['清洗滤网', '检查冷媒压力'])}::jsonb, ${by}) returning id`,
  );
  await db.execute(sql`insert into cycle_plans (enterprise_id, name, template_id, target_type, installed_product_id, customer_id, start_type, start_date, created_by)
    select ${ep}, '保养计划' || ip.id, ${tmpl?.id}, 1, ip.id, ip.customer_id, 1, current_date + (ip.id % 28)::int, ${by}
    from installed_products ip where ip.enterprise_id = ${ep}`);
  // Every first date (weekends moved to Monday) falls inside the horizon.
  await db.execute(sql`insert into system_settings (enterprise_id, code, value) values (${ep}, 'cycle_plan_horizon_days', '40')`);
  await db.execute(sql`analyze`);
  return { ep, seconds: (Date.now() - t0) / 1000, reused: false };
}

export async function cycleScenario(database: Database): Promise<CycleScenario> {
  const db = database.db;
  const s = await seed(db, PLANS);
  // A reused database: start from no generated orders.
  await db.execute(sql`delete from cycle_plan_orders where enterprise_id = ${s.ep}`);
  await db.execute(sql`update cycle_plans set last_due_date = null, last_order_id = null where enterprise_id = ${s.ep}`);
  const t1 = Date.now();
  const first = await generateCycleOrders(db, { enterpriseId: s.ep });
  const firstSeconds = (Date.now() - t1) / 1000;
  const t2 = Date.now();
  const second = await generateCycleOrders(db, { enterpriseId: s.ep });
  const secondSeconds = (Date.now() - t2) / 1000;
  const [o] = await rows<{ n: number }>(db, sql`select count(*)::int as n from cycle_plan_orders where enterprise_id = ${s.ep} and order_id is not null`);
  return {
    plans: PLANS,
    seeded: { seconds: s.seconds, reused: s.reused },
    first: { seconds: firstSeconds, created: first.created, failed: first.failed, looked: first.plans },
    second: { seconds: secondSeconds, created: second.created },
    orders: Number(o?.n),
  };
}

export function printCycle(s: CycleScenario): void {
  console.info(`Cycle plans: ${s.plans} plans (${s.seeded.reused ? 'reused' : `seeded in ${s.seeded.seconds.toFixed(0)} s`})`);
  console.table([
    {
      run: 'first (every plan due)',
      'plans looked at': s.first.looked,
      'orders created': s.first.created,
      failed: s.first.failed,
      seconds: s.first.seconds.toFixed(1),
      'orders/s': (s.first.created / s.first.seconds).toFixed(0),
    },
    { run: 'second (nothing due)', 'plans looked at': 0, 'orders created': s.second.created, failed: 0, seconds: s.second.seconds.toFixed(1), 'orders/s': '—' },
  ]);
  console.info(`  generated orders on record: ${s.orders}`);
}

async function main(): Promise<void> {
  await withBenchDatabase('cycle', async (database) => {
    printCycle(await cycleScenario(database));
  });
}

// Runnable alone (npx tsx bench/cycle.ts); imported by bench/run.ts for cycleScenario/printCycle only.
runAlone(import.meta, main);
