import { abilitiesOf, type ProcessStage, type TaskRow, taskMachine } from '@sk/shared';
import type { z } from 'zod';
import type { projectPlanInput } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { bigints, timeOf } from '../../platform/sql';
import { checkUsers, isManager, num, type Row, visibleProject, visibleTask } from './project.access';
import { PROJECT_STATE, recomputeProgress, taskApprover } from './project.state';
import { insertStateLog } from '../../platform/state';
import type { Actor } from '../../platform/actor';

/** The process of a project: stages with their tasks, each with what this viewer may do to it now. */
type PlanInput = z.infer<typeof projectPlanInput>;

// Names by key lookups per task (a project holds tens of tasks): a join lets the planner hash the whole users table.
const userName = (col: SQL) => sql`(select u.name from users u where u.enterprise_id = t.enterprise_id and u.id = ${col})`;
const taskCols = (v: Actor) => sql`t.*, ${userName(sql`t.principal_id`)} as principal_name, ${userName(sql`t.approver_id`)} as approver_name,
  case when t.plan_start is null then null else ${timeOf(sql`t.plan_start`, v)} end as plan_start_text,
  case when t.plan_end is null then null else ${timeOf(sql`t.plan_end`, v)} end as plan_end_text,
  case when t.finished_at is null then null else ${timeOf(sql`t.finished_at`, v)} end as finished_text`;

async function namesOf(ex: Executor, ep: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(ex, sql`select id, name from users where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
  return new Map(found.map((u) => [Number(u.id), u.name]));
}

/** Presents tasks of one project; the project's part of the machine's context is read once. */
async function presentTasks(ex: Executor, v: Actor, project: Row, found: Row[]): Promise<TaskRow[]> {
  const manager = await isManager(ex, v, project);
  const projectOpen = Number(project.state) === 1;
  const coordIds = [...new Set(found.flatMap((t) => ((t.coordination_user_ids as number[]) ?? []).map(Number)))];
  const names = await namesOf(ex, v.enterpriseId, coordIds);
  return Promise.all(
    found.map(async (t) => {
      const approverId = num(t.approver_id);
      const ctx = {
        projectOpen,
        principal: num(t.principal_id) === v.id,
        // A task in approval asks the engine (its instance's step) or its submitter; the others read the named approver.
        ...(await taskApprover(ex, v, t, manager)),
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
    }),
  );
}

export async function taskList(ex: Executor, v: Actor, q: { projectId: number; stageId?: number | null; state?: number }): Promise<TaskRow[]> {
  const project = await visibleProject(ex, v, q.projectId);
  const found = await rows(
    ex,
    sql`select ${taskCols(v)} from project_tasks t
      where t.enterprise_id = ${v.enterpriseId} and t.project_id = ${q.projectId}
        and ${q.stageId ? sql`t.stage_id = ${q.stageId}` : sql`true`} and ${q.state != null ? sql`t.state = ${q.state}` : sql`true`}
      order by t.stage_id, t.sort, t.id`,
  );
  return presentTasks(ex, v, project, found);
}

export async function projectProcess(ex: Executor, v: Actor, projectId: number): Promise<ProcessStage[]> {
  const tasks = await taskList(ex, v, { projectId });
  const stages = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from project_stages where enterprise_id = ${v.enterpriseId} and project_id = ${projectId} order by sort, id`,
  );
  return stages.map((s) => ({ id: Number(s.id), name: s.name, tasks: tasks.filter((t) => t.stageId === Number(s.id)) }));
}

