import {
  approvalsContract as A,
  DEFAULT_ORDER_PROCESS,
  orderActionsContract as K,
  orderContract as O,
  orderDetailContract as D,
  orderListContract as L,
  processContract as P,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { newCustomer } from '../customers/test-helpers';
import { ensureDefaultTemplate } from '../forms/templates.service';
import { logsOf, orderIn, orderRow, type Team, team } from '../orders/actions.fixtures';

/** Order examine on the engine: a flow of 工单完成审批 etc. decides the examine; without one the process's one-step examine stays. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const OWN = '不能审批自己提交的单据';
const NOT_APPROVER = '您不是当前步骤的审批人，不能审批';

type Who = { id: number };
const user = (...p: Who[]) => ({ type: 'user', ids: p.map((x) => x.id) });

/** A flow of the kind, one step per approver list. */
async function flow(tm: Team, kind: string, steps: Who[][], o: Record<string, unknown> = {}) {
  const r = await tm.admin.client.call(A.flowSave, {
    kind,
    name: '工单审批',
    steps: steps.map((who, i) => ({ name: `第${i + 1}步`, mode: 'one', approvers: [user(...who)] })),
    ...o,
  });
  expect(r.message).toBe('保存成功');
}

const instancesOf = (ep: number, orderId: number) =>
  rows<{ id: number; kind: string; state: number; step: number; applicant_id: number; link: string }>(
    t.deps.db,
    sql`select id::int as id, kind, state, step, applicant_id::int as applicant_id, link from approval_instances
      where enterprise_id = ${ep} and doc_id = ${orderId} and kind like 'order_%' order by id`,
  );

/** An order in service (state 4) whose process asks for the completion approval, with its engineer applying to end it. */
async function awaitingCompletion(tm: Team, applicant: Client = tm.engineer.client): Promise<number> {
  const id = await orderIn(t, tm, 4, { process: { completeApproval: true } });
  expect((await applicant.send(K.applyEndService, { orderId: id })).data?.state).toBe(7);
  return id;
}

const examine = (c: Client, orderId: number, result: 1 | 2, note?: string) => c.send(K.examine, { orderId, examineType: 2, result, note });
const examineTab = async (c: Client) => ((await c.send(L.getAllOrderList, { scope: 'examine', pageSize: 100 })).data.list as { id: number }[]).map((o) => o.id);
const badge = async (c: Client) => (await c.get('/v2/order/examineOrderCount', { type: -1 })).data;

describe('完成审核 on a two-step flow', () => {
  it('the first approval leaves the order waiting, the second completes it; the applicant and the wrong step are refused', async () => {
    const tm = await team(t);
    await flow(tm, 'order_complete', [[tm.dispatcher], [tm.admin]]);
    const id = await awaitingCompletion(tm);
    const [inst] = await instancesOf(tm.ep, id);
    expect(inst).toMatchObject({ kind: 'order_complete', state: 0, step: 0, applicant_id: tm.engineer.id, link: `/allOrder/orderDetail/${id}` });
    // The engine told the first step's approver; the process has no named approver to tell.
    const todo = await rows(t.deps.db, sql`select user_id::int as user_id, link from notices where enterprise_id = ${tm.ep} and kind = 'approval_todo'`);
    expect(todo).toEqual([{ user_id: tm.dispatcher.id, link: `/approvalProcess?id=${inst?.id}` }]);

    // 待我审批 and its badge: the holder of the open task, not the administrator (who would see it without a flow).
    expect(await examineTab(tm.dispatcher.client)).toEqual([id]);
    expect(await examineTab(tm.admin.client)).toEqual([]);
    expect([await badge(tm.dispatcher.client), await badge(tm.admin.client)]).toEqual([1, 0]);
    // The detail's buttons follow the task too.
    expect((await tm.dispatcher.client.send(D.orderDetail, { orderId: id })).data.abilities).toContain('approve');
    expect((await tm.admin.client.send(D.orderDetail, { orderId: id })).data.abilities).not.toContain('approve');

    // The engineer who applied holds no 审核 power, yet the engine answers him: nobody decides his own document.
    expect((await examine(tm.engineer.client, id, 1)).message).toBe(OWN);
    expect((await examine(tm.admin.client, id, 1)).message).toBe(NOT_APPROVER);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 7, examine_result: 0 });

    expect(await examine(tm.dispatcher.client, id, 1, '已核对')).toMatchObject({ success: true, message: '审核成功，等待下一步审批', data: { state: 7 } });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 7, examine_type: 2, examine_result: 0, complete_examine_operator_id: null });
    expect((await instancesOf(tm.ep, id))[0]).toMatchObject({ state: 0, step: 1 });
    expect(await examineTab(tm.dispatcher.client)).toEqual([]);
    expect(await examineTab(tm.admin.client)).toEqual([id]);
    expect([await badge(tm.dispatcher.client), await badge(tm.admin.client)]).toEqual([0, 1]);
    expect((await examine(tm.dispatcher.client, id, 1)).message).toBe(NOT_APPROVER);
    // The detail names the flow's current step and links to its approval.
    expect((await tm.admin.client.send(D.orderDetail, { orderId: id })).data.approval).toEqual({ id: inst?.id, stepName: '第2步' });

    expect(await examine(tm.admin.client, id, 1)).toMatchObject({ message: '审核成功', data: { id, state: 5 } });
    const o = await orderRow(t, tm.ep, id);
    expect(o).toMatchObject({ state: 5, examine_result: 1, complete_examine_operator_id: tm.admin.id });
    expect(o.finished_at).not.toBeNull();
    expect((await instancesOf(tm.ep, id))[0]).toMatchObject({ state: 1 });
    expect((await tm.admin.client.send(D.orderDetail, { orderId: id })).data.approval).toBeNull();
    expect((await logsOf(t, tm.ep, id)).map((l) => [l.action, l.to_state, l.user_id, l.note])).toEqual([
      ['applyEndService', 7, tm.engineer.id, null],
      ['approve', 5, tm.admin.id, '完成审核通过（审批流程）'],
    ]);
    // 审批处理 lists the order's instance with a link that opens the order.
    const done = await tm.admin.client.call(A.list, { box: 'done', pageIndex: 0, pageSize: 10 });
    expect(done.data.list).toMatchObject([{ kind: 'order_complete', docId: id, state: 1, link: `/allOrder/orderDetail/${id}` }]);
    expect(await badge(tm.admin.client)).toBe(0);
  });

  it('a flow restricted to order types decides only orders of those types; the types offered are the enterprise’s own', async () => {
    const tm = await team(t);
    const other = await team(t);
    const [a, b] = [await orderIn(t, tm, 4, { process: { completeApproval: true } }), await orderIn(t, tm, 4, { process: { completeApproval: true } })];
    const typeOf = async (id: number) => Number((await orderRow(t, tm.ep, id)).template_id);
    const [typeA, typeB] = [await typeOf(a), await typeOf(b)];
    const offered = (await tm.admin.client.call(A.typeOptions, { kind: 'order_complete' })).data as { value: number; label: string }[];
    expect(offered.map((o) => o.value)).toEqual(expect.arrayContaining([typeA, typeB]));
    expect(((await other.admin.client.call(A.typeOptions, { kind: 'order_complete' })).data as { value: number }[]).map((o) => o.value)).not.toContain(typeA);
    const refused = await other.admin.client.call(A.flowSave, {
      kind: 'order_complete',
      name: '别家',
      steps: [{ name: '审', mode: 'one', approvers: [user(other.admin)] }],
      docTypes: [typeA],
    });
    expect(refused.message).toBe(`单据类型：工单完成审批没有类型 ${typeA}`);

    await flow(tm, 'order_complete', [[tm.admin]], { docTypes: [typeB] });
    const listed = (await tm.admin.client.call(A.flowList, {})).data.list[0]!;
    expect(listed.typeNames).toEqual({ [typeB]: offered.find((o) => o.value === typeB)?.label });
    for (const id of [a, b]) expect((await tm.engineer.client.send(K.applyEndService, { orderId: id })).data?.state).toBe(7);
    expect(await instancesOf(tm.ep, a)).toEqual([]);
    expect(await instancesOf(tm.ep, b)).toMatchObject([{ kind: 'order_complete', state: 0 }]);
  });

  it('a rejection with its comment sends the order back to service; the next application starts a new instance', async () => {
    const tm = await team(t);
    await flow(tm, 'order_complete', [[tm.dispatcher], [tm.admin]]);
    const id = await awaitingCompletion(tm);
    expect((await examine(tm.dispatcher.client, id, 2)).message).toBe('备注：请输入驳回原因');
    expect((await examine(tm.dispatcher.client, id, 2, '照片不清楚')).data).toEqual({ id, state: 4 });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 4, examine_result: 2, complete_examine_operator_id: tm.dispatcher.id });
    expect((await logsOf(t, tm.ep, id)).at(-1)).toMatchObject({ action: 'reject', to_state: 4, note: '完成审核驳回（审批流程）；照片不清楚' });
    expect((await tm.engineer.client.send(K.applyEndService, { orderId: id })).data?.state).toBe(7);
    expect((await instancesOf(tm.ep, id)).map((i) => [i.state, i.step])).toEqual([
      [2, 0],
      [0, 0],
    ]);
  });

  it('the applicant withdraws: the order goes back to service with no decision recorded', async () => {
    const tm = await team(t);
    await flow(tm, 'order_complete', [[tm.dispatcher]]);
    const id = await awaitingCompletion(tm);
    const [inst] = await instancesOf(tm.ep, id);
    expect((await tm.dispatcher.client.send(A.withdraw, { id: Number(inst?.id) })).message).toBe('只有申请人可以撤回审批');
    expect((await tm.engineer.client.send(A.withdraw, { id: Number(inst?.id) })).success).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 4, examine_type: null, examine_result: null, complete_examine_operator_id: null });
    expect(await examineTab(tm.dispatcher.client)).toEqual([]);
  });
});

