// The pending-assignment desk at 1,000,000 orders: npx tsx bench/dispatch.ts (BENCH_ORDERS sets the scale).
// Seeds the bench enterprise's orders with bench/orders.seed.ts, then prints for each dispatch read its API p50/p99 next
// to the API's own statements replayed directly (bench/capture.ts); the budget is 1.5× (DESIGN.md §8).
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client';
import { captureSql, explain, type MeasuredGet, percentile, printMeasured, replay } from './capture';
import { seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

interface Row extends MeasuredGet {
  statements: number;
  answer: string;
  plan: string;
}

async function getJson(base: string, p: string, cookie: string): Promise<{ success: boolean; message: string; data: unknown }> {
  const res = await fetch(`${base}/api${p}`, { headers: { cookie } });
  const body = (await res.json()) as { success: boolean; message: string; data: unknown };
  return body;
}

const answerOf = (d: unknown): string =>
  Array.isArray(d)
    ? `${d.length} rows`
    : typeof d === 'number'
      ? String(d)
      : (d as { list?: unknown[] })?.list
        ? `${(d as { list: unknown[] }).list.length} rows`
        : 'ok';

async function measure(database: Database, base: string, cookie: string, p: string): Promise<Row> {
  const probe = await getJson(base, p, cookie);
  if (!probe.success) throw new Error(`${p}: ${probe.message}`);
  for (let i = 0; i < 3; i++) await getJson(base, p, cookie);
  const statements = await captureSql(database, async () => {
    await getJson(base, p, cookie);
  });
  const r = await autocannon({ url: `${base}/api${p}`, connections: 1, duration: SECONDS, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const times = await replay(database, statements, 1000, SECONDS * 500);
  const main = statements.find((s) => /from orders o|from users u|dispatch_rules/.test(JSON.stringify(s.args)));
  return {
    endpoint: p,
    apiP50: r.latency.p50,
    apiP99: r.latency.p99,
    sqlP50: percentile(times, 50),
    statements: statements.length,
    answer: answerOf(probe.data),
    plan: main ? await explain(database, main.args as unknown[]) : '',
  };
}

export interface DispatchScenario {
  orders: number;
  pending: number;
  reused: boolean;
  rows: Row[];
}

/** The pending-assignment desk, its counts, the candidates and the default assignee, as the administrator. */
export async function dispatchScenario(database: Database, base: string, enterpriseId: number): Promise<DispatchScenario> {
  const seed = await seedOrders(database.db, enterpriseId, ORDERS, 0);
  const [pending] = await rows<{ n: number; id: number }>(
    database.db,
    sql`select count(*)::int as n, max(id) as id from orders where enterprise_id = ${enterpriseId} and state = 1 and not in_pool and deleted_at is null`,
  );
  const admin = await benchLogin(base, enterpriseId);
  const paths = [
    '/order/unDeliverOrderList?pageIndex=0&pageSize=20',
    '/order/unDeliverOrderList?pageIndex=200&pageSize=20',
    '/order/unDeliverOrderList?pageIndex=0&pageSize=20&priority=3',
    '/order/unDeliverOrderListCount',
    '/order/unDeliverOrderListCount?priority=3',
    '/worker/designateUserList?pageIndex=0&pageSize=20',
    `/order/progress/defaultUser?orderId=${pending?.id}`,
    '/v2/schedule/unassigned?pageIndex=0&pageSize=20',
    '/v2/schedule/unassigned/count',
  ];
  const out: Row[] = [];
  for (const p of paths) out.push(await measure(database, base, admin, p));
  return { orders: seed.orders, pending: Number(pending?.n), reused: seed.reused, rows: out };
}

export function printDispatch(s: DispatchScenario, plans = process.env.BENCH_PLANS !== '0'): void {
  console.info(
    `Dispatch desk at ${s.orders} orders${s.reused ? ' (reused)' : ''}, ${s.pending} pending assignment; API vs its own SQL replayed (budget 1.5×):`,
  );
  printMeasured(
    s.rows.map((r) => ({ ...r, endpoint: `${r.endpoint} → ${r.answer}, ${r.statements} statements` })),
    (e) => e,
  );
  if (plans) for (const r of s.rows) if (r.plan) console.info(`\n--- ${r.endpoint}\n${r.plan}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  await withBenchDatabase('dsp', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    await withBenchApp(database, async (base) => {
      printDispatch(await dispatchScenario(database, base, ep.enterpriseId));
    });
  });
  console.info(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// Runnable alone; bench/run.ts imports dispatchScenario and printDispatch.
runAlone(import.meta, main);
