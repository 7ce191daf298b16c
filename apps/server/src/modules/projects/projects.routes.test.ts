import { type EndpointDef, projectContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { itGuardsEveryEndpoint } from '../../test/guards';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer } from '../customers/test-helpers';
import { newProject, newTemplate, tasksOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ALL = Object.entries(K) as [string, EndpointDef][];
const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const as = async (enterpriseId: number, role: number) => {
  const u = await makeUser(t.deps.db, enterpriseId, { roles: [role] });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, enterpriseId) };
};
const projectRow = async (ep: number, id: number) =>
  (await rows(t.deps.db, sql`select * from projects where enterprise_id = ${ep} and id = ${id}`))[0] as Record<string, unknown>;
const logsOf = async (table: string, col: string, ep: number, id: number) =>
  (
    await rows<{ action: string; from_state: number | null; to_state: number }>(
      t.deps.db,
      sql`select action, from_state, to_state from ${sql.identifier(table)} where enterprise_id = ${ep} and ${sql.identifier(col)} = ${id} order by id`,
    )
  ).map((l) => `${l.action}:${l.from_state ?? '-'}→${l.to_state}`);

describe('guards of every project endpoint', () => {
  itGuardsEveryEndpoint(() => t, ALL);

  it('a user without 13002 cannot create a project, and nothing is written', async () => {
    const { client, enterpriseId } = await admin();
    const tpl = await newTemplate(client);
    const { client: dispatcher } = await as(enterpriseId, 1);
    const r = await dispatcher.post('/project/add', { name: '无权项目', templateId: tpl.id });
    expect(r.code).toBe('NO_POWER');
    expect(await countOf(t.deps.db, 'projects', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });
});

describe('templates', () => {
  it('saves a template with ordered stages and task templates, lists and reads them back', async () => {
    const { client, user } = await admin();
    const tpl = await newTemplate(client, {
      settings: { finishApproval: true, finishApproverId: user.id },
      stages: [
        { name: '勘察', tasks: [{ name: '现场勘察', principalId: user.id, remind: true }] },
        { name: '安装', tasks: [{ name: '设备安装', needApproval: true, approverId: user.id }] },
      ],
    });
    const list = await client.get('/project/tmpl/list');
    expect(list.data.map((x: { id: number }) => x.id)).toContain(tpl.id);
    const d = (await client.get('/project/tmpl/getProjectProcessTmplList', { id: tpl.id })).data;
    expect(d.stages.map((s: { name: string }) => s.name)).toEqual(['勘察', '安装']);
    expect(d.finishApproval).toBe(true);
    expect(d.finishApprover?.id).toBe(user.id);
    expect(d.stages[0]!.tasks[0]).toMatchObject({ name: '现场勘察', principal: { id: user.id }, remind: true, durationDays: 2 });
    expect(d.stages[1]!.tasks[0]).toMatchObject({ needApproval: true, approver: { id: user.id } });

    const off = await client.post('/project/tmpl/isOpen/taskRemind', { id: tpl.taskIds[0], isOpen: false });
    expect(off.message).toBe('已关闭提醒');
    const tasks = (await client.get('/project/tmpl/getTaskTmplList', { templateId: tpl.id })).data;
    expect(tasks[0]!.remind).toBe(false);

    // A stage that still holds tasks cannot be dropped; the order follows the list.
    const keep = await client.post('/project/tmpl/saveProjectProcessTmpl', { id: tpl.id, name: d.name, stages: [{ id: tpl.stageIds[1], name: '安装' }] });
    expect(keep.message).toBe('阶段“勘察”下还有任务，不能删除');
    expect((await client.del('/project/tmpl/deleteTaskTmpl', { id: tpl.taskIds[0] })).message).toBe('删除成功');
    const saved = await client.post('/project/tmpl/saveProjectProcessTmpl', {
      id: tpl.id,
      name: d.name,
      stages: [{ id: tpl.stageIds[1], name: '安装调试' }, { name: '回访' }],
    });
    expect(saved.success, saved.message).toBe(true);
    const again = (await client.get('/project/tmpl/getProjectProcessTmplList', { id: tpl.id })).data;
    expect(again.stages.map((s: { name: string }) => s.name)).toEqual(['安装调试', '回访']);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const before = await countOf(t.deps.db, 'project_tmpl_stages', sql`enterprise_id = ${enterpriseId}`);
    expect((await client.post('/project/tmpl/saveProjectProcessTmpl', { name: '', stages: [{ name: 'a' }] })).message).toBe('模板名称：请输入模板名称');
    expect((await client.post('/project/tmpl/saveProjectProcessTmpl', { name: '空模板', stages: [] })).message).toBe('阶段：请至少添加一个阶段');
    const bad = await client.post('/project/tmpl/saveProjectProcessTmpl', { name: '坏审批人', createApproverId: 999999999, stages: [{ name: 'a' }] });
    expect(bad.message).toBe('创建审批人：人员不存在或已停用');
    expect(await countOf(t.deps.db, 'project_tmpl_stages', sql`enterprise_id = ${enterpriseId}`)).toBe(before);
  });

  it('another enterprise’s template answers not found and stays unchanged; a used template cannot be deleted', async () => {
    const a = await admin();
    const b = await admin();
    const tpl = await newTemplate(a.client);
    expect((await b.client.get('/project/tmpl/getProjectProcessTmplList', { id: tpl.id })).code).toBe('NOT_FOUND');
    expect((await b.client.del('/project/tmpl/deleteProjectProcessTmpl', { id: tpl.id })).code).toBe('NOT_FOUND');
    expect((await b.client.post('/project/tmpl/saveTaskTmpl', { templateId: tpl.id, stageId: tpl.stageIds[0], name: '偷' })).code).toBe('NOT_FOUND');
    expect((await b.client.del('/project/tmpl/deleteTaskTmpl', { id: tpl.taskIds[0] })).code).toBe('NOT_FOUND');
    await newProject(a.client, tpl.id);
    expect((await a.client.del('/project/tmpl/deleteProjectProcessTmpl', { id: tpl.id })).message).toBe('该项目模板已有项目使用，不能删除');
    const unused = await newTemplate(a.client);
    expect((await a.client.del('/project/tmpl/deleteProjectProcessTmpl', { id: unused.id })).message).toBe('删除成功');
    expect(await countOf(t.deps.db, 'project_tmpl_stages', sql`template_id = ${unused.id}`)).toBe(0);
  });
});

describe('projects', () => {
  it('creates a numbered project for a customer with the template’s stages and tasks, planned stage after stage', async () => {
    const { client, enterpriseId } = await admin();
    const tpl = await newTemplate(client);
    const customerId = await newCustomer(client);
    const r = await client.post('/project/add', { name: '一号楼空调安装', templateId: tpl.id, customerId, startDate: '2026-03-01' });
    expect(r.message).toBe('创建成功');
    expect(r.data.project_no).toMatch(/^XM\d{8}-0001$/);
    expect(r.data.project_state).toBe(1);
    const process = (await client.get('/project/progress/getProjectProcess', { projectId: r.data.id })).data;
    expect(process.map((s: { name: string; tasks: unknown[] }) => [s.name, s.tasks.length])).toEqual([
      ['勘察', 1],
      ['安装', 2],
    ]);
    expect(process[0]!.tasks[0]).toMatchObject({ planStart: '2026-03-01 00:00:00', planEnd: '2026-03-03 00:00:00' });
    expect(process[1]!.tasks[0]).toMatchObject({ planStart: '2026-03-03 00:00:00', planEnd: '2026-03-05 00:00:00' });
    const d = (await client.get('/project/detail', { id: r.data.id })).data;
    expect(d).toMatchObject({ name: '一号楼空调安装', customerId, project_state: 1, progress_speed: '0%' });
    expect(d.logs.map((l: { action: string }) => l.action)).toEqual(['create']);
    expect(await logsOf('project_logs', 'project_id', enterpriseId, r.data.id)).toEqual(['create:-→1']);
  });

  it('lists with the search form and counts separately (data array, data number)', async () => {
    const { client, user } = await admin();
    const tpl = await newTemplate(client);
    const other = await newTemplate(client);
    const a = await newProject(client, tpl.id, { name: '甲项目' });
    await newProject(client, other.id, { name: '乙项目' });
    const list = await client.get('/project/list', { pageIndex: 0, pageSize: 10 });
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.data.map((x: { name: string }) => x.name)).toEqual(['乙项目', '甲项目']);
    expect(list.data[1]).toMatchObject({ id: a.id, project_state: 1, fk_t_create_user_id: user.id, progress_speed: '0%', finish_time: null });
    expect((await client.get('/project/count', {})).data).toBe(2);
    expect((await client.get('/project/list', { fk_t_project_tmpl_id: tpl.id })).data.map((x: { name: string }) => x.name)).toEqual(['甲项目']);
    expect((await client.get('/project/count', { keyword: '乙' })).data).toBe(1);
    expect((await client.get('/project/count', { project_state: 2 })).data).toBe(0);
    expect((await client.get('/project/count', { project_state: -1 })).data).toBe(2);
    expect((await client.get('/project/list', { sortType: 2 })).data[0]!.name).toBe('甲项目');
    expect((await client.get('/project/count', { fk_t_create_user_id: user.id, start_create_time: '2020-01-01', end_create_time: '2099-01-01' })).data).toBe(2);
    expect((await client.get('/project/list', { project_state: 7 })).message).toBe('项目状态：项目状态不正确');
  });

  it('another enterprise’s project answers not found everywhere and changes nothing', async () => {
    const a = await admin();
    const b = await admin();
    const tpl = await newTemplate(a.client);
    const p = await newProject(a.client, tpl.id);
    const [task] = await tasksOf(a.client, p.id);
    for (const r of [
      await b.client.get('/project/detail', { id: p.id }),
      await b.client.get('/project/progress/getTaskList', { projectId: p.id }),
      await b.client.get('/project/progress/getTaskDetail', { id: task!.id }),
      await b.client.post('/project/progress/taskFinish', { id: task!.id }),
      await b.client.post('/project/finish', { id: p.id }),
      await b.client.del('/project/batchDelete', { ids: [p.id] }),
      await b.client.post('/project/progress/saveTaskPersonUser', { id: task!.id, userId: b.user.id }),
    ]) {
      expect(r.code).toBe('NOT_FOUND');
    }
    expect((await b.client.get('/project/count', {})).data).toBe(0);
    expect((await projectRow(a.enterpriseId, p.id)).progress_speed).toBe(0);
    expect((await tasksOf(a.client, p.id))[0]!.state).toBe(0);
  });

  it('batch delete removes the projects with their process; a non-manager cannot', async () => {
    const { client, enterpriseId } = await admin();
    const tpl = await newTemplate(client);
    const p1 = await newProject(client, tpl.id);
    const p2 = await newProject(client, tpl.id);
    const { client: director } = await as(enterpriseId, 10);
    expect((await director.del('/project/batchDelete', { ids: [p1.id] })).code).toBe('PROJECT_ACTOR');
    expect((await client.del('/project/batchDelete', { ids: [p1.id, p2.id] })).message).toBe('删除成功');
    expect(await countOf(t.deps.db, 'projects', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
    expect(await countOf(t.deps.db, 'project_tasks', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });

  it('exports the list through the download centre with the spec’s default name', async () => {
    const { client, enterpriseId } = await admin();
    const tpl = await newTemplate(client);
    const p = await newProject(client, tpl.id);
    const r = await client.post('/project/export', { ids: [p.id] });
    expect(r.success, r.message).toBe(true);
    const [row] = await rows<{ name: string; kind: string }>(
      t.deps.db,
      sql`select name, kind from export_files where enterprise_id = ${enterpriseId} and id = ${r.data.id}`,
    );
    expect(row?.kind).toBe('projects');
    expect(row?.name).toMatch(/^全部项目数据\d{4}-\d{2}-\d{2}$/);
    expect((await client.post('/project/export', { keyword: '不存在的项目' })).message).toBe('导出数据不能为空');
  });
});
