import { approvalsContract as A } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, makeEnterprise, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { newProject, newTemplate, tasksOf } from '../projects/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Person {
  id: number;
  client: Client;
}
const person = async (ep: number, roles: number[]): Promise<Person> => {
  const u = await makeUser(t.deps.db, ep, { roles });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep) };
};

/** An enterprise: an administrator, a director who creates projects, two approvers and an engineer. */
async function team() {
  const ep = await makeEnterprise(t.deps.db);
  const [admin, director, x, y, engineer] = await Promise.all([person(ep, [3]), person(ep, [10]), person(ep, [1]), person(ep, [1]), person(ep, [2])]);
  return { ep, admin: admin as Person, director: director as Person, x: x as Person, y: y as Person, engineer: engineer as Person };
}
type Team = Awaited<ReturnType<typeof team>>;

type Approver = { type: 'user'; ids: number[] } | { type: 'responsible' };
const user = (p: Person): Approver => ({ type: 'user', ids: [p.id] });
async function flow(tm: Team, kind: string, steps: Approver[][]) {
  const r = await tm.admin.client.call(A.flowSave, {
    kind,
    name: `${kind}流程`,
    steps: steps.map((approvers, i) => ({ name: `第${i + 1}步`, mode: 'one', approvers })),
  });
  expect(r.message).toBe('保存成功');
}

const projectRow = async (id: number) =>
  (await rows<{ state: number; approval: string | null }>(t.deps.db, sql`select state, approval from projects where id = ${id}`))[0];
const taskState = async (id: number) => Number((await rows(t.deps.db, sql`select state from project_tasks where id = ${id}`))[0]?.state);
const instanceOf = async (kind: string, docId: number) =>
  (
    await rows<{ id: number; state: number; step: number; applicant_id: number }>(
      t.deps.db,
      sql`select id::int as id, state, step, applicant_id::int as applicant_id from approval_instances where kind = ${kind} and doc_id = ${docId} order by id desc limit 1`,
    )
  )[0];
