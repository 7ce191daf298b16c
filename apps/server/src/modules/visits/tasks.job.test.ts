import { orderActionsContract as K, visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, makeUser } from '../../test/factories';
import { race, tally } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/harness';
import { team, type Team } from '../orders/actions.fixtures';
import { insertOrder } from '../orders/test-helpers';
import { runVisitSweep, sampleDraw } from './tasks.job';
import { insertPlan, tasksOfOrder } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HOUR = 3600_000;
const later = (ms: number) => new Date(Date.now() + ms);

/** A team with two return visitors, a plan over every order type, and an order in service for the engineer. */
async function setup(plan: Record<string, unknown> = {}) {
  const tm: Team = await team(t);
  const v1 = await makeUser(t.deps.db, tm.ep, { roles: [7] });
  const v2 = await makeUser(t.deps.db, tm.ep, { roles: [7] });
  const planId = await insertPlan(t.deps.db, tm.ep, { delay_minutes: 60, visitor_ids: [v1.id, v2.id], ...plan });
  return { tm, v1, v2, planId };
}
const inService = (tm: Team, cols: Record<string, unknown> = {}) =>
  insertOrder(t.deps.db, tm.ep, { state: 4, service_user_id: tm.engineer.id, dispatcher_id: tm.dispatcher.id, custom_phone: '13912345678', ...cols });
const complete = (tm: Team, orderId: number) => tm.engineer.client.send(K.serviceComplete, { orderId });

