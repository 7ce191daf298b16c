import { REPORTS, type ReportParams } from '@sk/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { pickWith, rng } from '../../test/seeded';
import { insertOrder } from '../orders/test-helpers';
import { productOf } from '../quality/test-helpers';
import { insertPlan } from '../visits/test-helpers';
import { runReport } from './reports.service';
import { PERIOD, reportDimensions } from './test-helpers';
import { FLUSH_LOCK, flushAllReportSummaries, flushReportSummary, rebuildReportSummary } from './summary';

/**
 * 运营报表's per-day summary (summary.ts): after random creates, moves and deletes of orders and of the rows their
 * figures come from, the summary kept by the triggers' marks equals one rebuilt from scratch, and every report read from
 * it equals the exact query over the orders, on every axis.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ids = async (q: ReturnType<typeof sql>) => (await rows<{ id: number }>(t.deps.db, q)).map((r) => Number(r.id));
const one = async (q: ReturnType<typeof sql>) => (await ids(q))[0] as number;

async function snapshot(ep: number): Promise<string[]> {
  const found = await rows<Record<string, unknown>>(
    t.deps.db,
    sql`select report, axis, dim, day::text, k, a1::float8, a2::float8, a3::float8, a4::float8 from order_report_day_stats
      where enterprise_id = ${ep} order by report, axis, dim, day, k`,
  );
  return found.map((r) => JSON.stringify(r));
}

describe('运营报表: the per-day summary', () => {
  // Many runs (or a child process) in one test: more than the default 30 s on a loaded 2-core machine.
  it('equals a fresh rebuild and the exact query after random creates, moves and deletes (seeded)', { timeout: 90_000 }, async () => {
    const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const ep = d.enterpriseId;
    const other = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const r = rng(33);
    const pick = pickWith(r);
    const { engineers, teams, templates } = await reportDimensions(t.deps.db, ep);
    const products = [(await productOf(t.deps.db, ep, null)).productId, (await productOf(t.deps.db, ep, null)).productId];
    const provider = await one(sql`insert into service_providers (enterprise_id, name) values (${ep}, '外包甲') returning id`);
    const warehouse = await one(sql`insert into warehouses (enterprise_id, name, kind) values (${ep}, '总仓', 1) returning id`);
    const spare = await one(sql`insert into spares (enterprise_id, code, name, cost_price, sale_price) values (${ep}, 'P1', '压缩机', 100, 200) returning id`);
    const plan = await insertPlan(t.deps.db, ep);
    // Times around the month's edges, in Shanghai: the last second of a day and the first of the next.
    const when = () => {
      const day = 1 + Math.floor(r() * 33) - 1; // Feb 28 … Apr 2
      const base = Date.UTC(2026, 2, day) - 8 * 3600_000;
      return new Date(base + pick([0, 1000, 3600_000 * 12, 86_399_000, 86_399_500])).toISOString();
    };
    const orders: number[] = [];
    const create = async () => {
      const state = pick([1, 3, 5, 5, 6]);
      const created = when();
      const finished = state === 5 ? new Date(Date.parse(created) + pick([1, 30, 50]) * 3600_000).toISOString() : null;
      orders.push(
        await insertOrder(t.deps.db, ep, {
          state,
          created_at: created,
          finished_at: finished,
          complete_examined_at: finished && r() < 0.5 ? new Date(Date.parse(finished) + 86_400_000).toISOString() : null,
          started_at: finished ? created : null,
          service_user_id: pick(engineers),
          service_group_id: pick(teams),
          template_id: pick(templates),
          installed_product_id: r() < 0.5 ? pick(products) : null,
          provider_id: r() < 0.3 ? provider : null,
          source: pick([1, 2]),
          priority: pick([1, 2, 3]),
        }),
      );
    };
    const moves: (() => Promise<unknown>)[] = [
      create,
      create,
      async () => t.deps.db.execute(sql`update orders set created_at = ${when()} where enterprise_id = ${ep} and id = ${pick(orders)}`),
      async () => {
        const f = when();
        return t.deps.db.execute(sql`update orders set state = 5, finished_at = ${f}, complete_examined_at = ${r() < 0.5 ? f : null}
          where enterprise_id = ${ep} and id = ${pick(orders)}`);
      },
      async () =>
        t.deps.db.execute(
          sql`update orders set service_user_id = ${pick(engineers)}, template_id = ${pick(templates)} where enterprise_id = ${ep} and id = ${pick(orders)}`,
        ),
      async () => t.deps.db.execute(sql`update orders set deleted_at = now() where enterprise_id = ${ep} and id = ${pick(orders)}`),
      async () => t.deps.db.execute(sql`update orders set deleted_at = null where enterprise_id = ${ep} and id = ${pick(orders)}`),
      async () =>
        t.deps.db.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, outcome, breached_at)
          values (${ep}, ${pick(orders)}, '标准', ${pick([1, 2])}, now(), ${pick([0, 1, 2])}, ${r() < 0.4 ? sql`now()` : null})
          on conflict do nothing`),
      async () => t.deps.db.execute(sql`update order_sla_clocks set breached_at = now() where enterprise_id = ${ep} and order_id = ${pick(orders)}`),
      async () => t.deps.db.execute(sql`delete from order_sla_clocks where enterprise_id = ${ep} and order_id = ${pick(orders)}`),
      async () =>
        t.deps.db.execute(sql`insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, chargeable, price)
          values (${ep}, ${pick(orders)}, ${spare}, ${warehouse}, ${pick([1, 2, 3])}, ${r() < 0.5}, 150)`),
      async () => t.deps.db.execute(sql`update spares set cost_price = ${pick([80, 100, 120])} where enterprise_id = ${ep} and id = ${spare}`),
      async () =>
        t.deps.db.execute(sql`insert into complaints (enterprise_id, complaint_no, source_type, order_id, title, level)
          values (${ep}, ${`SC${Math.floor(r() * 1e9)}`}, 1, ${pick(orders)}, '投诉', '一般')`),
      async () => t.deps.db.execute(sql`delete from complaints where enterprise_id = ${ep} and order_id = ${pick(orders)}`),
      async () =>
        t.deps.db.execute(sql`insert into return_visit_tasks (enterprise_id, plan_id, record_id, order_id, state, order_no, order_title, customer_name, completed_at)
          select ${ep}, ${plan}, o.id, o.id, ${pick([1, 2, 3, 5])}, o.order_no, o.title, '客户', now() from orders o where o.enterprise_id = ${ep} and o.id = ${pick(orders)}
          on conflict do nothing`),
      async () =>
        t.deps.db.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, amount_cents) values (${ep}, ${pick(orders)}, ${provider}, 5000)
          on conflict do nothing`),
    ];
    for (let i = 0; i < 12; i++) await create();
    // Another enterprise's orders are never in this one's summary.
    for (let i = 0; i < 3; i++) await insertOrder(t.deps.db, other.enterpriseId, { state: 5, created_at: when(), finished_at: when() });

    const director: Actor = {
      id: d.user.id,
      enterpriseId: ep,
      sysrole: 10,
      admin: false,
      powers: ['chart_manage'],
      providerId: null,
      timeZone: 'Asia/Shanghai',
    };
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 25; i++) await pick(moves)();
      // The report reads its period's days (flushed on read), on each axis, as the exact query counts them.
      for (const rep of REPORTS) {
        for (const axis of rep.axes) {
          for (const dimension of rep.dimensions) {
            const p = { reportId: rep.id, axis, dimension, ...PERIOD } as ReportParams;
            const fromSummary = await runReport(t.deps.db, director, p);
            const exact = await runReport(t.deps.db, director, p, { exact: true });
            expect(fromSummary, `round ${round} ${rep.id}/${axis}/${dimension}`).toEqual(exact);
          }
        }
      }
      // Everything marked, flushed: the same rows as a rebuild from the orders.
      await flushReportSummary(t.deps.db, ep);
      const kept = await snapshot(ep);
      expect(kept.length).toBeGreaterThan(0);
      await rebuildReportSummary(t.deps.db, ep);
      expect(kept, `round ${round}`).toEqual(await snapshot(ep));
    }
    // The sweep flushes the other enterprise: its own three orders only.
    await flushAllReportSummaries(t.deps.db);
    const theirs = await snapshot(other.enterpriseId);
    await rebuildReportSummary(t.deps.db, other.enterpriseId);
    expect(theirs).toEqual(await snapshot(other.enterpriseId));
    const [n] = await rows<{ n: number }>(
      t.deps.db,
      sql`select coalesce(sum(a1), 0)::int as n from order_report_day_stats where enterprise_id = ${other.enterpriseId} and report = 1 and axis = 1 and dim = 1`,
    );
    expect(n?.n).toBeLessThanOrEqual(3);
  });

  it('a write marks its days; the report flushes them once even when five ask at once', async () => {
    const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const ep = d.enterpriseId;
    await insertOrder(t.deps.db, ep, { state: 1, created_at: '2026-03-05T02:00:00Z' });
    const [marked] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_report_dirty where enterprise_id = ${ep}`);
    expect(marked?.n).toBe(1);
    const a: Actor = { id: d.user.id, enterpriseId: ep, sysrole: 10, admin: false, powers: ['chart_manage'], providerId: null, timeZone: 'Asia/Shanghai' };
    const p = { reportId: 'orderVolume', axis: 'created', dimension: 'day', ...PERIOD } as ReportParams;
    const answers = await Promise.all(Array.from({ length: 5 }, () => runReport(t.deps.db, a, p)));
    for (const x of answers) expect(x.total.values.orders).toBe(1);
    expect(answers[0]?.rows.map((x) => x.key)).toEqual(['2026-03-05']);
    const [left] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_report_dirty where enterprise_id = ${ep}`);
    expect(left?.n).toBe(0);
    const [stored] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from order_report_day_stats where enterprise_id = ${ep} and report = 1 and axis = 1 and dim = 1`,
    );
    expect(stored?.n).toBe(1);
  });

  it('a writer marks a day whose marks a flush holds without waiting, and its mark outlives that flush', async () => {
    const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const ep = d.enterpriseId;
    await insertOrder(t.deps.db, ep, { state: 1, created_at: '2026-03-05T02:00:00Z' });
    // A flush's batch: the day's marks deleted in a transaction still open while it recomputes.
    const flush = new pg.Client({ connectionString: t.database.url });
    await flush.connect();
    try {
      await flush.query('begin');
      await flush.query(`delete from order_report_dirty where enterprise_id = $1 and axis = 1 and day = '2026-03-05'`, [ep]);
      // The writer: an order created on that day. Marks used to be upserted, so this waited on the open delete.
      await t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await insertOrder(tx as unknown as Db, ep, { state: 1, created_at: '2026-03-05T03:00:00Z' });
      });
      await flush.query('commit');
    } finally {
      await flush.end();
    }
    const [left] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from order_report_dirty where enterprise_id = ${ep} and day = '2026-03-05'`,
    );
    expect(left?.n).toBe(1);
  });

  it('a backlog of marked days (a bulk load) is flushed in batches to the same rows as a rebuild', async () => {
    const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const ep = d.enterpriseId;
    // 150 orders on 150 days, completed the next day: about 300 marked days, more than two batches.
    for (let i = 0; i < 150; i++) {
      const at = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000);
      await insertOrder(t.deps.db, ep, { state: 5, created_at: at.toISOString(), finished_at: new Date(at.getTime() + 86_400_000).toISOString() });
    }
    const [marked] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_report_dirty where enterprise_id = ${ep}`);
    expect(marked?.n).toBeGreaterThan(2 * 60); // FLUSH_BATCH days a batch: more than two batches
    let flushed = false;
    const flushing = flushReportSummary(t.deps.db, ep).then((n) => {
      flushed = true;
      return n;
    });
    // A writer marking the first day while the flush runs does not wait for it, and its mark is flushed too.
    const holding = sql`select 1 from pg_locks where locktype = 'advisory' and classid = ${FLUSH_LOCK} and objid = ${ep} and granted`;
    while (!flushed && (await rows(t.deps.db, holding)).length === 0) await new Promise((r) => setTimeout(r, 5));
    await t.deps.db.execute(sql`insert into order_report_dirty (enterprise_id, axis, day) values (${ep}, 1, '2025-01-01')`);
    expect(flushed).toBe(false);
    expect(await flushing).toBeGreaterThanOrEqual(Number(marked?.n));
    const [left] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_report_dirty where enterprise_id = ${ep}`);
    expect(left?.n).toBe(0);
    const kept = await snapshot(ep);
    await rebuildReportSummary(t.deps.db, ep);
    expect(kept).toEqual(await snapshot(ep));
  });

  it('a flush told the app is stopping ends between batches, and its marks wait for the next flush', async () => {
    const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const ep = d.enterpriseId;
    for (let i = 0; i < 3; i++) await insertOrder(t.deps.db, ep, { state: 1, created_at: new Date(Date.UTC(2025, 5, 1 + i)).toISOString() });
    const marks = async () => (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_report_dirty where enterprise_id = ${ep}`))[0]?.n;
    expect(await marks()).toBe(3);
    const stop = new AbortController();
    stop.abort();
    expect(await flushReportSummary(t.deps.db, ep, undefined, stop.signal)).toBe(0);
    expect(await flushAllReportSummaries(t.deps.db, stop.signal)).toBeGreaterThanOrEqual(1);
    expect(await marks()).toBe(3);
    expect(await flushReportSummary(t.deps.db, ep)).toBe(3);
    expect(await marks()).toBe(0);
  });
});
