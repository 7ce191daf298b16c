// SLA at scale: npx tsx bench/sla.ts (alone), or slaScenario/printSla from npm run bench.
// Seeds BENCH_SLA_ORDERS (default 1,000,000) orders into the bench enterprise (bench/orders.seed.ts) and
// BENCH_SLA_CLOCKS (default a tenth of the orders, 100,000) running SLA clocks on the newest of them, with
// deadlines spread over the next BENCH_SLA_SPREAD minutes (default 60, so about 1,700 warnings, breaches and
// escalations fall due in each minute). Then it prints the sweep for each of the next BENCH_SLA_MINUTES
// (default 5) minutes of clock time (sweepSla at that instant: the budget is under 1 s per minute), and
// DueOrder (its list and the overdue badge) as API p50 next to its own SQL replayed directly (budget 1.5×).
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client';
import { sweepSla } from '../apps/server/src/modules/sla/sla.sweep';
import { type MeasuredGet, measureGet, printMeasured } from './capture';
import { seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const ORDERS = Number(process.env.BENCH_SLA_ORDERS ?? 1_000_000);
const CLOCKS = Number(process.env.BENCH_SLA_CLOCKS ?? Math.round(ORDERS / 10));
const SPREAD = Number(process.env.BENCH_SLA_SPREAD ?? 60);
const MINUTES = Number(process.env.BENCH_SLA_MINUTES ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

const DUE_PATHS = ['/v2/order/getAllOrderList?pageIndex=0&pageSize=20&scope=due', '/v2/order/getOrderListCount?orderDue=0'];

/** A policy (dispatch within the spread, a two-step ladder) and CLOCKS running clocks on the newest orders, starting now. */
async function seedClocks(database: Database, ep: number, t0: number): Promise<number> {
  const { db } = database;
  await db.execute(sql`delete from order_sla_clocks where enterprise_id = ${ep}`);
  await db.execute(sql`delete from sla_policies where enterprise_id = ${ep}`);
  // 启用SLA时效管理 on: the sweep tells nobody in an enterprise that has it off.
  await db.execute(sql`insert into system_settings (enterprise_id, code, value) values (${ep}, 'sla_enabled', '1')
    on conflict (enterprise_id, code) do update set value = '1'`);
  const config = {
    templateIds: [],
    priorities: [],
    customerTagIds: [],
    customerLevels: [],
    serviceGroupIds: [],
    business: false,
    pauseStates: [8],
    clocks: [{ type: 6, target: SPREAD, unit: 1, warnMinutes: 10 }],
    escalation: [
      { afterMinutes: 0, to: 'dispatcher' },
      { afterMinutes: 30, to: 'director' },
    ],
  };
  const [p] = await rows<{ id: number }>(
    db,
    sql`insert into sla_policies (enterprise_id, name, config) values (${ep}, '压测SLA', ${JSON.stringify(config)}::jsonb) returning id`,
  );
  const start = new Date(t0).toISOString();
  // Clock i reaches its deadline at t0 + (i / CLOCKS) × SPREAD minutes (plus one so none is due at t0).
  await db.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_id, policy_name, type, target_ms, warn_ms, started_at, running_since, deadline_at, warn_at)
    select ${ep}, o.id, ${p?.id}, '压测SLA', 6, ${SPREAD * 60_000}, 600000, ${start}::timestamptz, ${start}::timestamptz, d.deadline, d.deadline - interval '10 minutes'
    from (select id, row_number() over (order by id desc) as i from orders where enterprise_id = ${ep} order by id desc limit ${CLOCKS}) o
    cross join lateral (select ${start}::timestamptz + interval '1 minute' + (o.i::float8 / ${CLOCKS}) * ${SPREAD} * interval '1 minute' as deadline) d`);
  // The orders keep the seed's due times (bench/orders.seed.ts: open orders 1–3 days after creation, many past): DueOrder
  // reads those; the sweep reads only the clocks. Rewriting 100,000 orders' due_at here took minutes on the shared database.
  await db.execute(sql`vacuum analyze order_sla_clocks`);
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from order_sla_clocks where enterprise_id = ${ep}`);
  return Number(n?.n);
}

export interface SweepMinute {
  minute: number;
  ms: number;
  /** Each step's time (warnDue, breachDue, escalateDue). */
  steps: Record<string, number>;
  warned: number;
  breached: number;
  escalated: number;
}
export interface SlaScenario {
  orders: number;
  clocks: number;
  minutes: SweepMinute[];
  idleMs: number;
  due: MeasuredGet[];
}

/**
 * The SLA scenario on the bench enterprise (its orders must be seeded: bench/orders.seed.ts): CLOCKS running clocks,
 * the sweep for each of MINUTES minutes of clock time, an idle sweep, then DueOrder's list and badge against `base`.
 */
export async function slaScenario(database: Database, base: string, enterpriseId: number): Promise<SlaScenario> {
  const [o] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from orders where enterprise_id = ${enterpriseId}`);
  const t0 = Date.now();
  const clocks = await seedClocks(database, enterpriseId, t0);
  const minutes: SweepMinute[] = [];
  for (let m = 1; m <= MINUTES; m++) {
    const steps: Record<string, number> = {};
    const s0 = performance.now();
    const r = await sweepSla(database.db, new Date(t0 + m * 60_000), steps);
    minutes.push({ minute: m, ms: performance.now() - s0, steps, ...r });
  }
  // A sweep with nothing due: the cost of the clocks that keep running.
  const idle0 = performance.now();
  await sweepSla(database.db, new Date(t0 + MINUTES * 60_000));
  const idleMs = performance.now() - idle0;
  const cookie = await benchLogin(base, enterpriseId);
  const due: MeasuredGet[] = [];
  for (const p of DUE_PATHS) due.push(await measureGet(database, base, cookie, p, SECONDS));
  return { orders: Number(o?.n), clocks, minutes, idleMs, due };
}

export function printSla(s: SlaScenario): void {
  console.info(`SLA: ${s.orders} orders, ${s.clocks} running clocks, deadlines over the next ${SPREAD} minutes`);
  console.info('Sweep per minute of clock time (budget < 1000 ms):');
  console.table(
    s.minutes.map((m) => ({
      minute: m.minute,
      'sweep ms': m.ms.toFixed(0),
      'warn ms': (m.steps.warnDue ?? 0).toFixed(0),
      'breach ms': (m.steps.breachDue ?? 0).toFixed(0),
      'escalate ms': (m.steps.escalateDue ?? 0).toFixed(0),
      warned: m.warned,
      breached: m.breached,
      escalated: m.escalated,
    })),
  );
  console.info(`Idle sweep (nothing due): ${s.idleMs.toFixed(1)} ms`);
  console.info('DueOrder (budget: API ≤ 1.5× its SQL):');
  printMeasured(s.due, (p) => p.replace(/^\/v2\/order\//, '').replace('pageIndex=0&pageSize=20&', ''));
}

async function main(): Promise<void> {
  const started = Date.now();
  await withBenchDatabase('sla', async (database) => {
    const ep = (await seedLarge(database.db, 2000)).enterpriseId;
    const seed = await seedOrders(database.db, ep, ORDERS, 200);
    console.info(`orders ${ORDERS} (${seed.reused ? 'reused' : `seeded in ${seed.seconds} s`})`);
    await withBenchApp(database, async (base) => {
      printSla(await slaScenario(database, base, ep));
    });
  });
  console.info(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// Alone (npx tsx bench/sla.ts); npm run bench imports slaScenario instead.
runAlone(import.meta, main);
