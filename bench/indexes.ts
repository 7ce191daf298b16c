// Which index on orders each real query uses: npx tsx bench/indexes.ts (BENCH_DATABASE_URL, or a fresh embedded
// server; seeds BENCH_ORDERS, default 1,000,000, reused when present). Prints every index on orders with its size
// (as \di+), then sends each list filter, sort and scope of AllOrder, the badges, the counts, the statistics, the desk,
// the pool and the detail through the app, EXPLAINs (ANALYZE) each statement they sent that reads orders, and prints
// which indexes the plans used and which none did. An index no plan uses is a candidate to drop, unless a foreign key,
// a uniqueness or a query this list misses needs it (bench/README.md, "Indexes on orders", keeps the reasons).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { rows } from '../apps/server/src/db/client';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';
import { captureSql, explain } from './capture';
import { TEN_BADGES } from './orders';
import { BENCH_ENGINEER_MOBILE, seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const day = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);

export interface IndexRow {
  name: string;
  size: string;
  bytes: number;
  def: string;
}

/** The indexes on orders with their sizes, largest first. */
export async function orderIndexes(database: Database): Promise<IndexRow[]> {
  return rows<IndexRow>(
    database.db,
    sql`select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size, pg_relation_size(c.oid)::bigint as bytes,
          pg_get_indexdef(c.oid) as def
        from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'orders'::regclass order by pg_relation_size(c.oid) desc`,
  );
}

/** The list paths of AllOrder (each filter, sort and scope), the badges, counts, statistics, desk, pool and detail. */
function paths(ids: { engineer: number; admin: number; template: number; customer: number; order: number }): string[] {
  const l = '/v2/order/getAllOrderList?pageIndex=0&pageSize=20';
  const range = (a: string, b: string) => `&${a}=${day(30)}&${b}=${day(0)}`;
  const lists = [
    '',
    '&keyword=%E7%A9%BA%E8%B0%83',
    `&keyword=%E7%A9%BA%E8%B0%83${range('startCreateTime', 'endCreateTime')}`,
    '&states=3,4',
    '&orderState=1',
    `&orderType=${ids.template}`,
    '&priority=3',
    '&source=1',
    range('startCreateTime', 'endCreateTime'),
    range('startApplyTime', 'endApplyTime'),
    range('startFinishTime', 'endFinishTime'),
    range('startDispatchTime', 'endDispatchTime'),
    range('takeStart', 'takeEnd'),
    range('startCreateExamineTime', 'endCreateExamineTime'),
    range('startCompleteExamineTime', 'endCompleteExamineTime'),
    range('startReceiptExamineTime', 'endReceiptExamineTime'),
    range('startCollectionExamineTime', 'endCollectionExamineTime'),
    `&servicePersonalId=${ids.engineer}`,
    `&dispatchUserId=${ids.admin}`,
    `&take_order_user_id=${ids.engineer}`,
    `&take_user_id=${ids.admin}`,
    `&create_examine_operator_id=${ids.admin}`,
    `&complete_examine_operator_id=${ids.admin}`,
    '&placeState=1',
    '&examineType=3',
    '&examineResult=0',
    '&serviceGroupId=1',
    '&fk_t_production_id=1',
    '&receive_payment_ids=1',
    `&customerId=${ids.customer}`,
    '&customPhone=1380',
    '&isCreateReceipt=1',
    '&isServiceSettlement=1',
    '&evaluateState=1',
    '&orderExceed=1',
    '&sortType=2',
    '&sortType=3',
    '&sortType=4',
    '&scope=acceptance',
    '&scope=abnormal',
    '&scope=due',
    '&scope=examine',
    '&scope=rubbish',
  ].map((q) => `${l}${q}`);
  return [
    ...lists,
    ...TEN_BADGES,
    '/v2/order/getOrderListCount',
    '/v2/order/getOrderListCount?states=5',
    '/v2/menu/mobile/getCount',
    '/v2/report/statusStatistics',
    `/v2/report/statusStatistics?startTime=${day(30)}`,
    '/order/unDeliverOrderList?pageIndex=0&pageSize=20',
    '/v2/order/pool/list?pageIndex=0&pageSize=20',
    '/v2/schedule/unassigned',
    `/order/orderDetail?orderId=${ids.order}`,
  ];
}

