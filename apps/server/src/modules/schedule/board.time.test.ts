import { orderActionsContract as A, poolContract as P, scheduleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { logsOf, orderIn, orderRow, type Team, team, withTeamApp } from '../orders/actions.fixtures';

/** The board and time: past times, moving a booked visit (and back), the calendar, the engineers' skills. */

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const DAY = '2031-03-05';
const time = (hhmm: string, day = DAY) => `${day} ${hhmm}:00`;
const PAST = /^预约时间2020-05-06 10:00早于当前时间，请选择其他时间$/;

describe('a time already past', () => {
  it('the board refuses a drop in the past with a clear message and changes nothing; confirmed, it books', async () => {
    const id = await orderIn(t, tm, 1);
    const before = await orderRow(t, tm.ep, id);
    const r = await tm.dispatcher.client.send(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: '2020-05-06 10:00:00' });
    expect(r).toMatchObject({ success: false, code: 'APPOINTMENT_PAST', message: expect.stringMatching(PAST) });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, version: before.version, service_user_id: null, appointment_at: null });
    expect(await logsOf(t, tm.ep, id)).toEqual([]);
    const ok = await tm.dispatcher.client.send(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: '2020-05-06 10:00:00', confirmPast: true });
    expect(ok).toMatchObject({ success: true });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ service_user_id: tm.engineer.id });
  });

  it('keepDate and the engineer’s workerBespokeDate refuse a past time too; the order form’s edit is not judged', async () => {
    const id = await orderIn(t, tm, 3);
    expect(await tm.dispatcher.client.send(A.keepDate, { orderId: id, bespokeTime: '2020-05-06 10:00' })).toMatchObject({ code: 'APPOINTMENT_PAST' });
    expect(await tm.engineer.client.send(A.workerBespokeDate, { orderId: id, bespokeTime: '2020-05-06 10:00' })).toMatchObject({ code: 'APPOINTMENT_PAST' });
    expect((await orderRow(t, tm.ep, id)).appointment_at).toBeNull();
  });
});

describe('moving a booked visit', () => {
  it('to another hour of its engineer: only the time changes (no 改派); to another engineer: dispatched and booked; back again (撤销)', async () => {
    const id = await orderIn(t, tm, 1);
    expect((await tm.dispatcher.client.send(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: time('09:00') })).success).toBe(true);
    const booked = await orderRow(t, tm.ep, id);
    const moved = await tm.dispatcher.client.send(C.book, {
      orderId: id,
      version: Number(booked.version),
      serviceUserId: tm.engineer.id,
      bespokeTime: time('15:00'),
    });
    expect(moved).toMatchObject({ success: true });
    const actions = async () => (await logsOf(t, tm.ep, id)).map((l) => (l as { action: string }).action);
    expect(await actions()).toEqual(['dispatch', 'keepDate', 'keepDate']);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ service_user_id: tm.engineer.id, state: booked.state });

    // A stale drag (the version the board showed has moved) is refused.
    const stale = await tm.dispatcher.client.send(C.book, {
      orderId: id,
      version: Number(booked.version),
      serviceUserId: tm.engineer.id,
      bespokeTime: time('16:00'),
    });
    expect(stale).toMatchObject({ success: false, message: '数据已变更，请刷新后重试' });

    expect((await tm.dispatcher.client.send(C.book, { orderId: id, serviceUserId: tm.engineer2.id, bespokeTime: time('11:00') })).success).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ service_user_id: tm.engineer2.id });
    const table = await tm.dispatcher.client.send(C.dispatchList, { startDate: DAY, endDate: DAY, userIds: [tm.engineer2.id] });
    expect(table.data[0]?.days[0]?.visits.map((v: { orderId: number; start: string }) => [v.orderId, v.start])).toEqual([[id, time('11:00')]]);
    // 撤销: back to the first engineer at 15:00.
    expect((await tm.dispatcher.client.send(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: time('15:00') })).success).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ service_user_id: tm.engineer.id });
  });

  it('two dispatchers moving two visits onto one engineer’s hour at once: one wins, the other clashes', async () => {
    const a = await orderIn(t, tm, 2, { service_user_id: tm.engineer2.id, appointment_at: `${DAY} 08:00:00+08` });
    const b = await orderIn(t, tm, 2, { service_user_id: tm.engineer2.id, appointment_at: `${DAY} 12:00:00+08` });
    const answers = await race(2, (i) =>
      tm.dispatcher.client.send(C.book, { orderId: i === 0 ? a : b, serviceUserId: tm.engineer.id, bespokeTime: time('19:00') }),
    );
    expect(tally(answers).ok).toBe(1);
    expect(answers.find((x) => !x.success)).toMatchObject({ code: 'SCHEDULE_CLASH' });
    const held = await rows(t.deps.db, sql`select id from orders where id in (${a}, ${b}) and service_user_id = ${tm.engineer.id}`);
    expect(held).toHaveLength(1);
  });

  it('another enterprise’s order is not found and stays as it was', async () => {
    const other = await team(t);
    const id = await orderIn(t, other, 1);
    expect(await tm.dispatcher.client.send(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: time('10:00') })).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
    expect(await orderRow(t, other.ep, id)).toMatchObject({ state: 1, version: 0, service_user_id: null });
  });
});

describe('the board’s rows and the business calendar', () => {
  it('engineer rows carry skills and the whereabouts (pool base); working days follow the business calendar', async () => {
    await tm.dispatcher.client.send(P.saveProfile, { userId: tm.engineer.id, skills: ['空调', '热水器'], baseLat: 31.3, baseLng: 120.6 });
    const table = await tm.dispatcher.client.send(C.dispatchList, { startDate: DAY, endDate: DAY, userIds: [tm.engineer.id] });
    expect(table.data[0]).toMatchObject({ skills: ['空调', '热水器'], latitude: 31.3, longitude: 120.6 });
    // A holiday on a Wednesday and a make-up Saturday.
    await t.deps.db.execute(sql`insert into sla_calendars (enterprise_id, weekdays, start_minute, end_minute, holidays, workdays)
      values (${tm.ep}, '{1,2,3,4,5}', 600, 1020, '{2031-03-05}', '{2031-03-08}')`);
    const days = await tm.dispatcher.client.send(C.workingDays, { startDate: '2031-03-04', endDate: '2031-03-09' });
    expect(days.data.map((d: { date: string; working: boolean }) => [d.date, d.working])).toEqual([
      ['2031-03-04', true],
      ['2031-03-05', false],
      ['2031-03-06', true],
      ['2031-03-07', true],
      ['2031-03-08', true],
      ['2031-03-09', false],
    ]);
    expect(days.data[0]).toMatchObject({ startMinute: 600, endMinute: 1020 });
    expect(await tm.dispatcher.client.send(C.workingDays, { startDate: '2031-03-09', endDate: '2031-03-04' })).toMatchObject({ success: false });
  });
});
