import { eventSlaContract as E, orderContract as K, slaContract as C, type SlaCalendarInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { team } from '../orders/actions.fixtures';
import { recomputeClocks, SLA_RECOMPUTE_JOB } from './sla.recompute';
import { slaOn } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const clocksOf = (ep: number) =>
  rows<{ order_id: number; business: boolean; deadline: number; running_since: number; due: number }>(
    t.deps.db,
    sql`select c.order_id::int, c.business, (extract(epoch from c.deadline_at) * 1000)::float8 as deadline, (extract(epoch from c.running_since) * 1000)::float8 as running_since,
      (extract(epoch from o.due_at) * 1000)::float8 as due
      from order_sla_clocks c join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id where c.enterprise_id = ${ep} and c.outcome = 0 order by c.order_id`,
  );
/** Midnight (Asia/Shanghai, the enterprises' zone) `days` days from today, and that day as text. */
async function shanghaiDay(days: number): Promise<{ text: string; midnight: number }> {
  const [r] = await rows<{ text: string; midnight: number }>(
    t.deps.db,
    sql`select to_char(d, 'YYYY-MM-DD') as text, (extract(epoch from (d at time zone 'Asia/Shanghai')) * 1000)::float8 as midnight
      from (select date_trunc('day', now() at time zone 'Asia/Shanghai') + ${days} * interval '1 day' as d) x`,
  );
  return { text: String(r?.text), midnight: Number(r?.midnight) };
}

describe('business hours changed: running deadlines recomputed by a job', () => {
  it('moves every running business-hours clock and its order’s due time, in batches after the save commits; calendar-time clocks stay', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    const c = tm.admin.client;
    const customerId = await newCustomer(c);
    // Two policies: business hours for priority 1, calendar time for priority 3.
    expect(
      (await c.send(C.create, { name: '工作时间', sort: 1, priorities: [1], business: true, clocks: [{ type: 2, target: 2, unit: 2, warnMinutes: 0 }] }))
        .success,
    ).toBe(true);
    expect(
      (await c.send(C.create, { name: '自然时间', sort: 2, priorities: [3], business: false, clocks: [{ type: 2, target: 2, unit: 2, warnMinutes: 0 }] }))
        .success,
    ).toBe(true);
    const business: number[] = [];
    for (let i = 0; i < 3; i++) business.push(Number((await c.send(K.add, { customerId, title: `工作时间${i}`, priority: 1 })).data.id));
    const calendarOrder = Number((await c.send(K.add, { customerId, title: '自然时间', priority: 3 })).data.id);
    const before = await clocksOf(tm.ep);
    expect(before).toHaveLength(4);

    // Every day works around the clock, except today and tomorrow (holidays): the 2 hours run from the day after tomorrow.
    const [today, tomorrow, after] = [await shanghaiDay(0), await shanghaiDay(1), await shanghaiDay(2)];
    const saved = Date.now();
    const hours = { weekdays: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440, holidays: [today.text, tomorrow.text], workdays: [] };
    expect(await c.send(C.saveCalendar, hours)).toMatchObject({ success: true, message: '保存成功' });
    // Nothing moves inside the save; the job does it.
    expect(await clocksOf(tm.ep)).toEqual(before);
    const [job] = await rows<{ data: { payload: { old: SlaCalendarInput; at: number } } }>(
      t.deps.db,
      sql`select data from pgboss.job where name = ${SLA_RECOMPUTE_JOB} and (data->>'enterpriseId')::bigint = ${tm.ep}`,
    );
    // What the job does, in batches of two (it runs with 500): the three business-hours clocks.
    expect(await recomputeClocks(t.deps.db, tm.ep, job?.data.payload.old as SlaCalendarInput, Number(job?.data.payload.at), 2)).toBe(3);

    const now = await clocksOf(tm.ep);
    for (const r of now.filter((x) => x.business)) {
      // The few milliseconds counted under the old hours before the save are kept.
      expect(r.deadline).toBeGreaterThan(after.midnight + 2 * HOUR - 60_000);
      expect(r.deadline).toBeLessThanOrEqual(after.midnight + 2 * HOUR);
      expect(r.due).toBe(r.deadline);
      expect(r.running_since).toBeGreaterThanOrEqual(saved);
    }
    expect(now.filter((x) => x.business).map((x) => x.order_id)).toEqual(business);
    const cal = (xs: typeof now) => xs.find((x) => x.order_id === calendarOrder);
    expect(cal(now)).toEqual(cal(before));

    // The job itself then finds nothing left to move: nothing moves twice.
    await drainJobs(t.deps);
    expect(await clocksOf(tm.ep)).toEqual(now);
  });

  it('moves an event’s running business-hours clock too', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    const c = tm.admin.client;
    const tmpId = Number((await c.get('/v2/eventTemp/list')).data.list?.[0]?.id);
    expect((await c.send(E.saveSla, { tmpId, business: true, clocks: [{ type: 5, target: 2, unit: 2, warnMinutes: 0 }] })).success).toBe(true);
    const eventId = (await c.post('/v2/event/add', { title: '网络中断' })).data.id as number;
    const deadline = async () =>
      (
        await rows<{ deadline: number }>(
          t.deps.db,
          sql`select (extract(epoch from deadline_at) * 1000)::float8 as deadline from event_sla_clocks where enterprise_id = ${tm.ep} and event_id = ${eventId}`,
        )
      )[0]?.deadline ?? 0;
    const before = await deadline();
    const [today, tomorrow, after] = [await shanghaiDay(0), await shanghaiDay(1), await shanghaiDay(2)];
    const hours = { weekdays: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440, holidays: [today.text, tomorrow.text], workdays: [] };
    expect((await c.send(C.saveCalendar, hours)).success).toBe(true);
    await drainJobs(t.deps);
    const now = await deadline();
    expect(now).not.toBe(before);
    expect(now).toBeGreaterThan(after.midnight + 2 * HOUR - 60_000);
    expect(now).toBeLessThanOrEqual(after.midnight + 2 * HOUR);
  });
});