describe('the one decision and the boundaries', () => {
  it('20 parallel examine/save on one step: one decision moves the order, the others are refused', async () => {
    const tm = await team(t);
    await flow(tm, 'order_complete', [[tm.dispatcher]]);
    const id = await awaitingCompletion(tm);
    const answers = await race(20, (i) => examine(tm.dispatcher.client, id, i % 2 ? 1 : 2, '审核意见'));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    const logs = (await logsOf(t, tm.ep, id)).filter((l) => l.action === 'approve' || l.action === 'reject');
    expect(logs).toHaveLength(1);
    const to = logs[0]?.to_state;
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: to, examine_result: to === 5 ? 1 : 2 });
    const decided = await rows(t.deps.db, sql`select count(*)::int as n from approval_tasks where enterprise_id = ${tm.ep} and decision in (1, 2)`);
    expect(decided[0]).toEqual({ n: 1 });
  });

  it('20 parallel approvals of a first step: the step moves on once, the others are no longer its approvers', async () => {
    const tm = await team(t);
    await flow(tm, 'order_complete', [[tm.dispatcher], [tm.admin]]);
    const id = await awaitingCompletion(tm);
    const answers = await race(20, () => examine(tm.dispatcher.client, id, 1));
    expect(tally(answers)).toEqual({ ok: 1, [NOT_APPROVER]: 19 });
    expect((await instancesOf(tm.ep, id))[0]).toMatchObject({ state: 0, step: 1 });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 7, examine_result: 0, version: 1 });
  });

  it('another enterprise’s order id is not found and changes nothing', async () => {
    const tm = await team(t);
    const other = await team(t);
    await flow(tm, 'order_complete', [[tm.dispatcher]]);
    const id = await awaitingCompletion(tm);
    for (const c of [other.admin.client, other.dispatcher.client]) {
      expect((await examine(c, id, 1)).code).toBe('NOT_FOUND');
      expect((await c.send(D.orderDetail, { orderId: id })).code).toBe('NOT_FOUND');
    }
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 7, examine_result: 0, version: 1 });
    expect((await instancesOf(tm.ep, id))[0]).toMatchObject({ state: 0, step: 0 });
  });

  it('a flow’s approver off the order and without the 审核 power opens it and decides while his task is open', async () => {
    const tm = await team(t);
    // The employee (role 4) holds neither 审核 nor 审批处理 and is not on the order.
    await flow(tm, 'order_complete', [[tm.employee]]);
    const id = await orderIn(t, tm, 4, { process: { completeApproval: true }, created_by: tm.dispatcher.id });
    await tm.engineer.client.send(K.applyEndService, { orderId: id });
    expect((await tm.employee.client.send(D.orderDetail, { orderId: id })).success).toBe(true);
    expect((await tm.engineer2.client.send(D.orderDetail, { orderId: id })).code).toBe('NOT_FOUND');
    expect((await examine(tm.engineer2.client, id, 1)).code).toBe('NOT_FOUND');
    expect((await examine(tm.employee.client, id, 1)).data).toEqual({ id, state: 5 });
    // Decided: the order is out of his sight again.
    expect((await tm.employee.client.send(D.orderDetail, { orderId: id })).code).toBe('NOT_FOUND');
  });

  it('an order sent to the recycle bin closes its instance; restored, it waits on a new one', async () => {
    const tm = await team(t);
    await flow(tm, 'order_complete', [[tm.dispatcher]]);
    const id = await awaitingCompletion(tm);
    expect((await tm.admin.client.send(K.delAllOrder, { orderIds: [id] })).success).toBe(true);
    expect((await instancesOf(tm.ep, id)).map((i) => i.state)).toEqual([3]);
    expect(await examineTab(tm.dispatcher.client)).toEqual([]);
    expect((await tm.admin.client.send(K.restore, { orderIds: [id] })).success).toBe(true);
    expect(await instancesOf(tm.ep, id)).toMatchObject([{ state: 3 }, { state: 0, applicant_id: tm.engineer.id }]);
    expect(await examineTab(tm.dispatcher.client)).toEqual([id]);
    // Approved in 审批处理 instead of the order page: the same end, the order completes.
    const again = (await instancesOf(tm.ep, id))[1];
    expect((await tm.dispatcher.client.call(A.approve, { id: Number(again?.id) })).data).toEqual({ state: 1, step: 0 });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 5, examine_result: 1, complete_examine_operator_id: tm.dispatcher.id });
  });
});

