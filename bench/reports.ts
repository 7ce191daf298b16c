// 运营报表 at scale: npx tsx bench/reports.ts (or wired into npm run bench as BENCH_REPORTS). Seeds BENCH_REPORT_ORDERS
// (default 1,000,000) orders set-based (generate_series, not through the services) in an enterprise of their own
// ('报表压测企业') with SLA clocks, parts, return-visit tasks, complaints and provider fees on a share of them, then runs
// every standard report as the director (runReport, the function the endpoint calls) over the last 30 days on each of
// its axes, and prints p50 and the report's main statement (BENCH_PLANS=1: its EXPLAIN ANALYZE too).
import { REPORTS, type ReportParams } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import type { Actor } from '../apps/server/src/platform/actor';
import { runReport } from '../apps/server/src/modules/reports/reports.service';
import { flushReportSummary } from '../apps/server/src/modules/reports/summary';
import { readFileSync } from 'node:fs';
import { captureSql, explain, percentile } from './capture';
import { runAlone, withBenchDatabase } from './alone';

const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);
const PLANS = process.env.BENCH_PLANS === '1';
const NAME = '报表压测企业';

export interface ReportLine {
  report: string;
  axis: string;
  dimension: string;
  rows: number;
  /** The director (the enterprise) read from the per-day summary. */
  p50: number;
  /** The director by the exact query over the orders (the path before the summary; filters and parts of days take it). */
  exactP50: number;
  /** The team leader (a scoped viewer: the exact query on his team's orders). */
  leaderP50: number;
  sql: string;
  plan?: string;
}
export interface ReportScenario {
  orders: number;
  seeded: { seconds: number; reused: boolean };
  /** Seconds to bring the summary up to date after the seed (its marked days recomputed). */
  flushSeconds: number;
  load: string;
  lines: ReportLine[];
}

