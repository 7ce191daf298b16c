import { orderListContract, REPORTS, type ReportAxis, reportsContract as R, type ReportParams, type ReportResult } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { AXIS_COL, PERIOD, reportDimensions } from './test-helpers';
import type { Actor } from '../../platform/actor';
import { type Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pickWith, rng } from '../../test/seeded';
import { insertOrder } from '../orders/test-helpers';
import { productOf } from '../quality/test-helpers';
import { insertPlan } from '../visits/test-helpers';
import { runReport } from './reports.service';

/**
 * 运营报表 (issue 33, docs/reports.md): every catalogue report, on every axis and dimension it declares, equals an
 * independent SQL statement written here over a seeded set (not the module's builders), read both as the director's
 * page reads it (from the per-day summary) and by the exact query; every drillable figure's /allOrder total equals it.
 * The seeded orders are created, completed and approved in different months, so a report on the wrong axis differs.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const TZ = 'Asia/Shanghai';
const DIM_KEY: Record<string, (axisCol: string) => string> = {
  state: () => 's.state',
  template: () => 's.template_id',
  team: () => 's.service_group_id',
  engineer: () => 's.service_user_id',
  provider: () => 's.provider_id',
  source: () => 's.source',
  priority: () => 's.priority',
  day: (c) => `to_char(s.${c} at time zone '${TZ}', 'YYYY-MM-DD')`,
  month: (c) => `to_char(s.${c} at time zone '${TZ}', 'YYYY-MM')`,
};

/** Shanghai midnight of 2026-`month`-`day` plus `ms`, as an instant. */
const shanghai = (month: number, day: number, ms = 0) => new Date(Date.UTC(2026, month - 1, day) - 8 * 3600_000 + ms);
const HOUR = 3600_000;

/**
 * Orders created from late February to early April, completed 0–40 days later and approved 0–20 days after that (or
 * never), some in the last half second of March 31 (outside the list's period, inside the summary's day); with SLA
 * clocks (met, breached, cancelled), installed products coming back within and after 30 days, parts in use and
 * cancelled, visit tasks in every state, complaints, provider fees and penalties (approved, pending) and rewards.
 */
