import { approvalsContract as C, badgeCountContract as B } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, makeEnterprise, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { AppError } from '../../platform/errors';
import { startApproval, type StartInput } from './engine';
import { type ApprovalEnd, onApprovalEnd } from '../../platform/signals';

let t: TestApp;
const ended: ApprovalEnd[] = [];
let offEnd: () => void;
beforeAll(async () => {
  t = await createTestApp();
  // The test stands in for an owning area: it records every end and refuses to move document 999.
  offEnd = onApprovalEnd('order_receipt', async (tx, end) => {
    if (end.docId === 999) throw new AppError('VALIDATION', { detail: '单据已变更，不能通过' });
    await tx.execute(sql`select 1`);
    ended.push(end);
  });
});
afterAll(async () => {
  offEnd();
  await t.close();
});

interface Person {
  id: number;
  client: Client;
}
const person = async (ep: number, roles: number[], o: { deptId?: number } = {}): Promise<Person> => {
  const u = await makeUser(t.deps.db, ep, { roles, ...o });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep) };
};

/** An enterprise: an administrator, an applicant (engineer) and four approvers. */
async function team() {
  const ep = await makeEnterprise(t.deps.db);
  const admin = await person(ep, [3]);
  const applicant = await person(ep, [2]);
  const [b, c, d, e] = await Promise.all([person(ep, [1]), person(ep, [1]), person(ep, [1]), person(ep, [1])]);
  return { ep, admin, applicant, b: b as Person, c: c as Person, d: d as Person, e: e as Person };
}
type Team = Awaited<ReturnType<typeof team>>;

let docSeq = 1000;
const start = (tm: Team, o: Partial<StartInput> = {}) =>
  startApproval(t.deps.db, { enterpriseId: tm.ep, kind: 'order_receipt', docId: ++docSeq, applicantId: tm.applicant.id, docNo: `D${docSeq}`, ...o });

const users = (...p: Person[]) => ({ type: 'user', ids: p.map((x) => x.id) });
async function flow(tm: Team, steps: { mode: 'one' | 'all' | 'any'; who: Person[] }[], o: Record<string, unknown> = {}) {
  const r = await tm.admin.client.call(C.flowSave, {
    kind: 'order_receipt',
    name: '回单审批',
    steps: steps.map((s, i) => ({ name: `第${i + 1}步`, mode: s.mode, approvers: [users(...s.who)] })),
    ...o,
  });
  expect(r.message).toBe('保存成功');
  return r.data as { id: number; version: number };
}

const instance = async (id: number) => (await rows(t.deps.db, sql`select state, step, flow_version from approval_instances where id = ${id}`))[0];
const logOf = async (id: number) =>
  rows(t.deps.db, sql`select action, from_state, to_state, user_id::int as user_id, changed from approval_logs where instance_id = ${id} order by id`);
const noticesOf = async (userId: number) => rows(t.deps.db, sql`select kind, title, link from notices where user_id = ${userId} order by id`);

