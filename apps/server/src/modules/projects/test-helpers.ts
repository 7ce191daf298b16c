import { expect } from 'vitest';
import type { Client } from '../../test/factories';

let seq = 0;

/** A template through the API: two stages, each with the tasks given (task fields as saveTaskTmpl takes them). */
export async function newTemplate(
  c: Client,
  o: { settings?: Record<string, unknown>; stages?: { name: string; tasks: Record<string, unknown>[] }[] } = {},
): Promise<{ id: number; stageIds: number[]; taskIds: number[] }> {
  seq++;
  const stages = o.stages ?? [
    { name: '勘察', tasks: [{ name: '现场勘察' }] },
    { name: '安装', tasks: [{ name: '设备安装' }, { name: '验收' }] },
  ];
  const t = await c.post('/project/tmpl/saveProjectProcessTmpl', {
    name: `安装项目${seq}-${process.pid}`,
    stages: stages.map((s) => ({ name: s.name })),
    ...o.settings,
  });
  expect(t.message).toBe('保存成功');
  const detail = await c.get('/project/tmpl/getProjectProcessTmplList', { id: t.data.id });
  const stageIds = detail.data.stages.map((s: { id: number }) => s.id) as number[];
  const taskIds: number[] = [];
  for (const [i, s] of stages.entries()) {
    for (const task of s.tasks) {
      const r = await c.post('/project/tmpl/saveTaskTmpl', { templateId: t.data.id, stageId: stageIds[i], durationDays: 2, ...task });
      expect(r.message).toBe('保存成功');
      taskIds.push(r.data.id);
    }
  }
  return { id: t.data.id, stageIds, taskIds };
}

export async function newProject(c: Client, templateId: number, o: Record<string, unknown> = {}): Promise<{ id: number; state: number }> {
  seq++;
  const r = await c.post('/project/add', { name: `测试项目${seq}`, templateId, ...o });
  expect(r.message).toBe('创建成功');
  return { id: r.data.id, state: r.data.project_state };
}

export async function tasksOf(c: Client, projectId: number): Promise<{ id: number; name: string; state: number; abilities: string[] }[]> {
  const r = await c.get('/project/progress/getTaskList', { projectId });
  expect(r.success, r.message).toBe(true);
  return r.data;
}