const logCount = async (table: 'project_logs' | 'project_task_logs', col: 'project_id' | 'task_id', id: number, action: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.deps.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(col)} = ${id} and action = ${action}`,
      )
    )[0]?.n,
  );
const pendingIds = async (p: Person, kind: 'project' | 'task') =>
  ((await p.client.get('/project/examineList', { kind })).data as { id: number }[]).map((r) => r.id);

describe('project approvals on the engine', () => {
  it('creation with a two-step flow: the first step, then the named approver (responsible); the project starts only at the end', async () => {
    const tm = await team();
    await flow(tm, 'project_create', [[user(tm.x)], [{ type: 'responsible' }]]);
    const tpl = await newTemplate(tm.admin.client, { settings: { createApproval: true, createApproverId: tm.y.id } });
    const p = await newProject(tm.director.client, tpl.id);
    expect(p.state).toBe(0);
    const inst = await instanceOf('project_create', p.id);
    expect(inst).toMatchObject({ state: 0, step: 0, applicant_id: tm.director.id });
    // The first step's approver, not named on the project, sees it in his inbox and on 项目审批; the named approver waits for step 2.
    const todo = (await tm.x.client.call(A.list, { box: 'todo', pageIndex: 0, pageSize: 10 })).data.list;
    expect(todo).toMatchObject([{ kind: 'project_create', docId: p.id, link: `/allproject/projectdetails/${p.id}` }]);
    expect(await pendingIds(tm.x, 'project')).toEqual([p.id]);
    expect(await pendingIds(tm.y, 'project')).toEqual([]);
    expect((await tm.y.client.post('/project/examine', { id: p.id, action: 'approve' })).message).toBe('您不是当前步骤的审批人，不能审批');
    // He may open the project to decide, and its page offers him the decision.
    expect((await tm.x.client.get('/project/projectUserPower', { projectId: p.id })).data.abilities).toEqual(['approve', 'reject']);
    const first = await tm.x.client.post('/project/examine', { id: p.id, action: 'approve' });
    expect(first).toMatchObject({ success: true, message: '已同意，等待下一步审批', data: { project_state: 0 } });
    expect(await projectRow(p.id)).toEqual({ state: 0, approval: 'create' });
    expect(await pendingIds(tm.x, 'project')).toEqual([]);
    expect(await pendingIds(tm.y, 'project')).toEqual([p.id]);
    const last = await tm.y.client.post('/project/examine', { id: p.id, action: 'approve' });
    expect(last).toMatchObject({ success: true, message: '审批通过', data: { project_state: 1 } });
    expect(await projectRow(p.id)).toEqual({ state: 1, approval: null });
    expect(await instanceOf('project_create', p.id)).toMatchObject({ state: 1 });
    expect(await logCount('project_logs', 'project_id', p.id, 'approve')).toBe(1);
    // The applicant is told, and his notice opens the project.
    const [notice] = await rows<{ link: string }>(
      t.deps.db,
      sql`select link from notices where user_id = ${tm.director.id} and kind = 'approval_result' order by id desc limit 1`,
    );
    expect(notice?.link).toBe(`/allproject/projectdetails/${p.id}`);
  });

  it('a rejection needs a reason; with one the project stays unapproved (rejected) and the instance ends', async () => {
    const tm = await team();
    await flow(tm, 'project_create', [[user(tm.x)]]);
    const tpl = await newTemplate(tm.admin.client, { settings: { createApproval: true } });
    const p = await newProject(tm.director.client, tpl.id);
    const bare = await tm.x.client.post('/project/examine', { id: p.id, action: 'reject' });
    expect(bare).toMatchObject({ success: false, message: '请输入驳回理由' });
    expect(await projectRow(p.id)).toEqual({ state: 0, approval: 'create' });
    expect(await instanceOf('project_create', p.id)).toMatchObject({ state: 0 });
    const r = await tm.x.client.post('/project/examine', { id: p.id, action: 'reject', note: '预算未批' });
    expect(r).toMatchObject({ success: true, message: '已驳回', data: { project_state: 0 } });
    expect(await projectRow(p.id)).toEqual({ state: 0, approval: 'rejected' });
    expect(await instanceOf('project_create', p.id)).toMatchObject({ state: 2 });
    const [log] = await rows<{ note: string }>(t.deps.db, sql`select note from project_logs where project_id = ${p.id} and action = 'reject'`);
    expect(log?.note).toBe('预算未批');
  });

  it('a task with a two-step flow: the principal submits, step one, then the task’s named approver; the project completes', async () => {
    const tm = await team();
    await flow(tm, 'project_task', [[user(tm.x)], [{ type: 'responsible' }]]);
    const tpl = await newTemplate(tm.admin.client, {
      stages: [{ name: '验收', tasks: [{ name: '客户验收', principalId: tm.engineer.id, needApproval: true, approverId: tm.y.id }] }],
    });
    const p = await newProject(tm.admin.client, tpl.id);
    const [task] = await tasksOf(tm.engineer.client, p.id);
    const sent = await tm.engineer.client.post('/project/progress/taskFinish', { id: task!.id });
    expect(sent).toMatchObject({ message: '已提交审批', data: { state: 3 } });
    expect(await instanceOf('project_task', task!.id)).toMatchObject({ state: 0, step: 0, applicant_id: tm.engineer.id });
    // The principal submitted it: he cannot decide it.
    expect((await tm.engineer.client.post('/project/progress/taskAction', { id: task!.id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    // The named approver waits for his step; the first step's approver sees the task and decides it.
    expect((await tm.y.client.post('/project/progress/taskAction', { id: task!.id, action: 'approve' })).message).toBe('您不是当前步骤的审批人，不能审批');
    expect(await pendingIds(tm.x, 'task')).toEqual([task!.id]);
    expect((await tasksOf(tm.x.client, p.id))[0]!.abilities).toEqual(['approve', 'reject']);
    const first = await tm.x.client.post('/project/progress/taskAction', { id: task!.id, action: 'approve' });
    expect(first).toMatchObject({ message: '已同意，等待下一步审批', data: { state: 3, progress_speed: 0 } });
    expect(await pendingIds(tm.y, 'task')).toEqual([task!.id]);
    const last = await tm.y.client.post('/project/progress/taskAction', { id: task!.id, action: 'approve' });
    expect(last).toMatchObject({ message: '审批通过', data: { state: 1, progress_speed: 100 } });
    expect(await projectRow(p.id)).toEqual({ state: 2, approval: null });
    expect(await logCount('project_task_logs', 'task_id', task!.id, 'approve')).toBe(1);
  });

  it('a task rejected through the engine needs a reason and goes back to unfinished; it may be submitted again', async () => {
    const tm = await team();
    await flow(tm, 'project_task', [[user(tm.x)]]);
    const tpl = await newTemplate(tm.admin.client, { stages: [{ name: '施工', tasks: [{ name: '布线', principalId: tm.engineer.id, needApproval: true }] }] });
    const p = await newProject(tm.admin.client, tpl.id);
    const [task] = await tasksOf(tm.engineer.client, p.id);
    await tm.engineer.client.post('/project/progress/taskFinish', { id: task!.id });
    expect((await tm.x.client.post('/project/progress/taskAction', { id: task!.id, action: 'reject' })).message).toBe('请输入驳回理由');
    expect(await taskState(task!.id)).toBe(3);
    expect((await tm.x.client.post('/project/progress/taskAction', { id: task!.id, action: 'reject', note: '照片不清楚' })).data.state).toBe(0);
    expect(await instanceOf('project_task', task!.id)).toMatchObject({ state: 2 });
    await tm.engineer.client.post('/project/progress/taskFinish', { id: task!.id });
    expect(await instanceOf('project_task', task!.id)).toMatchObject({ state: 0, step: 0 });
  });

  it('finish approval: the last task starts the flow; the applicant withdrawing puts the project back in progress', async () => {
    const tm = await team();
    await flow(tm, 'project_finish', [[user(tm.x)]]);
    const tpl = await newTemplate(tm.admin.client, {
      settings: { finishApproval: true, finishApproverId: tm.y.id },
      stages: [{ name: '一', tasks: [{ name: '任务' }] }],
    });
    const p = await newProject(tm.director.client, tpl.id);
    const [task] = await tasksOf(tm.director.client, p.id);
    await tm.director.client.post('/project/progress/taskFinish', { id: task!.id });
    expect(await projectRow(p.id)).toEqual({ state: 1, approval: 'finish' });
    const inst = await instanceOf('project_finish', p.id);
    expect(inst).toMatchObject({ state: 0, applicant_id: tm.director.id });
    expect(await pendingIds(tm.x, 'project')).toEqual([p.id]);
    expect((await tm.director.client.call(A.withdraw, { id: inst!.id })).success).toBe(true);
    expect(await projectRow(p.id)).toEqual({ state: 1, approval: null });
    expect(await pendingIds(tm.x, 'project')).toEqual([]);
  });

  it('20 parallel decisions of one project through the engine: one decides, one log row each', async () => {
    const tm = await team();
    await flow(tm, 'project_create', [[user(tm.x)]]);
    const tpl = await newTemplate(tm.admin.client, { settings: { createApproval: true } });
    const p = await newProject(tm.director.client, tpl.id);
    const answers = await race(20, (i) =>
      tm.x.client.post('/project/examine', { id: p.id, action: i % 2 ? 'approve' : 'reject', note: i % 2 ? null : '不同意' }),
    );
    expect(tally(answers).ok).toBe(1);
    const decided = (await projectRow(p.id))!;
    expect(decided.state === 1 ? decided.approval : decided.approval).toBe(decided.state === 1 ? null : 'rejected');
    expect((await logCount('project_logs', 'project_id', p.id, 'approve')) + (await logCount('project_logs', 'project_id', p.id, 'reject'))).toBe(1);
    const inst = (await instanceOf('project_create', p.id))!;
    const [n] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from approval_logs where instance_id = ${inst.id} and action in ('approve', 'reject')`,
    );
    expect(n?.n).toBe(1);
  });

  it('another enterprise’s administrator: its project and its instance are not found, and nothing changes', async () => {
    const tm = await team();
    const other = await team();
    await flow(tm, 'project_create', [[user(tm.x)]]);
    const tpl = await newTemplate(tm.admin.client, { settings: { createApproval: true } });
    const p = await newProject(tm.director.client, tpl.id);
    const inst = (await instanceOf('project_create', p.id))!;
    expect((await other.admin.client.post('/project/examine', { id: p.id, action: 'approve' })).code).toBe('NOT_FOUND');
    expect((await other.admin.client.call(A.approve, { id: inst.id })).code).toBe('NOT_FOUND');
    expect((await other.admin.client.get('/project/examineList', { kind: 'project' })).data).toEqual([]);
    expect(await projectRow(p.id)).toEqual({ state: 0, approval: 'create' });
    expect(await instanceOf('project_create', p.id)).toMatchObject({ state: 0, step: 0 });
  });
});