describe('flows', () => {
  it('one approver: only he decides; the end runs the area’s handler; notices go to the approver and the applicant', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const inst = await start(tm);
    expect(inst).toMatchObject({ state: 0, step: 0 });
    const id = inst?.id as number;
    expect((await tm.b.client.call(C.counts)).data).toEqual({ todo: 1, done: 0, mine: 0 });
    expect((await tm.applicant.client.call(C.counts)).data).toEqual({ todo: 0, done: 0, mine: 1 });
    const c = await tm.c.client.call(C.approve, { id });
    expect(c).toMatchObject({ success: false, message: '您不是当前步骤的审批人，不能审批' });
    expect(await instance(id)).toMatchObject({ state: 0, step: 0 });

    expect((await noticesOf(tm.b.id))[0]).toMatchObject({ kind: 'approval_todo', link: `/approvalProcess?id=${id}` });
    const ok = await tm.b.client.call(C.approve, { id, comment: '同意' });
    expect(ok).toMatchObject({ success: true, message: '审批成功', data: { state: 1 } });
    expect(ended.filter((x) => x.instanceId === id)).toMatchObject([{ result: 1, docId: docSeq, actorId: tm.b.id }]);
    expect((await noticesOf(tm.applicant.id)).map((n) => n.title)).toEqual([`审批已通过：工单回单审批 D${docSeq}`]);
    expect((await tm.b.client.call(C.counts)).data).toEqual({ todo: 0, done: 1, mine: 0 });
    const done = await tm.b.client.call(C.list, { box: 'done', pageIndex: 0, pageSize: 10 });
    expect(done.data.list).toMatchObject([{ id, state: 1, stateName: '已通过', kindName: '工单回单审批', link: `/allOrder/orderDetail/${docSeq}` }]);
  });

  it('the 审批处理 badge and home’s to-do count the approvals waiting for me, and drop when I decide', async () => {
    const tm = await team();
    const keeper = await person(tm.ep, [9]);
    await flow(tm, [{ mode: 'one', who: [keeper] }]);
    const first = await start(tm);
    await start(tm);
    const badge = async (p: Person) => ((await p.client.send(B.mobileCount)).data as Record<string, number>).ApprovalProcess;
    expect(await badge(keeper)).toBe(2);
    expect((await keeper.client.send(B.waitToDoList)).data).toContainEqual(
      expect.objectContaining({ routerName: 'ApprovalProcess', path: '/approvalProcess', count: 2 }),
    );
    await keeper.client.call(C.approve, { id: first?.id as number });
    expect(await badge(keeper)).toBe(1);
    expect((await tm.applicant.client.send(B.approvalTodoCount)).data).toBe(0);
  });

  it('a document’s own page reads its flow: the latest instance for those taking part, null without one, nothing for others', async () => {
    const tm = await team();
    const other = await team();
    await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const inst = await start(tm);
    const docId = docSeq;
    await tm.b.client.call(C.approve, { id: inst?.id as number, comment: '同意' });
    // The applicant (an engineer without 审批处理) sees the flow of his document with its log.
    const mine = await tm.applicant.client.call(C.documentFlow, { kind: 'order_receipt', docId });
    expect(mine.data).toMatchObject({ id: inst?.id, state: 1 });
    expect(mine.data?.log.map((l: { action: string }) => l.action)).toEqual(['start', 'approve']);
    expect((await tm.applicant.client.call(C.documentFlow, { kind: 'order_receipt', docId: docId + 5000 })).data).toBeNull();
    expect((await tm.c.client.call(C.documentFlow, { kind: 'order_receipt', docId })).code).toBe('NOT_FOUND');
    expect((await other.admin.client.call(C.documentFlow, { kind: 'order_receipt', docId })).data).toBeNull();
  });

  it('all-of then any-of: each approver counts once, the step completes with the last; any-of closes with the first', async () => {
    const tm = await team();
    await flow(tm, [
      { mode: 'all', who: [tm.b, tm.c] },
      { mode: 'any', who: [tm.d, tm.e] },
    ]);
    const id = (await start(tm))?.id as number;
    expect((await tm.b.client.call(C.approve, { id })).data).toEqual({ state: 0, step: 0 });
    expect((await tm.b.client.call(C.approve, { id })).message).toBe('您不是当前步骤的审批人，不能审批');
    expect((await tm.d.client.call(C.approve, { id })).message).toBe('您不是当前步骤的审批人，不能审批');
    expect((await noticesOf(tm.d.id)).length).toBe(0);
    expect((await tm.c.client.call(C.approve, { id })).data).toEqual({ state: 0, step: 1 });
    expect((await noticesOf(tm.d.id)).map((n) => n.kind)).toEqual(['approval_todo']);
    expect((await tm.e.client.call(C.approve, { id })).data).toEqual({ state: 1, step: 1 });
    expect((await tm.d.client.call(C.approve, { id })).message).toBe('该审批已结束');
    const detail = (await tm.d.client.call(C.detail, { id })).data;
    const decisions = new Map(detail.tasks.map((x: { userId: number; decision: number | null }) => [x.userId, x.decision]));
    expect([tm.b, tm.c, tm.d, tm.e].map((p) => decisions.get(p.id))).toEqual([1, 1, 3, 1]);
  });

  it('conditions on amount and type choose the flow; no flow means no approval', async () => {
    const tm = await team();
    await tm.admin.client.call(C.flowSave, {
      kind: 'spare_doc',
      name: '大额',
      sort: 1,
      minAmount: 1000,
      steps: [{ name: '总监', mode: 'one', approvers: [users(tm.c)] }],
    });
    await tm.admin.client.call(C.flowSave, {
      kind: 'spare_doc',
      name: '报废',
      sort: 2,
      docTypes: [4],
      steps: [{ name: '仓管', mode: 'one', approvers: [users(tm.d)] }],
    });
    await tm.admin.client.call(C.flowSave, { kind: 'spare_doc', name: '其他', sort: 3, steps: [{ name: '主管', mode: 'one', approvers: [users(tm.b)] }] });
    const big = await start(tm, { kind: 'spare_doc', amount: 5000, docType: 4 });
    const scrap = await start(tm, { kind: 'spare_doc', amount: 10, docType: 4 });
    const other = await start(tm, { kind: 'spare_doc', amount: 10, docType: 1 });
    const todo = async (p: Person) => (await p.client.call(C.list, { box: 'todo', pageIndex: 0, pageSize: 10 })).data.list.map((r: { id: number }) => r.id);
    expect(await todo(tm.c)).toEqual([big?.id]);
    expect(await todo(tm.d)).toEqual([scrap?.id]);
    expect(await todo(tm.b)).toEqual([other?.id]);
    expect(await start(tm, { kind: 'project_task' })).toBeNull();
    const bad = await tm.admin.client.call(C.flowSave, {
      kind: 'project_task',
      name: 'x',
      minAmount: 1,
      steps: [{ name: 'a', mode: 'one', approvers: [users(tm.b)] }],
    });
    expect(bad.message).toBe('金额条件：项目任务审批不支持按金额选择流程');
    const crossed = await tm.admin.client.call(C.flowSave, {
      kind: 'spare_doc',
      name: 'x',
      minAmount: 5,
      maxAmount: 1,
      steps: [{ name: 'a', mode: 'one', approvers: [users(tm.b)] }],
    });
    expect(crossed.message).toContain('最小金额必须小于最大金额');
  });

  it('an edited flow makes a new version; a waiting document keeps the version it started with', async () => {
    const tm = await team();
    const f = await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const first = (await start(tm))?.id as number;
    const edited = await flow(tm, [{ mode: 'one', who: [tm.c] }], { id: f.id });
    expect(edited).toEqual({ id: f.id, version: 2 });
    expect((await flow(tm, [{ mode: 'one', who: [tm.c] }], { id: f.id, name: '改名' })).version).toBe(2);
    // The list names the members a flow names (the page shows people, not ids).
    const listed = (await tm.admin.client.call(C.flowList, {})).data.list[0];
    const cName = (await rows<{ name: string }>(t.deps.db, sql`select name from users where id = ${tm.c.id}`))[0]?.name;
    expect(listed).toMatchObject({ version: 2, people: { [tm.c.id]: cName } });
    const second = (await start(tm))?.id as number;
    expect(await instance(first)).toMatchObject({ flow_version: 1 });
    expect(await instance(second)).toMatchObject({ flow_version: 2 });
    expect((await tm.c.client.call(C.approve, { id: first })).success).toBe(false);
    expect((await tm.b.client.call(C.approve, { id: first })).data.state).toBe(1);
    expect((await tm.b.client.call(C.approve, { id: second })).success).toBe(false);
    expect((await tm.c.client.call(C.approve, { id: second })).data.state).toBe(1);
    // Deleting the flow stops new documents from needing it, and leaves the pinned ones alone.
    const third = (await start(tm))?.id as number;
    expect((await tm.admin.client.call(C.flowRemove, { id: f.id })).message).toBe('删除成功');
    expect(await start(tm)).toBeNull();
    expect((await tm.c.client.call(C.approve, { id: third })).data.state).toBe(1);
  });
});