/** The enterprise and its orders; a database that has them is reused. */
async function seed(db: Db, n: number): Promise<{ ep: number; director: number; seconds: number; reused: boolean }> {
  const t0 = Date.now();
  const [found] = await rows<{ id: number; n: number; d: number }>(
    db,
    sql`select e.id, (select count(*)::int from orders o where o.enterprise_id = e.id) as n,
      (select min(id)::int from users u where u.enterprise_id = e.id and u.sysrole = 10) as d from enterprises e where e.name = ${NAME} order by e.id limit 1`,
  );
  if (found && Number(found.n) >= n) return { ep: Number(found.id), director: Number(found.d), seconds: 0, reused: true };
  if (found) await db.execute(sql`delete from enterprises where id = ${found.id}`);
  const [e] = await rows<{ id: number }>(
    db,
    sql`insert into enterprises (name, is_charge_user, package_name, buy_person_num, ep_service_expire_time) values (${NAME}, 1, 'VIP版', 1000, now() + interval '365 days') returning id`,
  );
  const ep = Number(e?.id);
  const [d] = await rows<{ id: number }>(
    db,
    sql`insert into users (enterprise_id, mobile, name, roles, sysrole) values (${ep}, '17300000010', '报表总监', '{10}', 10) returning id`,
  );
  await db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole) select ${ep}, '173' || lpad(g::text, 8, '0'), '工程师' || g, '{2}', 2
    from generate_series(100, 299) g`);
  await db.execute(sql`insert into service_groups (enterprise_id, name) select ${ep}, '团队' || g from generate_series(1, 20) g`);
  await db.execute(sql`insert into form_templates (enterprise_id, form_kind, name) select ${ep}, 1, '类型' || g from generate_series(1, 8) g`);
  await db.execute(sql`insert into customers (enterprise_id, name) select ${ep}, '客户' || g from generate_series(1, 5000) g`);
  const [model] = await rows<{ id: number }>(db, sql`insert into product_models (enterprise_id, name) values (${ep}, '空调') returning id`);
  await db.execute(sql`insert into installed_products (enterprise_id, product_id, name, qr_code) select ${ep}, ${model?.id}, '设备' || g, 'rq-' || ${ep} || '-' || g
    from generate_series(1, 50000) g`);
  await db.execute(sql`insert into warehouses (enterprise_id, name, kind) values (${ep}, '总仓', 1)`);
  await db.execute(
    sql`insert into spares (enterprise_id, code, name, cost_price, sale_price) select ${ep}, 'RP' || g, '备件' || g, 10 + g, 20 + 2 * g from generate_series(1, 50) g`,
  );
  await db.execute(sql`insert into service_providers (enterprise_id, name) select ${ep}, '服务商' || g from generate_series(1, 5) g`);
  await db.transaction(async (tx) => {
    // Foreign keys unchecked (every id is the enterprise's own); the summary's and the counts' triggers fire ALWAYS.
    await tx.execute(sql`set local session_replication_role = replica`);
    // The first id of each kind (each inserted in one statement above, so contiguous): an id is first + offset. Not
    // arrays: indexing a toasted array detoasts all of it for every row (50,000 products: 400 kB a row).
    await tx.execute(sql`create temp table bench_ids on commit drop as select
        (select min(id) from users where enterprise_id = ${ep} and sysrole = 2) as eng,
        (select min(id) from service_groups where enterprise_id = ${ep}) as grp,
        (select min(id) from form_templates where enterprise_id = ${ep}) as tpl,
        (select min(id) from customers where enterprise_id = ${ep}) as cus,
        (select min(id) from installed_products where enterprise_id = ${ep}) as prod,
        (select min(id) from service_providers where enterprise_id = ${ep}) as prov`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    const defs = await rows<{ name: string; def: string }>(
      tx,
      sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
          where i.indrelid = 'orders'::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    );
    for (const d of defs) await tx.execute(sql.raw(`drop index ${d.name}`));
    // Creation over two years skewed to the recent (about a fifth in the last 30 days; `0 * g` makes random() per row, an
    // uncorrelated lateral would run once); older than 7 days: 90 % completed, 8 % cancelled; the last week open.
    for (let from = 1; from <= n; from += 250_000) {
      const to = Math.min(n, from + 249_999);
      await tx.execute(sql`insert into orders (enterprise_id, order_no, template_id, customer_id, title, state, priority, source, created_at, finished_at,
          complete_examined_at, service_user_id, service_group_id, installed_product_id, provider_id)
        select ${ep}, 'RB' || g, b.tpl + g % 8, b.cus + g % 5000, '报修', x.state, 1 + (g % 20 = 0)::int + (g % 50 = 0)::int, 1 + (g % 10 = 0)::int,
          x.created, case when x.state = 5 then x.created + ((g % 72) + 1) * interval '1 hour' end,
          case when x.state = 5 and g % 2 = 0 then x.created + ((g % 72) + 25) * interval '1 hour' end,
          b.eng + g % 200, b.grp + g % 20, case when g % 3 = 0 then b.prod + g % 50000 end, case when g % 10 = 0 then b.prov + g % 5 end
        from generate_series(${from}::int, ${to}::int) g cross join bench_ids b
        cross join lateral (select now() - (730 * power(random() + 0 * g, 2)) * interval '1 day' as created) c
        cross join lateral (select c.created, case when c.created > now() - interval '7 days' then (g % 5)::smallint
          when g % 50 < 4 then 6::smallint else 5::smallint end as state) x`);
      console.info(`  orders ${from}–${to}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    for (const d of defs) await tx.execute(sql.raw(d.def));
    console.info(`  ${defs.length} order indexes rebuilt: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    await tx.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, outcome, breached_at)
      select ${ep}, o.id, '标准', 1, o.created_at, case when o.state = 5 then 1 else 0 end, case when o.id % 10 = 0 then o.created_at + interval '1 day' end
      from orders o where o.enterprise_id = ${ep} and o.id % 2 = 0`);
    await tx.execute(sql`insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, chargeable, price)
      select ${ep}, o.id, (select id from spares where enterprise_id = ${ep} order by id limit 1 offset (o.id % 50)::int), w.id, 1 + (o.id % 3)::int, o.id % 4 = 0, 25
      from orders o cross join (select id from warehouses where enterprise_id = ${ep} limit 1) w where o.enterprise_id = ${ep} and o.state = 5 and o.id % 10 = 1`);
    const [plan] = await rows<{ id: number }>(tx, sql`insert into return_visit_plans (enterprise_id, name) values (${ep}, '回访') returning id`);
    await tx.execute(sql`insert into return_visit_tasks (enterprise_id, plan_id, record_id, order_id, customer_id, template_id, engineer_id, state, order_no, order_title, customer_name, completed_at)
      select ${ep}, ${plan?.id}, o.id, o.id, o.customer_id, o.template_id, o.service_user_id, 1 + (o.id % 5)::int, o.order_no, o.title, '客户', o.finished_at
      from orders o where o.enterprise_id = ${ep} and o.state = 5 and o.id % 5 = 2`);
    await tx.execute(sql`insert into complaints (enterprise_id, complaint_no, source_type, order_id, title, level)
      select ${ep}, 'CP' || o.id, 1, o.id, '投诉', '一般' from orders o where o.enterprise_id = ${ep} and o.state = 5 and o.id % 100 = 3`);
    await tx.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, amount_cents)
      select ${ep}, o.id, o.provider_id, 5000 + (o.id % 100) * 100 from orders o where o.enterprise_id = ${ep} and o.provider_id is not null and o.state = 5`);
  });
  await db.execute(sql`vacuum analyze`);
  return { ep, director: Number(d?.id), seconds: (Date.now() - t0) / 1000, reused: false };
}

const statementText = (args: unknown[]): string => {
  const first = args[0] as string | { text: string };
  return (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').trim();
};

export async function reportScenario(database: Database): Promise<ReportScenario> {
  const db = database.db;
  const s = await seed(db, ORDERS);
  const director: Actor = {
    id: s.director,
    enterpriseId: s.ep,
    sysrole: 10,
    admin: false,
    powers: ['chart_manage'],
    providerId: null,
    timeZone: 'Asia/Shanghai',
  };
  // The summary as a running app keeps it (the sweep): the seed's marked days recomputed once, timed.
  const f0 = Date.now();
  await flushReportSummary(db, s.ep);
  const flushSeconds = (Date.now() - f0) / 1000;
  console.info(`  summary up to date in ${flushSeconds.toFixed(1)} s`);
  // A team leader (engineer, not a director) of the first team: its ten engineers (the seed gives engineer i team i % 20).
  const [lead] = await rows<{ id: number; grp: number }>(
    db,
    sql`select min(u.id)::int as id, (select min(id)::int from service_groups where enterprise_id = ${s.ep}) as grp
      from users u where u.enterprise_id = ${s.ep} and u.sysrole = 2`,
  );
  await db.execute(sql`update service_groups set leader_id = ${lead?.id} where enterprise_id = ${s.ep} and id = ${lead?.grp}`);
  await db.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id)
    select ${s.ep}, ${lead?.grp}, u.id from (select id, row_number() over (order by id) - 1 as i from users where enterprise_id = ${s.ep} and sysrole = 2) u
    where u.i % 20 = 0 on conflict do nothing`);
  const leader: Actor = { ...director, id: Number(lead?.id), sysrole: 2 };
  const p50Of = async (fn: () => Promise<unknown>): Promise<number> => {
    await fn();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    return percentile(times, 50);
  };
  const day = (offset: number) => new Date(Date.now() + offset * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);
  const period = { startTime: `${day(-29)} 00:00:00`, endTime: `${day(0)} 23:59:59` };
  const lines: ReportLine[] = [];
  for (const r of REPORTS) {
    for (const axis of r.axes) {
      const dimension = r.dimensions.includes('engineer') ? 'engineer' : r.dimensions[0]!;
      const p = { reportId: r.id, axis, dimension, ...period } as ReportParams;
      let answer = await runReport(db, director, p);
      const statements = await captureSql(database, async () => {
        answer = await runReport(db, director, p);
      });
      const main = statements.find((st) => statementText(st.args).includes('group by 1'));
      lines.push({
        report: r.name,
        axis,
        dimension,
        rows: answer.rows.length,
        p50: await p50Of(() => runReport(db, director, p)),
        exactP50: await p50Of(() => runReport(db, director, p, { exact: true })),
        leaderP50: await p50Of(() => runReport(db, leader, p)),
        sql: main ? statementText(main.args) : '',
        plan: PLANS && main ? await explain(database, main.args) : undefined,
      });
      const l = lines[lines.length - 1]!;
      // As it goes (a 1,000,000-order run takes long on a shared machine): the line and the load beside it.
      console.info(
        `  ${l.report} / ${l.axis}: summary ${l.p50.toFixed(0)} ms, exact ${l.exactP50.toFixed(0)} ms, team leader ${l.leaderP50.toFixed(0)} ms (load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
      );
    }
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return { orders: ORDERS, seeded: { seconds: s.seconds, reused: s.reused }, flushSeconds, load, lines };
}

export function printReports(s: ReportScenario): void {
  console.info(
    `运营报表: ${s.orders} orders (${s.seeded.reused ? 'reused' : `seeded in ${s.seeded.seconds.toFixed(0)} s`}), the last 30 days; summary brought up to date in ${s.flushSeconds.toFixed(1)} s; load ${s.load}`,
  );
  console.table(
    s.lines.map((l) => ({
      report: l.report,
      axis: l.axis,
      dimension: l.dimension,
      rows: l.rows,
      'director (summary) p50 ms': l.p50.toFixed(1),
      'director exact p50 ms': l.exactP50.toFixed(1),
      'team leader p50 ms': l.leaderP50.toFixed(1),
      'under 1 s': l.p50 < 1000 && l.leaderP50 < 1000 ? 'yes' : 'NO',
    })),
  );
  for (const l of s.lines) {
    console.info(`\n${l.report} / ${l.axis}: ${l.sql}`);
    if (l.plan) console.info(l.plan);
  }
}

async function main(): Promise<void> {
  await withBenchDatabase('reports', async (database) => {
    printReports(await reportScenario(database));
  });
}

// Runnable alone (npx tsx bench/reports.ts); imported by bench/run.ts for reportScenario/printReports only.
runAlone(import.meta, main);