async function seed(ep: number, seedNo: number) {
  const r = rng(seedNo);
  const pick = pickWith(r);
  const { one, engineers, teams, templates } = await reportDimensions(t.deps.db, ep);
  const providers = [
    await one(sql`insert into service_providers (enterprise_id, name) values (${ep}, '外包甲') returning id`),
    await one(sql`insert into service_providers (enterprise_id, name) values (${ep}, '外包乙') returning id`),
    null,
  ];
  const products = [
    (await productOf(t.deps.db, ep, null)).productId,
    (await productOf(t.deps.db, ep, null)).productId,
    (await productOf(t.deps.db, ep, null)).productId,
  ];
  const warehouse = await one(sql`insert into warehouses (enterprise_id, name, kind) values (${ep}, '总仓', 1) returning id`);
  const spares = [
    await one(sql`insert into spares (enterprise_id, code, name, cost_price, sale_price) values (${ep}, 'P1', '压缩机', 100.5, 200) returning id`),
    await one(sql`insert into spares (enterprise_id, code, name, cost_price, sale_price) values (${ep}, 'P2', '电容', 3.25, 8) returning id`),
  ];
  const plan = await insertPlan(t.deps.db, ep);
  const ids: number[] = [];
  for (let i = 0; i < 48; i++) {
    const state = pick([1, 2, 3, 5, 5, 5, 5, 6, 7]);
    const created = shanghai(2, 26, 0).getTime() + Math.floor(r() * 40) * 86_400_000 + pick([0, 1000, 12 * HOUR, 86_399_000, 86_399_500]);
    const finished = state === 5 ? new Date(created + pick([1, 5, 30, 240, 600, 960]) * HOUR + pick([0, 500])) : null;
    const approved = finished && r() < 0.6 ? new Date(finished.getTime() + pick([0, 1, 48, 480]) * HOUR) : null;
    const started = finished ? pick(['started', 'taken', 'dispatched', 'none']) : 'none';
    const before = (h: number) => (finished ? new Date(finished.getTime() - h * HOUR).toISOString() : null);
    ids.push(
      await insertOrder(t.deps.db, ep, {
        state,
        created_at: new Date(created).toISOString(),
        finished_at: finished?.toISOString() ?? null,
        complete_examined_at: approved?.toISOString() ?? null,
        started_at: started === 'started' ? before(2) : null,
        taken_at: started === 'taken' ? before(3.5) : null,
        dispatched_at: started === 'dispatched' ? before(7.25) : null,
        service_user_id: pick(engineers),
        service_group_id: pick(teams),
        template_id: pick(templates),
        provider_id: pick(providers),
        installed_product_id: r() < 0.5 ? pick(products) : null,
        source: pick([1, 2, 3]),
        priority: pick([1, 2, 3]),
        deleted_at: r() < 0.08 ? shanghai(3, 20).toISOString() : null,
      }),
    );
  }
  // A 30-day sharp edge for 一次修复: later orders of a product a few hours and 29–31 days after the first completions.
  const fin = await rows<{ id: number; p: number; f: string }>(
    t.deps.db,
    sql`select id, installed_product_id as p, finished_at::text as f from orders where enterprise_id = ${ep} and installed_product_id is not null
      and finished_at is not null order by id limit 4`,
  );
  for (const [i, o] of fin.entries()) {
    const back = new Date(Date.parse(o.f.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')) + [5 * HOUR, 29 * 24 * HOUR, 31 * 24 * HOUR, 30 * 24 * HOUR][i]!);
    await insertOrder(t.deps.db, ep, { state: 1, installed_product_id: o.p, created_at: back.toISOString(), source: 1, priority: 1 });
  }
  for (const id of ids) {
    if (r() < 0.5) {
      const types = r() < 0.5 ? [1] : [1, 2];
      for (const type of types) {
        await t.deps.db.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, outcome, breached_at)
          values (${ep}, ${id}, '标准', ${type}, now(), ${pick([0, 1, 1, 2])}, ${r() < 0.35 ? sql`now()` : null})`);
      }
    }
    for (let k = Math.floor(r() * 3); k > 0; k--) {
      await t.deps.db.execute(sql`insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, chargeable, price, state)
        values (${ep}, ${id}, ${pick(spares)}, ${warehouse}, ${pick([1, 2, 5])}, ${r() < 0.5}, ${pick([150, 9.99])}, ${pick([1, 1, 1, 2])})`);
    }
    if (r() < 0.5) {
      await t.deps.db.execute(sql`insert into return_visit_tasks (enterprise_id, plan_id, record_id, order_id, state, order_no, order_title, customer_name, completed_at)
        select ${ep}, ${plan}, o.id, o.id, ${pick([1, 2, 3, 4, 5])}, o.order_no, o.title, '客户', now() from orders o where o.enterprise_id = ${ep} and o.id = ${id}`);
    }
    for (let k = Math.floor(r() * 3) - 1; k > 0; k--) {
      await t.deps.db.execute(sql`insert into complaints (enterprise_id, complaint_no, source_type, order_id, title, level, state)
        values (${ep}, ${`FC${ep}-${id}-${k}`}, 1, ${id}, '服务态度差', '一般', ${pick([1, 5])})`);
    }
    const provider = pick(providers.filter((p) => p != null));
    if (r() < 0.4) {
      await t.deps.db.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, amount_cents)
        values (${ep}, ${id}, ${provider}, ${pick([5000, 12345, 0])})`);
    }
    if (r() < 0.3) {
      for (const [kind, state] of [
        pick([
          [2, 2],
          [2, 2],
          [2, 1],
          [2, 4],
          [1, 2],
        ] as const),
        pick([
          [2, 2],
          [1, 2],
        ] as const),
      ]) {
        await t.deps.db.execute(sql`insert into rewards (enterprise_id, reward_no, provider_id, order_id, kind, amount_cents, reason, state)
          values (${ep}, ${`FR${Math.floor(r() * 1e9)}`}, ${provider}, ${id}, ${kind}, ${pick([1000, 2550])}, '超时', ${state})`);
      }
    }
  }
  return { ids };
}

/**
 * The independent statement of each report: its aggregates per key over `s`, the orders of the enterprise outside the
 * bin whose axis column is in the period (the list's period: from 00:00:00 up to the end of 23:59:59), written with correlated subqueries.
 */