describe('the return-visit job', () => {
  it('makes one task per completion, only after the plan’s delay, for a visitor in rotation who is not the engineer', async () => {
    const { tm, v1, v2, planId } = await setup();
    const a = await inService(tm);
    const b = await inService(tm);
    expect((await complete(tm, a)).data.state).toBe(5);
    expect((await complete(tm, b)).data.state).toBe(5);
    expect(await runVisitSweep(t.deps.db, later(30 * 60_000), tm.ep)).toEqual([]);
    expect(await tasksOfOrder(t.deps.db, tm.ep, a)).toHaveLength(0);
    const made = await runVisitSweep(t.deps.db, later(HOUR + 60_000), tm.ep);
    expect(made).toHaveLength(2);
    const [ta] = await tasksOfOrder(t.deps.db, tm.ep, a);
    const [tb] = await tasksOfOrder(t.deps.db, tm.ep, b);
    expect(ta).toMatchObject({ state: 1, plan_id: planId, engineer_id: tm.engineer.id });
    // Rotation: the two tasks go to the two visitors, one each.
    expect(new Set([Number(ta?.visitor_id), Number(tb?.visitor_id)])).toEqual(new Set([v1.id, v2.id]));
    // Nothing more on a later run.
    expect(await runVisitSweep(t.deps.db, later(2 * HOUR), tm.ep)).toEqual([]);
  });

  it('the browser tests’ clock (devSweep): the sweep a number of minutes ahead, for the caller’s enterprise only, with its power', async () => {
    const { tm } = await setup();
    const other = await setup();
    const a = await inService(tm);
    const b = await inService(other.tm);
    expect((await complete(tm, a)).data.state).toBe(5);
    expect((await complete(other.tm, b)).data.state).toBe(5);
    expect((await tm.admin.client.send(C.devSweep, { minutes: 30 })).data).toEqual({ made: 0 });
    expect((await tm.engineer.client.send(C.devSweep, { minutes: 61 })).code).toBe('NO_POWER');
    expect((await tm.admin.client.send(C.devSweep, { minutes: -1 })).message).toContain('分钟数不能小于0');
    expect(await tasksOfOrder(t.deps.db, tm.ep, a)).toHaveLength(0);
    expect((await tm.admin.client.send(C.devSweep, { minutes: 61 })).data).toEqual({ made: 1 });
    expect(await tasksOfOrder(t.deps.db, tm.ep, a)).toHaveLength(1);
    // The other enterprise's completion still waits for its own sweep.
    expect(await tasksOfOrder(t.deps.db, other.tm.ep, b)).toHaveLength(0);
  });

  it('makes exactly one task when 20 completions land at once and 5 sweeps run at once', async () => {
    const { tm } = await setup({ delay_minutes: 0 });
    const id = await inService(tm);
    const answers = await race(20, () => complete(tm, id));
    expect(tally(answers).ok).toBe(1);
    const sweeps = await Promise.all(Array.from({ length: 5 }, () => runVisitSweep(t.deps.db, later(1000), tm.ep)));
    expect(sweeps.flat()).toHaveLength(1);
    expect(await tasksOfOrder(t.deps.db, tm.ep, id)).toHaveLength(1);
  });

  it('makes none when the order’s process has 回访 off, or when the order was reopened or cancelled before the delay passed', async () => {
    const { tm } = await setup();
    const off = await inService(tm, { process: { returnVisit: false } });
    const reopened = await inService(tm);
    const cancelled = await inService(tm);
    const kept = await inService(tm);
    for (const id of [off, reopened, cancelled, kept]) expect((await complete(tm, id)).data.state).toBe(5);
    await t.deps.db.execute(sql`update orders set state = 4 where enterprise_id = ${tm.ep} and id = ${reopened}`);
    await t.deps.db.execute(sql`update orders set state = 6 where enterprise_id = ${tm.ep} and id = ${cancelled}`);
    await runVisitSweep(t.deps.db, later(2 * HOUR), tm.ep);
    expect((await tasksOfOrder(t.deps.db, tm.ep, off)).length).toBe(0);
    expect((await tasksOfOrder(t.deps.db, tm.ep, reopened)).length).toBe(0);
    expect((await tasksOfOrder(t.deps.db, tm.ep, cancelled)).length).toBe(0);
    expect((await tasksOfOrder(t.deps.db, tm.ep, kept)).length).toBe(1);
  });

  it('never gives the engineer his own order: a plan whose only visitor serviced it leaves the task in the pool', async () => {
    const tm = await team(t);
    // A return visitor who also works as an engineer (roles 2 and 7) completes the order himself.
    const both = await makeUser(t.deps.db, tm.ep, { roles: [2, 7] });
    await insertPlan(t.deps.db, tm.ep, { delay_minutes: 0, visitor_ids: [both.id] });
    const id = await insertOrder(t.deps.db, tm.ep, { state: 4, service_user_id: both.id });
    const client = await new Client(t.app).login(both.mobile, undefined, tm.ep);
    expect((await client.send(K.serviceComplete, { orderId: id })).data.state).toBe(5);
    await runVisitSweep(t.deps.db, later(1000), tm.ep);
    const [task] = await tasksOfOrder(t.deps.db, tm.ep, id);
    expect(task).toMatchObject({ visitor_id: null, engineer_id: both.id, state: 1 });
  });

  it('honours sampling and the minimum interval per customer over a seeded set', async () => {
    const tm = await team(t);
    const sampled = await insertPlan(t.deps.db, tm.ep, { sample_percent: 30, visitor_mode: 2 });
    const base = Date.now() - 10 * 24 * HOUR;
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) {
      const id = await insertOrder(t.deps.db, tm.ep, { state: 5, finished_at: new Date(base + i * 1000).toISOString() });
      ids.push(id);
      await t.deps.db.execute(sql`insert into return_visit_candidates (enterprise_id, record_id, plan_id, finished_at)
        select enterprise_id, id, ${sampled}::bigint, finished_at from orders where enterprise_id = ${tm.ep} and id = ${id}`);
    }
    const made = await runVisitSweep(t.deps.db, new Date(), tm.ep);
    const expected = ids.filter((id) => sampleDraw(sampled, id) < 30);
    expect(made).toHaveLength(expected.length);
    expect(made.length).toBeGreaterThan(15);
    expect(made.length).toBeLessThan(45);
    const got = await rows<{ order_id: number }>(t.deps.db, sql`select order_id from return_visit_tasks where enterprise_id = ${tm.ep} order by order_id`);
    expect(got.map((r) => Number(r.order_id))).toEqual(expected.sort((x, y) => x - y));

    // Interval: one customer's completions 0, 10, 40 and 45 days apart with a 30-day interval → visits on days 0 and 40.
    const spaced = await insertPlan(t.deps.db, tm.ep, { min_interval_days: 30, visitor_mode: 2 });
    const [c] = await rows<{ id: number }>(t.deps.db, sql`insert into customers (enterprise_id, name) values (${tm.ep}, '老客户') returning id`);
    const start = Date.now() - 60 * 24 * HOUR;
    const days = [0, 10, 40, 45];
    const orders: number[] = [];
    for (const d of days) {
      const id = await insertOrder(t.deps.db, tm.ep, { state: 5, customer_id: c?.id, finished_at: new Date(start + d * 24 * HOUR).toISOString() });
      orders.push(id);
      await t.deps.db.execute(sql`insert into return_visit_candidates (enterprise_id, record_id, plan_id, finished_at)
        select enterprise_id, id, ${spaced}::bigint, finished_at from orders where enterprise_id = ${tm.ep} and id = ${id}`);
    }
    await runVisitSweep(t.deps.db, new Date(), tm.ep);
    const visited = await rows<{ order_id: number }>(
      t.deps.db,
      sql`select order_id from return_visit_tasks where enterprise_id = ${tm.ep} and customer_id = ${c?.id} order by completed_at`,
    );
    expect(visited.map((r) => Number(r.order_id))).toEqual([orders[0], orders[2]]);
  }, 180_000);
});
