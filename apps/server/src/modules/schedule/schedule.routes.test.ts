import { IM_SOCKET_PATH, scheduleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { logsOf, orderIn, orderRow, type Team, team } from '../orders/actions.fixtures';

let t: TestApp;
let tm: Team;
let other: Team;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  other = await team(t);
});
afterAll(async () => t.close());

const DAY = '2030-03-04';
const at = (hhmm: string) => `${DAY} ${hhmm}:00+08`;
const range = { startDate: DAY, endDate: DAY };
const CLASH = /^该服务人员在2030-03-04 \d\d:\d\d已有预约（工单T\w+），请选择其他时间$/;

describe('schedule endpoints: the usual refusals', () => {
  it('not logged in, missing CSRF, missing power, bad input', async () => {
    expect((await new Client(t.app).call(C.dispatchList, range)).message).toBe('未登录');
    const id = await orderIn(t, tm, 1);
    const noCsrf = await tm.dispatcher.client.call(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: `${DAY} 09:00:00` }, { csrf: false });
    expect(noCsrf.message).toBe('操作失败，无效的CsrfToken');
    expect((await tm.employee.client.call(C.dispatchList, range)).message).toBe('您没有该功能的操作权限');
    expect((await tm.engineer.client.call(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: `${DAY} 09:00:00` })).message).toBe(
      '您没有该功能的操作权限',
    );
    const backwards = await tm.dispatcher.client.call(C.dispatchList, { startDate: DAY, endDate: '2030-03-01' });
    expect(backwards).toMatchObject({ success: false, status: 200, message: expect.stringContaining('结束日期不能早于开始日期') });
    const tooLong = await tm.dispatcher.client.call(C.reportList, { startDate: '2030-01-01', endDate: '2030-03-01' });
    expect(tooLong.message).toContain('日期范围不能超过31天');
    const badTime = await tm.dispatcher.client.call(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: '明天上午' });
    expect(badTime.message).toContain('时间格式应为YYYY-MM-DD HH:mm:ss');
    const noSuchDay = await tm.dispatcher.client.call(C.book, { orderId: id, serviceUserId: tm.engineer.id, bespokeTime: '2030-02-30 09:00:00' });
    expect(noSuchDay).toMatchObject({ status: 200, success: false, message: expect.stringContaining('时间格式应为YYYY-MM-DD HH:mm:ss') });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, version: 0 });
  });
});

describe('time intervals', () => {
  it('answers the defaults, saves a list, refuses overlaps and keeps the enterprise apart', async () => {
    const d = await tm.dispatcher.client.call(C.intervals);
    expect(d.data).toEqual([
      { id: null, name: '上午', start: '08:00', end: '12:00' },
      { id: null, name: '下午', start: '13:00', end: '18:00' },
    ]);
    const overlap = await tm.dispatcher.client.call(C.saveIntervals, {
      list: [
        { name: '甲', start: '08:00', end: '12:00' },
        { name: '乙', start: '11:00', end: '14:00' },
      ],
    });
    expect(overlap).toMatchObject({ success: false, message: expect.stringContaining('时间段不能重叠') });
    const saved = await other.dispatcher.client.call(C.saveIntervals, { list: [{ name: '全天', start: '09:00', end: '17:00' }] });
    expect(saved.data).toMatchObject([{ name: '全天', start: '09:00', end: '17:00' }]);
    expect((await tm.dispatcher.client.call(C.intervals)).data).toHaveLength(2);
    expect((await other.engineer.client.call(C.intervals)).data).toMatchObject([{ name: '全天' }]);
  });
});

