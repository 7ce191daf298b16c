import { approvalsContract as A, rewardsContract as R, settleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally, behindLock } from '../../test/race';
import { insertOrder } from '../orders/test-helpers';
import { proposePenalties } from './rewards.rules';
import { actReward } from './rewards.service';
import { pricedOrder, type SettleTeam, settleTeam } from './settle.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const exec = (q: ReturnType<typeof sql>) => t.deps.db.execute(q);
const rewardRow = async (ep: number, id: number) =>
  (
    await rows<{ state: number; version: number; amount_cents: number; approved_at: string | null }>(
      t.deps.db,
      sql`select state, version, amount_cents, approved_at from rewards where enterprise_id = ${ep} and id = ${id}`,
    )
  )[0];
const countOf = async (ep: number, table = 'rewards') =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${ep}`))[0]?.n);

const penalty = (a: SettleTeam, extra: Record<string, unknown> = {}) => ({
  providerId: a.p1,
  kind: 2 as const,
  amountCents: 5000,
  reason: '未按约定时间上门',
  ...extra,
});

describe('rewards and penalties by hand', () => {
  it('finance records one (straight into approval); bad input, other providers’ orders, other enterprises and other roles are refused', async () => {
    const a = await settleTeam(t);
    const fin = a.finance.client;
    const order = await insertOrder(t.deps.db, a.ep, { state: 5, provider_id: a.p1 });
    const theirs = await insertOrder(t.deps.db, a.ep, { state: 5, provider_id: a.p2 });
    const made = await fin.send(R.create, penalty(a, { orderId: order, attachments: ['/files/photo.jpg'] }));
    expect(made).toMatchObject({ success: true, message: '提交成功，等待审批', data: { state: 1, rewardNo: expect.stringMatching(/^JC\d{8}-0001$/) } });
    const id = made.data.id;
    const d = (await fin.send(R.detail, { id })).data;
    expect(d).toMatchObject({
      kind: 2,
      amountCents: 5000,
      orderId: order,
      providerId: a.p1,
      state: 1,
      causeType: 0,
      settleState: 0,
      attachments: ['/files/photo.jpg'],
      // The submitter is offered no decision on his own record.
      abilities: ['cancel'],
      approvalId: null,
    });
    expect((await a.finance2.client.send(R.detail, { id })).data.abilities).toEqual(['approve', 'reject', 'cancel']);
    expect(d.logs.map((l) => l.action)).toEqual(['create']);
    // Bad input: clear messages, nothing written.
    expect((await fin.send(R.create, penalty(a, { amountCents: 0 }))).message).toBe('金额：金额须大于0');
    expect((await fin.send(R.create, penalty(a, { reason: '' }))).message).toBe('奖惩原因：请输入奖惩原因');
    expect((await fin.send(R.create, penalty(a, { kind: 3 }))).message).toBe('奖惩类型：请选择奖惩类型');
    expect((await fin.send(R.create, penalty(a, { orderId: theirs }))).message).toBe('关联工单：该工单不是所选服务商的工单');
    expect((await fin.send(R.action, { id, action: 'reject' })).message).toBe('说明：请输入驳回理由');
    // A provider's user reads only; an engineer has no page; not logged in; no CSRF.
    expect((await a.pu1.client.send(R.create, penalty(a))).code).toBe('NO_POWER');
    expect((await a.engineer.client.send(R.list, {})).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(R.list, {})).message).toBe('未登录');
    expect((await fin.send(R.create, penalty(a), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    // Another enterprise: its provider and order are not found, the record is not found and unchanged.
    const b = await settleTeam(t);
    expect((await b.finance.client.send(R.create, penalty(a))).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(R.create, penalty(b, { orderId: order }))).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(R.detail, { id })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(R.action, { id, action: 'approve' })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(R.action, { id, action: 'cancel' })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(R.approvalProcess, { id })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(R.count, {})).data).toBe(0);
    expect(await countOf(a.ep)).toBe(1);
    expect(await countOf(b.ep)).toBe(0);
    expect((await rewardRow(a.ep, id))?.state).toBe(1);
    // A reward of the other provider; the lists and counts with their filters.
    const reward = (await fin.send(R.create, { providerId: a.p2, kind: 1, amountCents: 20000, reason: '客户表扬' })).data.id;
    expect((await fin.send(R.list, {})).data.map((r) => r.id)).toEqual([reward, id]);
    expect((await fin.send(R.count, {})).data).toBe(2);
    expect((await fin.send(R.list, { kind: 1 })).data.map((r) => r.id)).toEqual([reward]);
    expect((await fin.send(R.count, { providerId: a.p1 })).data).toBe(1);
    expect((await fin.send(R.count, { keyword: '表扬' })).data).toBe(1);
    expect((await fin.send(R.count, { state: 2 })).data).toBe(0);
    expect((await fin.send(R.list, { pageIndex: 1 })).data).toEqual([]);
    // The provider's users: each his own provider's records, read only; the other's id is not found and unchanged.
    expect((await a.pu1.client.send(R.list, {})).data.map((r) => r.id)).toEqual([id]);
    expect((await a.pu1.client.send(R.detail, { id })).data.abilities).toEqual([]);
    expect((await a.pu1.client.send(R.action, { id, action: 'approve' })).code).toBe('NO_POWER');
    expect((await a.pu2.client.send(R.detail, { id })).code).toBe('NOT_FOUND');
    expect((await a.pu2.client.send(R.action, { id, action: 'cancel' })).code).toBe('NOT_FOUND');
    expect((await a.pu2.client.send(R.count, {})).data).toBe(1);
    expect((await rewardRow(a.ep, id))?.state).toBe(1);
    // Cancel: 已作废, no more actions.
    expect((await fin.send(R.action, { id: reward, action: 'cancel' })).data.state).toBe(4);
    expect((await fin.send(R.action, { id: reward, action: 'approve' })).code).toBe('INVALID_STATE');
  });

  it('without a flow another finance user approves in one step: the submitter is refused, 20 parallel approvals give one decision', async () => {
    const a = await settleTeam(t);
    const id = (await a.finance.client.send(R.create, penalty(a))).data.id;
    expect((await a.finance.client.send(R.action, { id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    expect((await rewardRow(a.ep, id))?.state).toBe(1);
    const answers = await race(20, () => a.finance2.client.send(R.action, { id, action: 'approve' }));
    expect(tally(answers).ok).toBe(1);
    expect(answers.filter((x) => !x.success).every((x) => x.code === 'INVALID_STATE' || x.code === 'STATE_CHANGED')).toBe(true);
    expect(await rewardRow(a.ep, id)).toMatchObject({ state: 2, version: 1, approved_at: expect.any(String) });
    const logs = await rows(t.deps.db, sql`select action from reward_logs where enterprise_id = ${a.ep} and reward_id = ${id} order by id`);
    expect(logs.map((l) => l.action)).toEqual(['create', 'approve']);
    // Approved: nothing more to do by hand (cancel too: correct it on the statement).
    expect((await a.finance2.client.send(R.action, { id, action: 'cancel' })).code).toBe('INVALID_STATE');
    expect((await a.finance2.client.send(R.detail, { id })).data).toMatchObject({ state: 2, abilities: [], approve_time: expect.any(String) });
  });

  it('with a flow: the engine decides (the submitter cannot), 20 parallel approvals give one decision; a rejection and a withdrawal', async () => {
    const a = await settleTeam(t);
    const flow = await a.admin.client.send(A.flowSave, {
      kind: 'reward',
      name: '奖惩审批',
      steps: [{ name: '财务', mode: 'any', approvers: [{ type: 'role', ids: [8] }] }],
    });
    expect(flow.success, flow.message).toBe(true);
    const fin = a.finance.client;
    const id = (await fin.send(R.create, penalty(a))).data.id;
    const inst = (await fin.send(R.detail, { id })).data.approvalId;
    expect(inst).toEqual(expect.any(Number));
    expect((await fin.send(R.action, { id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    // /rewards/approvalProcess: finance (a non-approver) and the provider see the flow; the other provider does not.
    expect((await a.admin.client.send(R.approvalProcess, { id })).data).toMatchObject({ id: inst, kind: 'reward', state: 0, docId: id });
    expect((await a.pu1.client.send(R.approvalProcess, { id })).data?.id).toBe(inst);
    expect((await a.pu2.client.send(R.approvalProcess, { id })).code).toBe('NOT_FOUND');
    const answers = await race(20, () => a.finance2.client.send(R.action, { id, action: 'approve' }));
    expect(tally(answers).ok).toBe(1);
    expect(answers.some((x) => x.code === 'INTERNAL')).toBe(false);
    expect((await rewardRow(a.ep, id))?.state).toBe(2);
    expect((await rows(t.deps.db, sql`select count(*)::int as n from reward_logs where reward_id = ${id} and action = 'approve'`))[0]).toEqual({ n: 1 });
    // Rejected in the inbox → 已驳回; withdrawn by its applicant → 已作废; cancelling closes the waiting instance.
    const r2 = (await fin.send(R.create, penalty(a))).data.id;
    const i2 = (await fin.send(R.detail, { id: r2 })).data.approvalId as number;
    expect((await a.finance2.client.send(A.reject, { id: i2, comment: '证据不足' })).success).toBe(true);
    expect((await rewardRow(a.ep, r2))?.state).toBe(3);
    const r3 = (await fin.send(R.create, penalty(a))).data.id;
    const i3 = (await fin.send(R.detail, { id: r3 })).data.approvalId as number;
    expect((await fin.send(A.withdraw, { id: i3 })).success).toBe(true);
    expect((await rewardRow(a.ep, r3))?.state).toBe(4);
    const r4 = (await fin.send(R.create, penalty(a))).data.id;
    const i4 = (await fin.send(R.detail, { id: r4 })).data.approvalId as number;
    expect((await fin.send(R.action, { id: r4, action: 'cancel' })).data.state).toBe(4);
    expect((await rows(t.deps.db, sql`select state from approval_instances where id = ${i4}`))[0]).toEqual({ state: 3 });
  });
  it('a submit that commits while finance decides directly starts the flow: the direct approval is refused, the flow decides', async () => {
    const a = await settleTeam(t);
    // A proposal (0) made without a flow; then a flow applies.
    const id = (await a.finance.client.send(R.create, penalty(a))).data.id;
    await exec(sql`update rewards set state = 0, submitted_by = null where enterprise_id = ${a.ep} and id = ${id}`);
    const flow = await a.admin.client.send(A.flowSave, {
      kind: 'reward',
      name: '奖惩审批',
      steps: [{ name: '财务', mode: 'any', approvers: [{ type: 'role', ids: [8] }] }],
    });
    expect(flow.success, flow.message).toBe(true);
    const finance = { id: a.finance.id, enterpriseId: a.ep, providerId: null, timeZone: 'Asia/Shanghai', sysrole: null, admin: false, powers: [] };
    // finance's submit (1, an instance waits) holds the record while finance2's approval, which saw no instance, waits.
    const approve = await behindLock(
      t.deps.db,
      async (tx) => {
        expect(await actReward(tx as unknown as Db, finance, id, 'submit', null)).toEqual({ state: 1 });
      },
      () => a.finance2.client.send(R.action, { id, action: 'approve' }),
    );
    expect(approve.code).toBe('STATE_CHANGED');
    expect((await rewardRow(a.ep, id))?.state).toBe(1);
    const waiting = async () =>
      (await rows<{ state: number }>(t.deps.db, sql`select state from approval_instances where kind = 'reward' and doc_id = ${id}`)).map((r) => r.state);
    expect(await waiting()).toEqual([0]);
    // Asked again, the decision is the engine's.
    expect((await a.finance2.client.send(R.action, { id, action: 'approve' })).success).toBe(true);
    expect((await rewardRow(a.ep, id))?.state).toBe(2);
    expect(await waiting()).toEqual([1]);
  });
});

describe('statements take approved rewards and penalties', () => {
  it('the period’s approved records as lines 3 and 4 (a penalty deducts); total = lines; a record is never on two statements', async () => {
    const a = await settleTeam(t);
    await pricedOrder(t, a.ep, a.p1, 10000, '2026-03-05 12:00:00+08');
    const add = async (kind: number, cents: number, state: number, approvedAt: string | null, providerId = a.p1) =>
      Number(
        (
          await rows<{ id: number }>(
            t.deps.db,
            sql`insert into rewards (enterprise_id, reward_no, provider_id, kind, amount_cents, reason, state, approved_at)
              values (${a.ep}, ${`JC${Math.random()}`}, ${providerId}, ${kind}, ${cents}, '测试', ${state}, ${approvedAt}::timestamptz) returning id::int`,
          )
        )[0]?.id,
      );
    const pen = await add(2, 3000, 2, '2026-03-10 09:00:00+08');
    const rew = await add(1, 1500, 2, '2026-03-31 23:59:59+08');
    await add(2, 111, 1, null); // waiting for approval
    await add(2, 222, 2, '2026-04-01 00:00:00+08'); // next month
    await add(2, 333, 2, '2026-03-10 09:00:00+08', a.p2); // another provider
    const period = { providerId: a.p1, periodStart: '2026-03-01', periodEnd: '2026-03-31' };
    const [first, second] = await Promise.all([a.finance.client.send(C.create, period), a.finance2.client.send(C.create, period)]);
    const made = [first, second].filter((x) => x.success);
    expect(made.length).toBe(1);
    expect(made[0]?.data).toMatchObject({ lineCount: 3, totalCents: 10000 - 3000 + 1500 });
    const lines = (await a.finance.client.send(C.lines, { id: made[0]?.data.id as number })).data.list;
    expect(lines.filter((l) => l.kind > 2).map((l) => [l.kind, l.amountCents])).toEqual([
      [4, -3000],
      [3, 1500],
    ]);
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(8500);
    expect((await a.finance.client.send(R.detail, { id: pen })).data).toMatchObject({ settleState: 1, settlementId: made[0]?.data.id });
    expect((await a.pu1.client.send(R.list, {})).data).toEqual([]);
    // Settled once: the month has nothing left.
    expect((await a.finance.client.send(C.create, period)).code).toBe('SETTLE_EMPTY');
    expect(Number((await rows(t.deps.db, sql`select count(*)::int as n from settlement_lines where reward_id in (${pen}, ${rew})`))[0]?.n)).toBe(2);
  });
});

describe('rules propose penalties once per cause', () => {
  it('an SLA breach, a failed return visit and an overdue old part of a provider order: one proposal each, however often the job runs', async () => {
    const a = await settleTeam(t);
    const po = await insertOrder(t.deps.db, a.ep, { state: 5, provider_id: a.p1, order_no: `PO${Date.now()}` });
    const own = await insertOrder(t.deps.db, a.ep, { state: 5 }); // not a provider's order
    for (const o of [po, own])
      await exec(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, deadline_at, breached_at)
        values (${a.ep}, ${o}, '标准SLA', 1, now() - interval '3 hours', now() - interval '1 hour', now() - interval '1 hour')`);
    // A running clock (not breached) proposes nothing.
    await exec(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, deadline_at)
      values (${a.ep}, ${po}, '标准SLA', 2, now(), now() + interval '1 hour')`);
    const [plan] = await rows<{ id: number }>(t.deps.db, sql`insert into return_visit_plans (enterprise_id, name) values (${a.ep}, '回访') returning id`);
    for (const [o, state] of [
      [po, 2],
      [own, 2],
    ] as const)
      await exec(sql`insert into return_visit_tasks (enterprise_id, plan_id, record_id, order_id, state, reason, order_no, order_title, customer_name, completed_at, visited_at)
        values (${a.ep}, ${plan?.id}, ${o}, ${o}, ${state}, '服务态度差', 'X', 'X', 'X', now(), now())`);
    const [sp] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into spares (enterprise_id, name, code) values (${a.ep}, '压缩机', ${`S${po}`}) returning id`,
    );
    await exec(sql`insert into old_part_returns (enterprise_id, order_id, spare_id, state, due_at) values
      (${a.ep}, ${po}, ${sp?.id}, 1, now() - interval '1 day'),
      (${a.ep}, ${po}, ${sp?.id}, 1, now() + interval '1 day'),
      (${a.ep}, ${po}, ${sp?.id}, 2, now() - interval '1 day')`);
    // The SLA rule switched off (0) proposes nothing for it.
    await exec(sql`insert into system_settings (enterprise_id, code, value) values (${a.ep}, 'penalty_visit_failed_yuan', '0')`);
    // Run it twice and five times in parallel.
    await proposePenalties(t.deps.db);
    await proposePenalties(t.deps.db);
    await Promise.all(Array.from({ length: 5 }, () => proposePenalties(t.deps.db)));
    const made = await rows<{ cause_type: number; kind: number; amount_cents: number; state: number; order_id: number; reason: string }>(
      t.deps.db,
      sql`select cause_type, kind, amount_cents::int as amount_cents, state, order_id::int as order_id, reason from rewards where enterprise_id = ${a.ep} order by cause_type`,
    );
    expect(made.map((r) => [r.cause_type, r.kind, r.amount_cents, r.state, r.order_id])).toEqual([
      [1, 2, 5000, 0, po],
      [3, 2, 5000, 0, po],
    ]);
    expect(made[0]?.reason).toMatch(/^SLA超时：工单PO\d+（标准SLA）$/);
    expect(made[1]?.reason).toMatch(/^旧件逾期未返还：工单PO\d+，应于\d{4}-\d\d-\d\d前返还$/);
    // The visit rule switched back on proposes its cause, once.
    await exec(sql`update system_settings set value = '80' where enterprise_id = ${a.ep} and code = 'penalty_visit_failed_yuan'`);
    await Promise.all([proposePenalties(t.deps.db), proposePenalties(t.deps.db)]);
    const visits = await rows<{ amount_cents: number; reason: string }>(
      t.deps.db,
      sql`select amount_cents::int as amount_cents, reason from rewards where enterprise_id = ${a.ep} and cause_type = 2`,
    );
    expect(visits).toEqual([{ amount_cents: 8000, reason: expect.stringMatching(/^回访不通过：工单PO\d+（服务态度差）$/) }]);
    expect(await countOf(a.ep)).toBe(3);
    expect(await countOf(a.ep, 'reward_logs')).toBe(3);
    // A proposal waits for finance: the provider does not see it; finance submits one and dismisses another.
    const list = (await a.finance.client.send(R.list, { state: 0 })).data;
    expect(list.length).toBe(3);
    expect((await a.pu1.client.send(R.count, {})).data).toBe(0);
    const [p1, p2] = list;
    expect((await a.finance.client.send(R.action, { id: p1!.id, action: 'submit' })).data.state).toBe(1);
    expect((await a.finance.client.send(R.action, { id: p2!.id, action: 'cancel', note: '客户原因' })).data.state).toBe(4);
    expect((await a.pu1.client.send(R.list, {})).data.map((r) => r.id)).toEqual([p1!.id]);
    // The submitter cannot approve it; a dismissed cause is never proposed again.
    expect((await a.finance.client.send(R.action, { id: p1!.id, action: 'approve' })).code).toBe('APPROVAL_OWN_DOCUMENT');
    expect((await a.finance2.client.send(R.action, { id: p1!.id, action: 'approve' })).data.state).toBe(2);
    await proposePenalties(t.deps.db);
    expect(await countOf(a.ep)).toBe(3);
  });
});