export interface IndexUse {
  /** Index name → the paths whose plans used it. */
  used: Map<string, string[]>;
  /** Paths the app refused (not measured). */
  refused: string[];
  /** Path → the summed "Execution Time" of its statements on orders (EXPLAIN ANALYZE), as the administrator. */
  ms: Map<string, number>;
}

/** Sends each path, EXPLAINs what it sent to orders, and collects the order indexes named in the plans. */
export async function indexUse(database: Database, base: string, cookies: { admin: string; engineer: string }, list: string[]): Promise<IndexUse> {
  const names = new Set((await orderIndexes(database)).map((r) => r.name));
  const used = new Map<string, string[]>();
  const refused: string[] = [];
  const ms = new Map<string, number>();
  for (const p of list) {
    for (const [who, cookie] of Object.entries(cookies)) {
      let ok = true;
      const statements = await captureSql(database, async () => {
        const r = await fetch(`${base}/api${p}`, { headers: { cookie } });
        const body = (await r.json().catch(() => null)) as { success?: boolean } | null;
        ok = !!body?.success;
      });
      if (!ok) {
        refused.push(`${who} ${p}`);
        continue;
      }
      for (const s of statements) {
        if (!/\borders\b/.test(JSON.stringify(s.args))) continue;
        const plan = await explain(database, s.args as unknown[]).catch(() => '');
        const t = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 0);
        if (who === 'admin') ms.set(p, (ms.get(p) ?? 0) + t);
        for (const m of plan.matchAll(/ (?:using|on) (\w+)/g)) {
          const n = m[1] as string;
          if (!names.has(n)) continue;
          const at = used.get(n) ?? [];
          const label = `${who === 'engineer' ? '(engineer) ' : ''}${p}`;
          if (!at.includes(label)) at.push(label);
          used.set(n, at);
        }
      }
    }
  }
  return { used, refused, ms };
}

async function main(): Promise<void> {
  await withBenchDatabase('idx', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    const seed = await seedOrders(database.db, ep.enterpriseId, ORDERS);
    const [ids] = await rows<{ admin: number; template: number; customer: number }>(
      database.db,
      sql`select (select id from users where enterprise_id = ${ep.enterpriseId} and admin order by id limit 1)::int as admin,
        (select template_id from orders where enterprise_id = ${ep.enterpriseId} limit 1)::int as template,
        (select customer_id from orders where enterprise_id = ${ep.enterpriseId} limit 1)::int as customer`,
    );
    const indexes = await orderIndexes(database);
    console.info(`Orders: ${seed.orders} in the bench enterprise; ${indexes.length} indexes on orders:`);
    console.table(indexes.map((r) => ({ index: r.name, size: r.size, definition: r.def.replace(/^CREATE (UNIQUE )?INDEX \w+ ON public\.orders USING /, '') })));
    await withBenchApp(database, async (base) => {
      const cookies = { admin: await benchLogin(base, ep.enterpriseId), engineer: await benchLogin(base, ep.enterpriseId, BENCH_ENGINEER_MOBILE) };
      const use = await indexUse(
        database,
        base,
        cookies,
        paths({ engineer: seed.engineerId, admin: Number(ids?.admin), template: Number(ids?.template), customer: Number(ids?.customer), order: seed.orderId }),
      );
      console.info('Used by the plans of:');
      for (const r of indexes) console.info(`${r.name} (${r.size}): ${(use.used.get(r.name) ?? ['— no plan']).map(decodeURIComponent).join(' | ')}`);
      console.info("Execution time of each path's statements on orders (EXPLAIN ANALYZE, the administrator):");
      console.table(
        [...use.ms].map(([p, t]) => ({
          path: decodeURIComponent(p).replace('/v2/order/getAllOrderList?pageIndex=0&pageSize=20', 'AllOrder '),
          ms: t.toFixed(2),
        })),
      );
      // The engineer has no AllOrder: his refusals are expected; he is there for his own scope's statements.
      const refused = use.refused.filter((r) => r.startsWith('admin '));
      console.info(`Refused to the administrator (not measured): ${refused.map(decodeURIComponent).join(', ') || 'none'}`);
    });
  });
}

runAlone(import.meta, main);
