// Work orders at 1,000,000 rows: npx tsx bench/orders.ts (or wired into npm run bench through orderScenario).
// Seeds BENCH_ORDERS (default 1,000,000) orders into the bench enterprise plus a long tail of small enterprises, then
// prints the lists, the ten badge counts, the statistics and the detail (API p50 next to its own SQL), and an
// export of 100,000 orders with the app's peak RSS.
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { createDeps } from '../apps/server/src/platform/create-deps';
import { captureSql, explain, percentile, replay } from './capture';
import type { ScenarioRow } from './customers';
import { type AppProcess, exportUnderLoad, rssLine, startAppProcess } from './load';
import { BENCH_ENGINEER_MOBILE, type OrderSeed, seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';
import { runAlone, withBenchDatabase } from './alone';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

// The list and export parameters of the olist helper's AllOrder (PATHS.md names the paths, not the filters):
// adjust here if the merged list names them differently.
const LIST = '/v2/order/getAllOrderList?pageIndex=0&pageSize=20';
const MY_SCOPE = process.env.BENCH_MY_SCOPE ?? 'scope=mine&tab=all';
const day = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);
const FILTERED = `&states=3,4&startCreateTime=${day(30)}&endCreateTime=${day(0)}&keyword=${encodeURIComponent('空调')}`;
/** Page 5,000 at 20 a page (offset 99,980): far past the 10,000-row window (issue 35: refused with LIST_TOO_DEEP). */
const DEEP = '/v2/order/getAllOrderList?pageIndex=4999&pageSize=20';
/** A keyword over all time matching far more than the window (issue 36: its capped count was the slow path). */
const BROAD = `${LIST}&keyword=${encodeURIComponent('空调')}`;
/** The unfiltered count and a count by state (issue 35: read the table; now the maintained totals). */
const COUNTS = ['/v2/order/getOrderListCount', '/v2/order/getOrderListCount?states=3,4'];

/** The ten badge calls of the shell, exactly as the menu asks for them. */
export const TEN_BADGES = [
  '/v2/order/getAllAcceptanceCount?dataType=1',
  '/order/unDeliverOrderListCount',
  '/v2/order/getAbnormalOrderCount?type=0',
  '/v2/order/getAllVisitCount?dataType=0',
  '/v2/order/getOrderListCount?orderDue=0',
  '/v2/order/examineOrderCount?type=-1',
  '/v2/order/getOrderListCount?is_grab=1',
  '/v2/event/getUnDeliverEventListCount?sortType=1',
  '/v2/event/getPrincipalEventListCount?sortType=1&processStates=0,1&close_state=0',
  '/spare/data/personalApprovalList?state=1&model=1&audit_state=0&types=1,2',
];

/** A bench row with the answer it got (rows, a count). */
export interface OrderRow extends ScenarioRow {
  answer: string;
}

async function getJson(base: string, p: string, cookie: string): Promise<{ status: number; success: boolean; message: string; data: unknown }> {
  const res = await fetch(`${base}/api${p}`, { headers: { cookie } });
  const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { success: boolean; message: string; data: unknown }) : null;
  return { status: res.status, success: !!body?.success, message: body?.message ?? `HTTP ${res.status}`, data: body?.data };
}

/** A short view of the answer: a number, or the list's count and rows. */
function answerOf(data: unknown): string {
  if (typeof data === 'number') return String(data);
  const d = data as { list?: unknown[]; count?: number; total?: number } | null;
  if (d && Array.isArray(d.list)) return `${d.list.length} rows of ${d.count ?? '?'}`;
  if (d && typeof d.total === 'number') return `total ${d.total}`;
  return Array.isArray(data) ? `${data.length} items` : 'ok';
}

