import { poolContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { orderIn, orderRow, type Team, team } from '../orders/actions.fixtures';
import { engineers, pooledOrder, poolLogs, setSetting } from './pool.fixtures';

let t: TestApp;
let tm: Team;
let other: Team;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  other = await team(t);
  await setSetting(t, tm.ep, 'order_high_seas', '1');
  await setSetting(t, other.ep, 'order_high_seas', '1');
});
afterAll(async () => t.close());

const GRABBED = '该工单已被抢';
const NOT_FOUND = '数据不存在或已被删除';
const listIds = async (c: Team['engineer']['client']) => ((await c.send(K.list, { pageSize: 100 })).data.list as { id: number }[]).map((r) => r.id);

describe('putting orders in and taking them out', () => {
  it('a dispatcher puts a 待派单 order in the pool: flag set, logged, skill tags kept; takes it out again', async () => {
    const id = await orderIn(t, tm, 1);
    const r = await tm.dispatcher.client.send(K.put, { orderIds: [id], skills: ['空调'] });
    expect(r).toMatchObject({ success: true, data: { count: 1 } });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ in_pool: true, state: 1, version: 1 });
    expect((await rows(t.deps.db, sql`select skills from pool_entries where order_id = ${id}`))[0]).toEqual({ skills: ['空调'] });
    const out = await tm.dispatcher.client.send(K.take, { orderIds: [id] });
    expect(out.success).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ in_pool: false, state: 1, version: 2 });
    expect((await poolLogs(t, tm.ep, id)).map((l) => [l.action, l.note, l.changed])).toEqual([
      ['edit', '放入工单池', { in_pool: true }],
      ['edit', '移出工单池', { in_pool: false }],
    ]);
  });

  it('refuses an assigned order, and the whole batch with it', async () => {
    const free = await orderIn(t, tm, 1);
    const taken = await orderIn(t, tm, 2);
    const r = await tm.dispatcher.client.send(K.put, { orderIds: [free, taken] });
    expect(r).toMatchObject({ success: false, message: '只有待派单且未指派的工单可以放入工单池' });
    expect((await orderRow(t, tm.ep, free)).in_pool).toBe(false);
  });

  it('the put dialog offers only orders that may go in: not pooled, not assigned, not another enterprise’s; by number or title', async () => {
    const free = await orderIn(t, tm, 1, { title: '候选单甲' });
    const pooled = await pooledOrder(t, tm, { title: '候选单乙' });
    const assigned = await orderIn(t, tm, 1, { title: '候选单丙', service_user_id: tm.engineer.id });
    const invalid = await orderIn(t, tm, 1, { title: '候选单丁', invalid: true });
    const theirs = await orderIn(t, other, 1, { title: '候选单戊' });
    const r = await tm.dispatcher.client.send(K.candidates, { keyword: '候选单' });
    const ids = (r.data as { id: number }[]).map((o) => o.id);
    expect(ids).toContain(free);
    for (const no of [pooled, assigned, invalid, theirs]) expect(ids).not.toContain(no);
    // Whatever it offers, a put accepts.
    expect(await tm.dispatcher.client.send(K.put, { orderIds: ids })).toMatchObject({ success: true });
    expect((await tm.dispatcher.client.send(K.candidates, { keyword: '候选单' })).data).toEqual([]);
    expect(await tm.engineer.client.send(K.candidates, {})).toMatchObject({ success: false, message: '您没有该功能的操作权限' });
  });

  it('refuses while the enterprise has the pool switched off', async () => {
    const id = await orderIn(t, tm, 1);
    await setSetting(t, tm.ep, 'order_high_seas', '0');
    const r = await tm.dispatcher.client.send(K.put, { orderIds: [id] });
    await setSetting(t, tm.ep, 'order_high_seas', '1');
    expect(r).toMatchObject({ success: false, message: '工单公海未开启，请在系统设置中开启' });
  });

  it('another enterprise’s order is not found and stays as it was', async () => {
    const id = await orderIn(t, other, 1);
    const r = await tm.dispatcher.client.send(K.put, { orderIds: [id] });
    expect(r).toMatchObject({ success: false, message: NOT_FOUND });
    expect(await orderRow(t, other.ep, id)).toMatchObject({ in_pool: false, version: 0 });
    const p = await pooledOrder(t, other);
    expect(await tm.dispatcher.client.send(K.take, { orderIds: [p] })).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await orderRow(t, other.ep, p)).in_pool).toBe(true);
  });

  it('engineers may not put orders in the pool; bad input is a clear message', async () => {
    const id = await orderIn(t, tm, 1);
    expect(await tm.engineer.client.send(K.put, { orderIds: [id] })).toMatchObject({ success: false, message: '您没有该功能的操作权限' });
    expect(await tm.dispatcher.client.send(K.put, { orderIds: [] })).toMatchObject({ success: false, status: 200 });
    expect(await tm.dispatcher.client.send(K.put, { orderIds: [id], skills: ['x'.repeat(21)] })).toMatchObject({
      success: false,
      message: expect.stringContaining('技能标签'),
    });
  });

  it('is locked on the free plan', async () => {
    const free = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    const r = await free.client.send(K.list, {});
    expect(r.success).toBe(false);
    expect(r.message).toContain('免费版不支持工单公海');
  });
});

