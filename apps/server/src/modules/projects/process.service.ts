import { abilitiesOf, type ProcessStage, type ProjectLogRow, type ProjectPlanInput, type TaskRow, taskMachine } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { checkUsers, isManager, type ProjectRecord, visibleProject, visibleTask } from './project.access';
import { PROJECT_STATE, recomputeProgress, taskApprover } from './project.state';
import { insertStateLog } from '../../platform/state';
import type { Actor } from '../../platform/actor';
import {
  deleteStages,
  deleteTasks,
  insertStage,
  insertTask,
  lockTasks,
  logRows,
  setTaskCoordination,
  setTaskPrincipal,
  stageIdsOf,
  stagesOf,
  type TaskRaw,
  taskRows,
  taskRowsById,
  updateStage,
  updateTask,
  userNames,
} from './process.repo';
import { lockProject } from './records.repo';

/** The process of a project: stages with their tasks, each with what this viewer may do to it now. */

/** Presents tasks of one project; the project's part of the machine's context is read once. */
async function presentTasks(ex: Executor, v: Actor, project: ProjectRecord, found: TaskRaw[]): Promise<TaskRow[]> {
  const manager = await isManager(ex, v, project);
  const projectOpen = project.state === 1;
  const coordIds = [...new Set(found.flatMap((t) => t.coordination_user_ids.map(Number)))];
  const names = await userNames(ex, v.enterpriseId, coordIds);
  return Promise.all(
    found.map(async (t) => {
      const ctx = {
        projectOpen,
        principal: t.principal_id === v.id,
        // A task in approval asks the engine (its instance's step) or its submitter; the others read the named approver.
        ...(await taskApprover(ex, v, t, manager)),
        manager,
        needApproval: t.need_approval,
      };
      return {
        id: t.id,
        projectId: t.project_id,
        stageId: t.stage_id,
        name: t.name,
        state: t.state,
        principal: t.principal_id == null ? null : { id: t.principal_id, name: t.principal_name ?? '' },
        coordinationUsers: t.coordination_user_ids.map(Number).map((u) => ({ id: u, name: names.get(u) ?? '' })),
        needApproval: t.need_approval,
        approver: t.approver_id == null ? null : { id: t.approver_id, name: t.approver_name ?? '' },
        remind: t.remind,
        planStart: t.plan_start_text,
        planEnd: t.plan_end_text,
        finishedAt: t.finished_text,
        abilities: abilitiesOf(taskMachine, t.state, ctx),
      };
    }),
  );
}

export async function taskList(ex: Executor, v: Actor, q: { projectId: number; stageId?: number | null; state?: number }): Promise<TaskRow[]> {
  const project = await visibleProject(ex, v, q.projectId);
  return presentTasks(ex, v, project, await taskRows(ex, v, q));
}

export async function projectProcess(ex: Executor, v: Actor, projectId: number): Promise<ProcessStage[]> {
  const tasks = await taskList(ex, v, { projectId });
  const stages = await stagesOf(ex, v.enterpriseId, projectId);
  return stages.map((s) => ({ id: s.id, name: s.name, tasks: tasks.filter((t) => t.stageId === s.id) }));
}

export function logsOf(
  ex: Executor,
  v: Actor,
  table: 'project_logs' | 'project_task_logs',
  column: 'project_id' | 'task_id',
  id: number,
): Promise<ProjectLogRow[]> {
  return logRows(ex, v, table, column, id);
}

export async function taskDetail(ex: Executor, v: Actor, id: number) {
  const { project } = await visibleTask(ex, v, id);
  const [task] = await presentTasks(ex, v, project, await taskRowsById(ex, v, id));
  if (!task) throw new AppError('NOT_FOUND');
  return { ...task, logs: await logsOf(ex, v, 'project_task_logs', 'task_id', id) };
}

async function saveStage(tx: Executor, ep: number, projectId: number, s: { id?: number | null; name: string }, sort: number): Promise<number> {
  if (s.id) {
    await updateStage(tx, ep, { id: s.id, name: s.name }, sort);
    return s.id;
  }
  return insertStage(tx, ep, projectId, s.name, sort);
}

async function managedProject(ex: Executor, v: Actor, id: number): Promise<ProjectRecord> {
  const project = await visibleProject(ex, v, id);
  if (!(await isManager(ex, v, project))) throw new AppError('PROJECT_ACTOR');
  return project;
}