describe('the schedule table and report', () => {
  it('shows each engineer’s visits, busy and free slots and the load; an engineer sees only their own row', async () => {
    const busy = await orderIn(t, tm, 3, { appointment_at: at('09:00') });
    await orderIn(t, tm, 5, { appointment_at: at('14:00'), finished_at: at('15:00') });
    await orderIn(t, tm, 6, { appointment_at: at('16:00') }); // cancelled: not a visit
    const list = await tm.dispatcher.client.call(C.dispatchList, range);
    expect(list.success).toBe(true);
    const mine = list.data.find((r: { userId: number }) => r.userId === tm.engineer.id)!;
    const day = mine.days[0]!;
    expect(day.visits.map((v: { orderId: number }) => v.orderId)[0]).toBe(busy);
    expect(day.visits).toHaveLength(2);
    expect(day.slots).toEqual([
      { name: '上午', start: '08:00', end: '12:00', busy: true, orderIds: [busy] },
      // The completed visit stays on the day but no longer holds its slot (only open visits do).
      { name: '下午', start: '13:00', end: '18:00', busy: false, orderIds: [] },
    ]);
    expect(day.load).toEqual({ minutes: 120, capacity: 540, level: 'under' });
    expect(list.data.find((r: { userId: number }) => r.userId === tm.engineer2.id)!.days[0]!.slots.every((s: { busy: boolean }) => !s.busy)).toBe(true);
    expect((await tm.dispatcher.client.call(C.dispatchCount, range)).data).toBe(2);

    const own = await tm.engineer.client.call(C.dispatchList, range);
    expect(own.data.map((r: { userId: number }) => r.userId)).toEqual([tm.engineer.id]);

    const report = await tm.admin.client.call(C.reportList, range);
    expect(report.data.find((r: { userId: number }) => r.userId === tm.engineer.id)).toEqual({
      userId: tm.engineer.id,
      name: expect.any(String),
      visits: 2,
      completed: 1,
      busySlots: 1,
      freeSlots: 1,
      bookedMinutes: 120,
    });
    expect((await tm.admin.client.call(C.reportCount, { ...range, userIds: String(tm.engineer2.id) })).data).toBe(1);
    // Another enterprise's engineer id finds nobody.
    expect((await tm.dispatcher.client.call(C.dispatchList, { ...range, userIds: String(other.engineer.id) })).data).toEqual([]);
  });
});

describe('booking from the board (dispatch + keepDate with a clash check)', () => {
  const bookAt = (orderId: number, userId: number, hhmm: string, c = tm.dispatcher.client) =>
    c.call(C.book, { orderId, serviceUserId: userId, bespokeTime: `2030-03-05 ${hhmm}:00` });

  it('assigns and books the order; a visit that overlaps another of the engineer is refused and changes nothing', async () => {
    const first = await orderIn(t, tm, 1);
    const ok = await bookAt(first, tm.engineer2.id, '09:00');
    expect(ok).toMatchObject({ success: true, message: '派单成功', data: { id: first, state: 2 } });
    expect((await logsOf(t, tm.ep, first)).map((l) => l.action)).toEqual(['dispatch', 'keepDate']);
    const [row] = await rows<{ service_user_id: number; local: string }>(
      t.deps.db,
      sql`select service_user_id::int, to_char(appointment_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as local from orders where id = ${first}`,
    );
    expect(row).toEqual({ service_user_id: tm.engineer2.id, local: '2030-03-05 09:00' });

    const second = await orderIn(t, tm, 1);
    const clash = await bookAt(second, tm.engineer2.id, '09:30');
    expect(clash).toMatchObject({ success: false, code: 'SCHEDULE_CLASH', message: expect.stringMatching(/^该服务人员在2030-03-05 09:30已有预约/) });
    expect(await orderRow(t, tm.ep, second)).toMatchObject({ state: 1, version: 0, service_user_id: null, appointment_at: null });
    expect(await logsOf(t, tm.ep, second)).toEqual([]);
    // Right after the first visit's hour is free; an order moving over its own old time does not clash with itself.
    expect((await bookAt(second, tm.engineer2.id, '10:00')).success).toBe(true);
    expect((await bookAt(first, tm.engineer2.id, '08:30')).success).toBe(true);
    expect((await bookAt(first, tm.engineer2.id, '09:30')).code).toBe('SCHEDULE_CLASH');
  });

  it('another enterprise’s order or engineer: not found, nothing written', async () => {
    const theirs = await orderIn(t, other, 1);
    expect((await bookAt(theirs, tm.engineer.id, '15:00')).message).toBe('数据不存在或已被删除');
    expect(await orderRow(t, other.ep, theirs)).toMatchObject({ state: 1, version: 0 });
    const ours = await orderIn(t, tm, 1);
    expect((await bookAt(ours, other.engineer.id, '15:00')).message).toContain('人员不存在、已停用或不是服务人员');
    expect(await orderRow(t, tm.ep, ours)).toMatchObject({ state: 1, version: 0 });
  });

  it('ten parallel bookings of one engineer’s slot, each for another order: one wins, the others clash', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await orderIn(t, tm, 1));
    const answers = await race(10, (i) => bookAt(ids[i] as number, tm.engineer.id, '20:00'));
    const counts = tally(answers);
    expect(counts.ok).toBe(1);
    expect(answers.filter((a) => !a.success).every((a) => a.code === 'SCHEDULE_CLASH' && CLASH.test(a.message.replace('03-05', '03-04')))).toBe(true);
    const booked = await rows(
      t.deps.db,
      sql`select id from orders where enterprise_id = ${tm.ep} and id = any(${`{${ids.join(',')}}`}::bigint[]) and state <> 1`,
    );
    expect(booked).toHaveLength(1);
  });
});

