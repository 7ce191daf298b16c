import { dispatchContract as D, orderActionsContract as K, menuContract as M, type MenuList } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { logsOf, orderIn, orderRow, type Team, team, withTeamApp } from '../orders/actions.fixtures';
import { engineerOf, groupOf, providerOf, templateOf } from './dispatch.fixtures';

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const CHANGED = '数据已变更，请刷新后重试';
const ids = (r: { data: { id: number }[] }) => r.data.map((o) => o.id);

describe('GET /order/unDeliverOrderList and its count', () => {
  it('lists the orders waiting for dispatch (not pooled, not in the bin), newest first, with the desk’s filters and a matching count', async () => {
    const tm = await team(t);
    const g = await groupOf(t, tm.ep, '一组', []);
    const a = await orderIn(t, tm, 1, { title: '空调漏水', priority: 3 });
    const b = await orderIn(t, tm, 1, { title: '洗衣机异响', service_group_id: g });
    await orderIn(t, tm, 1, { in_pool: true });
    await orderIn(t, tm, 1, { deleted_at: new Date().toISOString() });
    await orderIn(t, tm, 2);
    const all = await tm.dispatcher.client.send(D.unDeliverOrderList, {});
    expect(all.success).toBe(true);
    expect(ids(all)).toEqual([b, a]);
    expect(all.data[0]).toMatchObject({ id: b, title: '洗衣机异响', serviceGroupId: g, state: 1 });
    expect((await tm.dispatcher.client.get('/order/unDeliverOrderListCount')).data).toBe(2);
    expect(ids(await tm.dispatcher.client.send(D.unDeliverOrderList, { orderType: await templateOf(t, tm.ep, a) }))).toEqual([a]);
    expect(ids(await tm.dispatcher.client.send(D.unDeliverOrderList, { serviceGroupId: g }))).toEqual([b]);
    expect((await tm.dispatcher.client.get('/order/unDeliverOrderListCount', { priority: 3 })).data).toBe(1);
    expect(ids(await tm.dispatcher.client.send(D.unDeliverOrderList, { pageIndex: 1, pageSize: 10 }))).toEqual([]);
  });

  it('refuses the anonymous, a role without the desk, bad filters; another enterprise sees none of these orders', async () => {
    const id = await orderIn(t, tm, 1);
    expect((await new Client(t.app).send(D.unDeliverOrderList, {})).message).toBe('未登录');
    expect((await tm.engineer.client.send(D.unDeliverOrderList, {})).code).toBe('NO_POWER');
    expect((await tm.engineer.client.get('/order/unDeliverOrderListCount')).code).toBe('NO_POWER');
    expect(await tm.dispatcher.client.send(D.unDeliverOrderList, { priority: 9 })).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: '优先级：优先级不正确',
    });
    expect((await tm.dispatcher.client.send(D.unDeliverOrderList, { pageSize: 7 })).message).toBe('每页条数：每页条数只能是10、20、50、100、500或1000');
    const other = await team(t);
    expect(ids(await other.dispatcher.client.send(D.unDeliverOrderList, {}))).not.toContain(id);
  });
});

describe('GET /worker/designateUserList', () => {
  it('lists enabled engineers, least loaded first, with open orders and today’s appointments', async () => {
    const tm = await team(t);
    const today = new Date(Date.now() + 60_000).toISOString();
    await orderIn(t, tm, 3, { title: '今日上门', appointment_at: today });
    await orderIn(t, tm, 2);
    await orderIn(t, tm, 5);
    const off = await engineerOf(t, tm.ep, '停用工程师');
    await t.deps.db.execute(sql`update users set enabled = false where enterprise_id = ${tm.ep} and id = ${off}`);
    const r = await tm.dispatcher.client.send(D.candidates, {});
    expect(r.data.count).toBe(2);
    expect(r.data.list.map((u: { id: number }) => u.id)).toEqual([tm.engineer2.id, tm.engineer.id]);
    expect(r.data.list[1]).toMatchObject({ openCount: 2, todayCount: 1, today: [expect.stringMatching(/^\d\d:\d\d 今日上门$/)] });
    const g = await groupOf(t, tm.ep, '二组', [tm.engineer.id]);
    expect((await tm.dispatcher.client.send(D.candidates, { serviceGroupId: g })).data.list.map((u: { id: number }) => u.id)).toEqual([tm.engineer.id]);
    expect((await tm.engineer.client.send(D.candidates, {})).code).toBe('NO_POWER');
  });
});

