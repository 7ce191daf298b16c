import { orderActionsContract as A, orderContract as K, slaContract as C, type SlaPolicyInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { orderRow, type Team, team } from '../orders/actions.fixtures';
import { slaOn } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const policy = (o: Partial<SlaPolicyInput> = {}): Record<string, unknown> => ({
  name: '标准SLA',
  clocks: [
    { type: 2, target: 30, unit: 1, warnMinutes: 10 },
    { type: 6, target: 2, unit: 2, warnMinutes: 30 },
  ],
  pauseStates: [8],
  escalation: [
    { afterMinutes: 0, to: 'dispatcher' },
    { afterMinutes: 60, to: 'director' },
  ],
  ...o,
});
type ClockRow = { type: number; outcome: number; running: boolean; paused: boolean; consumed_ms: number; deadline: string | null; breached: boolean };
const clocksOf = (ep: number, orderId: number) =>
  rows<ClockRow>(
    t.deps.db,
    sql`select type, outcome, running_since is not null as running, paused_since is not null as paused, consumed_ms, deadline_at::text as deadline, breached_at is not null as breached
      from order_sla_clocks where enterprise_id = ${ep} and order_id = ${orderId} order by type`,
  );
async function newOrder(tm: Team, title = '空调不制冷'): Promise<number> {
  const customerId = await newCustomer(tm.admin.client);
  const r = await tm.admin.client.call(K.add, { customerId, title });
  if (!r.success) throw new Error(r.message);
  return r.data.id;
}

describe('SLA policies', () => {
  it('creates, lists, reads, updates and deletes a policy', async () => {
    const tm = await team(t);
    const c = tm.admin.client;
    const created = await c.call(C.create, policy());
    expect(created).toMatchObject({ success: true, message: '保存成功' });
    const id = created.data.id;
    expect((await c.call(C.list)).data).toEqual([expect.objectContaining({ id, name: '标准SLA', enabled: true, pauseStates: [8], business: false })]);
    expect((await c.call(C.detail, { id })).data.clocks).toHaveLength(2);
    expect(await c.call(C.update, { ...policy({ name: '加急SLA', priorities: [3], business: true }), id })).toMatchObject({ success: true });
    expect((await c.call(C.detail, { id })).data).toMatchObject({ name: '加急SLA', priorities: [3], business: true });
    expect(await c.call(C.create, policy({ name: '加急SLA' }))).toMatchObject({ success: false, code: 'NAME_TAKEN' });
    expect(await c.request('DELETE', `${C.remove.path}?id=${id}`)).toMatchObject({ success: true, message: '删除成功' });
    expect((await c.call(C.detail, { id })).code).toBe('NOT_FOUND');
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const tm = await team(t);
    const c = tm.admin.client;
    expect((await c.call(C.create, policy({ clocks: [] }))).message).toBe('时限：请至少设置一个时限');
    expect((await c.call(C.create, policy({ name: '' }))).message).toBe('SLA名称：请输入SLA名称');
    const dup = [
      { type: 2, target: 1, unit: 1, warnMinutes: 0 },
      { type: 2, target: 2, unit: 1, warnMinutes: 0 },
    ];
    expect((await c.call(C.create, policy({ clocks: dup as SlaPolicyInput['clocks'] }))).message).toBe('时限：同一超时类型只能设置一次');
    expect((await c.call(C.create, policy({ clocks: [{ type: 12, target: 1, unit: 1, warnMinutes: 0 }] }))).success).toBe(false);
    expect((await c.call(C.create, policy({ pauseStates: [5] }))).success).toBe(false);
    expect((await c.call(C.list)).data).toEqual([]);
  });

  it('answers the usual refusals: not logged in, no CSRF, no power, free plan, another enterprise', async () => {
    const tm = await team(t);
    const id = (await tm.admin.client.call(C.create, policy())).data.id;
    expect((await new Client(t.app).call(C.list)).message).toBe('未登录');
    expect((await tm.admin.client.call(C.create, policy({ name: 'x' }), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await tm.engineer.client.call(C.list)).code).toBe('NO_POWER');
    expect((await tm.dispatcher.client.call(C.exceedStatistics, {})).code).toBe('NO_POWER');
    const free = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    expect((await free.client.call(C.list)).success).toBe(false);
    expect((await free.client.call(C.list)).code).toBe('PLAN_FREE');
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    expect((await other.client.call(C.detail, { id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(C.update, { ...policy({ name: '改' }), id })).code).toBe('NOT_FOUND');
    expect((await other.client.request('DELETE', `${C.remove.path}?id=${id}`)).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.call(C.detail, { id })).data.name).toBe('标准SLA');
  });

  it('keeps the business hours and holidays', async () => {
    const tm = await team(t);
    const c = tm.admin.client;
    expect((await c.call(C.calendar)).data).toEqual({ weekdays: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1080, holidays: [], workdays: [] });
    const hours = { weekdays: [1, 2, 3, 4, 5, 6], startMinute: 480, endMinute: 1200, holidays: ['2026-10-01'], workdays: ['2026-10-11'] };
    expect(await c.call(C.saveCalendar, hours)).toMatchObject({ success: true, message: '保存成功' });
    expect((await c.call(C.calendar)).data).toEqual(hours);
    expect((await c.call(C.saveCalendar, { ...hours, endMinute: 400 })).message).toBe('下班时间：下班时间应晚于上班时间');
    expect((await c.call(C.saveCalendar, { ...hours, holidays: ['10月1日'] })).success).toBe(false);
    expect((await c.call(C.calendar)).data).toEqual(hours);
  });
});

describe('order clocks', () => {
  it('start with a new order, set its due time, meet on dispatch, pause on an exception request and keep their count', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    await tm.admin.client.call(C.create, policy());
    const id = await newOrder(tm);
    let cs = await clocksOf(tm.ep, id);
    expect(cs.map((c) => [c.type, c.outcome, c.running])).toEqual([
      [2, 0, true],
      [6, 0, true],
    ]);
    const o = await orderRow(t, tm.ep, id);
    expect(Date.parse(String(o.due_at))).toBe(Date.parse(String(cs[0]?.deadline)));

    const shown = (await tm.admin.client.call(C.orderClocks, { orderId: id })).data;
    expect(shown.map((c: { name: string; state: string; mark: string }) => [c.name, c.state, c.mark])).toEqual([
      ['派单超时', 'running', 'ok'],
      ['完工超时', 'running', 'ok'],
    ]);
    expect(shown[0]!.remainingMs).toBeLessThanOrEqual(30 * 60_000);

    expect((await tm.admin.client.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id })).success).toBe(true);
    expect((await tm.engineer.client.call(A.accept, { orderId: id })).success).toBe(true);
    cs = await clocksOf(tm.ep, id);
    expect(cs.map((c) => [c.type, c.outcome])).toEqual([
      [2, 1],
      [6, 0],
    ]);
    // Waiting for parts: the completion clock pauses and the order has no due time while it waits.
    expect((await tm.engineer.client.call(A.applyAbnormalOrder, { orderId: id, abnormalType: 1, reason: '等配件' })).success).toBe(true);
    cs = await clocksOf(tm.ep, id);
    expect(cs[1]).toMatchObject({ running: false, paused: true, deadline: null });
    expect((await orderRow(t, tm.ep, id)).due_at).toBeNull();
    expect((await tm.admin.client.call(C.orderClocks, { orderId: id })).data[1]!.state).toBe('paused');
    const counted = Number(cs[1]?.consumed_ms);

    // Re-applying another target while paused keeps the count; rejecting the request resumes it.
    const pid = (await tm.admin.client.call(C.list)).data[0]!.id;
    await tm.admin.client.call(C.update, { ...policy({ clocks: [{ type: 6, target: 3, unit: 2, warnMinutes: 0 }] }), id: pid });
    expect((await tm.admin.client.call(A.handleAbnormal, { orderId: id, pass: false, note: '配件已到' })).success).toBe(true);
    cs = await clocksOf(tm.ep, id);
    expect(cs[1]).toMatchObject({ running: true, paused: false });
    expect(Number(cs[1]?.consumed_ms)).toBe(counted);
    expect((await orderRow(t, tm.ep, id)).due_at).not.toBeNull();

    // Cancelling stops every clock; the order is no longer due.
    expect((await tm.admin.client.call(A.cancel, { orderId: id, reason: '客户取消' })).success).toBe(true);
    expect((await clocksOf(tm.ep, id)).map((c) => c.outcome)).toEqual([1, 2]);
    expect((await orderRow(t, tm.ep, id)).due_at).toBeNull();
  });

  it('applies the first matching policy by priority and template, and none when nothing matches', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    await tm.admin.client.call(C.create, policy({ name: '加急', sort: 1, priorities: [3], clocks: [{ type: 5, target: 4, unit: 2, warnMinutes: 0 }] }));
    await tm.admin.client.call(C.create, policy({ name: '仅某类型', sort: 2, templateIds: [999999999] }));
    const customerId = await newCustomer(tm.admin.client);
    const urgent = (await tm.admin.client.call(K.add, { customerId, title: '加急', priority: 3 })).data.id;
    const normal = (await tm.admin.client.call(K.add, { customerId, title: '普通', priority: 1 })).data.id;
    expect((await clocksOf(tm.ep, urgent)).map((c) => c.type)).toEqual([5]);
    expect(await clocksOf(tm.ep, normal)).toEqual([]);
    expect((await orderRow(t, tm.ep, normal)).due_at).toBeNull();
  });

  it('shows an order’s clocks only to those who may open it', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    await tm.admin.client.call(C.create, policy());
    const id = await newOrder(tm);
    expect((await tm.engineer2.client.call(C.orderClocks, { orderId: id })).code).toBe('NOT_FOUND');
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    expect((await other.client.call(C.orderClocks, { orderId: id })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.call(C.orderClocks, { orderId: 'x' })).success).toBe(false);
  });
});