describe('map, nearest engineers and positions', () => {
  it('positions: shared with consent, withdrawn on request; bad coordinates refused', async () => {
    const e = tm.engineer.client;
    expect((await e.call(C.myPosition)).data).toEqual({ sharing: false, latitude: null, longitude: null, reportedAt: null });
    expect((await e.call(C.reportPosition, { latitude: 123, longitude: 10 })).message).toContain('纬度超出范围');
    expect((await e.call(C.reportPosition, { latitude: 39.9, longitude: 116.4, accuracy: 20 })).success).toBe(true);
    expect((await e.call(C.myPosition)).data).toMatchObject({ sharing: true, latitude: 39.9, longitude: 116.4 });
    expect((await e.call(C.withdrawPosition)).success).toBe(true);
    expect((await e.call(C.myPosition)).data.sharing).toBe(false);
  });

  it('the map shows located orders of the enterprise and shared positions; engineers come nearest first', async () => {
    await tm.engineer.client.call(C.reportPosition, { latitude: 39.9, longitude: 116.4 });
    await tm.engineer2.client.call(C.reportPosition, { latitude: 31.23, longitude: 121.47 });
    await other.engineer.client.call(C.reportPosition, { latitude: 31.23, longitude: 121.47 });
    const shanghai = await orderIn(t, tm, 1, { latitude: 31.2, longitude: 121.5 });
    const theirs = await orderIn(t, other, 1, { latitude: 31.2, longitude: 121.5 });
    const map = await tm.dispatcher.client.call(C.map, { unassigned: 'true' });
    expect(map.data.orders.map((o: { id: number }) => o.id)).toContain(shanghai);
    expect(map.data.orders.map((o: { id: number }) => o.id)).not.toContain(theirs);
    expect(map.data.engineers.map((e: { userId: number }) => e.userId).sort()).toEqual([tm.engineer.id, tm.engineer2.id].sort());

    const near = await tm.dispatcher.client.call(C.nearest, { orderId: shanghai });
    expect(near.data.map((r: { userId: number }) => r.userId)).toEqual([tm.engineer2.id, tm.engineer.id]);
    expect(near.data[0]!.distance).toBeGreaterThan(3000);
    expect(near.data[0]!.distance).toBeLessThan(5000);
    expect((await tm.dispatcher.client.call(C.nearest, { orderId: theirs })).message).toBe('数据不存在或已被删除');
  });
});

/** The frames one websocket receives, and a wait on a condition over them. */
async function socketOf(cookie: string) {
  const frames: Record<string, any>[] = [];
  const ws: any = await t.app.injectWS(`/api${IM_SOCKET_PATH}`, { headers: { cookie } } as never, {
    onInit: (w: any) => w.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString()))),
  });
  const until = async (ok: () => boolean) => {
    while (!ok()) await new Promise((r) => setTimeout(r, 20));
  };
  return { frames, until, close: () => ws.terminate() };
}

describe('live updates for the board', () => {
  it('a booking reaches every socket of the enterprise as a schedule frame, and no other enterprise', async () => {
    const ours = await socketOf(tm.engineer2.client.cookie);
    const theirs = await socketOf(other.dispatcher.client.cookie);
    await Promise.all([
      ours.until(() => ours.frames.some((f) => f.eventType === 'open')),
      theirs.until(() => theirs.frames.some((f) => f.eventType === 'open')),
    ]);
    const mine = await orderIn(t, tm, 1);
    const their = await orderIn(t, other, 1);
    expect((await tm.dispatcher.client.call(C.book, { orderId: mine, serviceUserId: tm.engineer2.id, bespokeTime: '2030-04-01 09:00:00' })).success).toBe(true);
    expect((await other.dispatcher.client.call(C.book, { orderId: their, serviceUserId: other.engineer.id, bespokeTime: '2030-04-01 09:00:00' })).success).toBe(
      true,
    );
    await ours.until(() => ours.frames.some((f) => f.eventType === 'schedule'));
    await theirs.until(() => theirs.frames.some((f) => f.eventType === 'schedule'));
    expect(ours.frames.filter((f) => f.eventType === 'schedule').map((f) => f.data.orderId)).toEqual([mine]);
    expect(theirs.frames.filter((f) => f.eventType === 'schedule').map((f) => f.data.orderId)).toEqual([their]);
    ours.close();
    theirs.close();
  });
});