describe('decisions', () => {
  it('reject needs a comment; withdraw is the applicant’s; an ended approval takes nothing more', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const id = (await start(tm))?.id as number;
    const empty = await tm.b.client.call(C.reject, { id, comment: ' ' });
    expect(empty).toMatchObject({ success: false, code: 'VALIDATION', message: '驳回理由：请输入驳回理由' });
    expect((await tm.b.client.call(C.reject, { id, comment: '数量不对' })).data.state).toBe(2);
    expect(ended.filter((x) => x.instanceId === id)).toMatchObject([{ result: 2, comment: '数量不对' }]);
    expect((await noticesOf(tm.applicant.id)).at(-1)?.title).toContain('审批已驳回');

    const id2 = (await start(tm))?.id as number;
    expect((await tm.b.client.call(C.withdraw, { id: id2 })).message).toBe('只有申请人可以撤回审批');
    expect((await tm.applicant.client.call(C.withdraw, { id: id2 })).data.state).toBe(3);
    expect((await tm.b.client.call(C.approve, { id: id2 })).message).toBe('该审批已结束');
    expect((await tm.b.client.call(C.counts)).data.todo).toBe(0);
    expect((await logOf(id2)).map((l) => [l.action, l.from_state, l.to_state])).toEqual([
      ['start', null, 0],
      ['withdraw', 0, 3],
    ]);
  });

  it('the area’s handler refusing the end rolls the decision back', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const inst = await startApproval(t.deps.db, { enterpriseId: tm.ep, kind: 'order_receipt', docId: 999, applicantId: tm.applicant.id });
    const r = await tm.b.client.call(C.approve, { id: inst?.id as number });
    expect(r).toMatchObject({ success: false, message: '单据已变更，不能通过' });
    expect(await instance(inst?.id as number)).toMatchObject({ state: 0 });
    expect((await logOf(inst?.id as number)).length).toBe(1);
  });

  it('transfer hands the step to a colleague; the log keeps it', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const id = (await start(tm))?.id as number;
    expect((await tm.c.client.call(C.transfer, { id, userId: tm.d.id })).message).toBe('您不是当前步骤的审批人，不能审批');
    expect((await tm.b.client.call(C.transfer, { id, userId: tm.b.id })).message).toBe('转交人：不能转交给自己');
    const r = await tm.b.client.call(C.transfer, { id, userId: tm.c.id, comment: '出差' });
    expect(r).toMatchObject({ success: true, message: '转交成功', data: { state: 0, step: 0 } });
    expect((await tm.b.client.call(C.approve, { id })).success).toBe(false);
    expect((await noticesOf(tm.c.id)).map((n) => n.kind)).toEqual(['approval_todo']);
    expect((await tm.c.client.call(C.approve, { id })).data.state).toBe(1);
    const log = await logOf(id);
    expect(log.map((l) => [l.action, l.user_id])).toEqual([
      ['start', tm.applicant.id],
      ['transfer', tm.b.id],
      ['approve', tm.c.id],
    ]);
    expect((log[1]?.changed as { last_act?: { transferTo: number } } | undefined)?.last_act?.transferTo).toBe(tm.c.id);
  });

  it('a delegate decides inside the window (the log names both) and has no power outside it', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const id = (await start(tm))?.id as number;
    const fmt = (ms: number) => new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    // A window that starts tomorrow gives no power today.
    await tm.b.client.call(C.delegationSave, { delegateId: tm.d.id, startsAt: fmt(86400_000), endsAt: fmt(2 * 86400_000) });
    expect((await tm.d.client.call(C.approve, { id })).message).toBe('您不是当前步骤的审批人，不能审批');
    expect((await tm.d.client.call(C.counts)).data.todo).toBe(0);
    const bad = await tm.b.client.call(C.delegationSave, { delegateId: tm.d.id, startsAt: fmt(3600_000), endsAt: fmt(-3600_000) });
    expect(bad.message).toBe('结束时间：结束时间必须晚于开始时间');
    const w = await tm.b.client.call(C.delegationSave, { delegateId: tm.d.id, startsAt: fmt(-3600_000), endsAt: fmt(3600_000) });
    expect(w.success).toBe(true);
    expect((await tm.d.client.call(C.counts)).data.todo).toBe(1);
    expect((await tm.d.client.call(C.approve, { id, comment: '代批' })).data.state).toBe(1);
    const detail = (await tm.b.client.call(C.detail, { id })).data;
    expect(detail.log.at(-1)).toMatchObject({ action: 'approve', userId: tm.d.id, onBehalfOf: tm.b.id, comment: '代批' });
    expect(detail.tasks).toMatchObject([{ userId: tm.b.id, actedBy: tm.d.id, decision: 1 }]);
    // The window closed: no more power.
    const id2 = (await start(tm))?.id as number;
    await t.deps.db.execute(
      sql`update approval_delegations set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${w.data.id}`,
    );
    expect((await tm.d.client.call(C.approve, { id: id2 })).message).toBe('您不是当前步骤的审批人，不能审批');
    expect(await instance(id2)).toMatchObject({ state: 0 });
  });
});