describe('grab', () => {
  it('an engineer grabs a pooled order: becomes its engineer, 待服务, one grab logged', async () => {
    const id = await pooledOrder(t, tm);
    const r = await tm.engineer.client.send(K.grab, { orderId: id, version: 0 });
    expect(r).toMatchObject({ success: true, message: '抢单成功', data: { id, state: 3 } });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 3, in_pool: false, grabbed: true, service_user_id: tm.engineer.id, taken_by: tm.engineer.id });
    expect((await poolLogs(t, tm.ep, id)).map((l) => [l.action, l.user_id])).toEqual([['grab', tm.engineer.id]]);
    expect(await tm.engineer2.client.send(K.grab, { orderId: id })).toMatchObject({ success: false, message: GRABBED });
  });

  it('20 engineers grab one order at once: exactly one wins, 19 are told it was grabbed, one log row', async () => {
    const id = await pooledOrder(t, tm);
    const crew = await engineers(t, tm.ep, 20);
    const answers = await race(20, (i) => crew[i]!.client.send(K.grab, { orderId: id }));
    expect(tally(answers)).toEqual({ ok: 1, [GRABBED]: 19 });
    const winner = crew[answers.findIndex((a) => a.success)]!;
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 3, version: 1, service_user_id: winner.id, grabbed: true });
    expect((await poolLogs(t, tm.ep, id)).map((l) => [l.action, l.user_id])).toEqual([['grab', winner.id]]);
  });

  it('a cancelled order, an order not in the pool, a stale version, a non-engineer: refused, nothing changes', async () => {
    // Orders never offered in the pool are not the engineer's to see: not found, as another enterprise's.
    expect(await tm.engineer.client.send(K.grab, { orderId: await orderIn(t, tm, 6) })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await tm.engineer.client.send(K.grab, { orderId: await orderIn(t, tm, 1) })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    // Offered once, then cancelled or taken back to 待派单: the engineer who saw it is told why.
    const cancelled = await pooledOrder(t, tm, { state: 6, in_pool: false });
    expect(await tm.engineer.client.send(K.grab, { orderId: cancelled })).toMatchObject({ success: false, message: '当前工单状态不允许该操作' });
    const back = await pooledOrder(t, tm, { in_pool: false });
    expect(await tm.engineer.client.send(K.grab, { orderId: back })).toMatchObject({ success: false, message: '该工单不在工单池中，不能抢单' });
    const id = await pooledOrder(t, tm);
    expect(await tm.engineer.client.send(K.grab, { orderId: id, version: 5 })).toMatchObject({ success: false, message: '数据已变更，请刷新后重试' });
    expect(await tm.dispatcher.client.send(K.grab, { orderId: id })).toMatchObject({ success: false, message: '您不是该工单的相关处理人，不能执行该操作' });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, in_pool: true, version: 0 });
    expect(await poolLogs(t, tm.ep, id)).toEqual([]);
  });

  it('another enterprise’s pooled order is not found for the engineer and stays in its pool', async () => {
    const id = await pooledOrder(t, other);
    expect(await tm.engineer.client.send(K.grab, { orderId: id })).toMatchObject({ success: false, message: NOT_FOUND });
    expect(await orderRow(t, other.ep, id)).toMatchObject({ state: 1, in_pool: true, version: 0 });
    expect(await listIds(tm.engineer.client)).not.toContain(id);
  });
});

