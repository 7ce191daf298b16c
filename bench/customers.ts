// The customers list at scale: npx tsx bench/customers.ts (or wired into npm run bench through customerScenario).
// Seeds BENCH_CUSTOMERS (default 200000) customers into the bench enterprise, then prints, per filter of the
// customer list, the API latency next to the same SQL run directly, and the query plan of the list statement.
import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client';
import { captureSql, explain, percentile, replay } from './capture';
import { BENCH_SALES_MOBILE, seedCustomers } from './customers.seed';
import { seedLarge, benchLogin } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

export interface ScenarioRow {
  endpoint: string;
  apiP50: number;
  apiP99: number;
  sqlP50: number;
  statements: number;
  plan: string;
}

async function measure(database: Database, base: string, cookie: string, p: string): Promise<ScenarioRow> {
  const get = async () => {
    const res = await fetch(`${base}/api${p}`, { headers: { cookie } });
    const body = (await res.json()) as { success: boolean; message: string };
    if (!body.success) throw new Error(`${p}: ${body.message}`);
  };
  for (let i = 0; i < 3; i++) await get();
  const statements = await captureSql(database, get);
  const r = await autocannon({ url: `${base}/api${p}`, connections: 1, duration: SECONDS, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const times = await replay(database, statements, 1000, SECONDS * 500);
  // The list statement is the one after the session lookup (and before the tag names).
  const main = statements.find((s) => /from customers c|from \(select \* from customers/i.test(JSON.stringify(s.args)));
  return {
    endpoint: p,
    apiP50: r.latency.p50,
    apiP99: r.latency.p99,
    sqlP50: percentile(times, 50),
    statements: statements.length,
    plan: main ? await explain(database, main.args as unknown[]) : '',
  };
}

/** Every filter of the customer list, one request each, as an administrator and as a salesperson limited to own customers. */
export async function customerScenario(database: Database, base: string, enterpriseId: number): Promise<ScenarioRow[]> {
  const seeded = await seedCustomers(database.db, enterpriseId, CUSTOMERS);
  const admin = await benchLogin(base, enterpriseId);
  const sales = await benchLogin(base, enterpriseId, BENCH_SALES_MOBILE);
  const day = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);
  const list = '/v2/customer/epCustomerList?pageIndex=0&pageSize=20';
  const filters = [
    '',
    `&name=${encodeURIComponent('云帆')}`,
    `&name=${encodeURIComponent('杭州云帆制冷设备有限公司1')}`,
    '&phone=1300001',
    `&linkperson=${encodeURIComponent('张伟')}`,
    '&linkPersonPhone=150000004',
    `&mapName=${encodeURIComponent('西湖区科技路12号')}`,
    `&tagId=${seeded.tagId}`,
    `&businessUserId=${seeded.salesId}`,
    `&serviceGroupId=${seeded.groupId}`,
    `&startCreateTime=${day(30)}&endCreateTime=${day(1)}`,
    '&external_userid=wm1000',
    '&sortType=2',
  ];
  const rows: ScenarioRow[] = [];
  for (const f of filters) rows.push(await measure(database, base, admin, `${list}${f}`));
  rows.push(await measure(database, base, admin, '/v2/customer/customerListCount'));
  rows.push(await measure(database, base, admin, `/v2/customer/customerListCount?name=${encodeURIComponent('云帆')}`));
  rows.push(await measure(database, base, sales, list));
  rows.push(await measure(database, base, sales, '/v2/customer/customerListCount'));
  rows.push(await measure(database, base, admin, `/v2/customer/customerList?keyword=${encodeURIComponent('张伟')}&pageSize=20`));
  return rows;
}

async function main(): Promise<void> {
  const started = Date.now();
  await withBenchDatabase('cus', async (database) => {
    const t0 = Date.now();
    const ep = await seedLarge(database.db, 1000);
    await withBenchApp(database, async (base) => {
      const rows = await customerScenario(database, base, ep.enterpriseId);
      console.info(`${CUSTOMERS} customers ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      console.table(
        rows.map((r) => ({
          endpoint: r.endpoint.replace('/v2/customer/', '').replace('?pageIndex=0&pageSize=20', ''),
          'API p50 ms': r.apiP50.toFixed(2),
          'API p99 ms': r.apiP99.toFixed(2),
          'SQL p50 ms': r.sqlP50.toFixed(2),
          statements: r.statements,
          'API/SQL': (r.apiP50 / r.sqlP50).toFixed(2),
        })),
      );
      if (process.env.BENCH_PLANS !== '0') for (const r of rows) console.info(`\n--- ${decodeURIComponent(r.endpoint)}\n${r.plan}`);
    });
  });
  console.info(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

runAlone(import.meta, main);