describe('without a matching flow', () => {
  it('the process’s one-step examine stays: no instance, the dispatcher decides at once', async () => {
    const tm = await team(t);
    // A flow of another kind does not apply to the completion approval.
    await flow(tm, 'order_receipt', [[tm.admin]]);
    const id = await awaitingCompletion(tm);
    expect(await instancesOf(tm.ep, id)).toEqual([]);
    expect(await examineTab(tm.admin.client)).toEqual([id]);
    expect((await examine(tm.dispatcher.client, id, 1)).data).toEqual({ id, state: 5 });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ examine_result: 1, complete_examine_operator_id: tm.dispatcher.id });
  });

  it('nobody examines what he submitted: the administrator who applied is refused, another approver decides', async () => {
    const tm = await team(t);
    const id = await awaitingCompletion(tm, tm.admin.client);
    expect((await examine(tm.admin.client, id, 1)).message).toBe(OWN);
    expect((await tm.admin.client.send(D.orderDetail, { orderId: id })).data.abilities).not.toContain('approve');
    expect((await orderRow(t, tm.ep, id)).state).toBe(7);
    expect((await examine(tm.dispatcher.client, id, 1)).data?.state).toBe(5);

    // 创建审核: the creator is the applicant.
    const created = await orderIn(t, tm, 7, { examine_type: 1, examine_result: 0, created_by: tm.dispatcher.id });
    expect((await tm.dispatcher.client.send(K.examine, { orderId: created, examineType: 1, result: 1 })).message).toBe(OWN);
    expect((await tm.admin.client.send(K.examine, { orderId: created, examineType: 1, result: 1 })).data?.state).toBe(1);
  });
});

