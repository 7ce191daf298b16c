import { poolContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { orderIn, orderRow, type Team, team } from '../orders/actions.fixtures';
import { engineers, pooledOrder, poolLogs, setSetting } from './pool.fixtures';

/** Grabbing at a time: what holds an engineer's slot, choosing a free time while grabbing, and the offer notices. */

let t: TestApp;
let tm: Team;
let other: Team;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  other = await team(t);
  for (const x of [tm, other]) await setSetting(t, x.ep, 'order_high_seas', '1');
});
afterAll(async () => t.close());

// A Wednesday in the future (Asia/Shanghai); the default business calendar works Monday–Friday 9:00–18:00.
let dayN = 0;
/** A new future working day for each test, so visits of one test never meet another's. */
const nextDay = (): string => {
  const base = Date.UTC(2031, 0, 1); // a Wednesday
  const d = new Date(base + 7 * 86_400_000 * dayN++);
  return d.toISOString().slice(0, 10);
};
const at = (day: string, hhmm: string) => `${day} ${hhmm}:00+08`;
const CLASH = (day: string, hhmm: string) => new RegExp(`^该服务人员在${day} ${hhmm}已有预约（工单\\w+），请选择其他时间$`);

describe('what holds a slot', () => {
  it('a completed, archived, cancelled or invalid order of the engineer no longer blocks a grab at its time; an open one does', async () => {
    const day = nextDay();
    await orderIn(t, tm, 5, { appointment_at: at(day, '10:00') });
    await orderIn(t, tm, 5, { appointment_at: at(day, '10:00'), place_state: 1 });
    await orderIn(t, tm, 6, { appointment_at: at(day, '10:00'), service_user_id: tm.engineer.id });
    await orderIn(t, tm, 3, { appointment_at: at(day, '10:00'), invalid: true });
    await orderIn(t, tm, 3, { appointment_at: at(day, '10:00'), deleted_at: '2025-01-01T00:00:00Z' });
    const free = await pooledOrder(t, tm, { appointment_at: at(day, '10:30') });
    expect(await tm.engineer.client.send(K.grab, { orderId: free })).toMatchObject({ success: true, data: { state: 3 } });

    // Now the grabbed one is open and holds 10:30: the next pooled order at 11:00 clashes with it.
    const next = await pooledOrder(t, tm, { appointment_at: at(day, '11:00') });
    const r = await tm.engineer.client.send(K.grab, { orderId: next });
    expect(r).toMatchObject({ success: false, code: 'SCHEDULE_CLASH', message: expect.stringMatching(CLASH(day, '11:00')) });
    expect(await orderRow(t, tm.ep, next)).toMatchObject({ state: 1, in_pool: true, version: 0, service_user_id: null });
  });
});

