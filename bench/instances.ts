// The order list's throughput with one app instance and with two on the same database, each instance as its
// own process (`scripts/start.mjs`, production). On 2 cores shared with PostgreSQL expect little gain: the figure is there
// to be compared on a bigger machine. Alone: `npx tsx bench/instances.ts` (BENCH_ORDERS, default 100,000 here).
import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client';
import { runAlone, withBenchDatabase } from './alone';
import { type AppProcess, startAppProcess } from './load';
import { seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const LIST = '/v2/order/getAllOrderList?pageIndex=0&pageSize=20';

export interface InstancesRow {
  instances: number;
  connections: number;
  'req/s': string;
  'p50 ms': string;
  'p99 ms': string;
}

/** `connections` spread over the instances, all at once for SECONDS; answers the summed rate and the worst percentiles. */
async function load(apps: AppProcess[], cookie: string, connections: number): Promise<InstancesRow> {
  const each = Math.max(1, Math.floor(connections / apps.length));
  const results = await Promise.all(apps.map((a) => autocannon({ url: `${a.base}/api${LIST}`, connections: each, duration: SECONDS, headers: { cookie } })));
  for (const r of results) if (r.non2xx > 0 || r.errors > 0) throw new Error(`${LIST}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    instances: apps.length,
    connections: each * apps.length,
    'req/s': results.reduce((s, r) => s + r.requests.average, 0).toFixed(0),
    'p50 ms': Math.max(...results.map((r) => r.latency.p50)).toFixed(1),
    'p99 ms': Math.max(...results.map((r) => r.latency.p99)).toFixed(1),
  };
}

/** The order list of the bench enterprise at 10 and 50 connections on one instance, then on two. */
export async function instancesScenario(database: Database, enterpriseId: number, levels = [10, 50]): Promise<InstancesRow[]> {
  const out: InstancesRow[] = [];
  const first = await startAppProcess(database.url);
  try {
    // One session for both: it lives in the database, so either instance accepts it.
    const cookie = await benchLogin(first.base, enterpriseId);
    for (const c of levels) out.push(await load([first], cookie, c));
    const second = await startAppProcess(database.url);
    try {
      for (const c of levels) out.push(await load([first, second], cookie, c));
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
  return out;
}

export function printInstances(rows: InstancesRow[]): void {
  console.info(`Order list (${LIST}) with one and two app instances on this machine (autocannon, ${SECONDS} s each):`);
  console.table(rows);
}

async function main(): Promise<void> {
  await withBenchDatabase('inst', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    await seedOrders(database.db, ep.enterpriseId, Number(process.env.BENCH_ORDERS ?? 100_000), 50);
    printInstances(await instancesScenario(database, ep.enterpriseId));
  });
}

runAlone(import.meta, main);
