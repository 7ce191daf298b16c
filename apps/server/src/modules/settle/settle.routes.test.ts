import { approvalsContract as A, orderActionsContract as K, feeStandardContract as F, settleContract as C, teamContract as T } from '@sk/shared';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../db/client';
import { keepRequestStatements, onRequestStatements } from '../../db/statements';
import { drainJobs } from '../../platform/jobs';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally, behindLock } from '../../test/race';
import { productIn } from '../dispatch/dispatch.fixtures';
import { insertOrder } from '../orders/test-helpers';
import { payableClaim, pricedOrder, type SettleTeam, settleTeam, statementRow } from './settle.fixtures';
import { act } from './settle.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const feeRow = async (ep: number, orderId: number) =>
  (
    await rows<{ amount_cents: number; base_cents: number; coefficient_pct: number; standard_id: number | null }>(
      t.deps.db,
      sql`select amount_cents, base_cents, coefficient_pct, standard_id from provider_order_fees where enterprise_id = ${ep} and order_id = ${orderId}`,
    )
  )[0];
const count = async (table: string, ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${ep}`))[0]?.n);

/** A settlement approval flow of one step: a finance head (role 8) or the administrator decides. */
async function financeFlow(a: Awaited<ReturnType<typeof settleTeam>>) {
  const flow = await a.admin.client.send(A.flowSave, {
    kind: 'settlement',
    name: '结算单审批',
    steps: [{ name: '财务主管', mode: 'any', approvers: [{ type: 'role', ids: [8, 3] }] }],
  });
  expect(flow.success, flow.message).toBe(true);
}

describe('fee standards', () => {
  it('finance keeps the rows; bad input, other enterprises, a provider user and other roles are refused', async () => {
    const a = await settleTeam(t);
    const c = a.finance.client;
    const made = await c.send(F.create, {
      productCategory: '空调',
      regionCode: '310000',
      regionName: '上海市',
      distanceFromKm: 0,
      distanceToKm: 30,
      amountCents: 8000,
    });
    expect(made).toMatchObject({ success: true, message: '保存成功' });
    const id = made.data.id;
    expect((await c.send(F.list, {})).data).toMatchObject({
      count: 1,
      list: [{ id, productCategory: '空调', regionName: '上海市', distanceToKm: 30, amountCents: 8000, enabled: true }],
    });
    // Bad input: a clear message, nothing written.
    expect((await c.send(F.create, { amountCents: -1 })).message).toBe('服务费：服务费不能小于0元');
    expect((await c.send(F.create, { amountCents: 100, distanceFromKm: 30, distanceToKm: 10 })).message).toBe('距离上限：距离上限须大于距离下限');
    expect((await c.send(F.create, { amountCents: 100, templateId: 999999999 })).message).toBe('服务类型：该工单类型不存在');
    expect(await count('fee_standards', a.ep)).toBe(1);
    // Not logged in, no CSRF, no power, a provider's user.
    expect((await new Client(t.app).send(F.list, {})).message).toBe('未登录');
    expect((await c.send(F.create, { amountCents: 1 }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await a.engineer.client.send(F.list, {})).code).toBe('NO_POWER');
    expect((await a.pu1.client.send(F.create, { amountCents: 1 })).code).toBe('NO_POWER');
    // Another enterprise: not found, unchanged.
    const b = await settleTeam(t);
    expect((await b.finance.client.send(F.update, { id, amountCents: 1 })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(F.remove, { id })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(F.list, {})).data.count).toBe(0);
    expect((await c.send(F.list, {})).data.list[0]?.amountCents).toBe(8000);
    expect((await c.send(F.update, { id, amountCents: 9000, enabled: false })).success).toBe(true);
    expect((await c.send(F.list, { enabled: '0' })).data.list[0]).toMatchObject({ amountCents: 9000, enabled: false });
    expect((await c.send(F.remove, { id })).success).toBe(true);
    expect(await count('fee_standards', a.ep)).toBe(0);
  });

  it('every create, edit and removal of a standard writes its log entry with who and old → new; a refused write leaves none', async () => {
    const a = await settleTeam(t);
    const c = a.finance.client;
    const logs = (ep: number) =>
      rows<{ user_id: number; action: string; detail: string }>(
        t.deps.db,
        sql`select user_id, action, detail from operation_log where enterprise_id = ${ep} and module = '服务费标准' order by id`,
      );
    const id = (await c.send(F.create, { productCategory: '空调', regionCode: '310115', regionName: '上海市浦东新区', distanceToKm: 30, amountCents: 8050 }))
      .data.id;
    expect(
      (await c.send(F.update, { id, productCategory: '空调', regionCode: '310115', regionName: '上海市浦东新区', distanceToKm: 50, amountCents: 9000 }))
        .success,
    ).toBe(true);
    // Refused: bad input, an unknown order type, another enterprise's finance user.
    expect((await c.send(F.update, { id, amountCents: -5 })).success).toBe(false);
    expect((await c.send(F.update, { id, amountCents: 100, templateId: 999999999 })).message).toBe('服务类型：该工单类型不存在');
    const b = await settleTeam(t);
    expect((await b.finance.client.send(F.update, { id, amountCents: 1 })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(F.remove, { id })).code).toBe('NOT_FOUND');
    expect(await logs(b.ep)).toEqual([]);
    expect((await c.send(F.remove, { id })).success).toBe(true);
    expect((await c.send(F.remove, { id })).code).toBe('NOT_FOUND');
    expect(await logs(a.ep)).toEqual([
      {
        user_id: a.finance.id,
        action: '新增',
        detail: `新增服务费标准#${id}：服务类型 全部类型；产品分类 空调；区域 上海市浦东新区；距离 0–30公里；服务费 80.50元；状态 启用；备注 （空）`,
      },
      { user_id: a.finance.id, action: '编辑', detail: `编辑服务费标准#${id}：距离 0–30公里 → 0–50公里；服务费 80.50元 → 90.00元` },
      {
        user_id: a.finance.id,
        action: '删除',
        detail: `删除服务费标准#${id}：服务类型 全部类型；产品分类 空调；区域 上海市浦东新区；距离 0–50公里；服务费 90.00元；状态 启用；备注 （空）`,
      },
    ]);
  });

  it('completing a provider order prices it by the standard × coefficient; a later change never reprices it', async () => {
    const a = await settleTeam(t);
    const c = a.finance.client;
    expect((await a.admin.client.send(T.providerUpdate, { id: a.p1, coefficient: 1.2 })).success).toBe(true);
    expect((await a.admin.client.send(T.providerUpdate, { id: a.p1, coefficient: 1.234 })).message).toBe('结算系数：结算系数最多两位小数');
    expect((await a.admin.client.send(T.providerDetail, { id: a.p1 })).data.coefficient).toBe(1.2);
    const product = await productIn(t, a.ep, '空调');
    const general = (await c.send(F.create, { amountCents: 5000 })).data.id;
    const specific = (await c.send(F.create, { productCategory: '空调', regionCode: '310115', amountCents: 10050 })).data.id;
    const order = (cols: Record<string, unknown> = {}) =>
      insertOrder(t.deps.db, a.ep, { state: 4, service_user_id: a.engineer.id, provider_id: a.p1, ...cols });
    const ac = await order({ installed_product_id: product, province_code: '310000', city_code: '310100', district_code: '310115' });
    const other = await order();
    const own = await insertOrder(t.deps.db, a.ep, { state: 4, service_user_id: a.engineer.id }); // not a provider's order
    for (const id of [ac, other, own]) expect((await a.engineer.client.send(K.serviceComplete, { orderId: id })).data.state).toBe(5);
    expect(await feeRow(a.ep, ac)).toEqual({ amount_cents: 12060, base_cents: 10050, coefficient_pct: 120, standard_id: specific });
    expect(await feeRow(a.ep, other)).toEqual({ amount_cents: 6000, base_cents: 5000, coefficient_pct: 120, standard_id: general });
    expect(await feeRow(a.ep, own)).toBeUndefined();
    // The fee shows on the order for whoever may open it; another provider's user does not see the order.
    expect((await c.send(F.orderFee, { orderId: ac })).data).toMatchObject({ amountCents: 12060, providerId: a.p1, settlementId: null });
    expect((await c.send(F.orderFee, { orderId: own })).data).toBeNull();
    expect((await a.pu1.client.send(F.orderFee, { orderId: ac })).data?.amountCents).toBe(12060);
    expect((await a.pu2.client.send(F.orderFee, { orderId: ac })).code).toBe('NOT_FOUND');
    // Changing the standard or the coefficient leaves priced orders alone.
    await c.send(F.update, { id: specific, productCategory: '空调', regionCode: '310115', amountCents: 99900 });
    await a.admin.client.send(T.providerUpdate, { id: a.p1, coefficient: 2 });
    expect((await feeRow(a.ep, ac))?.amount_cents).toBe(12060);
    // A used standard cannot be deleted (disable it instead).
    expect((await c.send(F.remove, { id: specific })).message).toBe('该服务费标准已用于工单计价，不能删除，可停用');
    const actions = await rows<{ action: string }>(
      t.deps.db,
      sql`select action from operation_log where enterprise_id = ${a.ep} and module = '服务费标准' order by id`,
    );
    expect(actions.map((l) => l.action)).toEqual(['新增', '新增', '编辑']);
  });
});

