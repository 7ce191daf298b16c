import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { checkIdsIn, LIVE_USER } from '../../platform/refs';
import type { Actor } from '../../platform/actor';
import { managesTemplate, type ProjectRecord, projectAdmin, projectRecord, projectScope, type TaskRecord, taskRecord } from './records.repo';

export { projectAdmin, projectScope, seesAllProjects } from './records.repo';
export type { ProjectRecord, TaskRecord } from './records.repo';

/** Managers of a project: administrators, its creator and the template's managers. */
export async function isManager(ex: Executor, v: Actor, project: Pick<ProjectRecord, 'created_by' | 'template_id'>): Promise<boolean> {
  if (projectAdmin(v) || project.created_by === v.id) return true;
  return managesTemplate(ex, v.enterpriseId, project.template_id, v.id);
}

/** A project the viewer may see, or NOT_FOUND (another enterprise's id included). */
export async function visibleProject(ex: Executor, v: Actor, id: number): Promise<ProjectRecord> {
  const p = await projectRecord(ex, v.enterpriseId, id, projectScope(v));
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

/** A task of a project the viewer may see, with its project. */
export async function visibleTask(ex: Executor, v: Actor, id: number): Promise<{ task: TaskRecord; project: ProjectRecord }> {
  const task = await taskRecord(ex, v.enterpriseId, id);
  if (!task) throw new AppError('NOT_FOUND');
  return { task, project: await visibleProject(ex, v, task.project_id) };
}

/** Enabled users of the enterprise, or a clear message naming the field. */
export async function checkUsers(ex: Executor, ep: number, ids: (number | null | undefined)[], label: string): Promise<void> {
  await checkIdsIn(ex, ep, 'users', ids, `${label}：人员不存在或已停用`, LIVE_USER);
}
