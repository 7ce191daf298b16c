import { orderActionsContract as A, orderDetailContract as D, providerConsoleContract as P, settleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { engineerOf, providerOf } from '../dispatch/dispatch.fixtures';
import { insertOrder } from '../orders/test-helpers';
import { pricedOrder, settleTeam } from '../settle/settle.fixtures';
import { thisMonth } from './scorecard.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const exec = (q: ReturnType<typeof sql>) => t.deps.db.execute(q);
const ids = (d: { list: { id: number }[] }) => d.list.map((r) => r.id).sort((x, y) => x - y);

describe('服务单 (/serviceOrder/list)', () => {
  it('a provider user lists only his provider’s orders with SLA, parts owed and fee; another provider’s order is not found', async () => {
    const a = await settleTeam(t);
    const mine = await pricedOrder(t, a.ep, a.p1, 12345);
    const open = await insertOrder(t.deps.db, a.ep, { state: 4, provider_id: a.p1, service_user_id: a.pu1.id });
    const theirs = await pricedOrder(t, a.ep, a.p2, 999);
    const internal = await insertOrder(t.deps.db, a.ep, { state: 3 });
    // The open order: a running clock and an old part to ship; the completed one: a breached clock.
    await exec(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, deadline_at)
      values (${a.ep}, ${open}, 'SLA', 1, now(), now() + interval '2 hours')`);
    await exec(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, deadline_at, breached_at, outcome, stopped_at)
      values (${a.ep}, ${mine}, 'SLA', 1, now() - interval '1 day', now() - interval '20 hours', now() - interval '20 hours', 1, now())`);
    const [sp] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into spares (enterprise_id, name, code) values (${a.ep}, '压缩机', ${`P${open}`}) returning id`,
    );
    await exec(sql`insert into old_part_returns (enterprise_id, order_id, spare_id, due_at) values (${a.ep}, ${open}, ${sp?.id}, now() + interval '7 days')`);

    const pro = await a.pu1.client.send(P.serviceOrders, {});
    expect(pro.success, pro.message).toBe(true);
    expect(ids(pro.data)).toEqual([mine, open].sort((x, y) => x - y));
    const byId = new Map(pro.data.list.map((r) => [r.id, r]));
    expect(byId.get(mine)).toMatchObject({ feeCents: 12345, settleState: 1, slaState: 3, partsToReturn: 0 });
    expect(byId.get(open)).toMatchObject({ feeCents: null, settleState: 0, slaState: 1, partsToReturn: 1 });
    expect(byId.get(open)?.slaDeadline).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Tabs.
    expect(ids((await a.pu1.client.send(P.serviceOrders, { tab: 'done' })).data)).toEqual([mine]);
    expect(ids((await a.pu1.client.send(P.serviceOrders, { tab: 'open' })).data)).toEqual([open]);
    // The other provider's order: never listed, and its detail is not found for him.
    expect(ids((await a.pu2.client.send(P.serviceOrders, {})).data)).toEqual([theirs]);
    expect((await a.pu1.client.send(D.orderDetail, { orderId: theirs })).code).toBe('NOT_FOUND');
    expect((await a.pu1.client.send(D.orderDetail, { orderId: mine })).success).toBe(true);
    // The enterprise's dispatcher sees every provider order, never an internal one here.
    const disp = await a.admin.client.send(P.serviceOrders, {});
    expect(ids(disp.data)).toEqual([mine, open, theirs].sort((x, y) => x - y));
    expect(ids(disp.data)).not.toContain(internal);
    // Not logged in, no power (finance has no 服务单), bad input.
    expect((await new Client(t.app).send(P.serviceOrders, {})).message).toBe('未登录');
    expect((await a.finance.client.send(P.serviceOrders, {})).code).toBe('NO_POWER');
    expect((await a.pu1.client.send(P.serviceOrders, { tab: 'x' as 'all' })).message).toBe('列表类型：列表类型不正确');
    // Another enterprise: nothing of this one.
    const b = await settleTeam(t);
    expect((await b.pu1.client.send(P.serviceOrders, {})).data.count).toBe(0);
    expect((await b.admin.client.send(D.orderDetail, { orderId: mine })).code).toBe('NOT_FOUND');
  });

  it('a provider’s dispatcher assigns to his own engineers only; another provider’s engineer or order is refused', async () => {
    const a = await settleTeam(t);
    const own = await engineerOf(t, a.ep, '甲方工程师', a.p1);
    const other = await engineerOf(t, a.ep, '乙方工程师', a.p2);
    const order = await insertOrder(t.deps.db, a.ep, { state: 2, provider_id: a.p1 });
    const foreign = await insertOrder(t.deps.db, a.ep, { state: 2, provider_id: a.p2 });
    const refused = await a.pu1.client.send(A.dispatch, { orderId: order, serviceUserId: other });
    expect(refused.success).toBe(false);
    expect((await a.pu1.client.send(A.dispatch, { orderId: foreign, serviceUserId: own })).code).toBe('NOT_FOUND');
    const [before] = await rows<{ service_user_id: number | null }>(
      t.deps.db,
      sql`select service_user_id from orders where enterprise_id = ${a.ep} and id = ${foreign}`,
    );
    expect(before?.service_user_id).toBeNull();
    const ok = await a.pu1.client.send(A.dispatch, { orderId: order, serviceUserId: own });
    expect(ok.success, ok.message).toBe(true);
    const [after] = await rows<{ service_user_id: number }>(t.deps.db, sql`select service_user_id from orders where enterprise_id = ${a.ep} and id = ${order}`);
    expect(Number(after?.service_user_id)).toBe(own);
  });
});

describe('工单管理 (/order/management/list)', () => {
  it('finance lists every provider order with its settlement state; filters by provider, period and state', async () => {
    const a = await settleTeam(t);
    const unpriced = await insertOrder(t.deps.db, a.ep, { state: 4, provider_id: a.p1 });
    const priced = await pricedOrder(t, a.ep, a.p1, 5000);
    const onStatement = await pricedOrder(t, a.ep, a.p2, 7000);
    await exec(sql`update orders set finished_at = '2026-03-10 10:00:00+08' where enterprise_id = ${a.ep} and id = ${onStatement}`);
    await exec(sql`update orders set finished_at = '2026-04-02 10:00:00+08' where enterprise_id = ${a.ep} and id = ${priced}`);
    const made = await a.finance.client.send(C.create, { providerId: a.p2, periodStart: '2000-01-01', periodEnd: '2099-12-31' });
    expect(made.success, made.message).toBe(true);
    const c = a.finance.client;
    const all = await c.send(P.management, {});
    expect(all.success, all.message).toBe(true);
    expect(ids(all.data)).toEqual([unpriced, priced, onStatement].sort((x, y) => x - y));
    const row = all.data.list.find((r) => r.id === onStatement);
    expect(row).toMatchObject({ settleState: 2, settlementId: made.data.id, feeCents: 7000 });
    expect(row?.settleNo).toMatch(/^JS\d{8}-\d{4}$/);
    expect(ids((await c.send(P.management, { settleState: 0 })).data)).toEqual([unpriced]);
    expect(ids((await c.send(P.management, { settleState: 1 })).data)).toEqual([priced]);
    expect(ids((await c.send(P.management, { settleState: 2 })).data)).toEqual([onStatement]);
    expect((await c.send(P.management, { settleState: 3 })).data.count).toBe(0);
    expect(ids((await c.send(P.management, { providerId: a.p1 })).data)).toEqual([unpriced, priced].sort((x, y) => x - y));
    expect(ids((await c.send(P.management, { startDay: '2026-03-01', endDay: '2026-03-31' })).data)).toEqual([onStatement]);
    // Within a period the newest completion comes first, whatever the creation order (onStatement was made after priced).
    const inOrder = (await c.send(P.management, { startDay: '2026-03-01', endDay: '2026-04-30' })).data.list.map((r) => r.id);
    expect(inOrder).toEqual([priced, onStatement]);
    expect((await c.send(P.management, {})).data.list.map((r) => r.id).slice(0, 2)).toEqual([onStatement, priced]);
    // Paid: the statement through its states.
    const sid = made.data.id;
    expect((await c.send(C.action, { id: sid, action: 'issue' })).success).toBe(true);
    expect((await a.pu2.client.send(C.action, { id: sid, action: 'confirm' })).success).toBe(true);
    // Approved by someone other than the finance user who issued it.
    expect((await a.finance2.client.send(C.action, { id: sid, action: 'approve' })).success).toBe(true);
    expect((await c.send(C.action, { id: sid, action: 'pay' })).success).toBe(true);
    expect(ids((await c.send(P.management, { settleState: 3 })).data)).toEqual([onStatement]);
    // Bad input, no power, a provider's user, another enterprise.
    expect((await c.send(P.management, { startDay: '2026-04-01', endDay: '2026-03-01' })).message).toBe('完成结束日期：完成结束日期不能早于开始日期');
    expect((await c.send(P.management, { settleState: 9 })).message).toBe('结算状态：结算状态不正确');
    expect((await a.engineer.client.send(P.management, {})).code).toBe('NO_POWER');
    expect((await a.pu1.client.send(P.management, {})).code).toBe('NO_POWER');
    const b = await settleTeam(t);
    expect((await b.finance.client.send(P.management, {})).data.count).toBe(0);
    expect((await b.finance.client.send(P.management, { providerId: a.p1 })).data.count).toBe(0);
  });
});

describe('平台结算 (/ServiceGroup/settleList)', () => {
  it('a platform’s statement is split by the service group that served its orders; outsourcing partners are not here', async () => {
    const a = await settleTeam(t);
    const platform = await providerOf(t, a.ep, `平台${Math.random().toString(36).slice(2, 6)}`);
    await exec(sql`update service_providers set partner_type = 4 where enterprise_id = ${a.ep} and id = ${platform}`);
    const groups = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into service_groups (enterprise_id, name, type) values (${a.ep}, ${`北区${platform}`}, 2), (${a.ep}, ${`南区${platform}`}, 2) returning id`,
    );
    const [north, south] = groups.map((g) => Number(g.id)) as [number, number];
    for (const [g, cents] of [
      [north, 1000],
      [north, 2000],
      [south, 500],
      [null, 300],
    ] as const) {
      const o = await pricedOrder(t, a.ep, platform, cents);
      await exec(sql`update orders set service_group_id = ${g} where enterprise_id = ${a.ep} and id = ${o}`);
    }
    await pricedOrder(t, a.ep, a.p1, 4000);
    const made = await a.finance.client.send(C.create, { providerId: platform, periodStart: '2000-01-01', periodEnd: '2099-12-31' });
    expect((await a.finance.client.send(C.create, { providerId: a.p1, periodStart: '2000-01-01', periodEnd: '2099-12-31' })).success).toBe(true);
    const list = await a.finance.client.send(P.platform, {});
    expect(list.success, list.message).toBe(true);
    expect(list.data.count).toBe(3);
    const by = new Map(list.data.list.map((r) => [r.serviceGroupId, r]));
    expect(by.get(north)).toMatchObject({ settlementId: made.data.id, orderCount: 2, amountCents: 3000, totalCents: 3800, partnerType: 4, state: 1 });
    expect(by.get(south)).toMatchObject({ orderCount: 1, amountCents: 500 });
    expect(by.get(null)).toMatchObject({ orderCount: 1, amountCents: 300, serviceGroupName: null });
    // The lines add up to the statement.
    expect(list.data.list.reduce((s, r) => s + r.amountCents, 0)).toBe(3800);
    expect((await a.finance.client.send(P.platform, { serviceGroupId: south })).data.list.map((r) => r.amountCents)).toEqual([500]);
    expect((await a.finance.client.send(P.platform, { state: 2 })).data.count).toBe(0);
    expect((await a.finance.client.send(P.platform, { keyword: '平台' })).data.count).toBe(3);
    expect((await a.finance.client.send(P.platform, { keyword: '100%' })).data.count).toBe(0);
    // Scope: the platform's dispatcher sees his own statement once issued (never a draft); another provider's user
    // nothing; another enterprise nothing; an engineer has no power.
    const u = await makeUser(t.deps.db, a.ep, { roles: [1, 2] });
    await exec(sql`update users set user_type = 1, provider_id = ${platform} where enterprise_id = ${a.ep} and id = ${u.id}`);
    const pu = await new Client(t.app).login(u.mobile, undefined, a.ep);
    expect((await pu.send(P.platform, {})).data.count).toBe(0);
    expect((await a.finance.client.send(C.action, { id: made.data.id, action: 'issue' })).success).toBe(true);
    expect((await pu.send(P.platform, {})).data.list.map((r) => r.amountCents).sort((x, y) => x - y)).toEqual([300, 500, 3000]);
    expect((await a.pu1.client.send(P.platform, {})).data.count).toBe(0);
    const b = await settleTeam(t);
    expect((await b.finance.client.send(P.platform, {})).data.count).toBe(0);
    expect((await a.engineer.client.send(P.platform, {})).code).toBe('NO_POWER');
  });
});

