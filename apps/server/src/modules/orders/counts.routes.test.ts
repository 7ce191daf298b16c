import { badgeCountContract as B, orderCountsContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertTask } from '../visits/test-helpers';
import { insertOrder } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * One enterprise's orders, each chosen so that a count that ignored one condition (state, flag, person,
 * recycle bin) would be off: the expected badge numbers are in the comments.
 */
async function seedOrders(ep: number, people: { visitor: number; other: number }) {
  const o = (cols: Record<string, unknown>) => insertOrder(t.deps.db, ep, cols);
  await o({ state: 0 }); // acceptance
  await o({ state: 0 }); // acceptance
  await o({ state: 0, invalid: true }); // invalid: not to accept
  await o({ state: 0, deleted_at: new Date().toISOString() }); // in the recycle bin: nowhere
  await o({ state: 1 }); // to dispatch
  await o({ state: 1, due_at: new Date(Date.now() - 86400_000).toISOString() }); // to dispatch, overdue
  await o({ state: 1, in_pool: true }); // pool, not to dispatch
  await o({ state: 3, abnormal_kind: 1 }); // abnormal (reschedule)
  await o({ state: 4, abnormal_kind: 2 }); // abnormal (transfer)
  await o({ state: 2, due_at: new Date(Date.now() + 86400_000).toISOString() }); // not yet due
  await o({ state: 5, due_at: new Date(Date.now() - 86400_000).toISOString() }); // completed: never overdue
  await o({ state: 7, examine_type: 1, examine_result: 0 }); // awaiting approval (creation)
  await o({ state: 5, examine_type: 3, examine_result: 0, return_visitor_id: people.visitor }); // awaiting approval (receipt); to visit
  await o({ state: 5, examine_type: 4, examine_result: 1, return_visitor_id: people.visitor, evaluated_at: new Date().toISOString() }); // decided; evaluated
  await o({ state: 5, return_visitor_id: people.other }); // to visit (another agent)
  await o({ state: 5 }); // no return visitor
  await o({ state: 6 }); // cancelled
}

const BADGES = {
  acceptance: ['/v2/order/getAllAcceptanceCount', { dataType: 1 }],
  unDeliver: ['/order/unDeliverOrderListCount', {}],
  abnormal: ['/v2/order/getAbnormalOrderCount', { type: 0 }],
  visit: ['/v2/order/getAllVisitCount', { dataType: 0 }],
  overdue: ['/v2/order/getOrderListCount', { orderDue: 0 }],
  examine: ['/v2/order/examineOrderCount', { type: -1 }],
  pool: ['/v2/order/getOrderListCount', { is_grab: 1 }],
} as const;

async function badges(client: Client): Promise<Record<keyof typeof BADGES, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, [path, query]] of Object.entries(BADGES)) {
    const r = await client.get(path, query);
    out[name] = r.success ? r.data : r.code;
  }
  return out as Record<keyof typeof BADGES, unknown>;
}

/** An enterprise with the orders above and its administrator logged in. */
async function seeded(plan: 0 | 1 = 1) {
  const a = await loggedIn(t.app, t.deps.db, { roles: [3], plan });
  const visitor = await makeUser(t.deps.db, a.enterpriseId, { roles: [7] });
  const other = await makeUser(t.deps.db, a.enterpriseId, { roles: [7] });
  await seedOrders(a.enterpriseId, { visitor: visitor.id, other: other.id });
  return { ...a, visitor, other };
}

const loginAs = (ep: number, u: { mobile: string }) => new Client(t.app).login(u.mobile, undefined, ep);

