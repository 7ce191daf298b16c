// Return visits at scale: npx tsx bench/visits.ts (or wired into npm run bench through visitScenario/printVisits). Seeds
// BENCH_VISITS (default 1,000,000) return-visit tasks into the bench enterprise, then prints /ReturnVisitTask (first
// page, each filter of the spec, the state tabs' counts), 回访工单 (mine, the badge) and /returnVisitReport (30 days and
// a year, by plan, engineer and team): API p50/p99 next to the same SQL replayed directly, and (alone, BENCH_PLANS≠0)
// each endpoint's query plans.
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import { captureSql, explain, type MeasuredGet, measureGet, printMeasured } from './capture';
import { BENCH_ADMIN_MOBILE, benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const TASKS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const TITLES = `array['空调不制冷','热水器漏水','净水器滤芯更换','冰箱噪音大','洗衣机不排水','空调年度保养','燃气灶点不着火','油烟机异响']`;

/** The grams of the title and the customer as platform/search.ts gramsOf makes them (singles, pairs at even and odd offsets), in SQL. */
const gramsOf = (x: string) =>
  `(regexp_split_to_array(lower(${x}), '') || regexp_split_to_array(regexp_replace(lower(${x}), '(..)', '\\1' || chr(1), 'g'), chr(1))
    || regexp_split_to_array(regexp_replace(substr(lower(${x}), 2), '(..)', '\\1' || chr(1), 'g'), chr(1)))`;
const GRAMS = sql.raw(`${gramsOf('t')} || ${gramsOf(`'客户' || (g % 50000)`)}`);

interface Seeded {
  adminId: number;
  visitorId: number;
  seconds: number;
  reused: boolean;
}

/**
 * 1,000,000 tasks over three years (skewed to the recent like the orders), 5 plans, 20 visitors (the bench administrator
 * one of them), 200 engineers, 20 teams, 8 order types; 80 % done (3 passed, 5 unrated, 2 not passed with one of five
 * reasons), the rest waiting (1, 4). The lists and the report never join orders (number, title and customer are copied
 * into the task), so the tasks carry no order (order_id null, record_id distinct). Seeded once (reused when present).
 */
async function seedTasks(db: Db, ep: number, n: number): Promise<Seeded> {
  const t0 = Date.now();
  const [admin] = await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${ep} and mobile = ${BENCH_ADMIN_MOBILE}`);
  const adminId = Number(admin?.id);
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from return_visit_tasks where enterprise_id = ${ep}`);
  if (Number(have?.n) >= n) return { adminId, visitorId: adminId, seconds: (Date.now() - t0) / 1000, reused: true };
  const users = (await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${ep} and id <> ${adminId} order by id limit 220`)).map((u) =>
    Number(u.id),
  );
  const visitors = sql.raw(`'{${[adminId, ...users.slice(0, 19)].join(',')}}'::bigint[]`);
  const engineers = sql.raw(`'{${users.slice(20, 220).join(',')}}'::bigint[]`);
  const plans: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const [p] = await rows<{ id: number }>(
      db,
      sql`insert into return_visit_plans (enterprise_id, name, visitor_mode, visitor_ids) values (${ep}, ${`回访计划${i}`}, 1, ${visitors}) returning id`,
    );
    plans.push(Number(p?.id));
  }
  const planArr = sql.raw(`'{${plans.join(',')}}'::bigint[]`);
  const from = Number(have?.n ?? 0) + 1;
  const CHUNK = 250_000;
  for (let lo = from; lo <= n; lo += CHUNK) {
    const hi = Math.min(n, lo + CHUNK - 1);
    await db.execute(sql`insert into return_visit_tasks (enterprise_id, plan_id, visit_type, record_id, order_id, customer_id, template_id, service_group_id,
        engineer_id, visitor_id, state, order_no, order_title, customer_name, search_grams, completed_at, scores, reason, visited_at, next_visit_at, created_at)
      select ${ep}, (${planArr})[1 + g % 5], 1, 900000000 + g, null, 1 + g % 50000, 1 + g % 8, 1 + g % 20, (${engineers})[1 + g % 200],
        (${visitors})[1 + (g / 7) % 20], s, 'RV' || lpad(g::text, 8, '0'), t, '客户' || (g % 50000),
        ${GRAMS},
        c - interval '1 day', case when s in (2, 3) then jsonb_build_object('0', 1 + g % 5, '1', 1 + (g / 3) % 5, '2', 1 + (g / 5) % 5, '3', 1 + (g / 7) % 5) else '{}'::jsonb end,
        case when s = 2 then (array['问题未解决','服务态度差','上门不及时','收费不合理','配件质量问题'])[1 + g % 5] end,
        case when s in (2, 3, 5) then c + interval '2 hours' end, case when s = 4 then now() + interval '3 days' end, c
      from (select g, now() - (1095 * power(((g::bigint * 7919) % 1000003) / 1000003.0, 2) || ' days')::interval as c,
          case when g % 10 < 5 then 3 when g % 10 = 5 then 5 when g % 10 in (6, 7) then 2 when g % 10 = 8 then 1 else 4 end::smallint as s,
          (${sql.raw(TITLES)})[1 + g % 8] || (g % 1000) as t
        from generate_series(${lo}::int, ${hi}::int) g) x`);
  }
  await db.execute(sql`vacuum analyze return_visit_tasks`);
  await db.execute(sql`vacuum analyze return_visit_day_stats`);
  return { adminId, visitorId: adminId, seconds: (Date.now() - t0) / 1000, reused: false };
}

export interface VisitScenario {
  tasks: number;
  seed: Seeded;
  rows: (MeasuredGet & { plan: string })[];
}

const PAGE = 'pageIndex=0&pageSize=20';
const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

/** Seeds the tasks (once), then measures the task lists with each filter, the counts, mine, the badge and the report. */
export async function visitScenario(database: Database, base: string, enterpriseId: number): Promise<VisitScenario> {
  const seed = await seedTasks(database.db, enterpriseId, TASKS);
  const admin = await benchLogin(base, enterpriseId);
  const [engineer] = await rows<{ engineer_id: number }>(
    database.db,
    sql`select engineer_id from return_visit_tasks where enterprise_id = ${enterpriseId} and engineer_id is not null limit 1`,
  );
  const L = '/v2/returnvisitTask/list';
  const R = '/v2/returnvisitTask/report';
  const paths = [
    `${L}?${PAGE}`,
    `${L}?${PAGE}&state=1`,
    `${L}?${PAGE}&state=2&reason=${encodeURIComponent('问题未解决')}`,
    `${L}?${PAGE}&orderNo=RV0012`,
    `${L}?${PAGE}&orderTitle=${encodeURIComponent('热水器漏水77')}`,
    `${L}?${PAGE}&customerName=${encodeURIComponent('客户4321')}`,
    `${L}?${PAGE}&returnVisit=${seed.visitorId}`,
    `${L}?${PAGE}&returnVisitStartTime=${day(7)}&returnVisitEndTime=${day(0)}`,
    `${L}?${PAGE}&engineerId=${engineer?.engineer_id}`,
    `/v2/returnvisitTask/myList?${PAGE}&state=1`,
    '/v2/returnvisitTask/count?dataType=1',
    '/v2/order/getAllVisitCount?dataType=0',
    `${R}?by=plan&startTime=${day(30)}&endTime=${day(0)}`,
    `${R}?by=engineer&startTime=${day(30)}&endTime=${day(0)}`,
    `${R}?by=team&startTime=${day(365)}&endTime=${day(0)}`,
    `${R}?by=template&startTime=${day(30)}&endTime=${day(0)}`,
    `${R}?by=plan`,
    `${R}?by=engineer`,
  ];
  const out: VisitScenario['rows'] = [];
  for (const p of paths) {
    const m = await measureGet(database, base, admin, p, SECONDS);
    let plan = '';
    if (process.env.BENCH_PLANS !== '0') {
      // The endpoint's statements on return_visit_tasks, each explained (the session lookups left out).
      const statements = await captureSql(database, async () => {
        await fetch(`${base}/api${p}`, { headers: { cookie: admin } });
      });
      const own = statements.filter((s) => /return_visit_(tasks|day_stats)/.test(JSON.stringify(s.args)));
      plan = (await Promise.all(own.map((s) => explain(database, s.args as unknown[])))).join('\n--\n');
    }
    out.push({ ...m, plan });
  }
  return { tasks: TASKS, seed, rows: out };
}

export function printVisits(s: VisitScenario, plans = false): void {
  console.info(`Return visits: ${s.tasks} tasks in the bench enterprise (${s.seed.reused ? 'reused' : `seeded in ${s.seed.seconds.toFixed(0)} s`})`);
  console.info('The task list with each filter, the counts, mine, the badge and the report (goal: within 1.5× of their own SQL):');
  printMeasured(s.rows, (e) => e.replace('/v2/returnvisitTask/', '').replace(`?${PAGE}`, '').replace(`&${PAGE}`, ''));
  if (plans) for (const r of s.rows) console.info(`\n== ${decodeURIComponent(r.endpoint)}\n${r.plan}`);
}

async function main(): Promise<void> {
  await withBenchDatabase('rv', async (database) => {
    const ep = await seedLarge(database.db, 1000);
    await withBenchApp(database, async (base) => {
      printVisits(await visitScenario(database, base, ep.enterpriseId), process.env.BENCH_PLANS !== '0');
    });
  });
}

// Runnable alone (npx tsx bench/visits.ts); imported by bench/run.ts for visitScenario/printVisits only.
runAlone(import.meta, main);