describe('POST /v2/order/dispatch, extended', () => {
  it('logs the remark; a second dispatch is 改派 before acceptance and 转派 after, naming both engineers', async () => {
    const id = await orderIn(t, tm, 1, { service_user_id: null, dispatcher_id: null });
    const first = await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer.id, note: '客户急' });
    expect(first).toMatchObject({ success: true, data: { state: 2 } });
    await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer2.id, note: '离得近' });
    await tm.engineer2.client.send(K.accept, { orderId: id });
    await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer.id });
    const notes = (await logsOf(t, tm.ep, id)).filter((l) => l.action === 'dispatch').map((l) => l.note);
    const [n1, n2] = [await nameOf(tm.engineer.id), await nameOf(tm.engineer2.id)];
    expect(notes).toEqual([`服务人员：${n1}；客户急`, `改派：${n1} → ${n2}；离得近`, `转派：${n2} → ${n1}`]);
  });

  it('dispatches to a provider (partner types 1, 3, 4); the provider’s own dispatcher then picks one of its engineers, and only that', async () => {
    const pr = await providerOf(t, tm.ep, '联保公司', 4);
    const wrongType = await providerOf(t, tm.ep, '其他伙伴', 2);
    const id = await orderIn(t, tm, 1, { service_user_id: null, dispatcher_id: null });
    expect((await tm.dispatcher.client.send(K.dispatch, { orderId: id, providerId: wrongType })).message).toBe('服务商：服务商不存在、已停用或不可接单');
    expect((await tm.dispatcher.client.send(K.dispatch, { orderId: id })).message).toBe('服务人员：请选择服务人员或服务商（二选一）');
    expect((await tm.dispatcher.client.send(K.dispatch, { orderId: id, providerId: pr })).success).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 2, provider_id: pr, service_user_id: null });
    // Nobody can accept it yet; it is not on the enterprise's desk.
    expect((await tm.engineer.client.send(K.accept, { orderId: id })).success).toBe(false);
    expect(ids(await tm.dispatcher.client.send(D.unDeliverOrderList, { pageSize: 100 }))).not.toContain(id);

    const theirs = await engineerOf(t, tm.ep, '外包工程师', pr);
    const boss = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId: tm.ep });
    await t.deps.db.execute(sql`update users set user_type = 1, provider_id = ${pr} where enterprise_id = ${tm.ep} and id = ${boss.user.id}`);
    const other = await orderIn(t, tm, 1);
    // Their provider menu offers the desk, its badge counting their provider's orders only.
    const menu: MenuList = (await boss.client.send(M.listV2)).data;
    expect(menu.groups.flatMap((g) => g.children).find((e) => e.routerName === 'AssignOrder')).toMatchObject({ path: '/assignOrder', parentId: 10 });
    expect((await boss.client.get('/order/unDeliverOrderListCount')).data).toBe(1);
    expect(ids(await boss.client.send(D.unDeliverOrderList, {}))).toEqual([id]);
    expect((await boss.client.send(D.candidates, {})).data.list.map((u: { id: number }) => u.id)).toEqual([theirs]);
    expect((await boss.client.send(K.dispatch, { orderId: other, serviceUserId: theirs })).code).toBe('NOT_FOUND');
    expect((await boss.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer.id })).message).toBe('服务人员：人员不存在、已停用或不是服务人员');
    expect((await boss.client.send(K.dispatch, { orderId: id, serviceUserId: theirs })).data).toEqual({ id, state: 2 });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ provider_id: pr, service_user_id: theirs });
    expect((await logsOf(t, tm.ep, id)).at(-1)?.note).toBe('服务人员：外包工程师');
  });
});

describe('POST /worker/batchDesignate', () => {
  it('designates every order to one engineer with collaborators, one dispatch log row each', async () => {
    const a = await orderIn(t, tm, 1);
    const b = await orderIn(t, tm, 1);
    const r = await tm.dispatcher.client.send(D.batchDesignate, {
      orderIds: [a, b],
      serviceUserId: tm.engineer.id,
      coordinationUserId: [tm.engineer2.id],
      note: '批量',
    });
    expect(r).toMatchObject({ success: true, message: '派单成功', data: { count: 2 } });
    for (const id of [a, b]) {
      expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 2, service_user_id: tm.engineer.id, dispatcher_id: tm.dispatcher.id });
      expect((await logsOf(t, tm.ep, id)).map((l) => l.action)).toEqual(['dispatch']);
    }
  });

  it('all or nothing: an order no longer waiting, another enterprise’s id, a bad engineer or bad input change nothing', async () => {
    const a = await orderIn(t, tm, 1);
    const moved = await orderIn(t, tm, 2);
    const other = await team(t);
    const theirs = await orderIn(t, other, 1);
    const call = (body: Record<string, unknown>) => tm.dispatcher.client.send(D.batchDesignate, body);
    expect((await call({ orderIds: [a, moved], serviceUserId: tm.engineer.id })).message).toBe(CHANGED);
    expect((await call({ orderIds: [a, theirs], serviceUserId: tm.engineer.id })).code).toBe('NOT_FOUND');
    expect((await other.dispatcher.client.send(D.batchDesignate, { orderIds: [a], serviceUserId: other.engineer.id })).code).toBe('NOT_FOUND');
    expect((await call({ orderIds: [a], serviceUserId: other.engineer.id })).message).toBe('服务人员：人员不存在、已停用或不是服务人员');
    expect((await call({ orderIds: [], serviceUserId: tm.engineer.id })).message).toBe('工单：请选择工单');
    expect((await call({ orderIds: [a], serviceUserId: tm.engineer.id, providerId: 1 })).message).toBe('服务人员：请选择服务人员或服务商（二选一）');
    expect((await call({ orderIds: Array.from({ length: 101 }, (_, i) => i + 1), serviceUserId: tm.engineer.id })).message).toBe('工单：一次最多100项');
    expect((await new Client(t.app).send(D.batchDesignate, { orderIds: [a], serviceUserId: tm.engineer.id })).message).toBe('未登录');
    expect((await tm.dispatcher.client.send(D.batchDesignate, { orderIds: [a], serviceUserId: tm.engineer.id }, { csrf: false })).message).toBe(
      '操作失败，无效的CsrfToken',
    );
    expect((await tm.engineer.client.send(D.batchDesignate, { orderIds: [a], serviceUserId: tm.engineer.id })).code).toBe('NO_POWER');
    for (const id of [a]) expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, version: 0, service_user_id: null });
    expect(await orderRow(t, other.ep, theirs)).toMatchObject({ state: 1, version: 0 });
    expect(await logsOf(t, tm.ep, a)).toEqual([]);
  });
});

async function nameOf(id: number): Promise<string> {
  const [u] = await rows<{ name: string }>(t.deps.db, sql`select name from users where id = ${id}`);
  return String(u?.name);
}
