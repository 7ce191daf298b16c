import type { ExamineRow, MyTaskRow, ProjectDetail, ProjectUserPower, WarnRow } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { listPage, type PageRequest } from '../../platform/list';
import { isManager, type ProjectRecord, visibleProject } from './project.access';
import { projectAbilities, projectContext } from './project.state';
import { logsOf } from './process.service';
import { examineRowCount, examineRows, lockProjects, myTaskCount, myTaskRows, projectRowOf, removeProjects, warnRows } from './projects.repo';
import type { Actor } from '../../platform/actor';

export async function userPower(ex: Executor, v: Actor, project: ProjectRecord): Promise<ProjectUserPower> {
  const ctx = await projectContext(ex, v, project);
  return { manage: ctx.manager, approve: ctx.approver, abilities: await projectAbilities(ex, v, project) };
}

export async function projectDetail(ex: Executor, v: Actor, id: number): Promise<ProjectDetail> {
  const p = await visibleProject(ex, v, id);
  const head = await projectRowOf(ex, v, id);
  if (!head) throw new AppError('NOT_FOUND');
  return {
    ...head,
    customerId: p.customer_id,
    templateId: p.template_id,
    templateVersionId: p.template_version_id,
    approval: p.approval,
    ext: p.ext ?? {},
    power: await userPower(ex, v, p),
    logs: await logsOf(ex, v, 'project_logs', 'project_id', id),
  };
}

/** Deletes projects (with their process, files, products, contracts and messages): every one must be the viewer's to manage. */
export async function deleteProjects(db: Db, v: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await lockProjects(tx, v, ids);
    if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
    for (const p of found) if (!(await isManager(tx, v, p))) throw new AppError('PROJECT_ACTOR');
    await removeProjects(tx, v.enterpriseId, ids);
  });
}

/**
 * What waits for this viewer's decision: creation and finish approvals of projects (/projectexamine) or task
 * progress approvals (/projectplanexamine). While an engine instance waits, its current step's approvers decide;
 * otherwise the named approver, without one the project's managers. Nobody is asked to decide what he submitted.
 */
export async function examineList(ex: Executor, v: Actor, kind: 'project' | 'task'): Promise<ExamineRow[]> {
  return examineRows(ex, v, kind);
}

/** How many approvals wait for this viewer (the menu's badge and the home to-do). */
export async function examineCount(ex: Executor, v: Actor, kind: 'project' | 'task'): Promise<number> {
  return examineRowCount(ex, v, kind);
}

/**
 * Late and due-soon work (/objWarn/list): open tasks past or within `hours` of their planned end, and projects in
 * progress whose last task's planned end is. Scoped to what the viewer sees; tasks only the viewer's own unless they see all.
 */
export function warnList(ex: Executor, v: Actor, hours: number): Promise<WarnRow[]> {
  return warnRows(ex, v, hours);
}

/** 我的任务: open tasks (unfinished or in approval) the viewer is the principal of, in projects in progress. */
export async function myTaskList(ex: Executor, v: Actor, q: PageRequest): Promise<{ list: MyTaskRow[]; count: number }> {
  return listPage(
    q,
    () => myTaskRows(ex, v, q),
    () => myTaskCount(ex, v),
  );
}