describe('order badge counts', () => {
  it('count the session enterprise’s orders by state, flag and the recycle bin, not another enterprise’s', async () => {
    const { client } = await seeded();
    await seeded(); // a second enterprise with the same orders must not add to the first
    // 回访工单 counts the caller's own visit tasks (modules/visits): the administrator has none.
    expect(await badges(client)).toEqual({ acceptance: 2, unDeliver: 2, abnormal: 2, visit: 0, overdue: 1, examine: 2, pool: 1 });
    expect((await client.get('/v2/order/getAllAcceptanceCount', { dataType: 2 })).data).toBe(1);
    expect((await client.get('/v2/order/getAbnormalOrderCount', { type: 2 })).data).toBe(1);
    expect((await client.get('/v2/order/examineOrderCount', { type: 3 })).data).toBe(1);
    expect((await client.get('/v2/order/examineOrderCount', { type: 4 })).data).toBe(0);
  });

  it('follow the orders: an order moved out of a state leaves its badge', async () => {
    const { client, enterpriseId } = await seeded();
    await t.deps.db.execute(
      sql`update orders set state = 1, in_pool = false where enterprise_id = ${enterpriseId} and state = 0 and not invalid and deleted_at is null`,
    );
    await t.deps.db.execute(sql`update orders set abnormal_kind = null where enterprise_id = ${enterpriseId} and abnormal_kind = 1`);
    expect(await badges(client)).toMatchObject({ acceptance: 0, unDeliver: 4, abnormal: 1 });
  });

  it('count the agent’s own return-visit tasks to visit and to visit again', async () => {
    const { enterpriseId, visitor, other } = await seeded();
    for (const [visitorId, state] of [
      [visitor.id, 1],
      [visitor.id, 4],
      [visitor.id, 3],
      [other.id, 1],
    ] as const) {
      await insertTask(t.deps.db, enterpriseId, { visitorId, state });
    }
    const client = await loginAs(enterpriseId, visitor);
    expect((await client.get(...BADGES.visit)).data).toBe(2);
  });

  it('count only the salesperson’s own orders in the AllOrder count', async () => {
    const { client, enterpriseId } = await seeded();
    const sales = await makeUser(t.deps.db, enterpriseId, { roles: [5] });
    await insertOrder(t.deps.db, enterpriseId, { state: 3, salesperson_id: sales.id });
    await insertOrder(t.deps.db, enterpriseId, { state: 5, created_by: sales.id });
    const own = await loginAs(enterpriseId, sales);
    expect((await own.get('/v2/order/getOrderListCount')).data).toBe(2);
    expect((await own.get('/v2/order/getOrderListCount', { states: '3' })).data).toBe(1);
    expect((await client.get('/v2/order/getOrderListCount')).data).toBe(18);
  });

  it('refuse a count the user’s role has no list for, and answer 0 approvals to a non-approver', async () => {
    const { enterpriseId } = await seeded();
    const employee = await loginAs(enterpriseId, await makeUser(t.deps.db, enterpriseId, { roles: [4] }));
    expect(await badges(employee)).toEqual({
      acceptance: 'NO_POWER',
      unDeliver: 'NO_POWER',
      abnormal: 'NO_POWER',
      visit: 'NO_POWER',
      overdue: 'NO_POWER',
      examine: 'NO_POWER',
      pool: 'NO_POWER',
    });
    const engineer = await loginAs(enterpriseId, await makeUser(t.deps.db, enterpriseId, { roles: [2] }));
    expect((await engineer.get(...BADGES.pool)).data).toBe(1);
    expect((await engineer.get(...BADGES.acceptance)).code).toBe('NO_POWER');
    const finance = await loginAs(enterpriseId, await makeUser(t.deps.db, enterpriseId, { roles: [8] }));
    expect((await finance.get(...BADGES.examine)).data).toBe(0);
    const dispatcher = await loginAs(enterpriseId, await makeUser(t.deps.db, enterpriseId, { roles: [1] }));
    expect((await dispatcher.get(...BADGES.examine)).data).toBe(2);
  });

  it('我的工单 counts the caller’s own orders awaiting his service (待接单, 待服务) and lists them on his to-dos', async () => {
    const { enterpriseId: ep } = await seeded();
    const eng = await makeUser(t.deps.db, ep, { roles: [2] });
    const other = await makeUser(t.deps.db, ep, { roles: [2] });
    for (const state of [2, 3, 4, 5]) await insertOrder(t.deps.db, ep, { state, service_user_id: eng.id });
    await insertOrder(t.deps.db, ep, { state: 3, service_user_id: other.id });
    await insertOrder(t.deps.db, ep, { state: 3, service_user_id: eng.id, deleted_at: new Date().toISOString() });
    // One he created for another engineer: 我的工单 lists it (he created it), but it does not wait for his service.
    await insertOrder(t.deps.db, ep, { state: 2, service_user_id: other.id, created_by: eng.id });
    const c = await loginAs(ep, eng);
    expect((await c.get('/v2/order/getOrderListCount', { mine: 1 })).data).toBe(2);
    const todo: { routerName: string; path: string; count: number }[] = (await c.send(B.waitToDoList)).data ?? [];
    const mine = todo.find((x) => x.routerName === 'MyOrder');
    expect(mine).toMatchObject({ name: '我的工单', path: `/myOrder?tab=all&states=2,3&servicePersonalId=${eng.id}`, count: 2 });
    // The to-do opens 我的工单 filtered to exactly the rows it counts (the page's list with the path's filters).
    const [page, qs] = mine!.path.split('?');
    expect(page).toBe('/myOrder');
    const listed = await c.get('/v2/order/getAllOrderList', { scope: 'mine', ...Object.fromEntries(new URLSearchParams(qs)) });
    expect(listed.data).toMatchObject({ count: 2 });
    // Without the filters, 我的工单's 全部 holds the one he created too: the page as it opens would not match the count.
    expect((await c.get('/v2/order/getAllOrderList', { scope: 'mine', tab: 'all', states: '2,3' })).data).toMatchObject({ count: 3 });
    // The other engineer counts his own two only (the one he serves, the one created for him).
    expect((await (await loginAs(ep, other)).get('/v2/order/getOrderListCount', { mine: 1 })).data).toBe(2);
  });

  it('answer 0 on the free plan, and nothing from getCount and waitToDoList', async () => {
    const { client } = await seeded(0);
    const free = await badges(client);
    expect(Object.values(free).every((n) => n === 0)).toBe(true);
    expect((await client.send(B.mobileCount)).data).toEqual({});
    expect((await client.send(B.waitToDoList)).data).toEqual([]);
  });

  it('fill /v2/menu/mobile/getCount and the to-do list with the real numbers', async () => {
    const { client } = await seeded();
    expect((await client.send(B.mobileCount)).data).toMatchObject({
      AcceptanceOrder: 2,
      AssignOrder: 2,
      OrderHighSeas: 1,
      AbnormalOrder: 2,
      DueOrder: 1,
      ExamineOrder: 2,
      ReturnVisitOrder: 0, // the administrator has no visit tasks of his own
    });
    const todo: { routerName: string }[] = (await client.send(B.waitToDoList)).data ?? [];
    expect(todo.find((x) => x.routerName === 'AssignOrder')).toMatchObject({ name: '待派单工单', count: 2 });
  });
});

