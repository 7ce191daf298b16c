import { complaintContract as C, slaContract as S } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { team } from '../orders/actions.fixtures';
import { sweepAddedClocks } from '../sla/index';
import { provisionDictionaries } from '../settings/dict.service';
import { syncComplaintClocks } from './complaint.sla';
import { complaintOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface ClockRow {
  type: number;
  outcome: number;
  business: boolean;
  deadline_at: string | null;
  breached_at: string | null;
  stopped_at: string | null;
}
const clocksOf = async (ep: number, id: number) =>
  rows<ClockRow>(
    t.deps.db,
    sql`select type, outcome, business, deadline_at::text, breached_at::text, stopped_at::text from complaint_sla_clocks
      where enterprise_id = ${ep} and complaint_id = ${id} order by type`,
  );
const instant = (s: string) => new Date(s).getTime();
const same = (a: unknown, b: string) => expect(new Date(String(a)).toISOString()).toBe(new Date(b).toISOString());

describe('complaint deadlines on the SLA clock engine', () => {
  it('a response and a resolution clock start with the complaint, meet on accept and resolve, and restart on reopen', async () => {
    const s = await team(t);
    await provisionDictionaries(t.deps.db, s.ep);
    const c = s.admin.client;
    const id = (await c.send(C.create, { sourceType: 4, customerId: await newCustomer(c), title: '上门迟到', level: '重大投诉' })).data.id;
    const started = await clocksOf(s.ep, id);
    expect(started.map((k) => [k.type, k.outcome, k.business])).toEqual([
      [1, 0, false],
      [2, 0, false],
    ]);
    const row = await complaintOf(t.deps.db, s.ep, id);
    same(row?.response_due_at, started[0]?.deadline_at as string);
    same(row?.resolve_due_at, started[1]?.deadline_at as string);
    expect((await c.send(C.action, { id, action: 'accept' })).success).toBe(true);
    expect((await clocksOf(s.ep, id)).map((k) => k.outcome)).toEqual([1, 0]);
    // A met clock keeps the deadline it had on the complaint.
    same((await complaintOf(t.deps.db, s.ep, id))?.response_due_at, started[0]?.deadline_at as string);
    expect((await c.send(C.action, { id, action: 'investigate' })).success).toBe(true);
    expect((await c.send(C.action, { id, action: 'resolve' })).success).toBe(true);
    expect((await clocksOf(s.ep, id)).map((k) => k.outcome)).toEqual([1, 1]);
    expect((await c.send(C.action, { id, action: 'reopen', note: '客户仍不满意' })).success).toBe(true);
    const reopened = await clocksOf(s.ep, id);
    expect(reopened.map((k) => k.outcome)).toEqual([1, 0]);
    same((await complaintOf(t.deps.db, s.ep, id))?.resolve_due_at, reopened[1]?.deadline_at as string);
  });

  it('a clock started at a sub-millisecond instant (as the demo and SQL now() write them) stops on resolve', async () => {
    const s = await team(t);
    await provisionDictionaries(t.deps.db, s.ep);
    const c = s.admin.client;
    const id = (await c.send(C.create, { sourceType: 4, customerId: await newCustomer(c), title: '微秒起算', level: '重大投诉' })).data.id;
    await t.deps.db.execute(sql`update complaint_sla_clocks set started_at = started_at - interval '1 hour 0.123456 seconds',
      running_since = running_since - interval '1 hour 0.123456 seconds' where enterprise_id = ${s.ep} and complaint_id = ${id}`);
    for (const action of ['accept', 'investigate', 'resolve'] as const) {
      const r = await c.send(C.action, { id, action });
      expect(r.success, r.message).toBe(true);
    }
    expect((await clocksOf(s.ep, id)).map((k) => k.outcome)).toEqual([1, 1]);
  });

  it('a business-hours deadline pauses over the weekend, and the one SLA sweep breaches it only once it has passed', async () => {
    const s = await team(t);
    await provisionDictionaries(t.deps.db, s.ep);
    const c = s.admin.client;
    // 重要投诉: 2 hours to respond, 10 hours to resolve, counted in business hours (default Mon–Fri 9:00–18:00, Asia/Shanghai).
    expect((await c.send(C.saveLevel, { level: '重要投诉', responseMinutes: 120, resolveMinutes: 600, business: true })).success).toBe(true);
    const id = (await c.send(C.create, { sourceType: 4, customerId: await newCustomer(c), title: '周五傍晚投诉', level: '重要投诉' })).data.id;
    // The clocks as if the complaint came on Friday 2027-01-08 at 17:00: one hour counts on Friday, the weekend does not.
    await t.deps.db.execute(sql`delete from complaint_sla_clocks where enterprise_id = ${s.ep} and complaint_id = ${id}`);
    await syncComplaintClocks(t.deps.db, s.ep, id, { level: '重要投诉', responded: false, resolved: false }, { now: instant('2027-01-08T17:00:00+08:00') });
    const clocks = await clocksOf(s.ep, id);
    expect(clocks.map((k) => k.business)).toEqual([true, true]);
    // Response: 17:00–18:00 Friday + 9:00–10:00 Monday. Resolution: 1 h Friday + 9 h Monday (9:00–18:00).
    same(clocks[0]?.deadline_at, '2027-01-11T10:00:00+08:00');
    same(clocks[1]?.deadline_at, '2027-01-11T18:00:00+08:00');
    const row = await complaintOf(t.deps.db, s.ep, id);
    same(row?.response_due_at, '2027-01-11T10:00:00+08:00');
    // In calendar time the response would have been due on Friday at 19:00: on Saturday the sweep finds nothing due.
    await sweepAddedClocks(t.deps.db, new Date('2027-01-09T12:00:00+08:00'));
    expect((await clocksOf(s.ep, id)).map((k) => k.breached_at)).toEqual([null, null]);
    // A level change on Saturday re-applies the target on the business calendar with the time counted so far (1 h on Friday).
    expect((await c.send(C.saveLevel, { level: '重要投诉', responseMinutes: 240, resolveMinutes: 600, business: true })).success).toBe(true);
    await syncComplaintClocks(t.deps.db, s.ep, id, { level: '重要投诉', responded: false, resolved: false }, { now: instant('2027-01-09T12:00:00+08:00') });
    same((await clocksOf(s.ep, id))[0]?.deadline_at, '2027-01-11T12:00:00+08:00');
    same((await complaintOf(t.deps.db, s.ep, id))?.response_due_at, '2027-01-11T12:00:00+08:00');
    await sweepAddedClocks(t.deps.db, new Date('2027-01-11T10:01:00+08:00'));
    expect((await clocksOf(s.ep, id)).map((k) => k.breached_at)).toEqual([null, null]);
    // Monday 12:01: the response clock is breached at its deadline; the resolution clock still runs.
    await sweepAddedClocks(t.deps.db, new Date('2027-01-11T12:01:00+08:00'));
    const after = await clocksOf(s.ep, id);
    same(after[0]?.breached_at, '2027-01-11T12:00:00+08:00');
    expect(after[1]?.breached_at).toBeNull();
  });

  it('new business hours move a running business-hours deadline and the complaint’s due time; a calendar-time one stays', async () => {
    const s = await team(t);
    await provisionDictionaries(t.deps.db, s.ep);
    const c = s.admin.client;
    expect((await c.send(C.saveLevel, { level: '重要投诉', responseMinutes: 120, resolveMinutes: 600, business: true })).success).toBe(true);
    const customerId = await newCustomer(c);
    const business = (await c.send(C.create, { sourceType: 4, customerId, title: '工作时间计时', level: '重要投诉' })).data.id;
    const calendar = (await c.send(C.create, { sourceType: 4, customerId, title: '自然时间计时', level: '一般投诉' })).data.id;
    const before = [await clocksOf(s.ep, business), await clocksOf(s.ep, calendar)];
    // Today and tomorrow become holidays, every other day works around the clock: 2 hours from the day after tomorrow.
    const [day] = await rows<{ after: string; today: string; tomorrow: string }>(
      t.deps.db,
      sql`select to_char(d, 'YYYY-MM-DD') as today, to_char(d + interval '1 day', 'YYYY-MM-DD') as tomorrow,
        ((d + interval '2 days') at time zone 'Asia/Shanghai')::text as after
        from (select date_trunc('day', now() at time zone 'Asia/Shanghai') as d) x`,
    );
    const hours = { weekdays: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440, holidays: [String(day?.today), String(day?.tomorrow)], workdays: [] };
    expect((await c.send(S.saveCalendar, hours)).success).toBe(true);
    await drainJobs(t.deps);
    const moved = await clocksOf(s.ep, business);
    const due = instant(String(day?.after)) + 2 * 3_600_000;
    // The few seconds counted under the old hours before the save are kept.
    expect(instant(String(moved[0]?.deadline_at))).toBeGreaterThan(due - 60_000);
    expect(instant(String(moved[0]?.deadline_at))).toBeLessThanOrEqual(due);
    expect(moved[0]?.deadline_at).not.toBe(before[0]?.[0]?.deadline_at);
    same((await complaintOf(t.deps.db, s.ep, business))?.response_due_at, String(moved[0]?.deadline_at));
    expect(await clocksOf(s.ep, calendar)).toEqual(before[1]);
  });
});