describe('服务商记分卡 (/service/provider/scorecard)', () => {
  it('each figure against a seeded month', async () => {
    const a = await settleTeam(t);
    const period = { startDay: '2026-05-01', endDay: '2026-05-31' };
    const at = (d: string) => `2026-05-${d} 10:00:00+08`;
    const [cust] = await rows<{ id: number }>(t.deps.db, sql`insert into customers (enterprise_id, name) values (${a.ep}, '记分卡客户') returning id`);
    const order = (cols: Record<string, unknown>) => insertOrder(t.deps.db, a.ep, { provider_id: a.p1, customer_id: cust?.id, ...cols });
    // A (its own customer): completed, its clock met (a cancelled one aside), visit passed. B: completed, clock breached, a repeat order 10 days later, visit not passed.
    // C: completed, no clock, no visit. D: received in the month, in service. E: completed in April (outside).
    const A1 = await insertOrder(t.deps.db, a.ep, { provider_id: a.p1, state: 5, created_at: at('02'), finished_at: at('03') });
    const B = await order({ state: 5, created_at: at('04'), finished_at: at('05') });
    await insertOrder(t.deps.db, a.ep, { provider_id: a.p1, state: 5, created_at: at('06'), finished_at: at('07') });
    await order({ state: 4, created_at: at('20') });
    const E = await order({ state: 5, created_at: '2026-04-01 10:00:00+08', finished_at: '2026-04-02 10:00:00+08' });
    await insertOrder(t.deps.db, a.ep, { customer_id: cust?.id, state: 1, created_at: at('15') });
    // The other provider's order in the month counts for him only.
    await insertOrder(t.deps.db, a.ep, { provider_id: a.p2, state: 5, created_at: at('02'), finished_at: at('03') });
    await exec(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, outcome, stopped_at) values
      (${a.ep}, ${A1}, 'SLA', 1, ${at('02')}, 1, ${at('03')}),
      (${a.ep}, ${A1}, 'SLA', 2, ${at('02')}, 2, ${at('03')})`);
    await exec(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, outcome, stopped_at, breached_at) values
      (${a.ep}, ${B}, 'SLA', 1, ${at('04')}, 1, ${at('05')}, ${at('04')}), (${a.ep}, ${E}, 'SLA', 1, ${at('01')}, 1, ${at('02')}, ${at('01')})`);
    const [plan] = await rows<{ id: number }>(t.deps.db, sql`insert into return_visit_plans (enterprise_id, name) values (${a.ep}, '回访') returning id`);
    for (const [o, state] of [
      [A1, 3],
      [B, 2],
      [E, 3],
    ] as const) {
      await exec(sql`insert into return_visit_tasks (enterprise_id, plan_id, record_id, order_id, state, order_no, order_title, customer_name, completed_at)
        values (${a.ep}, ${plan?.id}, ${o}, ${o}, ${state}, 'X', 'X', 'X', now())`);
    }
    for (const d of [at('09'), '2026-06-02 10:00:00+08']) {
      await exec(sql`insert into complaints (enterprise_id, complaint_no, source_type, provider_id, title, level, created_at)
        values (${a.ep}, ${`TS${Math.random()}`}, 1, ${a.p1}, '服务态度', '一般', ${d})`);
    }
    // 处罚: his penalties approved in the period (a reward, an unapproved penalty and one of another month do not count).
    for (const [kind, state, cents, day] of [
      [2, 2, 5000, at('06')],
      [2, 2, 700, at('20')],
      [1, 2, 9900, at('06')],
      [2, 1, 8800, at('06')],
      [2, 2, 100, '2026-06-02 10:00:00+08'],
    ] as const) {
      await exec(sql`insert into rewards (enterprise_id, reward_no, provider_id, kind, amount_cents, reason, state, approved_at)
        values (${a.ep}, ${`JC${Math.random()}`}, ${a.p1}, ${kind}, ${cents}, '测试', ${state}, ${state === 2 ? day : null})`);
    }
    const card = await a.admin.client.send(P.scorecard, { ...period, providerId: a.p1 });
    expect(card.success, card.message).toBe(true);
    expect(card.data).toMatchObject({ count: 1, ...period });
    expect(card.data.list[0]).toMatchObject({
      providerId: a.p1,
      received: 4,
      completed: 3,
      slaOrders: 2,
      onTime: 1,
      onTimeRate: 500,
      firstTimeFixed: 2,
      firstTimeFixRate: 667,
      visited: 2,
      visitPassed: 1,
      visitPassRate: 500,
      complaints: 1,
      penaltyCents: 5700,
    });
    expect((await a.admin.client.send(P.scorecard, { ...period, keyword: '服务商乙' })).data.list.map((r) => r.providerId)).toEqual([a.p2]);
    const both = await a.admin.client.send(P.scorecard, period);
    expect(both.data.list.find((r) => r.providerId === a.p2)).toMatchObject({
      received: 1,
      completed: 1,
      slaOrders: 0,
      onTimeRate: null,
      complaints: 0,
      penaltyCents: 0,
    });
    // The default period is this month so far.
    expect((await a.admin.client.send(P.scorecard, {})).data).toMatchObject(thisMonth('Asia/Shanghai'));
    // No power (finance), bad input, another enterprise.
    expect((await a.finance.client.send(P.scorecard, {})).code).toBe('NO_POWER');
    expect((await a.admin.client.send(P.scorecard, { startDay: '2026-05-31', endDay: '2026-05-01' })).message).toBe('结束日期：结束日期不能早于开始日期');
    const b = await settleTeam(t);
    expect((await b.admin.client.send(P.scorecard, { ...period, providerId: a.p1 })).data.count).toBe(0);
  });
});