describe('eligibility', () => {
  it('service groups: a group’s order is seen and grabbed only by its members', async () => {
    const [g] = await rows<{ id: number }>(t.deps.db, sql`insert into service_groups (enterprise_id, name) values (${tm.ep}, '空调组') returning id`);
    await t.deps.db.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id) values (${tm.ep}, ${g!.id}, ${tm.engineer.id})`);
    const id = await pooledOrder(t, tm, { service_group_id: g!.id });
    expect(await listIds(tm.engineer2.client)).not.toContain(id);
    // The pool badge counts what each may grab: the member sees one more than the outsider.
    const badge = async (c: Team['engineer']['client']) => Number((await c.get('/v2/order/getOrderListCount?is_grab=1')).data);
    expect((await badge(tm.engineer.client)) - (await badge(tm.engineer2.client))).toBe(1);
    expect(await tm.engineer2.client.send(K.grab, { orderId: id })).toMatchObject({ success: false, message: '您不在该工单的抢单范围内' });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, in_pool: true, version: 0 });
    expect(await listIds(tm.engineer.client)).toContain(id);
    expect((await tm.engineer.client.send(K.grab, { orderId: id })).success).toBe(true);
  });

  it('service area by area code, or by the radius of the base (earth radius 6378137 m), with the distance shown', async () => {
    const [a, b] = await engineers(t, tm.ep, 2);
    // a serves Haidian by code; b has a base at Tiananmen with a 5 km radius.
    expect((await tm.dispatcher.client.send(K.saveProfile, { userId: a!.id, areaCodes: ['110108'] })).success).toBe(true);
    expect((await tm.dispatcher.client.send(K.saveProfile, { userId: b!.id, baseLat: 39.90923, baseLng: 116.397428, radiusM: 5000 })).success).toBe(true);
    const haidian = await pooledOrder(t, tm, { district_code: '110108', latitude: 39.959, longitude: 116.298 });
    const near = await pooledOrder(t, tm, { district_code: '110101', latitude: 39.93, longitude: 116.4 });
    const nowhere = await pooledOrder(t, tm, { district_code: '310101' });
    const seenA = await listIds(a!.client);
    expect(seenA).toContain(haidian);
    expect(seenA).not.toContain(near);
    expect(seenA).not.toContain(nowhere);
    const listB = (await b!.client.send(K.list, { pageSize: 100 })).data.list as { id: number; distance: number | null }[];
    expect(listB.map((r) => r.id)).toContain(near);
    expect(listB.map((r) => r.id)).not.toContain(haidian);
    // 0.02083° of latitude and 0.002572° of longitude at 39.9°: about 2.33 km on the spec's sphere.
    const d = listB.find((r) => r.id === near)!.distance!;
    expect(d).toBeGreaterThan(2300);
    expect(d).toBeLessThan(2360);
    expect(await b!.client.send(K.grab, { orderId: haidian })).toMatchObject({ success: false, message: '您不在该工单的抢单范围内' });
  });

  it('skill tags: an entry asking for skills is for engineers holding all of them', async () => {
    const [a, b] = await engineers(t, tm.ep, 2);
    await tm.dispatcher.client.send(K.saveProfile, { userId: a!.id, skills: ['空调', '高空'] });
    await tm.dispatcher.client.send(K.saveProfile, { userId: b!.id, skills: ['空调'] });
    const id = await pooledOrder(t, tm, {}, ['空调', '高空']);
    expect(await listIds(b!.client)).not.toContain(id);
    expect(await listIds(a!.client)).toContain(id);
    expect((await b!.client.send(K.grab, { orderId: id })).success).toBe(false);
    expect((await a!.client.send(K.grab, { orderId: id })).success).toBe(true);
  });

  it('the daily cap: past it the engineer sees nothing and may not grab', async () => {
    const [a] = await engineers(t, tm.ep, 1);
    await tm.dispatcher.client.send(K.saveProfile, { userId: a!.id, dailyCap: 1 });
    const first = await pooledOrder(t, tm);
    const second = await pooledOrder(t, tm);
    expect((await a!.client.send(K.list, {})).data.grabsLeft).toBe(1);
    expect((await a!.client.send(K.mine)).data).toEqual({ grabs: [], grabsLeft: 1 });
    expect((await a!.client.send(K.grab, { orderId: first })).success).toBe(true);
    const l = (await a!.client.send(K.list, {})).data;
    expect(l).toMatchObject({ count: 0, grabsLeft: 0, list: [] });
    expect((await a!.client.send(K.mine)).data).toMatchObject({ grabs: [{ id: first }], grabsLeft: 0 });
    expect(await a!.client.send(K.grab, { orderId: second })).toMatchObject({ success: false, message: '今日抢单已达上限（1单）' });
    expect((await orderRow(t, tm.ep, second)).in_pool).toBe(true);
  });

  it('the dispatcher sees the whole pool, engineers of other enterprises none of it', async () => {
    const id = await pooledOrder(t, tm, { district_code: '310101' });
    const d = (await tm.dispatcher.client.send(K.list, { pageSize: 100 })).data;
    expect(d.manage).toBe(true);
    expect(d.list.map((r: { id: number }) => r.id)).toContain(id);
    expect(await listIds(other.engineer.client)).not.toContain(id);
  });
});

describe('revokeGrab', () => {
  it('the grabber gives it back with a reason: back in the pool, logged', async () => {
    const id = await pooledOrder(t, tm);
    await tm.engineer.client.send(K.grab, { orderId: id });
    expect(((await tm.engineer.client.send(K.mine)).data.grabs as { id: number }[]).map((g) => g.id)).toContain(id);
    const r = await tm.engineer.client.send(K.revokeGrab, { orderId: id, reason: '临时有事' });
    expect(r).toMatchObject({ success: true, data: { state: 1 } });
    expect(((await tm.engineer.client.send(K.mine)).data.grabs as { id: number }[]).map((g) => g.id)).not.toContain(id);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, in_pool: true, grabbed: false, service_user_id: null });
    expect((await poolLogs(t, tm.ep, id)).map((l) => [l.action, l.note])).toEqual([
      ['grab', '从工单池抢单'],
      ['revokeGrab', '退回原因：临时有事'],
    ]);
  });

  it('refused past the enterprise’s time limit, for someone else, without a reason', async () => {
    const id = await pooledOrder(t, tm);
    await tm.engineer.client.send(K.grab, { orderId: id });
    expect(await tm.engineer2.client.send(K.revokeGrab, { orderId: id, reason: '不想做' })).toMatchObject({ success: false });
    expect(await tm.engineer.client.send(K.revokeGrab, { orderId: id, reason: '' })).toMatchObject({ success: false, message: '退回原因：请输入退回原因' });
    await t.deps.db.execute(sql`update orders set taken_at = now() - interval '31 minutes' where id = ${id}`);
    expect(await tm.engineer.client.send(K.revokeGrab, { orderId: id, reason: '太远了' })).toMatchObject({
      success: false,
      message: '已超过退回时限（30分钟），不能退回',
    });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 3, service_user_id: tm.engineer.id, version: 1 });
  });

  it('another enterprise’s order is not found', async () => {
    const id = await orderIn(t, other, 3, { grabbed: true });
    expect(await tm.engineer.client.send(K.revokeGrab, { orderId: id, reason: '原因' })).toMatchObject({ success: false, message: NOT_FOUND });
  });
});

describe('visitUserGrab', () => {
  it('return-visit staff claim a completed order’s visit once; 20 at once: one claim', async () => {
    const visitors: Awaited<ReturnType<typeof loggedIn>>[] = [];
    for (let i = 0; i < 20; i++) visitors.push(await loggedIn(t.app, t.deps.db, { roles: [7], enterpriseId: tm.ep }));
    const id = await orderIn(t, tm, 5);
    const answers = await race(20, (i) => visitors[i]!.client.send(K.visitUserGrab, { orderId: id }));
    expect(tally(answers)).toEqual({ ok: 1, 该工单的回访已被领取: 19 });
    const winner = visitors[answers.findIndex((a) => a.success)]!;
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 5, return_visitor_id: winner.user.id, version: 1 });
    expect((await poolLogs(t, tm.ep, id)).map((l) => [l.action, l.user_id])).toEqual([['visitUserGrab', winner.user.id]]);
  });

  it('refuses an order not completed, another enterprise’s order, and other roles', async () => {
    const v = await loggedIn(t.app, t.deps.db, { roles: [7], enterpriseId: tm.ep });
    expect(await v.client.send(K.visitUserGrab, { orderId: await orderIn(t, tm, 3) })).toMatchObject({ success: false, message: '当前工单状态不允许该操作' });
    const theirs = await orderIn(t, other, 5);
    expect(await v.client.send(K.visitUserGrab, { orderId: theirs })).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await orderRow(t, other.ep, theirs)).return_visitor_id).toBeNull();
    expect(await tm.engineer.client.send(K.visitUserGrab, { orderId: await orderIn(t, tm, 5) })).toMatchObject({
      success: false,
      message: '您没有该功能的操作权限',
    });
  });
});

describe('rules and profiles', () => {
  it('saves, lists and deletes rules of the enterprise only', async () => {
    const r = await tm.dispatcher.client.send(K.saveRule, { name: '海淀区入池', districtCode: '110108', skills: ['空调'] });
    expect(r.success).toBe(true);
    const list = (await tm.dispatcher.client.send(K.rules)).data as { id: number; name: string }[];
    expect(list.map((x) => x.name)).toContain('海淀区入池');
    expect(((await other.dispatcher.client.send(K.rules)).data as unknown[]).length).toBe(0);
    expect(await other.dispatcher.client.send(K.saveRule, { id: r.data.id, name: '改名' })).toMatchObject({ success: false, message: NOT_FOUND });
    expect(await other.dispatcher.client.send(K.deleteRule, { id: r.data.id })).toMatchObject({ success: false, message: NOT_FOUND });
    expect(await tm.dispatcher.client.send(K.saveRule, { name: '', districtCode: 'abc' })).toMatchObject({ success: false });
    expect((await tm.dispatcher.client.send(K.deleteRule, { id: r.data.id })).success).toBe(true);
  });

  it('profiles: only the enterprise’s service persons; a radius needs a base', async () => {
    expect(await tm.dispatcher.client.send(K.saveProfile, { userId: other.engineer.id, dailyCap: 3 })).toMatchObject({ success: false, message: NOT_FOUND });
    expect(await tm.dispatcher.client.send(K.saveProfile, { userId: tm.engineer2.id, radiusM: 3000 })).toMatchObject({
      success: false,
      message: '服务半径：请先填写基地位置',
    });
    await tm.dispatcher.client.send(K.saveProfile, { userId: tm.engineer2.id, dailyCap: 5, skills: ['电工'] });
    const list = (await tm.dispatcher.client.send(K.profiles)).data as { userId: number; dailyCap: number; skills: string[] }[];
    expect(list.find((p) => p.userId === tm.engineer2.id)).toMatchObject({ dailyCap: 5, skills: ['电工'] });
    expect(list.find((p) => p.userId === tm.engineer.id)).toMatchObject({ dailyCap: 0, skills: [] });
  });
});
