// The order pool for one engineer at scale: npx tsx bench/pool.ts. Seeds BENCH_ORDERS (default 1,000,000)
// orders with bench/orders.seed.ts (30 % of 待派单 in the pool), gives the pooled orders areas, coordinates, service
// groups and skill requirements, gives the bench engineer a pool profile (areas, a base with a radius, skills, two
// groups), then prints GET /v2/order/pool/list for the engineer and for the administrator: API p50/p99 next to the
// API's own statements replayed directly (goal: within 1.5×), and the plan of the list statement.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client';
import { captureSql, explain, type MeasuredGet, percentile, printMeasured, replay } from './capture';
import { BENCH_ENGINEER_MOBILE, seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const LIST = '/v2/order/pool/list?pageIndex=0&pageSize=20';
/** Districts of Shanghai; the engineer serves the first four and a 15 km circle around People's Square. */
const DISTRICTS = ['310101', '310104', '310105', '310106', '310107', '310109', '310110', '310112', '310113', '310115'];

/** The pooled orders get places, groups and skills; the engineer a profile and two of the four groups (idempotent). */
async function shapePool(database: Database, ep: number, engineerId: number): Promise<{ pooled: number }> {
  const db = database.db;
  await db.transaction(async (tx) => {
    const have = await rows(tx, sql`select 1 from service_groups where enterprise_id = ${ep} and name = '抢单组1'`);
    if (!have.length) {
      await tx.execute(sql`insert into service_groups (enterprise_id, name) select ${ep}, '抢单组' || g from generate_series(1, 4) g`);
    }
    const groups = (await rows<{ id: number }>(tx, sql`select id from service_groups where enterprise_id = ${ep} and name like '抢单组%' order by name`)).map(
      (g) => Number(g.id),
    );
    const arr = `{${groups.join(',')}}`;
    await tx.execute(sql`update orders o set
        district_code = (${`{${DISTRICTS.join(',')}}`}::text[])[1 + (o.id % 10)::int],
        latitude = 31.0 + (o.id % 97) / 100.0, longitude = 121.0 + (o.id % 89) / 100.0,
        service_group_id = case when o.id % 3 = 0 then null else (${arr}::bigint[])[1 + (o.id % 4)::int] end
      where o.enterprise_id = ${ep} and o.in_pool and o.state = 1 and o.district_code is null`);
    await tx.execute(sql`insert into pool_entries (enterprise_id, order_id, skills)
      select o.enterprise_id, o.id, case when o.id % 5 = 0 then '{空调,高空}'::text[] when o.id % 5 = 1 then '{空调}'::text[] else '{}'::text[] end
      from orders o where o.enterprise_id = ${ep} and o.in_pool and o.state = 1 on conflict do nothing`);
    await tx.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id)
      select ${ep}, g, ${engineerId} from unnest(${arr}::bigint[]) with ordinality as t(g, n) where n <= 2 on conflict do nothing`);
    await tx.execute(sql`insert into pool_profiles (enterprise_id, user_id, area_codes, base_lat, base_lng, radius_m, skills, daily_cap)
      values (${ep}, ${engineerId}, ${`{${DISTRICTS.slice(0, 4).join(',')}}`}::text[], 31.2304, 121.4737, 15000, '{空调}'::text[], 0)
      on conflict (enterprise_id, user_id) do nothing`);
  });
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze pool_entries`);
  const [n] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where enterprise_id = ${ep} and in_pool and state = 1 and deleted_at is null`,
  );
  return { pooled: Number(n?.n) };
}

async function getJson(base: string, p: string, cookie: string) {
  const res = await fetch(`${base}/api${p}`, { headers: { cookie } });
  return (await res.json()) as { success: boolean; message: string; data: { list: unknown[]; count: number } };
}

/** API p50/p99 (autocannon, one connection) and the statements of one call replayed directly. */
async function measure(database: Database, base: string, cookie: string, who: string) {
  const probe = await getJson(base, LIST, cookie);
  if (!probe.success) throw new Error(`${who}: ${probe.message}`);
  for (let i = 0; i < 5; i++) await getJson(base, LIST, cookie);
  const statements = await captureSql(database, async () => {
    await getJson(base, LIST, cookie);
  });
  const r = await autocannon({ url: `${base}/api${LIST}`, connections: 1, duration: SECONDS, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${who}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const times = await replay(database, statements, 1000, SECONDS * 500);
  const main = statements.find((s) => /pool_entries/.test(JSON.stringify(s.args)) && /order by/.test(JSON.stringify(s.args)));
  return {
    endpoint: LIST,
    who,
    answer: `${probe.data.list.length} rows of ${probe.data.count}`,
    apiP50: r.latency.p50,
    apiP99: r.latency.p99,
    sqlP50: percentile(times, 50),
    statements: statements.length,
    plan: main ? await explain(database, main.args as unknown[]) : '',
  };
}

export interface PoolScenario {
  orders: number;
  pooled: number;
  reused: boolean;
  rows: (MeasuredGet & { who: string; answer: string; statements: number; plan: string })[];
}

/** The pool list for one engineer (their eligible part) and for the administrator (the whole pool), at the seeded scale. */
export async function poolScenario(database: Database, base: string, enterpriseId: number): Promise<PoolScenario> {
  const seed = await seedOrders(database.db, enterpriseId, ORDERS, Number(process.env.BENCH_SMALL ?? 2000));
  const { pooled } = await shapePool(database, enterpriseId, seed.engineerId);
  const rows = [
    await measure(database, base, await benchLogin(base, enterpriseId, BENCH_ENGINEER_MOBILE), 'engineer (eligible part)'),
    await measure(database, base, await benchLogin(base, enterpriseId), 'administrator (whole pool)'),
  ];
  return { orders: seed.orders, pooled, reused: seed.reused, rows };
}

export function printPool(s: PoolScenario, plans = process.env.BENCH_PLANS !== '0'): void {
  console.info(`Order pool: ${s.orders} orders in the bench enterprise, ${s.pooled} in the pool${s.reused ? ' (reused)' : ''}`);
  console.info('GET /v2/order/pool/list, first page of 20 (goal: within 1.5× of its own SQL):');
  printMeasured(
    s.rows.map((r) => ({ ...r, endpoint: `${r.who}: ${r.answer}, ${r.statements} statements` })),
    (e) => e,
  );
  if (plans) for (const r of s.rows) if (r.plan) console.info(`\n--- ${r.who}\n${r.plan}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  await withBenchDatabase('pool', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    await withBenchApp(database, async (base) => {
      printPool(await poolScenario(database, base, ep.enterpriseId));
    });
  });
  console.info(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// Runnable alone; bench/run.ts imports poolScenario and printPool.
runAlone(import.meta, main);
