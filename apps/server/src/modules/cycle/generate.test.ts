// The cycle job: first dates by the plan's rule, the business calendar, once per due date under parallel runs,
// skipping while the previous order is open, and a property over random frequencies and calendars.
import { addDays, cycleContract as C, dueDates, type CycleRule, type WorkCalendar } from '@sk/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf } from '../customers/test-helpers';
import { saveHours } from '../sla/sla.calendar';
import { generateCycleOrders } from './generate';
import { type CycleSetup, cycleSetup, planBody } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** 10:00 in Shanghai on that day. */
const at = (day: string) => new Date(`${day}T02:00:00Z`);
const generated = async (ep: number, planId: number) =>
  (
    await rows<{ due: string; order_id: number; state: number }>(
      t.deps.db,
      sql`select to_char(k.due_date, 'YYYY-MM-DD') as due, k.order_id, o.state from cycle_plan_orders k
        join orders o on o.enterprise_id = k.enterprise_id and o.id = k.order_id where k.enterprise_id = ${ep} and k.plan_id = ${planId} order by k.due_date`,
    )
  ).map((r) => ({ due: r.due, orderId: Number(r.order_id), state: Number(r.state) }));
const closeOrders = (ep: number) => t.deps.db.execute(sql`update orders set state = 5 where enterprise_id = ${ep} and state <> 5`);
const newPlan = async (s: CycleSetup, extra: Record<string, unknown> = {}) => {
  const r = await s.admin.client.send(C.planAdd, planBody(s, extra));
  if (!r.success) throw new Error(r.message);
  return r.data.id;
};
const setHorizon = (ep: number, days: number) =>
  t.deps.db.execute(sql`insert into system_settings (enterprise_id, code, value) values (${ep}, 'cycle_plan_horizon_days', ${String(days)})`);