const INDEPENDENT: Record<string, { sql: string; values: (a: Record<string, number>) => Record<string, number | null> }> = {
  orderVolume: {
    sql: `select k, count(*) as orders, count(*) filter (where state = 5) as completed, count(*) filter (where state = 6) as cancelled,
      count(*) filter (where state not in (5, 6)) as open from s group by k`,
    values: (a) => ({ orders: a.orders!, completed: a.completed!, cancelled: a.cancelled!, open: a.open! }),
  },
  slaAttainment: {
    sql: `select k, count(*) as measured,
        count(*) filter (where (select count(*) from order_sla_clocks c where c.enterprise_id = s.enterprise_id and c.order_id = s.id
          and c.outcome <> 2 and c.breached_at is not null) = 0) as met,
        count(*) filter (where (select count(*) from order_sla_clocks c where c.enterprise_id = s.enterprise_id and c.order_id = s.id
          and c.outcome <> 2 and c.breached_at is not null) > 0) as breached
      from s where (select count(*) from order_sla_clocks c where c.enterprise_id = s.enterprise_id and c.order_id = s.id and c.outcome <> 2) > 0
      group by k`,
    values: (a) => ({ measured: a.measured!, met: a.met!, breached: a.breached!, rate: pct(a.met!, a.measured!) }),
  },
  firstFix: {
    sql: `select k, count(*) as completed, count(*) filter (where (select count(*) from orders r where r.enterprise_id = s.enterprise_id
          and r.installed_product_id = s.installed_product_id and r.id <> s.id and r.deleted_at is null
          and r.created_at > s.finished_at and r.created_at - s.finished_at <= interval '30 days') > 0) as repeat
      from s where state = 5 group by k`,
    values: (a) => ({ completed: a.completed!, fixed: a.completed! - a.repeat!, repeat: a.repeat!, rate: pct(a.completed! - a.repeat!, a.completed!) }),
  },
  utilisation: {
    sql: `select k, count(*) as completed, sum(case when started_at is not null then extract(epoch from finished_at - started_at)
          when taken_at is not null then extract(epoch from finished_at - taken_at)
          when dispatched_at is not null then extract(epoch from finished_at - dispatched_at) else 0 end) / 3600 as hours
      from s where state = 5 group by k`,
    values: (a) => ({ completed: a.completed!, hours: Math.round(a.hours! * 10) / 10, avgHours: Math.round((a.hours! / a.completed!) * 10) / 10 }),
  },
  parts: {
    sql: `select k, count(*) as orders, sum(u.quantity) as quantity, sum(u.warranty) * 100 as warranty, sum(u.charged) * 100 as charged
      from s cross join lateral (select sum(p.quantity) as quantity,
          coalesce(sum(case when not p.chargeable then p.quantity * (select sp.cost_price from spares sp where sp.enterprise_id = p.enterprise_id and sp.id = p.spare_id) end), 0) as warranty,
          coalesce(sum(case when p.chargeable then p.quantity * p.price end), 0) as charged
        from order_parts p where p.enterprise_id = s.enterprise_id and p.order_id = s.id and p.state = 1) u
      where u.quantity is not null group by k`,
    values: (a) => ({ orders: a.orders!, quantity: a.quantity!, warrantyCost: yuan(a.warranty!), charged: yuan(a.charged!) }),
  },
  visitPass: {
    sql: `select k, count(*) as tasks, count(*) filter (where v.state in (2, 3, 5)) as reached, count(*) filter (where v.state in (3, 5)) as passed
      from s join return_visit_tasks v on v.enterprise_id = s.enterprise_id and v.order_id = s.id group by k`,
    values: (a) => ({ tasks: a.tasks!, reached: a.reached!, passed: a.passed!, rate: pct(a.passed!, a.reached!) }),
  },
  complaintRate: {
    sql: `select k, count(*) as completed, count(*) filter (where n > 0) as complained, sum(n) as complaints
      from (select s.k, (select count(*) from complaints c where c.enterprise_id = s.enterprise_id and c.order_id = s.id) as n from s where s.state = 5) x
      group by k`,
    values: (a) => ({ completed: a.completed!, complained: a.complained!, complaints: a.complaints!, rate: pct(a.complained!, a.completed!) }),
  },
  providerFees: {
    sql: `select k, count(fee) as orders, coalesce(sum(fee), 0) as fees, coalesce(sum(pen), 0) as penalties
      from (select s.k, (select f.amount_cents from provider_order_fees f where f.enterprise_id = s.enterprise_id and f.order_id = s.id) as fee,
          (select sum(w.amount_cents) from rewards w where w.enterprise_id = s.enterprise_id and w.order_id = s.id and w.kind = 2 and w.state = 2) as pen
        from s) x
      where fee is not null or pen is not null group by k`,
    values: (a) => ({ orders: a.orders!, fees: a.fees! / 100, penalties: a.penalties! / 100 }),
  },
};
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
/** Cents (a numeric sum) as yuan to the fen. */
const yuan = (cents: number) => Math.round(cents) / 100;

