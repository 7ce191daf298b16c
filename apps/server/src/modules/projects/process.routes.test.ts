import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race } from '../../test/race';
import { newProject, newTemplate } from './test-helpers';

// saveProjectProcess: a running project's managers change its stages and tasks; progress follows in the same transaction.

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

interface Task {
  id: number;
  name: string;
  state: number;
  principal: { id: number; name: string } | null;
  coordinationUsers: { id: number; name: string }[];
  needApproval: boolean;
  approver: { id: number } | null;
  planStart: string | null;
  planEnd: string | null;
}
interface Stage {
  id: number;
  name: string;
  tasks: Task[];
}

const processOf = async (c: Client, projectId: number): Promise<Stage[]> => {
  const r = await c.get('/project/progress/getProjectProcess', { projectId });
  expect(r.success, r.message).toBe(true);
  return r.data;
};
/** The process as saveProjectProcess takes it back: every stage and task by id and name only. */
const asPlan = (stages: Stage[]) => stages.map((s) => ({ id: s.id, name: s.name, tasks: s.tasks.map((x) => ({ id: x.id, name: x.name })) }));
const save = (c: Client, projectId: number, stages: unknown[]) => c.post('/project/progress/saveProjectProcess', { projectId, stages });
const projectOf = async (c: Client, id: number) => (await c.get('/project/detail', { id })).data;
/** Everything a refused save must leave as it was. */
const snapshot = async (projectId: number) =>
  rows(
    t.deps.db,
    sql`select p.progress_speed, p.state, p.version, (select count(*) from project_stages s where s.project_id = p.id)::int as stages,
      (select string_agg(x.name || ':' || x.state || ':' || x.stage_id, ',' order by x.id) from project_tasks x where x.project_id = p.id) as tasks,
      (select count(*) from project_logs l where l.project_id = p.id)::int as logs
      from projects p where p.id = ${projectId}`,
  );

