import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../apps/server/src/db/client';
import { flushAllReportSummaries, rebuildReportSummary } from '../apps/server/src/modules/reports/summary';
import { hashPassword } from '../apps/server/src/platform/crypto';
import { arr, grams } from './customers.seed';
import { BENCH_PASSWORD } from './seed';

/** The bench engineer (role 2) to log in as for MyOrder; about one order in `engineers` is theirs. */
export const BENCH_ENGINEER_MOBILE = '17200000002';
const SMALL_PREFIX = '压测小企业';

// Order types with a typical title each (the title's grams are computed once per type).
const TYPES: [string, string][] = [
  ['维修', '空调不制冷上门维修'],
  ['安装', '新机安装调试'],
  ['保养', '季度例行保养'],
  ['巡检', '设备巡检'],
  ['退换', '故障机退换'],
  ['咨询', '使用问题咨询'],
  ['改造', '管路改造'],
  ['回收', '旧机回收'],
];

export interface OrderSeed {
  orders: number;
  engineerId: number;
  /** An order of the bench enterprise in service, for the detail. */
  orderId: number;
  /** The creation time from which the newest 100,000 orders start ('YYYY-MM-DD HH:mm:ss', enterprise zone). */
  newest100k: string;
  reused: boolean;
  seconds: number;
}

async function facts(db: Db, ep: number, reused: boolean, seconds: number): Promise<OrderSeed> {
  const [e] = await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${ep} and mobile = ${BENCH_ENGINEER_MOBILE}`);
  const [o] = await rows<{ id: number }>(
    db,
    sql`select id from orders where enterprise_id = ${ep} and state = 4 and deleted_at is null order by created_at desc limit 1`,
  );
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from orders where enterprise_id = ${ep}`);
  const [t] = await rows<{ at: string }>(
    db,
    sql`select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as at from orders
        where enterprise_id = ${ep} and deleted_at is null order by created_at desc offset 99999 limit 1`,
  );
  return { orders: Number(n?.n), engineerId: Number(e?.id), orderId: Number(o?.id), newest100k: t?.at ?? '2000-01-01 00:00:00', reused, seconds };
}

