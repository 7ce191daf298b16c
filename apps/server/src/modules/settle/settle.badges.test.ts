// The settle area's badges, and so the home to-dos of finance and of a provider's user: each counts what waits for the
// caller's side in its list, follows the statement through its states, leaves a flow's step to the flow's approvers and
// a submitter's own record to the others; another enterprise's rows count nothing; without the page's power: NO_POWER.
import { approvalsContract as A, badgeCountContract as B, menuContract as M, rewardsContract as R, settleContract as S } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { payableClaim, pricedOrder, type SettleTeam, settleTeam } from './settle.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const n = (c: Client, badge: (typeof B)[keyof typeof B]) => c.badge(badge);
const todos = async (c: Client) =>
  ((await c.send(M.waitToDoList)).data as { name: string; path: string; count: number }[]).map((x) => `${x.name} ${x.path} ${x.count}`);
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('外包结算: what waits for each side', () => {
  it('follows a statement: draft and payment for finance, confirmation for its provider; the issuer does not count his own approval', async () => {
    const a = await settleTeam(t);
    const other = await settleTeam(t);
    await pricedOrder(t, a.ep, a.p1, 12_000);
    await pricedOrder(t, other.ep, other.p1, 9_000);
    const count = (c: Client) => n(c, B.settleTodoCount);
    const made = await a.finance.client.send(S.create, { providerId: a.p1, periodStart: today(), periodEnd: today() });
    expect(made.success, made.message).toBe(true);
    const id = made.data.id;
    // A draft: finance's (both finance users), not the provider's, who does not see drafts.
    expect([await count(a.finance.client), await count(a.finance2.client), await count(a.pu1.client)]).toEqual([1, 1, 0]);
    expect(await todos(a.finance.client)).toContain('外包结算 /settleAccounts/list 1');
    // Another enterprise's draft counts nothing here.
    expect(await count(other.finance.client)).toBe(0);

    expect((await a.finance.client.send(S.action, { id, action: 'issue' })).success).toBe(true);
    expect([await count(a.finance.client), await count(a.pu1.client), await count(a.pu2.client)]).toEqual([0, 1, 0]);
    expect(await todos(a.pu1.client)).toContain('外包结算 /settleAccounts/list 1');

    expect((await a.pu1.client.send(S.action, { id, action: 'confirm' })).success).toBe(true);
    // To approve: not for the one who issued it (he is refused), for the other finance user.
    expect([await count(a.finance.client), await count(a.finance2.client), await count(a.pu1.client)]).toEqual([0, 1, 0]);

    expect((await a.finance2.client.send(S.action, { id, action: 'approve' })).success).toBe(true);
    expect([await count(a.finance.client), await count(a.finance2.client)]).toEqual([1, 1]);
    expect((await a.finance.client.send(S.action, { id, action: 'pay' })).success).toBe(true);
    expect([await count(a.finance.client), await count(a.finance2.client), await count(a.pu1.client)]).toEqual([0, 0, 0]);
    expect(await todos(a.finance.client)).not.toContainEqual(expect.stringContaining('外包结算'));

    // Without the power (an engineer): refused, as every badge of a page he does not have.
    expect(await n(a.engineer.client, B.settleTodoCount)).toBe('NO_POWER');
  });

  it('counts for finance each provider with last month to settle and no statement over it; a binned order is nothing to settle', async () => {
    const a = await settleTeam(t);
    const other = await settleTeam(t);
    // The 10th of last month, noon in Shanghai (the enterprise's zone), and that month's first day.
    const shanghai = new Date(Date.now() + 8 * 3_600_000);
    const month = new Date(Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const count = (c: Client) => n(c, B.settleTodoCount);
    await pricedOrder(t, a.ep, a.p1, 12_000, `${month}-10 12:00:00+08`);
    const binned = await pricedOrder(t, a.ep, a.p2, 5_000, `${month}-11 12:00:00+08`);
    await t.deps.db.execute(sql`update orders set deleted_at = now() where enterprise_id = ${a.ep} and id = ${binned}`);
    // This month's work is not yet due for a statement; another enterprise's last month counts there only.
    await pricedOrder(t, a.ep, a.p2, 7_000);
    await pricedOrder(t, other.ep, other.p1, 9_000, `${month}-10 12:00:00+08`);
    expect([await count(a.finance.client), await count(a.pu1.client), await count(other.finance.client)]).toEqual([1, 0, 1]);
    expect(await todos(a.finance.client)).toContain('外包结算 /settleAccounts/list 1');
    // A claim payable last month is something to settle too.
    await payableClaim(t, a.ep, a.p2, a.pu2.id, 3_000, `${month}-12 09:00:00+08`);
    expect(await count(a.finance.client)).toBe(2);
    // The list page's reminder names the providers the badge counts, with what each has (the binned order not).
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const lastMonth = { periodStart: `${month}-01`, periodEnd: last };
    const reminder = async () =>
      (await a.finance.client.send(S.pending, { ...lastMonth, uncovered: '1' })).data.map((r) => [r.providerId, r.orderCount, r.claimCount, r.totalCents]);
    expect(await reminder()).toEqual([
      [a.p1, 1, 0, 12_000],
      [a.p2, 0, 1, 3_000],
    ]);
    // A statement over part of the month: the provider no longer counts, its draft does; what it left of the month shows
    // in the preview, not in the badge nor the reminder.
    await pricedOrder(t, a.ep, a.p1, 4_000, `${month}-20 12:00:00+08`);
    const made = await a.finance.client.send(S.create, { providerId: a.p1, periodStart: `${month}-01`, periodEnd: `${month}-15` });
    expect(made.data).toMatchObject({ lineCount: 1, totalCents: 12_000 });
    expect(await count(a.finance.client)).toBe(2);
    expect((await a.finance.client.send(S.action, { id: made.data.id, action: 'issue' })).success).toBe(true);
    expect([await count(a.finance.client), await count(a.pu1.client)]).toEqual([1, 1]);
    expect(await reminder()).toEqual([[a.p2, 0, 1, 3_000]]);
    expect((await a.finance.client.send(S.pending, lastMonth)).data.map((r) => [r.providerId, r.totalCents])).toEqual([
      [a.p1, 4_000],
      [a.p2, 3_000],
    ]);
  });

  it('a confirmation an approval flow decides waits in 审批处理, not here', async () => {
    const a = await settleTeam(t);
    const flow = await a.admin.client.send(A.flowSave, {
      kind: 'settlement',
      name: '结算单审批',
      steps: [{ name: '财务主管', mode: 'any', approvers: [{ type: 'role', ids: [8, 3] }] }],
    });
    expect(flow.success, flow.message).toBe(true);
    await pricedOrder(t, a.ep, a.p1, 5_000);
    const id = (await a.finance.client.send(S.create, { providerId: a.p1, periodStart: today(), periodEnd: today() })).data.id;
    await a.finance.client.send(S.action, { id, action: 'issue' });
    expect((await a.pu1.client.send(S.action, { id, action: 'confirm' })).success).toBe(true);
    expect(await n(a.finance2.client, B.settleTodoCount)).toBe(0);
    expect((await a.finance2.client.send(B.approvalTodoCount, {})).data).toBe(1);
  });
});

describe('费用审批, 费用审核 and 奖惩管理', () => {
  async function claim(a: SettleTeam, state: number, checkState: number) {
    const id = await payableClaim(t, a.ep, a.p1, a.pu1.id, 3_000, new Date().toISOString());
    await t.deps.db.execute(sql`update fee_claims set state = ${state}, check_state = ${checkState} where enterprise_id = ${a.ep} and id = ${id}`);
    return id;
  }

  it('count the claims waiting for a decision or a check, for finance only; another enterprise’s count nothing', async () => {
    const a = await settleTeam(t);
    const other = await settleTeam(t);
    await claim(a, 1, 0);
    await claim(a, 1, 0);
    await claim(a, 2, 1);
    await claim(a, 2, 2);
    await claim(a, 3, 0);
    await claim(other, 1, 1);
    expect(await n(a.finance.client, B.claimTodoCount)).toBe(2);
    expect(await n(a.finance.client, B.costCheckTodoCount)).toBe(1);
    expect(await todos(a.finance.client)).toEqual(expect.arrayContaining(['费用审核 /CostCheck 1', '费用审批 /transportation/fee/approval 2']));
    // A provider's user holds 费用审批 but decides nothing there.
    expect(await n(a.pu1.client, B.claimTodoCount)).toBe(0);
    expect(await n(a.pu1.client, B.costCheckTodoCount)).toBe('NO_POWER');
  });

  it('奖惩管理 counts a rule’s proposals and the records 待审批 the caller may decide (not his own submission)', async () => {
    const a = await settleTeam(t);
    const made = await a.finance.client.send(R.create, { providerId: a.p1, kind: 2, amountCents: 5_000, reason: '未按约定时间上门' });
    expect(made.success, made.message).toBe(true);
    expect([await n(a.finance.client, B.rewardTodoCount), await n(a.finance2.client, B.rewardTodoCount)]).toEqual([0, 1]);
    await t.deps.db.execute(sql`insert into rewards (enterprise_id, reward_no, provider_id, kind, amount_cents, reason, state, cause_type, cause_id)
      values (${a.ep}, ${`JC-T${Date.now()}`}, ${a.p1}, 2, 10000, '回访不通过', 0, 2, 1)`);
    expect([await n(a.finance.client, B.rewardTodoCount), await n(a.finance2.client, B.rewardTodoCount)]).toEqual([1, 2]);
    expect(await n(a.pu1.client, B.rewardTodoCount)).toBe(0);
    expect((await a.finance2.client.send(R.action, { id: made.data.id, action: 'approve' })).success).toBe(true);
    expect(await n(a.finance2.client, B.rewardTodoCount)).toBe(1);
  });
});
