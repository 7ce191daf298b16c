import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { newProject, newTemplate, tasksOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const as = async (enterpriseId: number, role: number) => {
  const u = await makeUser(t.deps.db, enterpriseId, { roles: [role] });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, enterpriseId) };
};
const project = async (c: Client, id: number) => (await c.get('/project/detail', { id })).data;
const logCount = async (table: string, col: string, id: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(col)} = ${id}`))[0]?.n);

describe('progress', () => {
  it('is recomputed when tasks finish, are disabled, reopened and enabled; the last task completes the project', async () => {
    const { client } = await admin();
    const tpl = await newTemplate(client);
    const p = await newProject(client, tpl.id);
    const [a, b, c] = await tasksOf(client, p.id);
    const finish = await client.post('/project/progress/taskFinish', { id: a!.id });
    expect(finish.data).toEqual({ state: 1, progress_speed: 33 });
    expect((await project(client, p.id)).progress_speed).toBe('33%');
    expect((await client.post('/project/progress/taskAction', { id: b!.id, action: 'disable' })).data).toEqual({ state: 2, progress_speed: 50 });
    expect((await client.post('/project/progress/taskAction', { id: a!.id, action: 'reopen' })).data).toEqual({ state: 0, progress_speed: 0 });
    expect((await client.post('/project/progress/taskAction', { id: b!.id, action: 'enable' })).data).toEqual({ state: 0, progress_speed: 0 });
    for (const x of [a, b]) await client.post('/project/progress/taskFinish', { id: x!.id });
    expect((await project(client, p.id)).project_state).toBe(1);
    const last = await client.post('/project/progress/taskFinish', { id: c!.id });
    expect(last.data.progress_speed).toBe(100);
    const done = await project(client, p.id);
    expect(done).toMatchObject({ project_state: 2, progress_speed: '100%' });
    expect(done.finish_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(done.logs.map((l: { action: string; to: number }) => `${l.action}:${l.to}`)).toEqual(['create:1', 'finish:2']);
    // A completed project's tasks no longer move.
    expect((await client.post('/project/progress/taskAction', { id: a!.id, action: 'reopen' })).message).toBe('项目未在进行中，不能操作任务');
  });

  it('only the principal or a manager finishes a task; the action is logged once', async () => {
    const { client, enterpriseId } = await admin();
    const engineer = await as(enterpriseId, 2);
    const other = await as(enterpriseId, 2);
    const tpl = await newTemplate(client, { stages: [{ name: '施工', tasks: [{ name: '布线', principalId: engineer.id }] }] });
    const p = await newProject(client, tpl.id);
    const [task] = await tasksOf(client, p.id);
    expect((await other.client.post('/project/progress/taskFinish', { id: task!.id })).code).toBe('NOT_FOUND');
    const mine = await tasksOf(engineer.client, p.id);
    expect(mine[0]!.abilities).toEqual(['finish']);
    expect((await engineer.client.post('/project/progress/taskFinish', { id: task!.id })).success).toBe(true);
    expect(await logCount('project_task_logs', 'task_id', task!.id)).toBe(1);
  });
});

describe('approvals', () => {
  it('creation approval: the project waits unapproved (0) until its approver approves; a rejection keeps it at 0', async () => {
    const { client, enterpriseId } = await admin();
    const approver = await as(enterpriseId, 1);
    const tpl = await newTemplate(client, { settings: { createApproval: true, createApproverId: approver.id } });
    const p = await newProject(client, tpl.id);
    expect(p.state).toBe(0);
    const [task] = await tasksOf(client, p.id);
    expect((await client.post('/project/progress/taskFinish', { id: task!.id })).message).toBe('项目未在进行中，不能操作任务');
    const pending = (await approver.client.get('/project/examineList', { kind: 'project' })).data;
    expect(pending.map((x: { id: number; kind: string }) => `${x.id}:${x.kind}`)).toEqual([`${p.id}:create`]);
    const rejected = await approver.client.post('/project/examine', { id: p.id, action: 'reject', note: '资料不全' });
    expect(rejected.data.project_state).toBe(0);
    expect((await approver.client.get('/project/examineList', { kind: 'project' })).data).toEqual([]);
    expect((await approver.client.post('/project/examine', { id: p.id, action: 'approve' })).message).toBe('当前项目状态不允许该操作');

    const p2 = await newProject(client, tpl.id);
    const ok = await approver.client.post('/project/examine', { id: p2.id, action: 'approve' });
    expect(ok).toMatchObject({ message: '审批通过', data: { project_state: 1 } });
  });

  it('task approval: finishing puts it in approval (3); the approver approves on the progress list; a rejection reopens it', async () => {
    const { client, enterpriseId } = await admin();
    const approver = await as(enterpriseId, 1);
    const tpl = await newTemplate(client, { stages: [{ name: '验收', tasks: [{ name: '客户验收', needApproval: true, approverId: approver.id }] }] });
    const p = await newProject(client, tpl.id);
    const [task] = await tasksOf(client, p.id);
    const sent = await client.post('/project/progress/taskFinish', { id: task!.id });
    expect(sent).toMatchObject({ message: '已提交审批', data: { state: 3, progress_speed: 0 } });
    const list = (await approver.client.get('/project/examineList', { kind: 'task' })).data;
    expect(list.map((x: { id: number }) => x.id)).toEqual([task!.id]);
    expect((await approver.client.post('/project/progress/taskAction', { id: task!.id, action: 'reject', note: '照片不清楚' })).data.state).toBe(0);
    await client.post('/project/progress/taskFinish', { id: task!.id });
    const approved = await approver.client.post('/project/progress/taskAction', { id: task!.id, action: 'approve' });
    expect(approved.data).toEqual({ state: 1, progress_speed: 100 });
    expect((await project(client, p.id)).project_state).toBe(2);
  });

  it('finish approval: the last task puts the project before its finish approver, who completes it', async () => {
    const { client, enterpriseId } = await admin();
    const approver = await as(enterpriseId, 10);
    const tpl = await newTemplate(client, {
      settings: { finishApproval: true, finishApproverId: approver.id },
      stages: [{ name: '一', tasks: [{ name: '任务' }] }],
    });
    const p = await newProject(client, tpl.id);
    const [task] = await tasksOf(client, p.id);
    await client.post('/project/progress/taskFinish', { id: task!.id });
    expect(await project(client, p.id)).toMatchObject({ project_state: 1, approval: 'finish', progress_speed: '100%' });
    expect((await approver.client.get('/project/examineList', { kind: 'project' })).data[0]).toMatchObject({ id: p.id, kind: 'finish' });
    expect((await approver.client.get('/project/projectUserPower', { projectId: p.id })).data.abilities).toEqual(['approveFinish', 'rejectFinish']);
    const done = await approver.client.post('/project/examine', { id: p.id, action: 'approveFinish' });
    expect(done.data.project_state).toBe(2);
  });
});

describe('races', () => {
  it('20 parallel finishes of one task: one wins, one log row', async () => {
    const { client } = await admin();
    const tpl = await newTemplate(client);
    const p = await newProject(client, tpl.id);
    const [task] = await tasksOf(client, p.id);
    const answers = await race(20, () => client.post('/project/progress/taskFinish', { id: task!.id }));
    expect(tally(answers).ok).toBe(1);
    expect(await logCount('project_task_logs', 'task_id', task!.id)).toBe(1);
    expect((await project(client, p.id)).progress_speed).toBe('33%');
  });

  it('20 parallel approvals of one project: one wins, one log row', async () => {
    const { client, enterpriseId } = await admin();
    const approver = await as(enterpriseId, 1);
    const tpl = await newTemplate(client, { settings: { createApproval: true, createApproverId: approver.id } });
    const p = await newProject(client, tpl.id);
    const answers = await race(20, (i) => approver.client.post('/project/examine', { id: p.id, action: i % 2 ? 'approve' : 'reject' }));
    expect(tally(answers).ok).toBe(1);
    expect(await logCount('project_logs', 'project_id', p.id)).toBe(2);
  });
});

describe('reminders and warnings', () => {
  it('a due task with its reminder on notifies its principal once; /objWarn/list shows it late', async () => {
    const { sendTaskReminders } = await import('./remind.job');
    const { client, enterpriseId } = await admin();
    const engineer = await as(enterpriseId, 2);
    const tpl = await newTemplate(client, {
      stages: [
        {
          name: '施工',
          tasks: [
            { name: '布线', principalId: engineer.id, remind: true },
            { name: '调试', principalId: engineer.id },
          ],
        },
      ],
    });
    const p = await newProject(client, tpl.id, { startDate: '2020-01-01' });
    await Promise.all([sendTaskReminders(t.deps.db), sendTaskReminders(t.deps.db)]);
    await sendTaskReminders(t.deps.db);
    const sent = await rows<{ title: string; content: string; link: string }>(
      t.deps.db,
      sql`select title, content, link from notices where enterprise_id = ${enterpriseId} and user_id = ${engineer.id} and kind = 'project_task_remind'`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toContain('布线');
    expect(sent[0]!.link).toBe(`/allproject/projectdetails/${p.id}`);
    const warn = (await engineer.client.get('/objWarn/list', {})).data as { kind: string; name: string; warn: string }[];
    expect(
      warn
        .filter((w) => w.kind === 'task')
        .map((w) => `${w.name}:${w.warn}`)
        .sort(),
    ).toEqual(['布线:late', '调试:late'].sort());
    const all = (await client.get('/objWarn/list', {})).data as { kind: string; projectId: number }[];
    expect(all.some((w) => w.kind === 'project' && w.projectId === p.id)).toBe(true);
  });
});