describe('saveProjectProcess', () => {
  it('a manager adds a stage and a task with its people, duration and approval; progress is recomputed', async () => {
    const { client, enterpriseId } = await admin();
    const engineer = await as(enterpriseId, 2);
    const helper = await as(enterpriseId, 2);
    const approver = await as(enterpriseId, 10);
    const tpl = await newTemplate(client);
    const p = await newProject(client, tpl.id);
    const before = await processOf(client, p.id);
    await client.post('/project/progress/taskFinish', { id: before[0]!.tasks[0]!.id });
    expect((await projectOf(client, p.id)).progress_speed).toBe('33%');

    const plan = asPlan(before);
    plan[1]!.tasks.push({
      name: '系统联调',
      principalId: engineer.id,
      coordinationUserIds: [helper.id],
      durationDays: 3,
      needApproval: true,
      approverId: approver.id,
    } as never);
    plan.push({ name: '回访', tasks: [{ name: '电话回访' } as never] } as never);
    const r = await save(client, p.id, plan);
    expect(r).toMatchObject({ success: true, message: '保存成功', data: { progress_speed: 20 } });

    const after = await processOf(client, p.id);
    expect(after.map((s) => `${s.name}:${s.tasks.map((x) => x.name).join('|')}`)).toEqual(['勘察:现场勘察', '安装:设备安装|验收|系统联调', '回访:电话回访']);
    const added = after[1]!.tasks[2]!;
    expect(added).toMatchObject({
      state: 0,
      principal: { id: engineer.id },
      coordinationUsers: [{ id: helper.id }],
      needApproval: true,
      approver: { id: approver.id },
    });
    // Three days from the start of today, in the enterprise's zone.
    const days = (Date.parse(added.planEnd!.replace(' ', 'T')) - Date.parse(added.planStart!.replace(' ', 'T'))) / 86_400_000;
    expect(days).toBe(3);
    expect(added.planStart).toMatch(/ 00:00:00$/);
    // Untouched fields of listed tasks are kept; the finished task stays finished.
    expect(after[0]!.tasks[0]!.state).toBe(1);
    expect((await projectOf(client, p.id)).progress_speed).toBe('20%');
    const detail = await projectOf(client, p.id);
    expect(detail.logs.at(-1)).toMatchObject({ action: 'process', note: '新增阶段1个，新增任务2个', to: 1 });
    // The new principal sees the project and may finish the task; the approval task goes to its approver.
    expect((await engineer.client.post('/project/progress/taskFinish', { id: added.id })).data).toEqual({ state: 3, progress_speed: 20 });
  });

  it('removing tasks and a stage recomputes progress; removing the last open task completes the project', async () => {
    const { client, enterpriseId } = await admin();
    const tpl = await newTemplate(client);
    const p = await newProject(client, tpl.id);
    const stages = await processOf(client, p.id);
    const [survey, install, accept] = [stages[0]!.tasks[0]!, stages[1]!.tasks[0]!, stages[1]!.tasks[1]!];
    await client.post('/project/progress/taskFinish', { id: survey.id });
    // Drop "验收": one of two counting tasks finished.
    const r1 = await save(client, p.id, [
      { id: stages[0]!.id, name: '勘察', tasks: [{ id: survey.id, name: survey.name }] },
      { id: stages[1]!.id, name: '安装', tasks: [{ id: install.id, name: install.name }] },
    ]);
    expect(r1.data.progress_speed).toBe(50);
    expect((await client.get('/project/progress/getTaskDetail', { id: accept.id })).code).toBe('NOT_FOUND');
    // Drop the whole "安装" stage with its open task: everything left is finished, so the project completes.
    const r2 = await save(client, p.id, [{ id: stages[0]!.id, name: '勘察', tasks: [{ id: survey.id, name: survey.name }] }]);
    expect(r2.data.progress_speed).toBe(100);
    expect(await projectOf(client, p.id)).toMatchObject({ project_state: 2, progress_speed: '100%' });
    expect((await processOf(client, p.id)).map((s) => s.name)).toEqual(['勘察']);
    // A completed project's process no longer changes.
    const r3 = await save(client, p.id, [{ id: stages[0]!.id, name: '勘察', tasks: [{ id: survey.id, name: survey.name }, { name: '补充任务' }] }]);
    expect(r3.message).toBe('当前项目状态不允许该操作');
    // Nor do its tasks' people.
    const before = await snapshot(p.id);
    const principal = await client.post('/project/progress/saveTaskPersonUser', { id: survey.id, userId: (await as(enterpriseId, 2)).id });
    expect(principal.message).toBe('当前项目状态不允许该操作');
    expect((await client.post('/project/progress/saveTaskCoordinationUser', { id: survey.id, userIds: [] })).message).toBe('当前项目状态不允许该操作');
    expect((await processOf(client, p.id))[0]!.tasks[0]!.principal).toEqual(survey.principal);
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('a task moved between stages keeps its state; a disabled task does not count', async () => {
    const { client } = await admin();
    const tpl = await newTemplate(client);
    const p = await newProject(client, tpl.id);
    const [s1, s2] = await processOf(client, p.id);
    await client.post('/project/progress/taskFinish', { id: s2!.tasks[0]!.id });
    await client.post('/project/progress/taskAction', { id: s2!.tasks[1]!.id, action: 'disable' });
    const r = await save(client, p.id, [
      { id: s1!.id, name: '勘察', tasks: [s1!.tasks[0]!, s2!.tasks[0]!].map((x) => ({ id: x.id, name: x.name })) },
      { id: s2!.id, name: '安装', tasks: [{ id: s2!.tasks[1]!.id, name: s2!.tasks[1]!.name }] },
    ]);
    expect(r.data.progress_speed).toBe(50);
    const after = await processOf(client, p.id);
    expect(after[0]!.tasks.map((x) => `${x.name}:${x.state}`)).toEqual(['现场勘察:0', '设备安装:1']);
    expect(after[1]!.tasks.map((x) => `${x.name}:${x.state}`)).toEqual(['验收:2']);
  });

  it('refuses to remove a finished task or one in approval, and writes nothing', async () => {
    const { client } = await admin();
    const tpl = await newTemplate(client, { stages: [{ name: '施工', tasks: [{ name: '布线' }, { name: '验收', needApproval: true }, { name: '调试' }] }] });
    const p = await newProject(client, tpl.id);
    const [stage] = await processOf(client, p.id);
    const [wire, check, tune] = stage!.tasks;
    await client.post('/project/progress/taskFinish', { id: wire!.id });
    await client.post('/project/progress/taskFinish', { id: check!.id });
    const before = await snapshot(p.id);
    const dropFinished = await save(client, p.id, [
      { id: stage!.id, name: '施工', tasks: [check, tune].map((x) => ({ id: x!.id, name: x!.name })).concat([{ name: '新任务' }] as never) },
    ]);
    expect(dropFinished).toMatchObject({ success: false, code: 'PROJECT_TASK_KEPT', message: '任务“布线”已完成或在审批中，不能删除' });
    const dropPending = await save(client, p.id, [{ id: stage!.id, name: '施工', tasks: [wire, tune].map((x) => ({ id: x!.id, name: x!.name })) }]);
    expect(dropPending.message).toBe('任务“验收”已完成或在审批中，不能删除');
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('only the project’s managers save; a template manager may; others are refused and nothing changes', async () => {
    const { client, enterpriseId } = await admin();
    const engineer = await as(enterpriseId, 2);
    const lead = await as(enterpriseId, 2);
    const tpl = await newTemplate(client, {
      settings: { managerIds: [lead.id] },
      stages: [{ name: '施工', tasks: [{ name: '布线', principalId: engineer.id }] }],
    });
    const p = await newProject(client, tpl.id);
    const [stage] = await processOf(client, p.id);
    const plan = [{ id: stage!.id, name: '施工', tasks: [{ id: stage!.tasks[0]!.id, name: '布线' }, { name: '加装' }] }];
    const before = await snapshot(p.id);
    // The principal sees the project but does not manage it.
    expect(await save(engineer.client, p.id, plan)).toMatchObject({ success: false, code: 'PROJECT_ACTOR', message: '您没有该项目的操作权限' });
    // Someone who cannot see it is told it does not exist.
    const stranger = await as(enterpriseId, 2);
    expect((await save(stranger.client, p.id, plan)).code).toBe('NOT_FOUND');
    // Another enterprise's administrator: not found.
    const other = await admin();
    expect((await save(other.client, p.id, plan)).code).toBe('NOT_FOUND');
    expect(await snapshot(p.id)).toEqual(before);
    // The template's manager does manage it.
    const r = await save(lead.client, p.id, plan);
    expect(r.message).toBe('保存成功');
    expect(r.data).toEqual({ progress_speed: 0 });
    expect((await processOf(client, p.id))[0]!.tasks.map((x) => x.name)).toEqual(['布线', '加装']);
  });

  it('bad input answers a clear message and writes nothing', async () => {
    const { client } = await admin();
    const other = await admin();
    const otherTpl = await newTemplate(other.client);
    const otherProject = await newProject(other.client, otherTpl.id);
    const foreignTask = (await processOf(other.client, otherProject.id))[0]!.tasks[0]!.id;
    const tpl = await newTemplate(client);
    const p = await newProject(client, tpl.id);
    const stages = await processOf(client, p.id);
    const before = await snapshot(p.id);
    const plan = asPlan(stages);
    expect((await save(client, p.id, [])).message).toBe('阶段：请至少保留一个阶段');
    expect((await save(client, p.id, [{ name: '', tasks: [] }])).message).toBe('阶段名称：请输入阶段名称');
    expect((await save(client, p.id, [{ ...plan[0], tasks: [{ name: '任务', durationDays: -1 }] }])).message).toBe('工期（天）：工期不能小于0天');
    const badUser = await save(client, p.id, [{ ...plan[0], tasks: [...plan[0]!.tasks, { name: '任务', principalId: 999999999 }] }, plan[1]]);
    expect(badUser.message).toBe('任务人员：人员不存在或已停用');
    const foreignCoord = await save(client, p.id, [{ ...plan[0], tasks: [{ name: '任务', coordinationUserIds: [other.user.id] }] }, plan[1]]);
    expect(foreignCoord.message).toBe('任务人员：人员不存在或已停用');
    expect((await save(client, p.id, [{ ...plan[0], tasks: [{ id: foreignTask, name: '偷来的' }] }, plan[1]])).code).toBe('NOT_FOUND');
    expect((await save(client, p.id, [{ id: 999999999, name: '阶段', tasks: [] }])).code).toBe('NOT_FOUND');
    expect(await snapshot(p.id)).toEqual(before);
    expect((await processOf(other.client, otherProject.id))[0]!.tasks[0]!.name).not.toBe('偷来的');
  });
  it('saves racing task finishes on the same tasks: every answer is clean and the progress matches the tasks left', async () => {
    const { client } = await admin();
    const tpl = await newTemplate(client, { stages: [{ name: '施工', tasks: ['一', '二', '三', '四', '五', '六'].map((n) => ({ name: `任务${n}` })) }] });
    const p = await newProject(client, tpl.id);
    const [stage] = await processOf(client, p.id);
    const tasks = stage!.tasks;
    // Even requests finish task i/2; odd ones save the process without it.
    const answers = await race(12, (i) => {
      const task = tasks[Math.floor(i / 2)]!;
      if (i % 2 === 0) return client.post('/project/progress/taskFinish', { id: task.id });
      const keep = tasks.filter((x) => x.id !== task.id).map((x) => ({ id: x.id, name: x.name }));
      return save(client, p.id, [{ id: stage!.id, name: '施工', tasks: keep }]);
    });
    for (const a of answers) expect([true, false]).toContain(a.success);
    const left = (await processOf(client, p.id)).flatMap((s) => s.tasks);
    const done = left.filter((x) => x.state === 1).length;
    const detail = await projectOf(client, p.id);
    expect(detail.progress_speed).toBe(left.length ? `${Math.floor((100 * done) / left.length)}%` : '0%');
  });
});
