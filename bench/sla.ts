// SLA at scale: npx tsx bench/sla.ts (standalone; not wired into npm run bench).
// Seeds BENCH_SLA_ORDERS (default 1,000,000) orders into the bench enterprise (bench/orders.seed.ts) and
// BENCH_SLA_CLOCKS (default a tenth of the orders, 100,000) running SLA clocks on the newest of them, with
// deadlines spread over the next BENCH_SLA_SPREAD minutes (default 60, so about 1,700 warnings, breaches and
// escalations fall due in each minute). Then it prints the sweep for each of the next BENCH_SLA_MINUTES
// (default 5) minutes of clock time (sweepSla at that instant: the budget is under 1 s per minute), and
// DueOrder (its list and the overdue badge) as API p50 next to its own SQL replayed directly (budget 1.5×).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openPostgres, rows } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { openEmbedded } from '../apps/server/src/db/open';
import { sweepSla } from '../apps/server/src/modules/sla/sla.sweep';
import { createDeps } from '../apps/server/src/platform/create-deps';
import { captureSql, percentile, replay } from './capture';
import { seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';

const ORDERS = Number(process.env.BENCH_SLA_ORDERS ?? 1_000_000);
const CLOCKS = Number(process.env.BENCH_SLA_CLOCKS ?? Math.round(ORDERS / 10));
const SPREAD = Number(process.env.BENCH_SLA_SPREAD ?? 60);
const MINUTES = Number(process.env.BENCH_SLA_MINUTES ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

const DUE_PATHS = ['/v2/order/getAllOrderList?pageIndex=0&pageSize=20&scope=due', '/v2/order/getOrderListCount?orderDue=0'];

/** A policy (dispatch within the spread, a two-step ladder) and CLOCKS running clocks on the newest orders, starting now. */
async function seedClocks(database: Database, ep: number, t0: number): Promise<number> {
  const { db } = database;
  await db.execute(sql`delete from order_sla_clocks where enterprise_id = ${ep}`);
  await db.execute(sql`delete from sla_policies where enterprise_id = ${ep}`);
  const config = { templateIds: [], priorities: [], customerTagIds: [], customerLevels: [], serviceGroupIds: [], business: false, pauseStates: [8], clocks: [{ type: 6, target: SPREAD, unit: 1, warnMinutes: 10 }], escalation: [{ afterMinutes: 0, to: 'dispatcher' }, { afterMinutes: 30, to: 'director' }] };
  const [p] = await rows<{ id: number }>(db, sql`insert into sla_policies (enterprise_id, name, config) values (${ep}, '压测SLA', ${JSON.stringify(config)}::jsonb) returning id`);
  const start = new Date(t0).toISOString();
  // Clock i reaches its deadline at t0 + (i / CLOCKS) × SPREAD minutes (plus one so none is due at t0).
  await db.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_id, policy_name, type, target_ms, warn_ms, started_at, running_since, deadline_at, warn_at)
    select ${ep}, o.id, ${p?.id}, '压测SLA', 6, ${SPREAD * 60_000}, 600000, ${start}::timestamptz, ${start}::timestamptz, d.deadline, d.deadline - interval '10 minutes'
    from (select id, row_number() over (order by id desc) as i from orders where enterprise_id = ${ep} order by id desc limit ${CLOCKS}) o
    cross join lateral (select ${start}::timestamptz + interval '1 minute' + (o.i::float8 / ${CLOCKS}) * ${SPREAD} * interval '1 minute' as deadline) d`);
  // DueOrder is driven by the clocks: each order's due time is its clock's deadline.
  await db.execute(sql`update orders o set due_at = c.deadline_at from order_sla_clocks c where c.enterprise_id = ${ep} and o.enterprise_id = ${ep} and o.id = c.order_id`);
  await db.execute(sql`vacuum analyze order_sla_clocks`);
  await db.execute(sql`vacuum analyze orders`);
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from order_sla_clocks where enterprise_id = ${ep}`);
  return Number(n?.n);
}

async function measure(database: Database, base: string, cookie: string, p: string) {
  const get = () => fetch(`${base}/api${p}`, { headers: { cookie } }).then((r) => r.json() as Promise<{ success: boolean; message: string; data: unknown }>);
  const probe = await get();
  if (!probe.success) throw new Error(`${p}: ${probe.message}`);
  for (let i = 0; i < 3; i++) await get();
  const statements = await captureSql(database, async () => {
    await get();
  });
  const r = await autocannon({ url: `${base}/api${p}`, connections: 1, duration: SECONDS, headers: { cookie } });
  const times = await replay(database, statements, 1000, SECONDS * 500);
  const d = probe.data as { count?: number } | number;
  return { p, api: r.latency.p50, sql: percentile(times, 50), answer: typeof d === 'number' ? d : d.count };
}

async function main(): Promise<void> {
  const started = Date.now();
  const dir = url ? null : mkdtempSync(path.join(tmpdir(), 'sk-bench-sla-'));
  if (dir) chmodSync(dir, 0o755);
  const database = url ? await openPostgres(url, 4) : await openEmbedded(path.join(dir as string, 'pg'), () => {}, false);
  try {
    await migrate(database);
    const ep = (await seedLarge(database.db, 2000)).enterpriseId;
    const seed = await seedOrders(database.db, ep, ORDERS, 200);
    console.info(`orders ${ORDERS} (${seed.reused ? 'reused' : `seeded in ${seed.seconds} s`})`);
    const t0 = Date.now();
    const clocks = await seedClocks(database, ep, t0);
    console.info(`running clocks ${clocks}, deadlines over the next ${SPREAD} minutes`);

    console.info('\nsweep per minute of clock time (budget < 1000 ms)');
    console.info('minute  ms      warned  breached  escalated');
    for (let m = 1; m <= MINUTES; m++) {
      const s0 = performance.now();
      const r = await sweepSla(database.db, new Date(t0 + m * 60_000));
      const ms = performance.now() - s0;
      console.info(`${String(m).padEnd(8)}${ms.toFixed(0).padEnd(8)}${String(r.warned).padEnd(8)}${String(r.breached).padEnd(10)}${r.escalated}`);
    }
    // A sweep with nothing due: the cost of the 100,000 clocks that keep running.
    const idle0 = performance.now();
    await sweepSla(database.db, new Date(t0 + MINUTES * 60_000));
    console.info(`idle sweep (nothing due) ${(performance.now() - idle0).toFixed(1)} ms`);

    // DueOrder at the real clock: move every deadline back so the clocks due in the first minutes are overdue now.
    await database.db.execute(sql`update orders set due_at = due_at - ${MINUTES} * interval '1 minute' where enterprise_id = ${ep} and due_at is not null`);
    const config = loadConfig({ ...process.env, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn' });
    const app = await buildApp(createDeps(config, database));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const cookie = await benchLogin(base, ep);
      console.info('\nDueOrder (budget: API ≤ 1.5× its SQL)');
      console.info('endpoint'.padEnd(64) + 'API p50  SQL p50  ratio  answer');
      for (const p of DUE_PATHS) {
        const r = await measure(database, base, cookie, p);
        console.info(`${r.p.padEnd(64)}${r.api.toFixed(1).padEnd(9)}${r.sql.toFixed(1).padEnd(9)}${(r.api / r.sql).toFixed(2).padEnd(7)}${r.answer}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  console.info(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
