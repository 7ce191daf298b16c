import { abilitiesOf, type ProcessStage, type TaskRow, taskMachine } from '@sk/shared';
import type { z } from 'zod';
import type { projectPlanInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { bigints, timeOf } from '../customers/common';
import { checkUsers, isManager, num, type ProjectViewer, type Row, visibleProject, visibleTask } from './project.access';
import { recomputeProgress } from './project.state';

/** The process of a project: stages with their tasks, each with what this viewer may do to it now. */
type PlanInput = z.infer<typeof projectPlanInput>;

const taskCols = (v: ProjectViewer) => sql`t.*, pu.name as principal_name, au.name as approver_name,
  case when t.plan_start is null then null else ${timeOf(sql`t.plan_start`, v)} end as plan_start_text,
  case when t.plan_end is null then null else ${timeOf(sql`t.plan_end`, v)} end as plan_end_text,
  case when t.finished_at is null then null else ${timeOf(sql`t.finished_at`, v)} end as finished_text`;
const taskJoins = sql`left join users pu on pu.enterprise_id = t.enterprise_id and pu.id = t.principal_id
  left join users au on au.enterprise_id = t.enterprise_id and au.id = t.approver_id`;

async function namesOf(ex: Executor, ep: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(ex, sql`select id, name from users where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
  return new Map(found.map((u) => [Number(u.id), u.name]));
}

/** Presents tasks of one project; the project's part of the machine's context is read once. */
async function presentTasks(ex: Executor, v: ProjectViewer, project: Row, found: Row[]): Promise<TaskRow[]> {
  const manager = await isManager(ex, v, project);
  const projectOpen = Number(project.state) === 1;
  const coordIds = [...new Set(found.flatMap((t) => ((t.coordination_user_ids as number[]) ?? []).map(Number)))];
  const names = await namesOf(ex, v.enterpriseId, coordIds);
  return found.map((t) => {
    const approverId = num(t.approver_id);
    const ctx = {
      projectOpen,
      principal: num(t.principal_id) === v.id,
      approver: approverId != null ? approverId === v.id || v.admin : manager,
      manager,
      needApproval: !!t.need_approval,
    };
    return {
      id: Number(t.id),
      projectId: Number(t.project_id),
      stageId: Number(t.stage_id),
      name: String(t.name),
      state: Number(t.state),
      principal: t.principal_id == null ? null : { id: Number(t.principal_id), name: String(t.principal_name ?? '') },
      coordinationUsers: ((t.coordination_user_ids as number[]) ?? []).map((u) => ({ id: Number(u), name: names.get(Number(u)) ?? '' })),
      needApproval: !!t.need_approval,
      approver: approverId == null ? null : { id: approverId, name: String(t.approver_name ?? '') },
      remind: !!t.remind,
      planStart: (t.plan_start_text as string | null) ?? null,
      planEnd: (t.plan_end_text as string | null) ?? null,
      finishedAt: (t.finished_text as string | null) ?? null,
      abilities: abilitiesOf(taskMachine, Number(t.state), ctx),
    };
  });
}

export async function taskList(ex: Executor, v: ProjectViewer, q: { projectId: number; stageId?: number | null; state?: number }): Promise<TaskRow[]> {
  const project = await visibleProject(ex, v, q.projectId);
  const found = await rows(
    ex,
    sql`select ${taskCols(v)} from project_tasks t ${taskJoins}
      where t.enterprise_id = ${v.enterpriseId} and t.project_id = ${q.projectId}
        and ${q.stageId ? sql`t.stage_id = ${q.stageId}` : sql`true`} and ${q.state != null ? sql`t.state = ${q.state}` : sql`true`}
      order by t.stage_id, t.sort, t.id`,
  );
  return presentTasks(ex, v, project, found);
}

export async function projectProcess(ex: Executor, v: ProjectViewer, projectId: number): Promise<ProcessStage[]> {
  const tasks = await taskList(ex, v, { projectId });
  const stages = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from project_stages where enterprise_id = ${v.enterpriseId} and project_id = ${projectId} order by sort, id`,
  );
  return stages.map((s) => ({ id: Number(s.id), name: s.name, tasks: tasks.filter((t) => t.stageId === Number(s.id)) }));
}

export async function logsOf(ex: Executor, v: ProjectViewer, table: 'project_logs' | 'project_task_logs', column: 'project_id' | 'task_id', id: number) {
  const found = await rows(
    ex,
    sql`select l.id, l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, v)} as time
      from ${sql.identifier(table)} l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${v.enterpriseId} and l.${sql.identifier(column)} = ${id} order by l.created_at, l.id`,
  );
  return found.map((l) => ({
    id: Number(l.id),
    action: String(l.action),
    from: l.from_state == null ? null : Number(l.from_state),
    to: Number(l.to_state),
    note: (l.note as string | null) ?? null,
    userName: (l.user_name as string | null) ?? null,
    time: String(l.time),
  }));
}

export async function taskDetail(ex: Executor, v: ProjectViewer, id: number) {
  const { project } = await visibleTask(ex, v, id);
  const found = await rows(ex, sql`select ${taskCols(v)} from project_tasks t ${taskJoins} where t.enterprise_id = ${v.enterpriseId} and t.id = ${id}`);
  const [task] = await presentTasks(ex, v, project, found);
  if (!task) throw new AppError('NOT_FOUND');
  return { ...task, logs: await logsOf(ex, v, 'project_task_logs', 'task_id', id) };
}

async function saveStage(tx: Executor, ep: number, projectId: number, s: { id?: number | null; name: string }, sort: number): Promise<number> {
  if (s.id) {
    await tx.execute(sql`update project_stages set name = ${s.name}, sort = ${sort} where enterprise_id = ${ep} and id = ${s.id}`);
    return s.id;
  }
  const [r] = await rows<{ id: number }>(tx, sql`insert into project_stages (enterprise_id, project_id, name, sort) values (${ep}, ${projectId}, ${s.name}, ${sort}) returning id`);
  return Number(r?.id);
}

async function managedProject(ex: Executor, v: ProjectViewer, id: number): Promise<Row> {
  const project = await visibleProject(ex, v, id);
  if (!(await isManager(ex, v, project))) throw new AppError('PROJECT_ACTOR');
  return project;
}

/**
 * Saves a project's process as its managers edit it: stages in order (listed kept, new added, unlisted removed when
 * they hold no task), and each stage's tasks (listed kept and updated, new added). Tasks are never deleted here:
 * a task that should not count is disabled. Progress is recomputed.
 */
export async function saveProcess(db: Db, v: ProjectViewer, b: PlanInput): Promise<void> {
  const ep = v.enterpriseId;
  await db.transaction(async (tx) => {
    const project = await managedProject(tx, v, b.projectId);
    if (Number(project.state) === 2) throw new AppError('PROJECT_INVALID_TRANSITION');
    const tasksIn = b.stages.flatMap((s) => s.tasks);
    await checkUsers(tx, ep, tasksIn.flatMap((t) => [t.principalId, t.approverId]), '任务人员');
    const stages = await rows<{ id: number; name: string }>(tx, sql`select id, name from project_stages where enterprise_id = ${ep} and project_id = ${b.projectId} for update`);
    const known = new Set(stages.map((s) => Number(s.id)));
    const ownTasks = new Set(
      (await rows<{ id: number }>(tx, sql`select id from project_tasks where enterprise_id = ${ep} and project_id = ${b.projectId}`)).map((t) => Number(t.id)),
    );
    for (const s of b.stages) if (s.id && !known.has(s.id)) throw new AppError('NOT_FOUND');
    for (const t of tasksIn) if (t.id && !ownTasks.has(t.id)) throw new AppError('NOT_FOUND');
    const kept = new Set(b.stages.flatMap((s) => (s.id ? [s.id] : [])));
    const movedTasks = new Set(tasksIn.flatMap((t) => (t.id ? [t.id] : [])));
    for (const s of stages.filter((x) => !kept.has(Number(x.id)))) {
      const [held] = await rows<{ id: number }>(tx, sql`select id from project_tasks where enterprise_id = ${ep} and stage_id = ${s.id}`);
      if (held && !movedTasks.has(Number(held.id))) throw new AppError('PROJECT_STAGE_HAS_TASKS', { name: s.name });
    }
    for (const [i, s] of b.stages.entries()) {
      const stageId = await saveStage(tx, ep, b.projectId, s, i);
      for (const [j, t] of s.tasks.entries()) {
        const start = t.planStart ? sql`(${t.planStart})::timestamp at time zone ${v.timeZone}` : sql`null`;
        const end = t.planEnd ? sql`(${t.planEnd})::timestamp at time zone ${v.timeZone}` : sql`null`;
        if (t.id) {
          await tx.execute(sql`update project_tasks set stage_id = ${stageId}, name = ${t.name}, principal_id = ${t.principalId ?? null}, need_approval = ${t.needApproval},
            approver_id = ${t.approverId ?? null}, plan_start = ${start}, plan_end = ${end}, sort = ${j}, updated_at = now() where enterprise_id = ${ep} and id = ${t.id}`);
        } else {
          await tx.execute(sql`insert into project_tasks (enterprise_id, project_id, stage_id, name, principal_id, need_approval, approver_id, plan_start, plan_end, sort)
            values (${ep}, ${b.projectId}, ${stageId}, ${t.name}, ${t.principalId ?? null}, ${t.needApproval}, ${t.approverId ?? null}, ${start}, ${end}, ${j})`);
        }
      }
    }
    const dropped = stages.filter((x) => !kept.has(Number(x.id))).map((x) => Number(x.id));
    if (dropped.length) await tx.execute(sql`delete from project_stages where enterprise_id = ${ep} and id = any(${bigints(dropped)})`);
    await recomputeProgress(tx, ep, b.projectId);
  });
}

/** Changes a task's principal or collaborators: the project's managers only. */
export async function setTaskPeople(db: Db, v: ProjectViewer, id: number, people: { principalId?: number; coordinationUserIds?: number[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const { task, project } = await visibleTask(tx, v, id);
    if (!(await isManager(tx, v, project))) throw new AppError('PROJECT_ACTOR');
    if (people.principalId !== undefined) {
      await checkUsers(tx, v.enterpriseId, [people.principalId], '负责人');
      await tx.execute(sql`update project_tasks set principal_id = ${people.principalId}, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${task.id}`);
    }
    if (people.coordinationUserIds !== undefined) {
      await checkUsers(tx, v.enterpriseId, people.coordinationUserIds, '协作人');
      await tx.execute(
        sql`update project_tasks set coordination_user_ids = ${bigints(people.coordinationUserIds)}, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${task.id}`,
      );
    }
  });
}