async function independent(ep: number, reportId: string, axis: ReportAxis, dimension: string): Promise<Record<string, Record<string, number | null>>> {
  const col = AXIS_COL[axis];
  const q = INDEPENDENT[reportId]!;
  const res = await rows<Record<string, unknown>>(
    t.deps.db,
    sql.raw(`with s as (select s.*, (${DIM_KEY[dimension]!(col)})::text as k from orders s where s.enterprise_id = ${Number(ep)} and s.deleted_at is null
        and s.${col} >= '${PERIOD.startTime}+08' and s.${col} < '${PERIOD.endTime}+08'::timestamptz + interval '1 second')
      ${q.sql}`),
  );
  return Object.fromEntries(
    res.map((row) => {
      const a = Object.fromEntries(
        Object.entries(row)
          .filter(([k]) => k !== 'k')
          .map(([k, v]) => [k, Number(v ?? 0)]),
      );
      return [(row.k as string | null) ?? 'null', q.values(a)];
    }),
  );
}

const byKey = (r: ReportResult) => Object.fromEntries(r.rows.map((x) => [x.key ?? 'null', x.values]));
/** The rows' sums of each measure (the total row's counts are these). */
const sumOf = (e: Record<string, Record<string, number | null>>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const v of Object.values(e)) for (const [k, x] of Object.entries(v)) out[k] = (out[k] ?? 0) + (x ?? 0);
  return out;
};

let director: { client: Client; enterpriseId: number; user: { id: number } };
let actor: Actor;
beforeAll(async () => {
  const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
  director = { client: d.client, enterpriseId: d.enterpriseId, user: d.user };
  actor = { id: d.user.id, enterpriseId: d.enterpriseId, sysrole: 10, admin: false, powers: ['chart_manage'], providerId: null, timeZone: TZ };
  await seed(d.enterpriseId, 3301);
  // Another enterprise's set (a different draw): never counted.
  await seed((await loggedIn(t.app, t.deps.db, { roles: [10] })).enterpriseId, 3302);
}, 120_000);

const params = (p: Partial<ReportParams>): ReportParams => ({ reportId: 'orderVolume', axis: 'created', dimension: 'state', ...PERIOD, ...p }) as ReportParams;

async function listTotal(drill: Record<string, string>, client: Client = director.client): Promise<number> {
  const r = await client.send(orderListContract.getAllOrderList, { scope: 'all', pageIndex: 0, pageSize: 10, ...drill } as never);
  if (!r.success) throw new Error(`${r.code} ${r.message} ${JSON.stringify(drill)}`);
  return r.data!.count;
}

describe('运营报表: every report equals an independent SQL count on every axis', () => {
  it('the seeded set puts different orders on each axis', async () => {
    const sets: Record<string, string> = {};
    for (const axis of Object.keys(AXIS_COL) as ReportAxis[]) {
      const col = AXIS_COL[axis];
      const found = await rows<{ id: number }>(
        t.deps.db,
        sql.raw(`select id from orders where enterprise_id = ${Number(director.enterpriseId)} and deleted_at is null
          and ${col} >= '${PERIOD.startTime}+08' and ${col} < '${PERIOD.endTime}+08'::timestamptz + interval '1 second' order by id`),
      );
      sets[axis] = found.map((x) => x.id).join(',');
      expect(found.length, axis).toBeGreaterThan(5);
    }
    expect(new Set(Object.values(sets)).size).toBe(3);
  });

  for (const def of REPORTS) {
    for (const axis of def.axes) {
      it(`${def.name} (${def.id}) on the ${axis} axis: every dimension, from the summary and exactly; drill-down totals`, { timeout: 120_000 }, async () => {
        const drillable = def.measures.filter((m) => 'drill' in m).map((m) => m.key);
        for (const dimension of def.dimensions) {
          const expected = await independent(director.enterpriseId, def.id, axis, dimension);
          const label = `${def.id}/${axis}/${dimension}`;
          const page = await director.client.send(R.run, params({ reportId: def.id as never, axis, dimension }));
          if (!page.success) throw new Error(`${page.code} ${page.message}`);
          const exact = await runReport(t.deps.db, actor, params({ reportId: def.id as never, axis, dimension }), { exact: true });
          expect(byKey(page.data!), `${label} (summary)`).toEqual(expected);
          expect(byKey(exact), `${label} (exact)`).toEqual(expected);
          // The total row: the additive measures are the rows' sums.
          const sums = sumOf(expected);
          for (const m of def.measures) if (m.unit === 'count') expect(page.data!.total.values[m.key], `${label} total ${m.key}`).toBe(sums[m.key]);
          for (const row of page.data!.rows) {
            for (const m of drillable) {
              const drill = row.drill[m];
              // A day row's list includes the orders of the final fraction of its last second, as the figure does.
              if (drill) expect(await listTotal(drill), `${label}/${row.key}/${m}`).toBe(row.values[m] ?? 0);
              else expect(row.key == null || dimension === 'provider' || row.values[m] === 0, `${label}/${row.key}/${m} has a drill`).toBe(true);
            }
          }
          for (const m of drillable) expect(await listTotal(page.data!.total.drill[m]!), `${label} total ${m}`).toBe(page.data!.total.values[m]);
        }
      });
    }
  }
});