/** API p50/p99 by autocannon, then the statements of one call replayed directly; a path not built yet is reported, not fatal. */
async function measure(database: Database, base: string, cookie: string, p: string, planOf?: RegExp): Promise<OrderRow> {
  const probe = await getJson(base, p, cookie);
  if (!probe.success)
    return { endpoint: p, apiP50: Number.NaN, apiP99: Number.NaN, sqlP50: Number.NaN, statements: 0, answer: `not measured: ${probe.message}`, plan: '' };
  for (let i = 0; i < 3; i++) await getJson(base, p, cookie);
  const statements = await captureSql(database, async () => {
    await getJson(base, p, cookie);
  });
  const r = await autocannon({ url: `${base}/api${p}`, connections: 1, duration: SECONDS, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const times = await replay(database, statements, 1000, SECONDS * 500);
  const main = planOf ? statements.find((s) => planOf.test(JSON.stringify(s.args))) : undefined;
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

export interface BadgeRound {
  /** The ten calls one after another, and all ten at once as the shell sends them: wall time per round. */
  sequentialP50: number;
  parallelP50: number;
  /** The ten calls' statements replayed directly, one after another; and only the count statements (no session lookups). */
  sqlP50: number;
  countsSqlP50: number;
  rounds: number;
}

/** The ten badge counts together, as the shell asks for them after a page load. */
async function badgeRounds(database: Database, base: string, cookie: string): Promise<BadgeRound> {
  const one = async (p: string) => {
    const r = await getJson(base, p, cookie);
    if (!r.success) throw new Error(`${p}: ${r.message}`);
  };
  const seq = async () => {
    for (const p of TEN_BADGES) await one(p);
  };
  const par = async () => {
    await Promise.all(TEN_BADGES.map(one));
  };
  for (let i = 0; i < 3; i++) await seq();
  const timed = async (fn: () => Promise<void>) => {
    const out: number[] = [];
    for (let i = 0, stop = Date.now() + SECONDS * 1000; i < 200 && Date.now() < stop; i++) {
      const t0 = performance.now();
      await fn();
      out.push(performance.now() - t0);
    }
    return out;
  };
  const s = await timed(seq);
  const p = await timed(par);
  const statements = await captureSql(database, seq);
  const sqlTimes = await replay(database, statements, 200, SECONDS * 1000);
  const countTimes = await replay(
    database,
    statements.filter((x) => /from orders o/.test(JSON.stringify(x.args))),
    200,
    SECONDS * 1000,
  );
  return {
    sequentialP50: percentile(s, 50),
    parallelP50: percentile(p, 50),
    sqlP50: percentile(sqlTimes, 50),
    countsSqlP50: percentile(countTimes, 50),
    rounds: s.length,
  };
}

export interface OrderScenario {
  seed: OrderSeed;
  lists: OrderRow[];
  badges: OrderRow[];
  round: BadgeRound;
  other: OrderRow[];
  /** A deep page asked for the first time (ms), and the page after it. */
  deep: { cold: number; next: number };
  before: { label: string; p50: number }[];
}

/** Seeds the orders and measures everything but the export (which wants the app as its own process: orderExport). */
export async function orderScenario(database: Database, base: string, enterpriseId: number): Promise<OrderScenario> {
  const seed = await seedOrders(database.db, enterpriseId, ORDERS);
  const admin = await benchLogin(base, enterpriseId);
  const engineer = await benchLogin(base, enterpriseId, BENCH_ENGINEER_MOBILE);
  const listPlan = /from orders|from "orders"/i;
  // A deep page never asked before (no mark: it skips once, marking its way), then the next one (from its mark).
  const coldDeep = await timedOnce(base, admin, DEEP.replace('4999', '4900'));
  const nextDeep = await timedOnce(base, admin, DEEP.replace('4999', '4901'));
  const lists = [
    await measure(database, base, admin, LIST, listPlan),
    await measure(database, base, admin, `${LIST}${FILTERED}`, listPlan),
    await measure(database, base, engineer, `${LIST}&${MY_SCOPE}`, listPlan),
    await measure(database, base, admin, DEEP, listPlan),
    await measure(database, base, admin, BROAD, listPlan),
  ];
  for (const p of COUNTS) lists.push(await measure(database, base, admin, p, /order_state_counts|from orders o/));
  const before = await beforeStatements(database, enterpriseId);
  const badges: OrderRow[] = [];
  for (const p of TEN_BADGES) badges.push(await measure(database, base, admin, p, /from orders o/));
  const round = await badgeRounds(database, base, admin);
  const other = [
    await measure(database, base, admin, '/v2/menu/mobile/getCount'),
    await measure(database, base, admin, '/v2/report/statusStatistics', /from orders o/),
    await measure(database, base, admin, `/v2/report/statusStatistics?startTime=${day(30)}`, /from orders o/),
    await measure(database, base, engineer, '/v2/report/statusStatistics', /from orders o/),
    await measure(database, base, admin, `/order/orderDetail?orderId=${seed.orderId}`),
  ];
  return { seed, lists, badges, round, other, deep: { cold: coldDeep, next: nextDeep }, before };
}

/** One request's wall time, in ms (a deep page asked for the first time cannot be repeated). */
async function timedOnce(base: string, cookie: string, p: string): Promise<number> {
  const t0 = performance.now();
  const r = await getJson(base, p, cookie);
  if (!r.success) throw new Error(`${p}: ${r.message}`);
  return performance.now() - t0;
}

/**
 * The statements the counts and the deep page used before the totals and the seek (issue 35), timed on the same rows:
 * the exact count of all orders, of two states, and page 5,000 by OFFSET.
 */
async function beforeStatements(database: Database, ep: number): Promise<{ label: string; p50: number }[]> {
  const { sql } = await import('drizzle-orm');
  const time = async (label: string, q: ReturnType<typeof sql>) => {
    const out: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      await database.db.execute(q);
      out.push(performance.now() - t0);
    }
    return { label, p50: percentile(out, 50) };
  };
  return [
    await time('count of all orders (count(*))', sql`select count(*)::int from orders o where o.enterprise_id = ${ep} and o.deleted_at is null`),
    await time(
      'count of states 3,4 (count(*))',
      sql`select count(*)::int from orders o where o.enterprise_id = ${ep} and o.deleted_at is null and o.state in (3, 4)`,
    ),
    await time(
      'the totals (sum of order_state_counts)',
      sql`select state, invalid, in_pool, abnormal_kind, sum(n) from order_state_counts where enterprise_id = ${ep} group by 1, 2, 3, 4`,
    ),
    await time(
      'page 5,000 ids by OFFSET 99,980',
      sql`select o.id from orders o where o.enterprise_id = ${ep} and o.deleted_at is null order by o.created_at desc, o.id desc limit 20 offset 99980`,
    ),
  ];
}

const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(2));

export function printOrders(s: OrderScenario, plans = process.env.BENCH_PLANS !== '0'): void {
  const { seed } = s;
  console.info(
    `Orders: ${seed.orders} in the bench enterprise ${seed.reused ? '(reused)' : `seeded in ${seed.seconds.toFixed(0)} s`}, plus the small enterprises' long tail`,
  );
  const table = (rows: OrderRow[]) =>
    console.table(
      rows.map((r) => ({
        endpoint: decodeURIComponent(r.endpoint).slice(0, 90),
        answer: r.answer.slice(0, 60),
        'API p50 ms': ms(r.apiP50),
        'API p99 ms': ms(r.apiP99),
        'SQL p50 ms': ms(r.sqlP50),
        statements: r.statements,
        'API/SQL': Number.isNaN(r.apiP50) ? '-' : (r.apiP50 / r.sqlP50).toFixed(2),
      })),
    );
  console.info('Order lists (goal: p50 under 50 ms and within 1.5× of their own SQL):');
  table(s.lists);
  console.info('The ten badge counts, each:');
  table(s.badges);
  const r = s.round;
  console.info(
    `The ten badges together (goal: under 30 ms): one after another p50 ${ms(r.sequentialP50)} ms, all at once (as the shell) p50 ${ms(r.parallelP50)} ms, ` +
      `their SQL replayed ${ms(r.sqlP50)} ms, of which the count statements alone ${ms(r.countsSqlP50)} ms (${r.rounds} rounds)`,
  );
  console.info('Shell counts, statistics and the order detail:');
  table(s.other);
  console.info(`Page 4,900 asked for the first time (no mark: skips once): ${ms(s.deep.cold)} ms; page 4,901 right after it: ${ms(s.deep.next)} ms`);
  console.info('The statements before the totals and the seek, on the same rows (SQL p50):');
  console.table(s.before.map((b) => ({ statement: b.label, 'SQL p50 ms': ms(b.p50) })));
  if (plans) for (const row of [...s.lists, ...s.badges, ...s.other]) if (row.plan) console.info(`\n--- ${decodeURIComponent(row.endpoint)}\n${row.plan}`);
}

/** Export of the newest 100,000 orders through the download centre on the app as its own process: time and RSS. */
export async function orderExport(proc: AppProcess, enterpriseId: number, seed: OrderSeed): Promise<void> {
  const cookie = await benchLogin(proc.base, enterpriseId);
  // Body: the list's filters (olist's export of kind 'order'); the creation range selects the newest 100,000.
  const body = JSON.stringify({ startCreateTime: seed.newest100k });
  try {
    const e = await exportUnderLoad(proc, cookie, '/export/order', 100_000, body);
    console.info(`Export of the newest 100,000 orders: ${e.seconds.toFixed(1)} s; ${rssLine(e)}`);
    console.info(`  session info during the export (4 connections): p50 ${e.infoP50.toFixed(1)} ms, p99 ${e.infoP99.toFixed(1)} ms`);
  } catch (err) {
    console.info(`Export of 100,000 orders not measured: ${(err as Error).message}`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  await withBenchDatabase('ord', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    // A few bench users make a crowd's requests: the rate limits (docs/api.md) are raised, their cost stays.
    const config = loadConfig({ RATE_LIMIT_SCALE: '1000', ...process.env, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn' });
    const app = await buildApp(createDeps(config, database));
    const base = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
    let seed: OrderSeed;
    try {
      const s = await orderScenario(database, base, ep.enterpriseId);
      seed = s.seed;
      printOrders(s);
    } finally {
      await app.close();
    }
    if (process.env.BENCH_EXPORT !== '0') {
      const proc = await startAppProcess(database.url);
      try {
        await orderExport(proc, ep.enterpriseId, seed);
      } finally {
        await proc.stop();
      }
    }
  });
  console.info(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

runAlone(import.meta, main);