describe('choosing a free time while grabbing', () => {
  it('the requested time is taken: freeSlots says so and offers free times; grabbing with one of them succeeds and books it', async () => {
    const day = nextDay();
    await orderIn(t, tm, 3, { appointment_at: at(day, '09:00') });
    const id = await pooledOrder(t, tm, { appointment_at: at(day, '09:30') });
    const slots = await tm.engineer.client.send(K.freeSlots, { orderId: id, startDate: day, days: 7 });
    expect(slots.success).toBe(true);
    expect(slots.data).toMatchObject({ requested: `${day} 09:30`, requestedFree: false, clash: expect.stringMatching(CLASH(day, '09:30')) });
    const thatDay = (slots.data.days as { date: string; times: string[] }[])[0];
    expect(thatDay?.date).toBe(day);
    // Business hours 9–18 within the intervals 8–12 and 13–18, an hour a visit, clear of the 9:00 visit (which ends 10:00).
    expect(thatDay?.times).toEqual(['10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    // Weekends are not working days of the default calendar.
    expect((slots.data.days as { date: string }[]).every((d) => ![0, 6].includes(new Date(`${d.date}T00:00:00Z`).getUTCDay()))).toBe(true);

    const r = await tm.engineer.client.send(K.grab, { orderId: id, bespokeTime: `${day} 10:00` });
    expect(r).toMatchObject({ success: true, message: '抢单成功', data: { id, state: 3 } });
    const row = await orderRow(t, tm.ep, id);
    expect(row).toMatchObject({ state: 3, service_user_id: tm.engineer.id, grabbed: true });
    expect(new Date(String(row.appointment_at)).toISOString()).toBe(new Date(`${day}T02:00:00Z`).toISOString());
    expect((await poolLogs(t, tm.ep, id)).map((l) => [l.action, l.note])).toEqual([['grab', `从工单池抢单，预约时间：${day} 10:00`]]);
  });

  it('a busy chosen time is refused with the clash message and changes nothing; a past one is refused too', async () => {
    const day = nextDay();
    await orderIn(t, tm, 2, { appointment_at: at(day, '14:00') });
    const id = await pooledOrder(t, tm, { appointment_at: at(day, '09:00') });
    const busy = await tm.engineer.client.send(K.grab, { orderId: id, bespokeTime: `${day} 14:30` });
    expect(busy).toMatchObject({ success: false, code: 'SCHEDULE_CLASH', message: expect.stringMatching(CLASH(day, '14:30')) });
    const past = await tm.engineer.client.send(K.grab, { orderId: id, bespokeTime: '2020-01-02 10:00' });
    expect(past).toMatchObject({ success: false, code: 'APPOINTMENT_PAST', message: '预约时间2020-01-02 10:00早于当前时间，请选择其他时间' });
    expect(await tm.engineer.client.send(K.grab, { orderId: id, bespokeTime: '明天' })).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, in_pool: true, version: 0, service_user_id: null });
    expect(await poolLogs(t, tm.ep, id)).toEqual([]);
  });

  it('one engineer grabbing 8 pooled orders at once for the same chosen hour: exactly one wins, the rest clash', async () => {
    const day = nextDay();
    const [e] = await engineers(t, tm.ep, 1);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await pooledOrder(t, tm));
    const answers = await race(8, (i) => e!.client.send(K.grab, { orderId: ids[i] as number, bespokeTime: `${day} 15:00` }));
    expect(tally(answers).ok).toBe(1);
    expect(answers.filter((a) => !a.success).every((a) => a.code === 'SCHEDULE_CLASH' && CLASH(day, '15:00').test(a.message))).toBe(true);
    const held = await rows(t.deps.db, sql`select id from orders where enterprise_id = ${tm.ep} and service_user_id = ${e!.id}`);
    expect(held).toHaveLength(1);
  });

  it('freeSlots of another enterprise’s pooled order is not found', async () => {
    const id = await pooledOrder(t, other);
    expect(await tm.engineer.client.send(K.freeSlots, { orderId: id })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await tm.engineer.client.send(K.grab, { orderId: id, bespokeTime: `${nextDay()} 10:00` })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await orderRow(t, other.ep, id)).toMatchObject({ state: 1, in_pool: true, version: 0 });
  });
});

describe('offer notices', () => {
  const offers = (userId: number) =>
    rows<{ title: string; link: string | null }>(t.deps.db, sql`select title, link from notices where user_id = ${userId} and kind = 'pool_offer'`);

  it('putting an order of a service group in the pool notifies that group’s engineers only, linking to the pool page', async () => {
    const [g] = await rows<{ id: number }>(t.deps.db, sql`insert into service_groups (enterprise_id, name) values (${tm.ep}, '净水组') returning id`);
    const [member, outsider] = await engineers(t, tm.ep, 2);
    await t.deps.db.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id) values (${tm.ep}, ${g!.id}, ${member!.id})`);
    const id = await orderIn(t, tm, 1, { service_group_id: g!.id });
    const [o] = await rows<{ order_no: string }>(t.deps.db, sql`select order_no from orders where id = ${id}`);
    expect((await tm.dispatcher.client.send(K.put, { orderIds: [id] })).success).toBe(true);
    await drainJobs(t.deps);
    expect(await offers(member!.id)).toEqual([{ title: `工单公海有新工单可抢：${o!.order_no}`, link: '/orderHighSeas' }]);
    expect(await offers(outsider!.id)).toEqual([]);
    expect(await offers(tm.dispatcher.id)).toEqual([]);
    expect(await offers(other.engineer.id)).toEqual([]);
    // A job run twice writes once.
    const { notifyOffer } = await import('./pool.service');
    expect(await notifyOffer(t.deps.db, tm.ep, id, 1)).toBe(0);
    expect(await offers(member!.id)).toHaveLength(1);
  });

  it('an order grabbed before the offer ran is offered to nobody', async () => {
    const [e] = await engineers(t, tm.ep, 1);
    const id = await orderIn(t, tm, 1);
    expect((await tm.dispatcher.client.send(K.put, { orderIds: [id] })).success).toBe(true);
    expect((await e!.client.send(K.grab, { orderId: id })).success).toBe(true);
    await drainJobs(t.deps);
    const sent = await rows(
      t.deps.db,
      sql`select 1 from notices where enterprise_id = ${tm.ep} and kind = 'pool_offer' and dedupe_key like ${`pool-offer:${id}:%`}`,
    );
    expect(sent).toEqual([]);
  });
});