describe('GET /v2/order/getOrderListCount with list filters', () => {
  it('counts the filters it supports and refuses the ones it does not, in Chinese', async () => {
    const { client, enterpriseId } = await seeded();
    const [tpl] = await rows<{ id: number }>(t.deps.db, sql`select template_id as id from orders where enterprise_id = ${enterpriseId} and state = 6`);
    expect((await client.get('/v2/order/getOrderListCount', { states: '0,1' })).data).toBe(6);
    expect((await client.get('/v2/order/getOrderListCount', { states: '5', examineResult: 0 })).data).toBe(1);
    expect((await client.get('/v2/order/getOrderListCount', { orderType: tpl?.id })).data).toBe(1);
    expect((await client.get('/v2/order/getOrderListCount', { orderExceed: 1, pageIndex: 0, pageSize: 20 })).data).toBe(1);
    expect(await client.get('/v2/order/getOrderListCount', { title: '空调' })).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: '不支持的筛选条件：title',
    });
    expect(await client.get('/v2/order/getOrderListCount', { states: '9' })).toMatchObject({ success: false, message: '工单状态不正确' });
  });
});

describe('GET /v2/report/statusStatistics', () => {
  it('counts the user’s orders by state, with invalid, abnormal and overdue apart', async () => {
    const { client } = await seeded();
    const r = (await client.send(K.statusStatistics, {})).data;
    const by = Object.fromEntries((r?.states ?? []).map((s) => [s.state, s.count]));
    expect(by).toEqual({ 0: 2, 1: 3, 2: 1, 3: 1, 4: 1, 5: 5, 6: 1, 7: 1 });
    expect(r).toMatchObject({ total: 16, invalid: 1, abnormal: 2, overdue: 1 });
    expect(r?.states[0]).toEqual({ state: 0, name: '待受理', count: 2 });
  });

  it('limits to a creation range and to an engineer’s own and collaborated orders', async () => {
    const { client, enterpriseId } = await seeded();
    const tomorrow = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
    expect((await client.send(K.statusStatistics, { startTime: tomorrow })).data?.total).toBe(0);
    const eng = await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    await insertOrder(t.deps.db, enterpriseId, { state: 3, service_user_id: eng.id });
    const helped = await insertOrder(t.deps.db, enterpriseId, { state: 4 });
    await t.deps.db.execute(sql`insert into order_people (enterprise_id, order_id, part, user_id) values (${enterpriseId}, ${helped}, 4, ${eng.id})`);
    const mine = (await (await loginAs(enterpriseId, eng)).send(K.statusStatistics, {})).data;
    expect(mine?.total).toBe(2);
    expect(mine?.states.filter((s) => s.count > 0).map((s) => s.state)).toEqual([3, 4]);
  });

  it('is a report: refused on the free plan; bad dates answer in Chinese', async () => {
    const { client } = await seeded(0);
    expect(await client.send(K.statusStatistics, {})).toMatchObject({ success: false, code: 'PLAN_FREE' });
    const paid = (await seeded()).client;
    expect(await paid.send(K.statusStatistics, { startTime: '昨天' })).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});

describe('GET /v2/order/serviceTypeList and /serviceTypeCount', () => {
  it('counts a customer’s orders by type, and refuses another enterprise’s customer as not found', async () => {
    const { client, enterpriseId } = await seeded();
    const [c] = await rows<{ id: number }>(t.deps.db, sql`insert into customers (enterprise_id, name) values (${enterpriseId}, '星河物业') returning id`);
    const repair = await insertOrder(t.deps.db, enterpriseId, { customer_id: c?.id, title: '维修' });
    const [tpl] = await rows<{ id: number; name: string }>(
      t.deps.db,
      sql`select t.id, t.name from orders o join form_templates t on t.id = o.template_id where o.id = ${repair}`,
    );
    await insertOrder(t.deps.db, enterpriseId, { customer_id: c?.id, template_id: tpl?.id });
    await insertOrder(t.deps.db, enterpriseId, { customer_id: c?.id, template_id: tpl?.id, deleted_at: new Date().toISOString() });
    await insertOrder(t.deps.db, enterpriseId, { customer_id: c?.id, state: 5 });
    const list: { id: number; name: string; count: number }[] = (await client.send(K.serviceTypeList, { customerId: c?.id })).data ?? [];
    expect(list[0]).toEqual({ id: Number(tpl?.id), name: tpl?.name, count: 2 });
    expect(list.filter((x) => x.count > 0).map((x) => x.count)).toEqual([2, 1]);
    expect((await client.send(K.serviceTypeCount, { customerId: c?.id })).data).toBe(3);
    const other = await seeded();
    expect(await other.client.send(K.serviceTypeCount, { customerId: c?.id })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await other.client.send(K.serviceTypeList, { customerId: c?.id })).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers 未登录 without a session', async () => {
    expect((await new Client(t.app).send(K.serviceTypeCount, {})).message).toBe('未登录');
  });
});