describe('cycle generation', () => {
  it('starts a monthly plan for day 1 begun on the 20th next month, moves off non-working days, and waits while the order is open', async () => {
    const s = await cycleSetup(t);
    const id = await newPlan(s);
    // 2027-02-01 is a Monday made a holiday: that month's order moves to Tuesday.
    await saveHours(t.deps.db, s.ep, { weekdays: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1080, holidays: ['2027-02-01'], workdays: [] });

    expect(await generateCycleOrders(t.deps.db, { now: at('2026-11-20'), enterpriseId: s.ep })).toMatchObject({ created: 1 });
    const [first] = await generated(s.ep, id);
    expect(first?.due).toBe('2026-12-01');
    const [o] = await rows<{ title: string; detail_desc: string; installed_product_id: number; customer_id: number; appointment: string }>(
      t.deps.db,
      sql`select title, detail_desc, installed_product_id, customer_id, to_char(appointment_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as appointment
        from orders where enterprise_id = ${s.ep} and id = ${first?.orderId}`,
    );
    expect(o).toMatchObject({ title: '空调保养', installed_product_id: s.productId, customer_id: s.customerId, appointment: '2026-12-01 09:00' });
    expect(o?.detail_desc).toContain('1. 清洗滤网');

    // Run again, and later with January inside the horizon: the December order is still open, nothing more.
    expect((await generateCycleOrders(t.deps.db, { now: at('2026-11-20'), enterpriseId: s.ep })).created).toBe(0);
    expect((await generateCycleOrders(t.deps.db, { now: at('2026-12-10'), enterpriseId: s.ep })).created).toBe(0);
    expect((await s.admin.client.send(C.planDetail, { id })).data.waiting).toContain('上一张生成的工单尚未完成');
    await closeOrders(s.ep);
    await generateCycleOrders(t.deps.db, { now: at('2026-12-10'), enterpriseId: s.ep });
    await closeOrders(s.ep);
    await generateCycleOrders(t.deps.db, { now: at('2027-01-10'), enterpriseId: s.ep });
    expect((await generated(s.ep, id)).map((g) => g.due)).toEqual(['2026-12-01', '2027-01-01', '2027-02-02']);

    // Paused: nothing; the detail links the generated orders.
    await closeOrders(s.ep);
    await s.admin.client.send(C.planChangeState, { id, action: 'pause' });
    expect((await generateCycleOrders(t.deps.db, { now: at('2027-02-20'), enterpriseId: s.ep })).created).toBe(0);
    const d = await s.admin.client.send(C.planDetail, { id });
    expect(d.data.orders.map((x) => x.dueDate)).toEqual(['2027-02-02', '2027-01-01', '2026-12-01']);
    expect(d.data.orders[0]?.orderNo).toMatch(/^GD/);
  });

  it('counts from purchase or install time, ends a contract plan at the contract’s end', async () => {
    const s = await cycleSetup(t);
    // Bought 2026-01-31, every month on its own day: one period after purchase is 2026-02-28, then the 28ths.
    const byPurchase = await newPlan(s, { startType: 2, startDate: null, dayOfPeriod: null });
    const onContract = await newPlan(s, { targetType: 2, installedProductId: null, contractId: s.contractId, startDate: '2027-06-01', dayOfPeriod: 1 });
    await setHorizon(s.ep, 60);
    await generateCycleOrders(t.deps.db, { now: at('2027-05-20'), enterpriseId: s.ep });
    expect((await generated(s.ep, byPurchase)).map((g) => g.due)).toEqual(['2027-05-28']);
    expect((await generated(s.ep, onContract)).map((g) => g.due)).toEqual(['2027-06-01']);
    await closeOrders(s.ep);
    // The contract ends 2027-06-30: nothing after it, and the plan ends by itself once that has passed.
    await generateCycleOrders(t.deps.db, { now: at('2027-06-10'), enterpriseId: s.ep });
    expect((await generated(s.ep, onContract)).map((g) => g.due)).toEqual(['2027-06-01']);
    await generateCycleOrders(t.deps.db, { now: at('2027-07-02'), enterpriseId: s.ep });
    const d = await s.admin.client.send(C.planDetail, { id: onContract });
    expect(d.data.state).toBe(3);
    expect(d.data.logs[0]).toMatchObject({ action: 'expire', userName: null });
  });

  it('20 parallel job runs make each due date’s order once; another enterprise’s plan is untouched', async () => {
    const s = await cycleSetup(t);
    const other = await cycleSetup(t);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await newPlan(s, { name: `计划${i}`, startDate: '2026-11-23', dayOfPeriod: 23 + i }));
    const theirs = await newPlan(other);
    const runs = await Promise.all(Array.from({ length: 20 }, () => generateCycleOrders(t.deps.db, { now: at('2026-11-23'), enterpriseId: s.ep })));
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(5);
    for (const id of ids) expect((await generated(s.ep, id)).length).toBe(1);
    expect(await countOf(t.deps.db, 'orders', sql`enterprise_id = ${s.ep}`)).toBe(5);
    // Their plan id named in our enterprise's run: nothing made, theirs unchanged.
    expect((await generateCycleOrders(t.deps.db, { now: at('2026-11-23'), enterpriseId: s.ep, planIds: [theirs] })).created).toBe(0);
    expect(await countOf(t.deps.db, 'cycle_plan_orders', sql`enterprise_id = ${other.ep}`)).toBe(0);
  });

  it('a new plan gets its first order from the job it queues', async () => {
    const s = await cycleSetup(t);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await saveHours(t.deps.db, s.ep, { weekdays: [1, 2, 3, 4, 5, 6, 7], startMinute: 540, endMinute: 1080, holidays: [], workdays: [] });
    const id = await newPlan(s, { startDate: today, dayOfPeriod: Number(today.slice(8, 10)) });
    await drainJobs(t.deps);
    expect((await generated(s.ep, id)).map((g) => g.due)).toEqual([today]);
    expect((await s.admin.client.send(C.planDetail, { id })).data.upcoming[0]).toMatchObject({ due: today, generated: true });
  });

  // Many runs (or a child process) in one test: more than the default 30 s on a loaded 2-core machine.
  it('over random frequencies and calendars, run day by day: no date twice, none missed inside the horizon', { timeout: 90_000 }, async () => {
    const s = await cycleSetup(t);
    const horizon = 10;
    await setHorizon(s.ep, horizon);
    const day0 = '2027-03-01';
    const days = 40;
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          unit: fc.constantFrom<3 | 4>(3, 4),
          every: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 31 }),
          start: fc.integer({ min: 0, max: 20 }),
          weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
          holidays: fc.array(fc.integer({ min: 0, max: days + horizon }), { maxLength: 8 }),
        }),
        async (g) => {
          n++;
          const start = addDays(day0, g.start);
          const cal: WorkCalendar = { weekdays: g.weekdays, holidays: g.holidays.map((h) => addDays(day0, h)), workdays: [] };
          await saveHours(t.deps.db, s.ep, {
            weekdays: cal.weekdays as number[],
            startMinute: 540,
            endMinute: 1080,
            holidays: [...cal.holidays],
            workdays: [],
          });
          const [tmpl] = await rows<{ id: number }>(
            t.deps.db,
            sql`insert into cycle_templates (enterprise_id, name, every, unit) values (${s.ep}, ${`模板${n}`}, ${g.every}, ${g.unit}) returning id`,
          );
          const id = await newPlan(s, { name: `性质${n}`, templateId: Number(tmpl?.id), startDate: start, dayOfPeriod: g.day });
          for (let i = 0; i < days; i++) {
            await generateCycleOrders(t.deps.db, { now: at(addDays(day0, i)), enterpriseId: s.ep, planIds: [id] });
            await closeOrders(s.ep);
          }
          await t.deps.db.execute(sql`update cycle_plans set state = 3 where enterprise_id = ${s.ep} and id = ${id}`);
          const got = (await generated(s.ep, id)).map((x) => x.due);
          const rule: CycleRule = { every: g.every, unit: g.unit, day: g.unit === 4 ? g.day : null, start, end: null };
          const last = addDays(day0, days - 1);
          expect(new Set(got).size).toBe(got.length);
          // None missed: every due date up to the last day run is there; none beyond what the horizon allowed.
          for (const d of dueDates(rule, cal, day0, last)) expect(got).toContain(d.due);
          const allowed = dueDates(rule, cal, day0, addDays(last, horizon)).map((d) => d.due);
          for (const d of got) expect(allowed).toContain(d);
        },
      ),
      { numRuns: 6 },
    );
  });
});