describe('nobody approves a project or task he submitted', () => {
  it('without a flow: the creator who also manages (an administrator) cannot approve his project; another administrator can', async () => {
    const tm = await team();
    const admin2 = await person(tm.ep, [3]);
    const tpl = await newTemplate(tm.admin.client, { settings: { createApproval: true } });
    const p = await newProject(tm.admin.client, tpl.id);
    expect((await tm.admin.client.get('/project/projectUserPower', { projectId: p.id })).data.abilities).toEqual([]);
    expect(await pendingIds(tm.admin, 'project')).toEqual([]);
    expect((await tm.admin.client.post('/project/examine', { id: p.id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    expect(await projectRow(p.id)).toEqual({ state: 0, approval: 'create' });
    expect(await pendingIds(admin2, 'project')).toEqual([p.id]);
    expect((await admin2.client.post('/project/examine', { id: p.id, action: 'approve' })).data.project_state).toBe(1);
  });

  it('without a flow: the task’s named approver who finished it himself cannot approve it', async () => {
    const tm = await team();
    const tpl = await newTemplate(tm.admin.client, {
      stages: [{ name: '施工', tasks: [{ name: '布线', principalId: tm.x.id, needApproval: true, approverId: tm.x.id }] }],
    });
    const p = await newProject(tm.admin.client, tpl.id);
    const [task] = await tasksOf(tm.x.client, p.id);
    await tm.x.client.post('/project/progress/taskFinish', { id: task!.id });
    expect((await tasksOf(tm.x.client, p.id))[0]!.abilities).not.toContain('approve');
    expect(await pendingIds(tm.x, 'task')).toEqual([]);
    expect((await tm.x.client.post('/project/progress/taskAction', { id: task!.id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    expect(await taskState(task!.id)).toBe(3);
    // An administrator decides it instead.
    expect((await tm.admin.client.post('/project/progress/taskAction', { id: task!.id, action: 'approve' })).data.state).toBe(1);
  });

  it('with a flow whose responsible person is the applicant: he gets no task, the other administrators do', async () => {
    const tm = await team();
    await flow(tm, 'project_create', [[{ type: 'responsible' }]]);
    const tpl = await newTemplate(tm.admin.client, { settings: { createApproval: true, createApproverId: tm.director.id } });
    const p = await newProject(tm.director.client, tpl.id);
    expect(await pendingIds(tm.director, 'project')).toEqual([]);
    expect((await tm.director.client.post('/project/examine', { id: p.id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    expect(await pendingIds(tm.admin, 'project')).toEqual([p.id]);
    expect((await tm.admin.client.post('/project/examine', { id: p.id, action: 'approve' })).data.project_state).toBe(1);
  });
});

describe('approvals and tasks lead to the right place', () => {
  type Entry = { routerName: string; path: string; badge?: string };
  const menuEntries = async (p: Person) =>
    ((await p.client.get('/v2/menu/listV2')).data.groups as { children: Entry[] }[]).flatMap((g) => g.children).map((e) => e.routerName);
  const todo = async (p: Person) => (await p.client.get('/waitToDoList')).data as { routerName: string; path: string; count: number }[];

  it('a named approver whose role lacks 项目审批 finds it in his menu and home to-dos while his approval waits, and decides it', async () => {
    const tm = await team();
    const tpl = await newTemplate(tm.admin.client, { settings: { createApproval: true, createApproverId: tm.y.id } });
    expect(await menuEntries(tm.y)).not.toContain('ProjectExamine');
    const p = await newProject(tm.director.client, tpl.id);
    expect(await menuEntries(tm.y)).toContain('ProjectExamine');
    expect((await todo(tm.y)).filter((x) => x.routerName.startsWith('Project'))).toEqual([
      { routerName: 'ProjectExamine', name: '项目审批', path: '/projectexamine', badge: '/project/examineCount?kind=project', count: 1 },
    ]);
    // Others with nothing waiting get neither the entry nor the to-do.
    expect(await menuEntries(tm.x)).not.toContain('ProjectExamine');
    expect((await tm.y.client.post('/project/examine', { id: p.id, action: 'approve' })).data.project_state).toBe(1);
    expect((await todo(tm.y)).some((x) => x.routerName === 'ProjectExamine')).toBe(false);
  });

  it('without a flow the named approver is notified (creation → 项目审批, task → the task page); a self-submitted task notifies nobody', async () => {
    const tm = await team();
    const notices = async (p: Person) =>
      rows<{ kind: string; title: string; link: string }>(t.deps.db, sql`select kind, title, link from notices where user_id = ${p.id} order by id`);
    const tpl = await newTemplate(tm.admin.client, {
      settings: { createApproval: true, createApproverId: tm.y.id },
      stages: [
        {
          name: '验收',
          tasks: [
            { name: '客户验收', principalId: tm.engineer.id, needApproval: true, approverId: tm.x.id },
            { name: '自验', principalId: tm.x.id, needApproval: true, approverId: tm.x.id },
          ],
        },
      ],
    });
    const p = await newProject(tm.director.client, tpl.id);
    expect(await notices(tm.y)).toEqual([{ kind: 'approval_todo', title: expect.stringContaining('待审批：项目创建'), link: '/projectexamine' }]);
    expect((await tm.y.client.post('/project/examine', { id: p.id, action: 'approve' })).data.project_state).toBe(1);
    const [task, own] = await tasksOf(tm.engineer.client, p.id);
    await tm.engineer.client.post('/project/progress/taskFinish', { id: task!.id });
    await tm.x.client.post('/project/progress/taskFinish', { id: own!.id });
    expect(await notices(tm.x)).toEqual([{ kind: 'approval_todo', title: expect.stringContaining('客户验收'), link: `/allproject/examine/${task!.id}` }]);
  });

  it('a flow’s approver of a task finds 进度审批 in his menu and to-dos', async () => {
    const tm = await team();
    await flow(tm, 'project_task', [[user(tm.x)]]);
    const tpl = await newTemplate(tm.admin.client, { stages: [{ name: '施工', tasks: [{ name: '布线', principalId: tm.engineer.id, needApproval: true }] }] });
    const p = await newProject(tm.admin.client, tpl.id);
    const [task] = await tasksOf(tm.engineer.client, p.id);
    await tm.engineer.client.post('/project/progress/taskFinish', { id: task!.id });
    expect(await menuEntries(tm.x)).toContain('ProjectPlanExamine');
    expect((await todo(tm.x)).find((x) => x.routerName === 'ProjectPlanExamine')).toMatchObject({ path: '/projectplanexamine', count: 1 });
  });

  it('a task’s principal reaches his open tasks from 我的任务 (menu, home to-do, list linking to the project)', async () => {
    const tm = await team();
    const other = await team();
    const tpl = await newTemplate(tm.admin.client, {
      stages: [{ name: '施工', tasks: [{ name: '布线', principalId: tm.engineer.id }, { name: '调试', principalId: tm.engineer.id }, { name: '验收' }] }],
    });
    expect(await menuEntries(tm.engineer)).not.toContain('MyProjectTask');
    const p = await newProject(tm.admin.client, tpl.id);
    expect(await menuEntries(tm.engineer)).toContain('MyProjectTask');
    expect((await todo(tm.engineer)).find((x) => x.routerName === 'MyProjectTask')).toMatchObject({ name: '我的任务', path: '/myProjectTask', count: 2 });
    const mine = (await tm.engineer.client.get('/project/myTaskList', { pageIndex: 0, pageSize: 10 })).data;
    expect(mine.count).toBe(2);
    expect(
      mine.list.map((x: { name: string; projectId: number; stageName: string; state: number }) => `${x.name}:${x.projectId}:${x.stageName}:${x.state}`),
    ).toEqual([`布线:${p.id}:施工:0`, `调试:${p.id}:施工:0`]);
    await tm.engineer.client.post('/project/progress/taskFinish', { id: mine.list[0]!.id });
    expect((await tm.engineer.client.get('/project/myTaskList', { pageIndex: 0, pageSize: 10 })).data.count).toBe(1);
    // Nobody else's tasks, and never another enterprise's.
    expect((await other.engineer.client.get('/project/myTaskList', { pageIndex: 0, pageSize: 10 })).data).toEqual({ list: [], count: 0 });
    expect((await tm.x.client.get('/project/myTaskList', { pageIndex: 0, pageSize: 10 })).data.count).toBe(0);
  });
});
