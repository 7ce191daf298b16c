// Lists at scale: npx tsx bench/lists.ts (or through npm run bench, listScenario).
// Seeds BENCH_LIST_CUSTOMERS (default 1,000,000) customers into the bench enterprise and prints, for the customer
// list and the user list: the first page against a deep page (API p50 next to its own SQL), then the count
// statements alone, unfiltered and filtered.
import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client';
import { snapshotsSettled } from '../apps/server/src/platform/list.snapshot';
import { captureSql, percentile, replay } from './capture';
import { seedCustomers } from './customers.seed';
import { seedLarge, benchLogin } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const CUSTOMERS = Number(process.env.BENCH_LIST_CUSTOMERS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

export interface ListRow {
  what: string;
  apiP50: number;
  sqlP50: number;
  countP50: number;
  answer: string;
}

const isCount = (s: { args: unknown[] }) => /count\(/i.test(JSON.stringify(s.args[0]));

/** API p50 (autocannon, one connection), the p50 of its statements replayed directly, and of its count statements alone. */
async function measure(database: Database, base: string, cookie: string, what: string, p: string): Promise<ListRow> {
  let answer = '';
  const get = async () => {
    const res = await fetch(`${base}/api${p}`, { headers: { cookie } });
    const body = (await res.json()) as { success: boolean; message: string; data: unknown };
    const d = body.data as { list?: unknown[]; count?: number } | number | unknown[];
    answer = !body.success
      ? `fail: ${body.message}`
      : typeof d === 'number'
        ? `count ${d}`
        : Array.isArray(d)
          ? `${d.length} rows`
          : `${d.list?.length} rows, count ${d.count}`;
  };
  for (let i = 0; i < 3; i++) await get();
  const statements = await captureSql(database, get);
  const r = await autocannon({ url: `${base}/api${p}`, connections: 1, duration: SECONDS, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const all = await replay(database, statements, 1000, SECONDS * 500);
  const counts = statements.filter(isCount);
  const countTimes = counts.length ? await replay(database, counts, 1000, SECONDS * 500) : [];
  return { what, apiP50: r.latency.p50, sqlP50: percentile(all, 50), countP50: percentile(countTimes, 50), answer };
}

/** Customer list and user list: first page, deep page, filters and counts. */
export async function listScenario(database: Database, base: string, enterpriseId: number): Promise<ListRow[]> {
  const t0 = Date.now();
  const seeded = await seedCustomers(database.db, enterpriseId, CUSTOMERS);
  // Autovacuum would do this after a bulk load; the bench does not wait for it.
  await database.db.execute('vacuum analyze customers' as never);
  await database.db.execute('vacuum analyze users' as never);
  console.info(`${seeded.customers} customers ${seeded.reused ? 'reused' : `seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`}`);
  const cookie = await benchLogin(base, enterpriseId);
  const c = '/v2/customer/epCustomerList?pageSize=20';
  const u = '/v2/user/list?pageSize=20';
  const name = encodeURIComponent('云帆');
  const cases: [string, string][] = [
    ['customers first page', `${c}&pageIndex=0`],
    ['customers page 500 (rows 9,981–10,000)', `${c}&pageIndex=499`],
    ['customers page 20,000', `${c}&pageIndex=19999`],
    ['customers first page, oldest first', `${c}&pageIndex=0&sortType=2`],
    ['customers page 500, oldest first', `${c}&pageIndex=499&sortType=2`],
    ['customers name=云帆 first page', `${c}&pageIndex=0&name=${name}`],
    ['customers name=云帆 page 500', `${c}&pageIndex=499&name=${name}`],
    ['customers salesperson first page', `${c}&pageIndex=0&businessUserId=${seeded.salesId}`],
    ['customers salesperson page 500', `${c}&pageIndex=499&businessUserId=${seeded.salesId}`],
    ['customerListCount', '/v2/customer/customerListCount'],
    ['customerListCount name=云帆', `/v2/customer/customerListCount?name=${name}`],
    ['customerListCount phone=1300001', '/v2/customer/customerListCount?phone=1300001'],
    ['customerListCount salesperson', `/v2/customer/customerListCount?businessUserId=${seeded.salesId}`],
    ['users first page', `${u}&pageIndex=0`],
    ['users page 500', `${u}&pageIndex=499`],
    ['users page 5,000', `${u}&pageIndex=4999`],
    ['users keyword=员工1234 (name)', `${u}&pageIndex=0&keyword=${encodeURIComponent('员工1234')}`],
    ['users keyword=1700001 (mobile)', `${u}&pageIndex=0&keyword=1700001`],
    ['users keyword=工99 (name, rare)', `${u}&pageIndex=0&keyword=${encodeURIComponent('工99')}`],
    ['users role=2', `${u}&pageIndex=0&role=2`],
    ['users role=2 page 500', `${u}&pageIndex=499&role=2`],
  ];
  const rows: ListRow[] = [];
  for (const [what, p] of cases) rows.push(await measure(database, base, cookie, what, p));
  // Each try below is a search not seen before (a different, still all-matching creation end), so no snapshot helps.
  const variant = (i: number) => `${c}&name=${name}&endCreateTime=2099-01-${String(10 + i).padStart(2, '0')}`;
  rows.push(
    await jumps('customers name=云帆 page 500, sent as its first page answers', base, cookie, (i) => [
      `${variant(i)}&pageIndex=0`,
      `${variant(i)}&pageIndex=499`,
    ]),
  );
  rows.push(await jumps('customers name=云帆 page 500 with no first page (walks)', base, cookie, (i) => [`${variant(i + 10)}&pageIndex=499`]));
  return rows;
}

/** API p50 of the last request of each try, its requests sent one after another, every snapshot built before the next try. */
async function jumps(what: string, base: string, cookie: string, tryOf: (i: number) => string[]): Promise<ListRow> {
  const times: number[] = [];
  let answer = '';
  for (let i = 0; i < 10; i++) {
    const paths = tryOf(i);
    for (const [k, p] of paths.entries()) {
      const t0 = performance.now();
      const body = (await (await fetch(`${base}/api${p}`, { headers: { cookie } })).json()) as { success: boolean; message: string; data: unknown[] };
      if (k === paths.length - 1) times.push(performance.now() - t0);
      answer = body.success ? `${body.data.length} rows` : `fail: ${body.message}`;
    }
    await snapshotsSettled();
  }
  return { what, apiP50: percentile(times, 50), sqlP50: Number.NaN, countP50: Number.NaN, answer };
}

export function printLists(rows: ListRow[]): void {
  console.table(
    rows.map((r) => ({
      list: r.what,
      'API p50 ms': r.apiP50.toFixed(2),
      'SQL p50 ms': Number.isNaN(r.sqlP50) ? '' : r.sqlP50.toFixed(2),
      'count SQL p50 ms': Number.isNaN(r.countP50) ? '' : r.countP50.toFixed(2),
      answer: r.answer,
    })),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  await withBenchDatabase('lists', async (database) => {
    const ep = await seedLarge(database.db, USERS);
    await withBenchApp(database, async (base) => {
      printLists(await listScenario(database, base, ep.enterpriseId));
    });
  });
  console.info(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

runAlone(import.meta, main);
