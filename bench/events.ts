// Events at scale: npx tsx bench/events.ts (or wired into npm run bench through eventScenario/printEvents). Seeds BENCH_EVENTS (default 500000) events (and BENCH_EVENT_CUSTOMERS
// customers, default 20000) into the bench enterprise, then prints my events (each state tab), the pool, the
// assignment queue and the service desk's customer lookup: API p50/p99 next to the same SQL replayed directly.
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import { type MeasuredGet, measureGet, printMeasured } from './capture';
import { seedCustomers } from './customers.seed';
import { BENCH_ADMIN_MOBILE, benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 500_000);
const CUSTOMERS = Number(process.env.BENCH_EVENT_CUSTOMERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

/** Flags and display state by g % 7, consistent with eventStateOf. */
const FLAGS = `case g % 7 when 0 then 1 when 1 then 2 when 2 then 3 when 3 then 4 when 4 then 5 when 5 then 6 else 7 end`;

async function seedEvents(db: Db, ep: number, n: number): Promise<{ adminId: number; customerId: number }> {
  const [admin] = await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${ep} and mobile = ${BENCH_ADMIN_MOBILE}`);
  const adminId = Number(admin?.id);
  const [c] = await rows<{ id: number }>(db, sql`select id from customers where enterprise_id = ${ep} and phone like '1300001%' order by id limit 1`);
  const customerId = Number(c?.id);
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from events where enterprise_id = ${ep}`);
  if (Number(have?.n) >= n) return { adminId, customerId };
  let [tpl] = await rows<{ id: number }>(db, sql`select id from form_templates where enterprise_id = ${ep} and form_kind = 6 order by id limit 1`);
  if (!tpl) [tpl] = await rows<{ id: number }>(db, sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 6, '标准事件') returning id`);
  const users = (await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${ep} order by id limit 100`)).map((u) => Number(u.id));
  const arr = sql.raw(`'{${users.join(',')}}'::bigint[]`);
  const customers = sql.raw(`(select array_agg(id) from (select id from customers where enterprise_id = ${ep} order by id limit 5000) s)`);
  const from = Number(have?.n ?? 0) + 1;
  await db.execute(sql`insert into events (enterprise_id, event_no, template_id, state, dispatch_state, process_state, upgrade_state, pause_state, close_state,
      title, customer_id, custom_name, custom_phone, priority, principal_id, dispatched_at, created_by, created_at, search_grams)
    select ${ep}, 'SJB-' || g, ${tpl?.id}, s, (s <> 1)::int, case when s = 3 or s = 5 then 1 when s = 6 then 2 else 0 end, (s = 4)::int, (s = 5)::int, (s = 7)::int,
      '设备故障' || g, cs[1 + g % array_length(cs, 1)], '客户' || (g % 5000), '1300001' || lpad((g % 1000)::text, 4, '0'), 1 + g % 3,
      case when s = 1 then null else (${arr})[1 + (g * 7) % ${users.length}::int] end, case when s = 1 then null else now() end,
      (${arr})[1 + g % ${users.length}::int], now() - (g || ' seconds')::interval, array['设', '备', '故', '障', '设备', '备故', '故障']
    from (select g, ${sql.raw(FLAGS)} as s, ${customers} as cs from generate_series(${from}::int, ${n}::int) g) x`);
  await db.execute(sql`vacuum analyze events`);
  return { adminId, customerId };
}

/**
 * Event SLA clocks on every tenth event (response and resolution; a third of them breached), so the lists'
 * mark and the event exceed report read real rows. Seeded once (kept when present).
 */
async function seedClocks(db: Db, ep: number): Promise<number> {
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from event_sla_clocks where enterprise_id = ${ep}`);
  if (Number(have?.n) > 0) return Number(have?.n);
  await db.execute(sql`insert into event_sla_clocks (enterprise_id, event_id, type, target_ms, warn_ms, started_at, running_since, consumed_ms, outcome,
      deadline_at, breached_at)
    select e.enterprise_id, e.id, t, 3600000 * t, 600000, e.created_at, case when e.close_state = 0 and e.process_state < 2 then e.created_at end, 0,
      case when e.close_state = 1 then 2 when e.process_state = 2 then 1 else 0 end,
      e.created_at + (t || ' hours')::interval, case when e.id % 3 = 0 then e.created_at + (t || ' hours')::interval end
    from events e cross join (values (2), (5)) v(t)
    where e.enterprise_id = ${ep} and e.id % 10 = 0`);
  await db.execute(sql`vacuum analyze event_sla_clocks`);
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from event_sla_clocks where enterprise_id = ${ep}`);
  return Number(n?.n);
}

export interface EventScenario {
  events: number;
  clocks: number;
  seconds: number;
  rows: MeasuredGet[];
}

const PAGE = 'pageIndex=0&pageSize=20';

/** Seeds the customers, events and clocks (each once), then measures my events, the pool, the queue, the desk and the event exceed report. */
export async function eventScenario(database: Database, base: string, enterpriseId: number): Promise<EventScenario> {
  const t0 = Date.now();
  await seedCustomers(database.db, enterpriseId, CUSTOMERS);
  const { customerId } = await seedEvents(database.db, enterpriseId, EVENTS);
  const clocks = await seedClocks(database.db, enterpriseId);
  const seconds = (Date.now() - t0) / 1000;
  const admin = await benchLogin(base, enterpriseId);
  const paths = [
    `/v2/event/getPrincipalEventList?${PAGE}`,
    `/v2/event/getPrincipalEventList?${PAGE}&event_states=3`,
    `/v2/event/getPrincipalEventList?${PAGE}&custom_phone=1300001`,
    `/v2/event/getShelterEventList?${PAGE}`,
    `/v2/event/getUnDeliverEventList?${PAGE}&priority=2`,
    '/v2/event/getPrincipalEventListCount?processStates=0,1&close_state=0',
    '/v2/event/serviceCounter/find?keyword=1300001',
    `/v2/event/serviceCounter/find?keyword=${encodeURIComponent('云帆')}`,
    `/v2/event/serviceCounter/customer?customerId=${customerId}`,
    '/report/eventExceedStatistics',
    '/report/eventExceedStatistics?groupBy=principal',
    '/report/eventExceedStatisticsCount',
  ];
  const out: MeasuredGet[] = [];
  for (const p of paths) out.push(await measureGet(database, base, admin, p, SECONDS));
  return { events: EVENTS, clocks, seconds, rows: out };
}

export function printEvents(s: EventScenario): void {
  console.info(`Events: ${s.events} events, ${s.clocks} event SLA clocks in the bench enterprise (seeded or found in ${s.seconds.toFixed(1)} s)`);
  console.info('My events, the pool, the queue and the service desk (goal: within 1.5× of their own SQL), and the event exceed report:');
  printMeasured(s.rows, (e) => e.replace('/v2/event/', '').replace(`?${PAGE}`, ''));
}

async function main(): Promise<void> {
  await withBenchDatabase('ev', async (database) => {
    const ep = await seedLarge(database.db, 1000);
    await withBenchApp(database, async (base) => {
      printEvents(await eventScenario(database, base, ep.enterpriseId));
    });
  });
}

// Runnable alone (npx tsx bench/events.ts); imported by bench/run.ts for eventScenario/printEvents only.
runAlone(import.meta, main);