/** "新增任务1个，删除阶段1个" — what a save changed, for the project's log. */
function processNote(n: { addedStages: number; droppedStages: number; addedTasks: number; droppedTasks: number }): string {
  const parts = [
    [n.addedStages, '新增阶段'],
    [n.droppedStages, '删除阶段'],
    [n.addedTasks, '新增任务'],
    [n.droppedTasks, '删除任务'],
  ] as const;
  return parts.flatMap(([count, label]) => (count ? [`${label}${count}个`] : [])).join('，') || '调整任务';
}

/**
 * Saves a project's process as its managers edit it, in one transaction: stages and tasks in order, listed ones kept
 * and updated, new ones added, unlisted ones removed. A finished task or one in approval is history and is not
 * removed (reopen or disable it first). Progress is recomputed in the same transaction.
 */
export async function saveProcess(db: Db, v: Actor, b: ProjectPlanInput): Promise<number> {
  const ep = v.enterpriseId;
  return db.transaction(async (tx) => {
    // Tasks, then the project, locked in the order a task action takes them (its row, then the project's progress):
    // a save and a task finishing apply one after the other, and the states read here are current.
    const tasks = await lockTasks(tx, ep, b.projectId);
    await lockProject(tx, ep, b.projectId);
    const project = await managedProject(tx, v, b.projectId);
    if (project.state === 2) throw new AppError('PROJECT_INVALID_TRANSITION');
    const tasksIn = b.stages.flatMap((s) => s.tasks);
    await checkUsers(
      tx,
      ep,
      tasksIn.flatMap((t) => [t.principalId, t.approverId, ...(t.coordinationUserIds ?? [])]),
      '任务人员',
    );
    const stages = await stageIdsOf(tx, ep, b.projectId);
    const knownStages = new Set(stages.map((s) => s.id));
    const knownTasks = new Set(tasks.map((t) => t.id));
    for (const s of b.stages) if (s.id && !knownStages.has(s.id)) throw new AppError('NOT_FOUND');
    for (const t of tasksIn) if (t.id && !knownTasks.has(t.id)) throw new AppError('NOT_FOUND');
    const keptTasks = new Set(tasksIn.flatMap((t) => (t.id ? [t.id] : [])));
    const droppedTasks = tasks.filter((t) => !keptTasks.has(t.id));
    const held = droppedTasks.find((t) => t.state === 1 || t.state === 3);
    if (held) throw new AppError('PROJECT_TASK_KEPT', { name: held.name });
    if (droppedTasks.length)
      await deleteTasks(
        tx,
        ep,
        droppedTasks.map((t) => t.id),
      );
    const keptStages = new Set<number>();
    for (const [i, s] of b.stages.entries()) {
      const stageId = await saveStage(tx, ep, b.projectId, s, i);
      keptStages.add(stageId);
      for (const [j, t] of s.tasks.entries()) {
        if (t.id) await updateTask(tx, ep, stageId, { ...t, id: t.id }, j, v.timeZone);
        else await insertTask(tx, ep, b.projectId, stageId, t, j, v.timeZone);
      }
    }
    const droppedStages = stages.map((x) => x.id).filter((id) => !keptStages.has(id));
    if (droppedStages.length) await deleteStages(tx, ep, droppedStages);
    const note = processNote({
      addedStages: b.stages.filter((s) => !s.id).length,
      droppedStages: droppedStages.length,
      addedTasks: tasksIn.filter((t) => !t.id).length,
      droppedTasks: droppedTasks.length,
    });
    const state = project.state;
    await insertStateLog(tx, PROJECT_STATE, { enterpriseId: ep, id: b.projectId, from: state, to: state, action: 'process', note, actorId: v.id });
    return recomputeProgress(tx, ep, b.projectId);
  });
}

/** Changes a task's principal or collaborators: the project's managers only, while the project runs. */
export async function setTaskPeople(db: Db, v: Actor, id: number, people: { principalId?: number; coordinationUserIds?: number[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const { task, project } = await visibleTask(tx, v, id);
    if (!(await isManager(tx, v, project))) throw new AppError('PROJECT_ACTOR');
    if (project.state === 2) throw new AppError('PROJECT_INVALID_TRANSITION');
    if (people.principalId !== undefined) {
      await checkUsers(tx, v.enterpriseId, [people.principalId], '负责人');
      await setTaskPrincipal(tx, v.enterpriseId, task.id, people.principalId);
    }
    if (people.coordinationUserIds !== undefined) {
      await checkUsers(tx, v.enterpriseId, people.coordinationUserIds, '协作人');
      await setTaskCoordination(tx, v.enterpriseId, task.id, people.coordinationUserIds);
    }
  });
}