/** People, order types and customers the orders draw from, as numbered temp tables. */
async function pools(tx: Tx, ep: number): Promise<{ customers: number; engineers: number }> {
  await tx.execute(sql`insert into form_templates (enterprise_id, form_kind, name, sort)
    select ${ep}, 1, t.name, t.i from unnest(${arr(TYPES.map((x) => x[0]))}) with ordinality t(name, i) on conflict do nothing`);
  await tx.execute(sql`create temp table bench_tpl on commit drop as
    select row_number() over (order by f.id)::int as i, f.id, x.title, ${grams('x.title')} as grams
    from form_templates f join (select unnest(${arr(TYPES.map((x) => x[0]))}) as name, unnest(${arr(TYPES.map((x) => x[1]))}) as title) x on x.name = f.name
    where f.enterprise_id = ${ep} and f.form_kind = 1`);
  const [have] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from customers where enterprise_id = ${ep}`);
  if (Number(have?.n) < 1000) {
    // Run alone: 20,000 customers of its own (the customers scenario seeds richer ones).
    await tx.execute(sql`insert into customers (enterprise_id, name, link_name, phone, search_grams)
      select ${ep}, x.name, x.link, '13' || lpad(g::text, 9, '0'), ${grams("x.name || ' ' || x.link")}
      from generate_series(1, 20000) g
      cross join lateral (select '星河制冷设备有限公司' || g as name, '张' || (g % 97) as link) x`);
  }
  await tx.execute(sql`create temp table bench_cus on commit drop as
    select row_number() over (order by id)::int as i, id, name, coalesce(link_name, '') as link, coalesce(phone, '') as phone, search_grams as grams
    from (select * from customers where enterprise_id = ${ep} order by id limit 50000) c`);
  const people = (role: number, limit: number) =>
    sql`coalesce((select array_agg(id order by mobile = ${BENCH_ENGINEER_MOBILE} desc, id) from (select id, mobile from users where enterprise_id = ${ep}
      and sysrole = ${role} and enabled order by mobile = ${BENCH_ENGINEER_MOBILE} desc, id limit ${limit}) u), '{}'::bigint[])`;
  await tx.execute(sql`create temp table bench_people on commit drop as
    select ${people(2, 500)} as eng, ${people(1, 30)} as dsp, ${people(5, 100)} as sal, ${people(7, 20)} as vis, ${people(6, 20)} as acc`);
  // The order number's grams (GD20250101-0001234: 'gd' + the day + '-' + seven digits of g) in pieces, each computed once:
  // grams() on every number was more than half of the insert's time. The pieces overlap (a gram may repeat in the
  // array, as the title's and the customer's do already): the GIN index and the search read each gram once.
  await tx.execute(sql`create temp table bench_day_grams on commit drop as
    select x.day, ${grams("'gd' || x.day || '-'")} as grams
    from (select distinct to_char(d, 'YYYYMMDD') as day from generate_series(now() - interval '1100 days', now() + interval '1 day', interval '1 day') d) x`);
  await tx.execute(sql`create temp table bench_digit_grams on commit drop as
    select w.width, n, lpad(n::text, w.width, '0') as digits, ${grams("lpad(n::text, w.width, '0')")} as grams
    from (values (3), (4)) w(width) cross join lateral generate_series(0, power(10, w.width)::int - 1) n`);
  await tx.execute(sql`create index on bench_digit_grams (width, n)`);
  await tx.execute(sql`analyze bench_day_grams`);
  await tx.execute(sql`analyze bench_digit_grams`);
  const [c] = await rows<{ customers: number; engineers: number }>(
    tx,
    sql`select (select count(*) from bench_cus)::int as customers, (select cardinality(eng) from bench_people)::int as engineers`,
  );
  return { customers: Number(c?.customers), engineers: Number(c?.engineers) };
}

/**
 * Orders g = from..to of `n` in the bench enterprise: created over three years, skewed to the recent
 * (age = 1095 × (1 − g/n)² days, so rows lie in the table in creation order as in real life); old orders are
 * mostly completed (some cancelled, a few stuck open), recent ones spread over the open states; people drawn from
 * the enterprise's users by role (the bench engineer is the first engineer).
 */
async function insertOrders(tx: Tx, ep: number, from: number, to: number, n: number, p: { customers: number; engineers: number }): Promise<void> {
  const pick = (a: string, r: string) => sql.raw(`(case when cardinality(${a}) > 0 then ${a}[1 + floor(${r} * cardinality(${a}))::int] end)`);
  await tx.execute(sql`insert into orders (enterprise_id, order_no, template_id, state, invalid, abnormal_kind, examine_type, examine_result,
      place_state, in_pool, deleted_at, title, customer_id, custom_link_person, custom_phone, full_address, priority,
      created_by, salesperson_id, acceptor_id, dispatcher_id, service_user_id, taken_by, return_visitor_id,
      created_at, accepted_at, dispatched_at, taken_at, started_at, finished_at, cancelled_at, archived_at, due_at,
      receivable_amount, paid_at, evaluated_at, search_grams, updated_at, latitude, longitude, geo_precision)
    select ${ep}, y.order_no, t.id, y.state, y.state = 0 and y.r2 < 0.2,
      case when y.state in (2, 3, 4) and y.r2 < 0.05 then 1 + floor(y.r3 * 3)::int end,
      case when y.state = 7 then (case when y.r3 < 0.5 then 1 else 2 end) when y.state = 5 and y.r2 < 0.1 then 3 + (y.r3 < 0.5)::int end,
      case when y.state = 7 then 0 when y.state = 5 and y.r2 < 0.1 then (case when y.age < 3 then 0 when y.r3 < 0.05 then 2 else 1 end) end,
      (y.state in (5, 6) and y.age > 90 and y.r4 < 0.7)::int, y.state = 1 and y.r2 < 0.3,
      case when y.r5 < 0.003 then y.created_at + interval '1 day' end,
      t.title, c.id, c.link, c.phone, '浙江省杭州市西湖区科技路' || (y.g % 999) || '号', y.priority,
      case when y.r8 < 0.3 then ${pick('pp.sal', 'y.r8 / 0.3')} else ${pick('pp.acc', 'y.r4')} end,
      case when y.r8 < 0.3 then ${pick('pp.sal', 'y.r8 / 0.3')} end,
      case when y.state not in (0, 7) then ${pick('pp.acc', 'y.r6')} end,
      case when y.state in (2, 3, 4, 5) then ${pick('pp.dsp', 'y.r7')} end,
      case when y.state in (2, 3, 4, 5) or (y.state = 7 and y.r3 >= 0.5) then pp.eng[y.ei] end,
      case when y.state in (3, 4, 5) or (y.state = 7 and y.r3 >= 0.5) then pp.eng[y.ei] end,
      case when y.state = 5 and y.r5 < 0.5 then ${pick('pp.vis', 'y.r5 * 2')} end,
      y.created_at,
      case when y.state not in (0, 7) then y.created_at + interval '10 minutes' end,
      case when y.state in (2, 3, 4, 5) then y.created_at + interval '30 minutes' end,
      case when y.state in (3, 4, 5) then y.created_at + interval '1 hour' end,
      case when y.state in (4, 5) then y.created_at + interval '1 day' end,
      case when y.state = 5 then y.created_at + (1 + y.r4 * 72) * interval '1 hour' end,
      case when y.state = 6 then y.created_at + interval '2 hours' end,
      case when y.state in (5, 6) and y.age > 90 and y.r4 < 0.7 then y.created_at + interval '30 days' end,
      y.created_at + (4 - y.priority) * interval '1 day',
      case when y.state = 5 then round((100 + y.r4 * 900)::numeric, 2) else 0 end,
      case when y.state = 5 and y.r7 < 0.8 then y.created_at + (3 + y.r4 * 72) * interval '1 hour' end,
      case when y.state = 5 and ((y.age > 7 and y.r7 < 0.95) or y.r7 < 0.3) then y.created_at + (25 + y.r4 * 72) * interval '1 hour' end,
      t.grams || c.grams || dg.grams || s3.grams || s4.grams || array['-' || left(s3.digits, 1), right(s3.digits, 1) || left(s4.digits, 1)],
      -- Placed where the offline geocoder puts 西湖区, as creation would have: not left to the app's backfill sweep.
      y.created_at, 30.2595, 120.1302, 'district'
    from (
      select x.*, 'GD' || to_char(x.created_at, 'YYYYMMDD') || '-' || lpad(x.g::text, 7, '0') as order_no,
        case
          when x.age <= 2 then (case when x.r1 < 0.08 then 0 when x.r1 < 0.25 then 1 when x.r1 < 0.4 then 2 when x.r1 < 0.6 then 3
            when x.r1 < 0.72 then 4 when x.r1 < 0.92 then 5 when x.r1 < 0.96 then 6 else 7 end)
          when x.age <= 30 then (case when x.r1 < 0.01 then 0 when x.r1 < 0.04 then 1 when x.r1 < 0.06 then 2 when x.r1 < 0.12 then 3
            when x.r1 < 0.15 then 4 when x.r1 < 0.9 then 5 when x.r1 < 0.97 then 6 else 7 end)
          else (case when x.r1 < 0.0005 then 0 when x.r1 < 0.002 then 1 when x.r1 < 0.004 then 3 when x.r1 < 0.006 then 4
            when x.r1 < 0.92 then 5 else 6 end)
        end::smallint as state,
        (case when x.r6 < 0.8 then 1 when x.r6 < 0.95 then 2 else 3 end)::smallint as priority
      from (
        select g, a.age, now() - a.age * interval '1 day' as created_at, random() as r1, random() as r2, random() as r3, random() as r4,
          random() as r5, random() as r6, random() as r7, random() as r8,
          1 + floor(random() * ${TYPES.length})::int as ti, 1 + floor(random() * ${p.customers})::int as ci,
          1 + floor(random() * ${Math.max(1, p.engineers)})::int as ei
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select 1095 * power(1 - g::float8 / ${n}, 2) + random() / 48 as age) a
      ) x
    ) y
    join bench_tpl t on t.i = y.ti
    join bench_cus c on c.i = y.ci
    join bench_day_grams dg on dg.day = to_char(y.created_at, 'YYYYMMDD')
    join bench_digit_grams s3 on s3.width = 3 and s3.n = y.g / 10000
    join bench_digit_grams s4 on s4.width = 4 and s4.n = y.g % 10000
    cross join bench_people pp`);
}

/** The long tail: `count` small VIP enterprises with 1–60 orders each, one type and one customer each. */
async function insertSmall(tx: Tx, count: number): Promise<void> {
  await tx.execute(sql`insert into enterprises (name, is_charge_user, package_name, buy_person_num, ep_service_expire_time)
    select ${SMALL_PREFIX} || g, 1, 'VIP版', 10, now() + interval '365 days' from generate_series(1, ${count}) g`);
  const small = sql`(select id from enterprises where name like ${`${SMALL_PREFIX}%`})`;
  await tx.execute(sql`insert into form_templates (enterprise_id, form_kind, name) select id, 1, '维修' from ${small} e`);
  await tx.execute(sql`insert into customers (enterprise_id, name) select id, '客户' || id from ${small} e`);
  await tx.execute(sql`insert into orders (enterprise_id, order_no, template_id, state, title, customer_id, created_at, due_at, updated_at, search_grams, geo_precision)
    select e.id, 'GD' || e.id || '-' || g, t.id, (array[0, 1, 3, 5, 5, 5, 5, 6])[1 + floor(random() * 8)::int], '上门维修', c.id,
      now() - random() * interval '365 days', now() - random() * interval '300 days', now(), '{}'::text[], 'none'
    from ${small} e
    join form_templates t on t.enterprise_id = e.id and t.form_kind = 1
    join customers c on c.enterprise_id = e.id
    cross join lateral generate_series(1, 1 + (e.id % 60)::int) g`);
}

/** Index builds at once: one per core of this machine; each build also gets a parallel worker where PostgreSQL has one. */
const BUILDERS = 2;

/**
 * Builds the orders' indexes the seed dropped (their definitions wait in `bench_index_defs`, written in the insert's
 * transaction), BUILDERS at a time, the GIN ones first as they take longest; each index and the removal of its
 * definition commit together, so a seed stopped half-way is finished by the next run instead of leaving indexes out.
 */
async function buildDroppedIndexes(db: Db): Promise<void> {
  const [t] = await rows<{ ok: boolean }>(db, sql`select to_regclass('bench_index_defs') is not null as ok`);
  if (!t?.ok) return;
  const defs = await rows<{ name: string; def: string }>(db, sql`select name, def from bench_index_defs order by def like '%USING gin%' desc, name`);
  if (defs.length === 0) return;
  const t0 = Date.now();
  const next = async (): Promise<void> => {
    for (let d = defs.shift(); d; d = defs.shift()) {
      const { name, def } = d;
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
        await tx.execute(sql.raw(def));
        await tx.execute(sql`delete from bench_index_defs where name = ${name}`);
      });
    }
  };
  const count = defs.length;
  await Promise.all(Array.from({ length: BUILDERS }, next));
  console.info(`  ${count} order indexes built, ${BUILDERS} at a time: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * The report summary brought up to date before the bench measures. The summary's triggers mark every day the seed
 * wrote; left to the app, its 30-second sweep would recompute them day by day (about a second a day at 1,000,000
 * orders) for the first half hour, beside whatever the bench measures. After a seed each marked enterprise is rebuilt
 * in one pass; on a reused database only the days an earlier run's writes marked are recomputed, as the app would.
 */