/**
 * The director's home (/guideOne, DirectorFigures.tsx): 今日/本月 新建 and 完成 and the month's daily trend are 工单量与状态
 * by day on the created and completed axes from the first of this month to the end of today (Shanghai), as the page asks.
 */
describe('运营报表: the director’s home figures', () => {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: TZ });
  const monthStart = `${today.slice(0, 8)}01`;
  const home = { startTime: `${monthStart} 00:00:00`, endTime: `${today} 23:59:59` };
  /** An instant of a Shanghai day ('YYYY-MM-DD') plus `ms`. */
  const on = (day: string, ms: number) => new Date(Date.parse(`${day}T00:00:00+08:00`) + ms).toISOString();
  const lastMonthEnd = on(monthStart, -500); // the previous month's final half second

  it('equals independent counts of today, this month and each day, the director’s enterprise only; an engineer counts his own orders', async () => {
    const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const ep = d.enterpriseId;
    const eng = await makeUser(t.deps.db, ep, { roles: [2] });
    const specs: Record<string, unknown>[] = [
      { state: 1, created_at: on(today, 1000) },
      { state: 5, created_at: on(today, 2000), finished_at: on(today, 3000), service_user_id: eng.id },
      { state: 5, created_at: on(monthStart, 0), finished_at: on(today, 60_000) },
      { state: 5, created_at: lastMonthEnd, finished_at: on(monthStart, 5000), service_user_id: eng.id },
      { state: 5, created_at: on(monthStart, -86_400_000), finished_at: lastMonthEnd },
      { state: 3, created_at: on(monthStart, 86_399_000), service_user_id: eng.id },
      { state: 5, created_at: on(today, 4000), finished_at: on(today, 5000), deleted_at: on(today, 6000) },
    ];
    for (const s of specs) await insertOrder(t.deps.db, ep, s);
    const other = await loggedIn(t.app, t.deps.db, { roles: [10] });
    for (const { service_user_id: _, ...s } of specs) await insertOrder(t.deps.db, other.enterpriseId, s);

    const count = async (col: string, from: string, to: string, extra = 'true') =>
      Object.fromEntries(
        (
          await rows<{ k: string; n: number }>(
            t.deps.db,
            sql.raw(`select to_char(${col} at time zone '${TZ}', 'YYYY-MM-DD') as k, count(*)::int as n from orders
              where enterprise_id = ${Number(ep)} and deleted_at is null and ${extra}
                and ${col} >= '${from} 00:00:00+08' and ${col} < '${to} 23:59:59+08'::timestamptz + interval '1 second' group by 1`),
          )
        ).map((r) => [r.k, Number(r.n)]),
      );
    const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
    for (const [axis, col] of [
      ['created', 'created_at'],
      ['completed', 'finished_at'],
    ] as const) {
      const r = await d.client.send(R.run, { reportId: 'orderVolume', axis, dimension: 'day', ...home });
      if (!r.success) throw new Error(`${r.code} ${r.message}`);
      const trend = await count(col, monthStart, today);
      expect(Object.fromEntries(r.data!.rows.map((x) => [x.key, x.values.orders])), `${axis} trend`).toEqual(trend);
      expect(r.data!.rows.find((x) => x.key === today)?.values.orders ?? 0, `今日 ${axis}`).toBe(total(await count(col, today, today)));
      expect(r.data!.total.values.orders, `本月 ${axis}`).toBe(total(trend));
      expect(r.data!.total.values.orders, `本月 ${axis} seeded`).toBeGreaterThan(0);
      expect(await listTotal(r.data!.total.drill.orders!, d.client)).toBe(r.data!.total.values.orders);
      const todayRow = r.data!.rows.find((x) => x.key === today);
      if (todayRow) expect(await listTotal(todayRow.drill.orders!, d.client)).toBe(todayRow.values.orders);

      // An engineer granted the chart power: his own orders only.
      const mine = await runReport(
        t.deps.db,
        { id: eng.id, enterpriseId: ep, sysrole: 2, admin: false, powers: ['chart_manage'], providerId: null, timeZone: TZ },
        params({ reportId: 'orderVolume', axis, dimension: 'day', ...home }),
      );
      expect(mine.total.values.orders, `engineer ${axis}`).toBe(total(await count(col, monthStart, today, `service_user_id = ${eng.id}`)));
    }
  });
});