describe('statements', () => {
  async function withOrders(a: SettleTeam) {
    const inside = [await pricedOrder(t, a.ep, a.p1, 1000, '2026-03-01 00:00:00+08'), await pricedOrder(t, a.ep, a.p1, 2550, '2026-03-31 23:59:59+08')];
    const before = await pricedOrder(t, a.ep, a.p1, 700, '2026-02-28 23:59:59+08');
    const after = await pricedOrder(t, a.ep, a.p1, 800, '2026-04-01 00:00:00+08');
    const otherProvider = await pricedOrder(t, a.ep, a.p2, 900, '2026-03-10 12:00:00+08');
    const deleted = await pricedOrder(t, a.ep, a.p1, 600, '2026-03-10 12:00:00+08');
    await t.deps.db.execute(sql`update orders set deleted_at = now() where enterprise_id = ${a.ep} and id = ${deleted}`);
    return { inside, before, after, otherProvider, deleted };
  }
  const march = (a: SettleTeam, providerId = a.p1) => ({ providerId, periodStart: '2026-03-01', periodEnd: '2026-03-31' });
  const lineIds = async (c: Client, id: number) => (await c.send(C.lines, { id, pageSize: 100 })).data.list.map((l) => l.id);

  it('holds exactly the provider’s orders priced in the period (days in the enterprise’s zone), each on one statement only', async () => {
    const a = await settleTeam(t);
    const o = await withOrders(a);
    const made = await a.finance.client.send(C.create, march(a));
    expect(made.data).toMatchObject({ lineCount: 2, totalCents: 3550 });
    const lines = (await a.finance.client.send(C.lines, { id: made.data.id })).data;
    expect(lines.list.map((l) => l.orderId).sort()).toEqual([...o.inside].sort());
    // Again: nothing left to settle in March.
    expect((await a.finance.client.send(C.create, march(a))).message).toBe('该服务商在此期间没有可结算的工单或费用');
    expect((await a.finance.client.send(C.create, { ...march(a), periodEnd: '2026-02-01' })).message).toBe('结算结束日期：结算结束日期不能早于开始日期');
    expect((await a.finance.client.send(C.create, { ...march(a), periodStart: '2026-02-30' })).message).toBe('结算开始日期：结算开始日期格式不正确');
    expect(await count('settlements', a.ep)).toBe(1);
    // The fee of a settled order names its statement.
    expect((await a.finance.client.send(F.orderFee, { orderId: o.inside[0]! })).data?.settlementId).toBe(made.data.id);
  });

  it('新建结算单 previews, per provider, what a statement of the period would take; only finance, only its enterprise', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    const claim = await payableClaim(t, a.ep, a.p1, a.pu1.id, 450, '2026-03-15 09:00:00+08');
    await t.deps.db.execute(sql`insert into rewards (enterprise_id, reward_no, provider_id, kind, amount_cents, reason, state, approved_at)
      values (${a.ep}, ${`JC${Math.random()}`}, ${a.p1}, 2, 300, '迟到', 2, '2026-03-20 10:00:00+08'), (${a.ep}, ${`JC${Math.random()}`}, ${a.p2}, 1, 100, '待审批', 1, null)`);
    const period = { periodStart: '2026-03-01', periodEnd: '2026-03-31' };
    const names = Object.fromEntries((await a.finance.client.send(T.providerSimpleList, {})).data.map((p) => [p.id, p.name]));
    // The two inside March and not in the bin, the claim, the penalty deducted; the other provider's order only (its
    // reward waits for approval). The larger total first.
    expect((await a.finance.client.send(C.pending, period)).data).toEqual([
      {
        providerId: a.p1,
        providerName: names[a.p1],
        orderCount: 2,
        orderCents: 3550,
        claimCount: 1,
        claimCents: 450,
        rewardCount: 1,
        rewardCents: -300,
        totalCents: 3700,
      },
      {
        providerId: a.p2,
        providerName: names[a.p2],
        orderCount: 1,
        orderCents: 900,
        claimCount: 0,
        claimCents: 0,
        rewardCount: 0,
        rewardCents: 0,
        totalCents: 900,
      },
    ]);
    expect((await a.finance.client.send(C.pending, { ...period, providerId: a.p2 })).data.map((r) => r.providerId)).toEqual([a.p2]);
    // What the statement took is no longer pending; the claim went with it.
    expect((await a.finance.client.send(C.create, march(a))).data).toMatchObject({ lineCount: 4, totalCents: 3700 });
    expect(claim).toBeGreaterThan(0);
    expect((await a.finance.client.send(C.pending, period)).data.map((r) => r.providerId)).toEqual([a.p2]);
    // Bad input, the provider's side, other roles, another enterprise.
    expect((await a.finance.client.send(C.pending, { ...period, periodEnd: '2026-02-01' })).message).toBe('结算结束日期：结算结束日期不能早于开始日期');
    expect(await a.finance.client.send(C.pending, { periodStart: '2026-03-01' })).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^结算结束日期：/),
    });
    expect((await a.pu2.client.send(C.pending, period)).code).toBe('NO_POWER');
    expect((await a.engineer.client.send(C.pending, period)).code).toBe('NO_POWER');
    const b = await settleTeam(t);
    expect((await b.finance.client.send(C.pending, { ...period, providerId: a.p2 })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(C.pending, period)).data).toEqual([]);
  });

  it('20 parallel creates for one provider and period: one statement, every order once', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    const answers = await race(20, () => a.finance.client.send(C.create, march(a)));
    expect(tally(answers)).toEqual({ ok: 1, 该服务商在此期间没有可结算的工单或费用: 19 });
    expect(await count('settlements', a.ep)).toBe(1);
    expect(await count('settlement_lines', a.ep)).toBe(2);
  });

  it('the whole loop: issue, dispute a line, resolve it, confirm, approve, pay; a paid statement refuses every change', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    const fin = a.finance.client;
    const pu = a.pu1.client;
    const id = (await fin.send(C.create, march(a))).data.id;
    // A draft is finance's alone: the provider does not see it.
    expect((await pu.send(C.detail, { id })).code).toBe('NOT_FOUND');
    expect((await pu.send(C.list, {})).data.count).toBe(0);
    expect((await pu.send(C.action, { id, action: 'issue' })).code).toBe('NOT_FOUND');
    expect((await fin.send(C.action, { id, action: 'issue' })).data.state).toBe(2);
    expect((await fin.send(C.detail, { id })).data.abilities).toEqual([]);
    expect((await pu.send(C.detail, { id })).data).toMatchObject({ state: 2, abilities: ['confirm', 'dispute'], canDispute: true });
    // The other provider's user: not found, unchanged.
    const [l1, l2] = await lineIds(pu, id);
    expect((await a.pu2.client.send(C.detail, { id })).code).toBe('NOT_FOUND');
    expect((await a.pu2.client.send(C.lines, { id })).code).toBe('NOT_FOUND');
    expect((await a.pu2.client.send(C.dispute, { id, lineId: l1!, reason: '不对' })).code).toBe('NOT_FOUND');
    expect((await a.pu2.client.send(C.action, { id, action: 'confirm' })).code).toBe('NOT_FOUND');
    // Finance cannot confirm for the provider; the provider disputes a line.
    expect((await fin.send(C.action, { id, action: 'confirm' })).code).toBe('NO_POWER');
    expect((await pu.send(C.dispute, { id, lineId: l1!, reason: '' })).message).toBe('异议原因：请输入异议原因');
    expect((await pu.send(C.dispute, { id, lineId: l1!, reason: '实际上门两次' })).data.state).toBe(4);
    expect((await pu.send(C.dispute, { id, lineId: l1!, reason: '再说一遍' })).message).toBe('该明细当前不能执行此操作');
    // A disputed line blocks confirmation and approval.
    expect((await pu.send(C.action, { id, action: 'confirm' })).code).toBe('INVALID_STATE');
    expect((await fin.send(C.action, { id, action: 'approve' })).code).toBe('INVALID_STATE');
    expect((await pu.send(C.dispute, { id, lineId: l2!, reason: '距离算错' })).data.state).toBe(4);
    expect((await fin.send(C.lines, { id, disputed: '1' })).data.count).toBe(2);
    // Finance resolves both; the statement goes back to the provider after the last one, with the new total.
    expect((await fin.send(C.resolve, { id, lineId: l1!, amountCents: 2000, resolution: '按两次上门计' })).data).toEqual({ state: 4, totalCents: 4550 });
    expect((await fin.send(C.resolve, { id, lineId: l1!, amountCents: 1, resolution: 'x' })).message).toBe('该明细当前不能执行此操作');
    expect((await fin.send(C.resolve, { id, lineId: l2!, amountCents: 2550, resolution: '维持原价' })).data).toEqual({ state: 2, totalCents: 4550 });
    expect((await statementRow(t, a.ep, id))?.total_cents).toBe(4550);
    expect((await pu.send(C.action, { id, action: 'confirm' })).data.state).toBe(3);
    // Nobody approves what he submitted: the issuer's approval is refused; another finance user approves.
    expect((await fin.send(C.action, { id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    expect((await statementRow(t, a.ep, id))?.state).toBe(3);
    // 20 parallel approvals: one decision.
    const approvals = await race(20, () => a.finance2.client.send(C.action, { id, action: 'approve' }));
    expect(tally(approvals).ok).toBe(1);
    expect(approvals.filter((x) => !x.success).every((x) => x.code === 'INVALID_STATE' || x.code === 'STATE_CHANGED')).toBe(true);
    expect((await rows(t.deps.db, sql`select count(*)::int as n from settlement_logs where settlement_id = ${id} and action = 'approve'`))[0]).toEqual({
      n: 1,
    });
    expect((await fin.send(C.action, { id, action: 'pay' })).data.state).toBe(6);
    // Paid: locked.
    const before = await statementRow(t, a.ep, id);
    for (const action of ['issue', 'approve', 'pay'] as const) expect((await fin.send(C.action, { id, action })).message).toBe('结算单已付款，不能再修改');
    expect((await pu.send(C.action, { id, action: 'confirm' })).code).toBe('SETTLE_PAID');
    expect((await pu.send(C.dispute, { id, lineId: l1!, reason: '再议' })).code).toBe('SETTLE_PAID');
    expect((await fin.send(C.resolve, { id, lineId: l1!, amountCents: 1, resolution: '改' })).code).toBe('SETTLE_PAID');
    expect((await fin.send(C.remove, { id })).code).toBe('SETTLE_PAID');
    expect(await statementRow(t, a.ep, id)).toEqual(before);
    const logs = (await fin.send(C.detail, { id })).data.logs.map((l) => l.action);
    expect(logs).toEqual(['create', 'issue', 'dispute', 'dispute', 'resolve', 'resolve', 'confirm', 'approve', 'pay']);
  });

  it('with an approval flow the provider’s confirmation starts it: the issuer cannot decide, 20 parallel approvals give one decision, a rejection goes back to a draft', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    await pricedOrder(t, a.ep, a.p1, 4000, '2026-04-10 12:00:00+08');
    const fin = a.finance.client;
    await financeFlow(a);
    const confirmed = async (period: { providerId: number; periodStart: string; periodEnd: string }) => {
      const id = (await fin.send(C.create, period)).data.id;
      expect((await fin.send(C.action, { id, action: 'issue' })).data.state).toBe(2);
      expect((await a.pu1.client.send(C.action, { id, action: 'confirm' })).data.state).toBe(3);
      return id;
    };
    const id = await confirmed(march(a));
    const inst = (
      await rows<{ id: number; applicant_id: number; title: string }>(
        t.deps.db,
        sql`select id::int, applicant_id::int, title from approval_instances where kind = 'settlement' and doc_id = ${id}`,
      )
    )[0];
    expect(inst?.applicant_id).toBe(a.finance.id);
    // The inbox names the statement by its period, as the list shows it.
    expect(inst?.title).toBe(`${march(a).periodStart} ~ ${march(a).periodEnd}`);
    // The issuer has no task (the role step leaves him out) and is refused; the statement waits.
    expect((await fin.send(C.action, { id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    expect((await statementRow(t, a.ep, id))?.state).toBe(3);
    const approvals = await race(20, () => a.finance2.client.send(C.action, { id, action: 'approve' }));
    expect(tally(approvals).ok).toBe(1);
    expect(approvals.some((x) => x.code === 'INTERNAL')).toBe(false);
    expect((await statementRow(t, a.ep, id))?.state).toBe(5);
    expect((await rows(t.deps.db, sql`select count(*)::int as n from settlement_logs where settlement_id = ${id} and action = 'approve'`))[0]).toEqual({
      n: 1,
    });
    // A rejection in the inbox sends the statement back to a draft, which finance may delete (its orders free again).
    const id2 = await confirmed({ providerId: a.p1, periodStart: '2026-04-01', periodEnd: '2026-04-30' });
    const inst2 = (await rows<{ id: number }>(t.deps.db, sql`select id::int from approval_instances where kind = 'settlement' and doc_id = ${id2}`))[0]!.id;
    expect((await a.admin.client.send(A.reject, { id: inst2, comment: '金额需复核' })).success).toBe(true);
    expect((await statementRow(t, a.ep, id2))?.state).toBe(1);
    expect((await fin.send(C.remove, { id: id2 })).success).toBe(true);
  });

  it('a confirmation that commits while finance approves directly starts the flow: the direct approval is refused, the flow decides', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    const fin = a.finance.client;
    await financeFlow(a);
    const id = (await fin.send(C.create, march(a))).data.id;
    expect((await fin.send(C.action, { id, action: 'issue' })).data.state).toBe(2);
    const provider = { id: a.pu1.id, enterpriseId: a.ep, providerId: a.p1, timeZone: 'Asia/Shanghai', sysrole: null, admin: false, powers: [] };
    // The provider's confirmation (3, an instance waits) holds the statement while finance2's approval, which saw no
    // instance, waits for it.
    const approve = await behindLock(
      t.deps.db,
      async (tx) => {
        expect(await act(tx as unknown as Db, provider, id, 'confirm')).toEqual({ state: 3 });
      },
      () => a.finance2.client.send(C.action, { id, action: 'approve' }),
    );
    expect(approve.code).toBe('STATE_CHANGED');
    expect((await statementRow(t, a.ep, id))?.state).toBe(3);
    const waiting = async () =>
      (await rows<{ state: number }>(t.deps.db, sql`select state from approval_instances where kind = 'settlement' and doc_id = ${id}`)).map((r) => r.state);
    expect(await waiting()).toEqual([0]);
    // Asked again, the approval is the engine's: the instance ends approved and moves the statement.
    expect((await a.finance2.client.send(C.action, { id, action: 'approve' })).success).toBe(true);
    expect((await statementRow(t, a.ep, id))?.state).toBe(5);
    expect(await waiting()).toEqual([1]);
  });

  /** The statements one request sends, lower-cased, in order (the bench's keeping). */
  async function sentBy(fire: () => Promise<{ success: boolean; message?: string }>): Promise<string[]> {
    const heard: { sent?: unknown[][] }[] = [];
    const stopKeeping = keepRequestStatements();
    const stopHearing = onRequestStatements((r) => heard.push(r));
    try {
      const r = await fire();
      expect(r.success, r.message).toBe(true);
    } finally {
      stopHearing();
      stopKeeping();
    }
    expect(heard).toHaveLength(1);
    return (heard[0]?.sent ?? []).map((args) => {
      const q = args[0] as string | { text: string };
      return (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').trim().toLowerCase();
    });
  }
  /** Where a request asked the engine whether an instance waits for the document (kind and doc id). */
  const engineAsked = (texts: string[]) =>
    texts.flatMap((x, i) =>
      /from approval_instances where enterprise_id = \$\d+ and kind (= \$\d+|in \([^)]*\)) and doc_id = \$\d+ and state = 0/.test(x) ? [i] : [],
    );

  it('finance’s approve asks the engine once, inside the one transaction that decides — with a flow and without one', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    await pricedOrder(t, a.ep, a.p1, 4000, '2026-04-10 12:00:00+08');
    const fin = a.finance.client;
    const confirmed = async (period: { providerId: number; periodStart: string; periodEnd: string }) => {
      const id = (await fin.send(C.create, period)).data.id;
      expect((await fin.send(C.action, { id, action: 'issue' })).data.state).toBe(2);
      expect((await a.pu1.client.send(C.action, { id, action: 'confirm' })).data.state).toBe(3);
      return id;
    };
    const once = (texts: string[]) => {
      const asked = engineAsked(texts);
      expect(asked).toHaveLength(1);
      // One transaction, and the question is inside it.
      expect(texts.filter((x) => x === 'begin')).toHaveLength(1);
      expect(texts.indexOf('begin')).toBeLessThan(asked[0] as number);
      expect(texts.lastIndexOf('commit')).toBeGreaterThan(asked[0] as number);
    };
    // Without a flow: no instance, finance2 approves in one step.
    const direct = await confirmed(march(a));
    once(await sentBy(() => a.finance2.client.send(C.action, { id: direct, action: 'approve' })));
    expect((await statementRow(t, a.ep, direct))?.state).toBe(5);
    // With a flow: the instance waits and finance2's approve is its decision, which moves the statement.
    await financeFlow(a);
    const flowed = await confirmed({ providerId: a.p1, periodStart: '2026-04-01', periodEnd: '2026-04-30' });
    once(await sentBy(() => a.finance2.client.send(C.action, { id: flowed, action: 'approve' })));
    expect((await statementRow(t, a.ep, flowed))?.state).toBe(5);
    expect((await rows(t.deps.db, sql`select state from approval_instances where kind = 'settlement' and doc_id = ${flowed}`)).map((r) => r.state)).toEqual([
      1,
    ]);
  });

  it('parallel approvals of one statement from its page and from the inbox: exactly one decision, no 500', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    const fin = a.finance.client;
    await financeFlow(a);
    const id = (await fin.send(C.create, march(a))).data.id;
    expect((await fin.send(C.action, { id, action: 'issue' })).data.state).toBe(2);
    expect((await a.pu1.client.send(C.action, { id, action: 'confirm' })).data.state).toBe(3);
    const inst = (await rows<{ id: number }>(t.deps.db, sql`select id::int from approval_instances where kind = 'settlement' and doc_id = ${id}`))[0]!.id;
    const answers = await race(20, (i) =>
      i % 2 === 0 ? a.finance2.client.send(C.action, { id, action: 'approve' }) : a.admin.client.send(A.approve, { id: inst }),
    );
    expect(tally(answers).ok).toBe(1);
    expect(answers.some((x) => x.code === 'INTERNAL')).toBe(false);
    expect((await statementRow(t, a.ep, id))?.state).toBe(5);
    expect((await rows(t.deps.db, sql`select count(*)::int as n from settlement_logs where settlement_id = ${id} and action = 'approve'`))[0]).toEqual({
      n: 1,
    });
    expect((await rows(t.deps.db, sql`select state, rev from approval_instances where id = ${inst}`))[0]).toMatchObject({ state: 1 });
    expect((await rows(t.deps.db, sql`select count(*)::int as n from approval_logs where instance_id = ${inst} and action = 'approve'`))[0]).toEqual({ n: 1 });
  });

  it('another enterprise’s statement is not found and unchanged; roles without the power are refused; a draft may be deleted', async () => {
    const a = await settleTeam(t);
    await withOrders(a);
    const id = (await a.finance.client.send(C.create, march(a))).data.id;
    const b = await settleTeam(t);
    expect((await b.finance.client.send(C.detail, { id })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(C.action, { id, action: 'issue' })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(C.remove, { id })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(C.create, march(a))).code).toBe('NOT_FOUND');
    expect((await a.engineer.client.send(C.list, {})).code).toBe('NO_POWER');
    expect((await a.pu1.client.send(C.create, march(a))).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(C.list, {})).message).toBe('未登录');
    expect((await a.finance.client.send(C.action, { id, action: 'issue' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await statementRow(t, a.ep, id))?.state).toBe(1);
    // Export to Excel through the download centre: the owner's row; another enterprise's id is not found.
    expect((await b.finance.client.send(C.export, { id })).code).toBe('NOT_FOUND');
    const exp = await a.finance.client.send(C.export, { id });
    expect(exp).toMatchObject({ success: true, message: '导出任务已创建，请到下载中心查看' });
    expect((await rows(t.deps.db, sql`select kind, name from export_files where id = ${exp.data.id}`))[0]).toEqual({
      kind: 'settlement',
      name: expect.stringMatching(/^结算单JS/),
    });
    expect(await count('export_files', b.ep)).toBe(0);
    await drainJobs(t.deps);
    expect((await rows(t.deps.db, sql`select process_state, process from export_files where id = ${exp.data.id}`))[0]).toEqual({
      process_state: 2,
      process: 100,
    });
    expect((await a.finance.client.send(C.remove, { id })).success).toBe(true);
    // Its orders are free again.
    expect((await a.finance.client.send(C.create, march(a))).data.lineCount).toBe(2);
  });

  it('its lines keep their keys without foreign keys: checked per statement, a settled order cannot be deleted, a deleted draft takes its lines', async () => {
    const a = await settleTeam(t);
    const o = await withOrders(a);
    const id = (await a.finance.client.send(C.create, march(a))).data.id;
    const code = async (q: ReturnType<typeof sql>) => {
      try {
        await t.deps.db.execute(q);
        return 'ok';
      } catch (e) {
        return String((e as { cause?: { code?: string }; code?: string }).cause?.code ?? (e as { code?: string }).code);
      }
    };
    const line = (settlementId: number, col: string, ref: number) =>
      sql`insert into settlement_lines (enterprise_id, settlement_id, kind, ${sql.identifier(col)}) values (${a.ep}, ${settlementId}, 1, ${ref})`;
    expect(await code(line(id, 'order_id', 999_999_999))).toBe('23503');
    expect(await code(line(999_999_999, 'order_id', o.after))).toBe('23503');
    expect(await code(line(id, 'claim_id', 999_999_999))).toBe('23503');
    expect(await code(line(id, 'reward_id', 999_999_999))).toBe('23503');
    // Another enterprise's statement or order is as good as missing.
    const b = await settleTeam(t);
    const theirs = await pricedOrder(t, b.ep, b.p1, 100);
    expect(await code(line(id, 'order_id', theirs))).toBe('23503');
    expect(await code(sql`update settlement_lines set disputed_by = 999999999 where enterprise_id = ${a.ep} and settlement_id = ${id}`)).toBe('23503');
    expect(await code(sql`delete from orders where enterprise_id = ${a.ep} and id = ${o.inside[0]}`)).toBe('23503');
    expect(await code(sql`delete from orders where enterprise_id = ${a.ep} and id = ${o.after}`)).toBe('ok');
    expect(await count('settlement_lines', a.ep)).toBe(2);
    expect((await a.finance.client.send(C.remove, { id })).success).toBe(true);
    expect(await count('settlement_lines', a.ep)).toBe(0);
  });

  it('a statement’s total equals the sum of its lines, for any set of fees, claims, rewards and penalties (property)', async () => {
    const a = await settleTeam(t);
    let day = 0;
    const amounts = fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 8 });
    // Rewards (positive) and penalties (negative), approved that day.
    const signed = fc.array(
      fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((x) => x !== 0),
      { maxLength: 5 },
    );
    await fc.assert(
      fc.asyncProperty(amounts, amounts, signed, async (fees, claims, rewards) => {
        fc.pre(fees.length + claims.length + rewards.length > 0);
        // Each run settles its own day, so the runs never share orders or claims.
        day++;
        const date = new Date(Date.UTC(2025, 0, day)).toISOString().slice(0, 10);
        for (const f of fees) await pricedOrder(t, a.ep, a.p1, f, `${date} 12:00:00+08`);
        for (const c of claims) await payableClaim(t, a.ep, a.p1, a.pu1.id, c, `${date} 13:00:00+08`);
        for (const r of rewards)
          await t.deps.db.execute(sql`insert into rewards (enterprise_id, reward_no, provider_id, kind, amount_cents, reason, state, approved_at)
            values (${a.ep}, ${`JC${Math.random()}`}, ${a.p1}, ${r < 0 ? 2 : 1}, ${Math.abs(r)}, '性质测试', 2, ${`${date} 14:00:00+08`}::timestamptz)`);
        const period = { periodStart: date, periodEnd: date };
        // The preview says what the statement then takes, and nothing once it has.
        const [preview, ...others] = (await a.finance.client.send(C.pending, { providerId: a.p1, ...period })).data;
        const made = (await a.finance.client.send(C.create, { providerId: a.p1, ...period })).data;
        expect(others).toEqual([]);
        expect(preview?.totalCents).toBe(made.totalCents);
        expect((preview?.orderCount ?? 0) + (preview?.claimCount ?? 0) + (preview?.rewardCount ?? 0)).toBe(made.lineCount);
        expect((await a.finance.client.send(C.pending, period)).data).toEqual([]);
        const lines = (await a.finance.client.send(C.lines, { id: made.id, pageSize: 100 })).data.list;
        const sum = lines.reduce((s, l) => s + l.amountCents, 0);
        expect(made.totalCents).toBe([...fees, ...claims, ...rewards].reduce((s, f) => s + f, 0));
        expect(made.totalCents).toBe(sum);
        expect(made.lineCount).toBe(fees.length + claims.length + rewards.length);
        expect(lines.filter((l) => l.kind === 2).length).toBe(claims.length);
        expect(lines.filter((l) => l.kind === 3).length).toBe(rewards.filter((r) => r > 0).length);
        expect(
          lines
            .filter((l) => l.kind === 4)
            .map((l) => l.amountCents)
            .sort(),
        ).toEqual(rewards.filter((r) => r < 0).sort());
      }),
      { numRuns: 15 },
    );
  });
});