describe('boundaries', () => {
  it('another enterprise’s ids answer not found and change nothing', async () => {
    const tm = await team();
    const other = await team();
    const f = await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const id = (await start(tm))?.id as number;
    for (const p of [other.admin, other.b]) {
      expect((await p.client.call(C.approve, { id })).code).toBe('NOT_FOUND');
      expect((await p.client.call(C.reject, { id, comment: 'x' })).code).toBe('NOT_FOUND');
      expect((await p.client.call(C.withdraw, { id })).code).toBe('NOT_FOUND');
      expect((await p.client.call(C.transfer, { id, userId: other.c.id })).code).toBe('NOT_FOUND');
      expect((await p.client.call(C.detail, { id })).code).toBe('NOT_FOUND');
    }
    expect(
      (
        await other.admin.client.call(C.flowSave, {
          id: f.id,
          kind: 'order_receipt',
          name: 'x',
          steps: [{ name: 'a', mode: 'one', approvers: [users(other.b)] }],
        })
      ).code,
    ).toBe('NOT_FOUND');
    expect((await other.admin.client.call(C.flowRemove, { id: f.id })).code).toBe('NOT_FOUND');
    // Naming a user of this enterprise in the other's flow is refused.
    expect(
      (await other.admin.client.call(C.flowSave, { kind: 'order_receipt', name: 'x', steps: [{ name: 'a', mode: 'one', approvers: [users(tm.b)] }] })).message,
    ).toBe('审批人：所选成员不存在或已删除');
    expect((await other.admin.client.call(C.flowList, {})).data.count).toBe(0);
    expect(await instance(id)).toMatchObject({ state: 0, step: 0, flow_version: 1 });
    expect((await logOf(id)).length).toBe(1);
    expect((await rows(t.deps.db, sql`select version from approval_flows where id = ${f.id}`))[0]).toEqual({ version: 1 });
  });

  it('missing power: flow settings need 审批流程设置; the inbox needs 审批处理', async () => {
    const tm = await team();
    const plain = await person(tm.ep, [4]);
    expect((await plain.client.call(C.list, { box: 'todo', pageIndex: 0, pageSize: 10 })).code).toBe('NO_POWER');
    expect((await plain.client.call(C.counts)).code).toBe('NO_POWER');
    expect((await tm.b.client.call(C.flowSave, { kind: 'order_receipt', name: 'x', steps: [{ name: 'a', mode: 'one', approvers: [users(tm.b)] }] })).code).toBe(
      'NO_POWER',
    );
    expect((await tm.b.client.call(C.flowList, {})).code).toBe('NO_POWER');
    expect((await rows(t.deps.db, sql`select 1 from approval_flows where enterprise_id = ${tm.ep}`)).length).toBe(0);
  });

  it('role, responsible person and department head approvers; nobody found falls back to the administrators', async () => {
    const tm = await team();
    const [dept] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into departments (enterprise_id, name) values (${tm.ep}, '售后部') returning id::int as id`,
    );
    const applicant = await person(tm.ep, [2], { deptId: dept?.id });
    expect((await tm.admin.client.call(C.deptHeadSave, { deptId: dept?.id, userId: tm.e.id })).success).toBe(true);
    await tm.admin.client.call(C.flowSave, {
      kind: 'order_receipt',
      name: '多种审批人',
      steps: [
        { name: '负责人', mode: 'one', approvers: [{ type: 'responsible' }] },
        { name: '部门主管', mode: 'one', approvers: [{ type: 'deptHead' }] },
        { name: '派单员', mode: 'any', approvers: [{ type: 'role', ids: [5] }] },
      ],
    });
    const id = (await start(tm, { applicantId: applicant.id, responsibleId: tm.d.id }))?.id as number;
    expect((await tm.d.client.call(C.approve, { id })).data.step).toBe(1);
    expect((await tm.e.client.call(C.approve, { id })).data.step).toBe(2);
    // Nobody holds role 5: the administrator approves.
    expect((await tm.b.client.call(C.approve, { id })).success).toBe(false);
    expect((await tm.admin.client.call(C.approve, { id })).data.state).toBe(1);
  });
});

describe('own documents', () => {
  it('the applicant named as an approver gets no task and cannot decide, transfer to, or (alone) hold a step', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'any', who: [tm.applicant, tm.b] }]);
    const inst = await start(tm);
    const id = inst!.id;
    const tasks = await rows<{ user_id: number }>(
      t.deps.db,
      sql`select user_id::int from approval_tasks where enterprise_id = ${tm.ep} and instance_id = ${id}`,
    );
    expect(tasks.map((r) => r.user_id)).toEqual([tm.b.id]);
    const answers = await race(10, () => tm.applicant.client.call(C.approve, { id, comment: '自己同意' }));
    expect(tally(answers)).toEqual({ 不能审批自己提交的单据: 10 });
    expect((await tm.applicant.client.call(C.reject, { id, comment: '自己驳回' })).code).toBe('APPROVAL_OWN_DOCUMENT');
    expect((await tm.b.client.call(C.transfer, { id, userId: tm.applicant.id })).message).toBe('转交人：不能转交给申请人');
    const [row] = await rows<{ state: number; step: number }>(t.deps.db, sql`select state, step from approval_instances where id = ${id}`);
    expect(row).toEqual({ state: 0, step: 0 });
    expect((await tm.b.client.call(C.approve, { id })).data).toEqual({ state: 1, step: 0 });
  });

  it('a step naming only the applicant goes to the administrators, never back to him', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'one', who: [tm.applicant] }]);
    const inst = await start(tm);
    const tasks = await rows<{ user_id: number }>(
      t.deps.db,
      sql`select user_id::int from approval_tasks where enterprise_id = ${tm.ep} and instance_id = ${inst!.id}`,
    );
    expect(tasks.map((r) => r.user_id)).toEqual([tm.admin.id]);
    // An administrator filing his own document is not his own approver either.
    const own = await start(tm, { applicantId: tm.admin.id });
    const adminTasks = await rows<{ user_id: number }>(
      t.deps.db,
      sql`select user_id::int from approval_tasks where enterprise_id = ${tm.ep} and instance_id = ${own!.id}`,
    );
    expect(adminTasks.map((r) => r.user_id)).not.toContain(tm.admin.id);
  });
});

describe('races', () => {
  it('10 parallel edits of one flow, each with other steps: ten new versions, one after another, none lost', async () => {
    const tm = await team();
    const f = await flow(tm, [{ mode: 'one', who: [tm.b] }]);
    const people = [tm.b, tm.c, tm.d, tm.e];
    const answers = await race(10, (i) =>
      tm.admin.client.call(C.flowSave, {
        id: f.id,
        kind: 'order_receipt',
        name: '回单审批',
        steps: [{ name: `第${i}版`, mode: 'one', approvers: [users(people[i % 4] as Person)] }],
      }),
    );
    expect(tally(answers)).toEqual({ ok: 10 });
    expect(answers.map((a) => a.data.version).sort((x: number, y: number) => x - y)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const versions = await rows<{ version: number }>(t.deps.db, sql`select version from approval_flow_versions where flow_id = ${f.id} order by version`);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('20 parallel decisions on one any-of step: exactly one counts', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'any', who: [tm.b, tm.c] }]);
    const id = (await start(tm))?.id as number;
    const answers = await race(20, (i) => (i % 2 ? tm.b : tm.c).client.call(C.approve, { id }));
    expect(tally(answers).ok).toBe(1);
    expect((await logOf(id)).filter((l) => l.action === 'approve').length).toBe(1);
    expect(ended.filter((x) => x.instanceId === id).length).toBe(1);
    expect(await instance(id)).toMatchObject({ state: 1 });
  });

  it('20 parallel approvals on an all-of step of four: each approver counts once, the step completes with the fourth', async () => {
    const tm = await team();
    await flow(tm, [{ mode: 'all', who: [tm.b, tm.c, tm.d, tm.e] }]);
    const id = (await start(tm))?.id as number;
    const who = [tm.b, tm.c, tm.d, tm.e];
    const answers = await race(20, (i) => (who[i % 4] as Person).client.call(C.approve, { id }));
    expect(tally(answers).ok).toBe(4);
    const log = await logOf(id);
    expect(
      log
        .filter((l) => l.action === 'approve')
        .map((l) => l.user_id)
        .sort(),
    ).toEqual(who.map((p) => p.id).sort());
    expect(log.at(-1)).toMatchObject({ to_state: 1 });
    expect(log.slice(1, -1).every((l) => l.to_state === 0)).toBe(true);
    expect(ended.filter((x) => x.instanceId === id).length).toBe(1);
  });
});