describe('创建审核 and 收款审核 on the engine', () => {
  it('a new order of a type asking for creation approval waits on the flow; its creator is the applicant; a cancel closes the instance', async () => {
    const tm = await team(t);
    const tid = (await ensureDefaultTemplate(t.deps.db, tm.ep, 1)).id;
    expect((await tm.admin.client.call(P.publish, { tid, process: { ...DEFAULT_ORDER_PROCESS, createApproval: true } })).success).toBe(true);
    await flow(tm, 'order_create', [[tm.admin]]);
    const add = async () =>
      (await tm.dispatcher.client.call(O.add, { customerId: await newCustomer(tm.admin.client), title: '空调不制冷', priority: 1 })).data.id as number;
    const id = await add();
    expect(await instancesOf(tm.ep, id)).toMatchObject([{ kind: 'order_create', state: 0, applicant_id: tm.dispatcher.id }]);
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).message).toBe(OWN);
    expect((await tm.admin.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).data).toEqual({ id, state: 1 });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, examine_result: 1, create_examine_operator_id: tm.admin.id });

    const cancelled = await add();
    expect((await tm.admin.client.call(A.counts, {})).data.todo).toBe(1);
    expect((await tm.dispatcher.client.send(K.cancel, { orderId: cancelled, reason: '客户不需要了' })).data?.state).toBe(6);
    expect(await instancesOf(tm.ep, cancelled)).toMatchObject([{ state: 3 }]);
    expect((await tm.admin.client.call(A.counts, {})).data.todo).toBe(0);
    const [last] = await rows(
      t.deps.db,
      sql`select l.action, l.note from approval_logs l join approval_instances i on i.id = l.instance_id
      where i.enterprise_id = ${tm.ep} and i.doc_id = ${cancelled} order by l.id desc limit 1`,
    );
    expect(last).toEqual({ action: 'withdraw', note: '工单已取消' });
  });

  it('收款审核 carries the collected amount: a flow from 100 takes 500 over, 50 stays with the one-step examine', async () => {
    const tm = await team(t);
    await flow(tm, 'order_collection', [[tm.admin]], { minAmount: 100 });
    const collected = async (amount: number) => {
      const id = await orderIn(t, tm, 5, { process: { collectionApproval: true } });
      expect((await tm.engineer.client.send(K.collect, { orderId: id, paymentMethod: 1, amount })).success).toBe(true);
      return id;
    };
    const small = await collected(50);
    const big = await collected(500);
    expect(await instancesOf(tm.ep, small)).toEqual([]);
    const [inst] = await rows(t.deps.db, sql`select amount::float as amount, kind from approval_instances where enterprise_id = ${tm.ep} and doc_id = ${big}`);
    expect(inst).toEqual({ amount: 500, kind: 'order_collection' });
    expect((await tm.admin.client.send(K.examine, { orderId: big, examineType: 4, result: 2, note: '金额不对' })).data).toEqual({ id: big, state: 5 });
    expect(await orderRow(t, tm.ep, big)).toMatchObject({ examine_result: 2, paid_at: null });
    expect((await tm.dispatcher.client.send(K.examine, { orderId: small, examineType: 4, result: 1 })).data?.state).toBe(5);
  });
});