async function settleReportSummary(db: Db, seeded: boolean): Promise<void> {
  const marked = await rows<{ ep: number }>(db, sql`select distinct enterprise_id as ep from order_report_dirty`);
  if (marked.length === 0) return;
  const t0 = Date.now();
  if (seeded) for (const m of marked) await db.transaction((tx) => rebuildReportSummary(tx, m.ep));
  else for (let left = marked.length; left > 0; ) left = await flushAllReportSummaries(db);
  console.info(`  report summary of ${marked.length} enterprises brought up to date: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * An earlier run's orders (titles starting with `prefix`) deleted, their rows beside them with them (foreign keys
 * cascade), and the table vacuumed: each run then measures the seeded rows, not the seed with every earlier run's
 * creates on top of the list's sort (about 1,150 a run, all new, all of one keyword). Answers how many went.
 */
export async function forgetEarlierCreates(db: Db, ep: number, prefix: string): Promise<number> {
  const t0 = Date.now();
  const [r] = await rows<{ n: number }>(
    db,
    sql`with gone as (delete from orders where enterprise_id = ${ep} and title like ${`${prefix}%`} returning 1) select count(*)::int as n from gone`,
  );
  const n = Number(r?.n ?? 0);
  if (n === 0) return 0;
  await db.execute(sql`vacuum (analyze) orders`);
  await settleReportSummary(db, false);
  console.info(`  ${n} orders of earlier runs deleted, orders vacuumed: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return n;
}

/**
 * `n` orders in the bench enterprise plus a long tail of small enterprises, written by generate_series with the
 * orders' secondary indexes dropped (one transaction) and built after it, BUILDERS at a time; foreign keys unchecked
 * (session_replication_role; the rows are built from the enterprise's own ids). A database that has them is reused.
 */
export async function seedOrders(db: Db, ep: number, n: number, smallEnterprises = 2000): Promise<OrderSeed> {
  const t0 = Date.now();
  await buildDroppedIndexes(db);
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from orders where enterprise_id = ${ep}`);
  if (Number(have?.n) >= n) {
    await settleReportSummary(db, false);
    return facts(db, ep, true, 0);
  }
  const hash = await hashPassword(BENCH_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole, password_hash)
      values (${ep}, ${BENCH_ENGINEER_MOBILE}, '压测工程师', '{2}', 2, ${hash}) on conflict do nothing`);
    const p = await pools(tx, ep);
    const defs = await rows<{ name: string; def: string }>(
      tx,
      sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
          where i.indrelid = 'orders'::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    );
    await tx.execute(sql`create table if not exists bench_index_defs (name text primary key, def text not null)`);
    for (const d of defs) {
      await tx.execute(sql`insert into bench_index_defs values (${d.name}, ${d.def})`);
      await tx.execute(sql.raw(`drop index ${d.name}`));
    }
    // Numbers go on after the highest seeded one, not after the count: a database that lost orders (a bench deleted
    // some) drew numbers it already had, and orders_no_uq failed a quarter of an hour into the index builds.
    const [drawn] = await rows<{ g: number | null }>(
      tx,
      sql`select max(substring(order_no from '-([0-9]{7})$')::int) as g from orders where enterprise_id = ${ep}`,
    );
    const first = Math.max(Number(have?.n ?? 0), Number(drawn?.g ?? 0)) + 1;
    const last = first + n - Number(have?.n ?? 0) - 1;
    const [small] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from enterprises where name like ${`${SMALL_PREFIX}%`}`);
    for (let from = first; from <= last; from += 250_000) {
      const t1 = Date.now();
      await insertOrders(tx, ep, from, Math.min(last, from + 249_999), Math.max(n, last), p);
      console.info(`  orders ${from}–${Math.min(last, from + 249_999)}: ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    }
    if (Number(small?.n) === 0 && smallEnterprises > 0) await insertSmall(tx, smallEnterprises);
    // Collaborators on one in twenty served orders (TeamworkOrder, the engineer's scope).
    await tx.execute(sql`insert into order_people (enterprise_id, order_id, part, user_id)
      select o.enterprise_id, o.id, 4, pp.eng[1 + (o.id % cardinality(pp.eng))::int] from orders o cross join bench_people pp
      where o.enterprise_id = ${ep} and o.service_user_id is not null and o.id % 20 = 0 and cardinality(pp.eng) > 0
      on conflict do nothing`);
  });
  await buildDroppedIndexes(db);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`analyze order_people`);
  await settleReportSummary(db, true);
  return facts(db, ep, false, (Date.now() - t0) / 1000);
}