export async function logsOf(ex: Executor, v: Actor, table: 'project_logs' | 'project_task_logs', column: 'project_id' | 'task_id', id: number) {
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

export async function taskDetail(ex: Executor, v: Actor, id: number) {
  const { project } = await visibleTask(ex, v, id);
  const found = await rows(ex, sql`select ${taskCols(v)} from project_tasks t where t.enterprise_id = ${v.enterpriseId} and t.id = ${id}`);
  const [task] = await presentTasks(ex, v, project, found);
  if (!task) throw new AppError('NOT_FOUND');
  return { ...task, logs: await logsOf(ex, v, 'project_task_logs', 'task_id', id) };
}

async function saveStage(tx: Executor, ep: number, projectId: number, s: { id?: number | null; name: string }, sort: number): Promise<number> {
  if (s.id) {
    await tx.execute(sql`update project_stages set name = ${s.name}, sort = ${sort} where enterprise_id = ${ep} and id = ${s.id}`);
    return s.id;
  }
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into project_stages (enterprise_id, project_id, name, sort) values (${ep}, ${projectId}, ${s.name}, ${sort}) returning id`,
  );
  return Number(r?.id);
}

async function managedProject(ex: Executor, v: Actor, id: number): Promise<Row> {
  const project = await visibleProject(ex, v, id);
  if (!(await isManager(ex, v, project))) throw new AppError('PROJECT_ACTOR');
  return project;
}

type PlanTask = PlanInput['stages'][number]['tasks'][number];

/** A plan time in the viewer's zone; a missing start is the start of today, a missing end the start plus the task's duration. */
function planTimes(t: PlanTask, tz: string, isNew: boolean): { start: SQL | null; end: SQL | null } {
  const at = (x: string) => sql`(${x})::timestamp at time zone ${tz}`;
  const today = sql`date_trunc('day', now() at time zone ${tz}) at time zone ${tz}`;
  // Left out on an existing task: its stored value stays (null in the update below means "keep").
  const start = t.planStart ? at(t.planStart) : t.planStart === null ? sql`null` : isNew ? today : null;
  const from = start ?? sql`plan_start`;
  const end = t.planEnd
    ? at(t.planEnd)
    : t.planEnd === null
      ? sql`null`
      : t.durationDays != null || isNew
        ? sql`${from} + make_interval(days => ${t.durationDays ?? 1})`
        : null;
  return { start, end };
}

async function insertTask(tx: Executor, ep: number, projectId: number, stageId: number, t: PlanTask, sort: number, tz: string): Promise<void> {
  const { start, end } = planTimes(t, tz, true);
  await tx.execute(sql`insert into project_tasks (enterprise_id, project_id, stage_id, name, principal_id, coordination_user_ids, need_approval, approver_id, plan_start, plan_end, sort)
    values (${ep}, ${projectId}, ${stageId}, ${t.name}, ${t.principalId ?? null}, ${bigints(t.coordinationUserIds ?? [])}, ${t.needApproval ?? false},
      ${t.approverId ?? null}, ${start}, ${end}, ${sort})`);
}

async function updateTask(tx: Executor, ep: number, stageId: number, t: PlanTask & { id: number }, sort: number, tz: string): Promise<void> {
  const { start, end } = planTimes(t, tz, false);
  const set: SQL[] = [sql`stage_id = ${stageId}`, sql`name = ${t.name}`, sql`sort = ${sort}`, sql`updated_at = now()`];
  if (t.principalId !== undefined) set.push(sql`principal_id = ${t.principalId}`);
  if (t.coordinationUserIds !== undefined) set.push(sql`coordination_user_ids = ${bigints(t.coordinationUserIds)}`);
  if (t.needApproval !== undefined) set.push(sql`need_approval = ${t.needApproval}`);
  if (t.approverId !== undefined) set.push(sql`approver_id = ${t.approverId}`);
  if (start) set.push(sql`plan_start = ${start}`);
  if (end) set.push(sql`plan_end = ${end}`);
  await tx.execute(sql`update project_tasks set ${sql.join(set, sql`, `)} where enterprise_id = ${ep} and id = ${t.id}`);
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
export async function saveProcess(db: Db, v: Actor, b: PlanInput): Promise<number> {
  const ep = v.enterpriseId;
  return db.transaction(async (tx) => {
    // Tasks, then the project, locked in the order a task action takes them (its row, then the project's progress):
    // a save and a task finishing apply one after the other, and the states read here are current.
    const tasks = await rows<{ id: number; name: string; state: number }>(
      tx,
      sql`select id, name, state from project_tasks where enterprise_id = ${ep} and project_id = ${b.projectId} order by id for update`,
    );
    await tx.execute(sql`select 1 from projects where enterprise_id = ${ep} and id = ${b.projectId} for update`);
    const project = await managedProject(tx, v, b.projectId);
    if (Number(project.state) === 2) throw new AppError('PROJECT_INVALID_TRANSITION');
    const tasksIn = b.stages.flatMap((s) => s.tasks);
    await checkUsers(
      tx,
      ep,
      tasksIn.flatMap((t) => [t.principalId, t.approverId, ...(t.coordinationUserIds ?? [])]),
      '任务人员',
    );
    const stages = await rows<{ id: number }>(tx, sql`select id from project_stages where enterprise_id = ${ep} and project_id = ${b.projectId}`);
    const knownStages = new Set(stages.map((s) => Number(s.id)));
    const knownTasks = new Set(tasks.map((t) => Number(t.id)));
    for (const s of b.stages) if (s.id && !knownStages.has(s.id)) throw new AppError('NOT_FOUND');
    for (const t of tasksIn) if (t.id && !knownTasks.has(t.id)) throw new AppError('NOT_FOUND');
    const keptTasks = new Set(tasksIn.flatMap((t) => (t.id ? [t.id] : [])));
    const droppedTasks = tasks.filter((t) => !keptTasks.has(Number(t.id)));
    const held = droppedTasks.find((t) => Number(t.state) === 1 || Number(t.state) === 3);
    if (held) throw new AppError('PROJECT_TASK_KEPT', { name: held.name });
    if (droppedTasks.length)
      await tx.execute(sql`delete from project_tasks where enterprise_id = ${ep} and id = any(${bigints(droppedTasks.map((t) => Number(t.id)))})`);
    const keptStages = new Set<number>();
    for (const [i, s] of b.stages.entries()) {
      const stageId = await saveStage(tx, ep, b.projectId, s, i);
      keptStages.add(stageId);
      for (const [j, t] of s.tasks.entries()) {
        if (t.id) await updateTask(tx, ep, stageId, { ...t, id: t.id }, j, v.timeZone);
        else await insertTask(tx, ep, b.projectId, stageId, t, j, v.timeZone);
      }
    }
    const droppedStages = stages.map((x) => Number(x.id)).filter((id) => !keptStages.has(id));
    if (droppedStages.length) await tx.execute(sql`delete from project_stages where enterprise_id = ${ep} and id = any(${bigints(droppedStages)})`);
    const note = processNote({
      addedStages: b.stages.filter((s) => !s.id).length,
      droppedStages: droppedStages.length,
      addedTasks: tasksIn.filter((t) => !t.id).length,
      droppedTasks: droppedTasks.length,
    });
    const state = Number(project.state);
    await insertStateLog(tx, PROJECT_STATE, { enterpriseId: ep, id: b.projectId, from: state, to: state, action: 'process', note, actorId: v.id });
    return recomputeProgress(tx, ep, b.projectId);
  });
}

/** Changes a task's principal or collaborators: the project's managers only, while the project runs. */
export async function setTaskPeople(db: Db, v: Actor, id: number, people: { principalId?: number; coordinationUserIds?: number[] }): Promise<void> {
  await db.transaction(async (tx) => {
    const { task, project } = await visibleTask(tx, v, id);
    if (!(await isManager(tx, v, project))) throw new AppError('PROJECT_ACTOR');
    if (Number(project.state) === 2) throw new AppError('PROJECT_INVALID_TRANSITION');
    if (people.principalId !== undefined) {
      await checkUsers(tx, v.enterpriseId, [people.principalId], '负责人');
      await tx.execute(
        sql`update project_tasks set principal_id = ${people.principalId}, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${task.id}`,
      );
    }
    if (people.coordinationUserIds !== undefined) {
      await checkUsers(tx, v.enterpriseId, people.coordinationUserIds, '协作人');
      await tx.execute(
        sql`update project_tasks set coordination_user_ids = ${bigints(people.coordinationUserIds)}, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${task.id}`,
      );
    }
  });
}
