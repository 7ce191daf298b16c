import type { ProjectLogRow, ProjectPlanInput } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { bigints, timeOf } from '../../platform/sql';
import type { TaskRecord } from './records.repo';

/** The statements of a project's process: its stages and tasks, their logs, and a plan's save. */

// Names by key lookups per task (a project holds tens of tasks): a join lets the planner hash the whole users table.
const userName = (col: SQL) => sql`(select u.name from users u where u.enterprise_id = t.enterprise_id and u.id = ${col})`;
const taskCols = (v: Actor) => sql`t.*, ${userName(sql`t.principal_id`)} as principal_name, ${userName(sql`t.approver_id`)} as approver_name,
  case when t.plan_start is null then null else ${timeOf(sql`t.plan_start`, v)} end as plan_start_text,
  case when t.plan_end is null then null else ${timeOf(sql`t.plan_end`, v)} end as plan_end_text,
  case when t.finished_at is null then null else ${timeOf(sql`t.finished_at`, v)} end as finished_text`;

/** A task as taskCols reads it: the whole row, its people's names and its times in the viewer's zone. */
export interface TaskRaw extends TaskRecord {
  principal_name: string | null;
  approver_name: string | null;
  plan_start_text: string | null;
  plan_end_text: string | null;
  finished_text: string | null;
}

/** The tasks of a project (of one stage, in one state), in the process's order. */
export function taskRows(ex: Executor, v: Actor, q: { projectId: number; stageId?: number | null; state?: number }): Promise<TaskRaw[]> {
  return rows<TaskRaw>(
    ex,
    sql`select ${taskCols(v)} from project_tasks t
      where t.enterprise_id = ${v.enterpriseId} and t.project_id = ${q.projectId}
        and ${q.stageId ? sql`t.stage_id = ${q.stageId}` : sql`true`} and ${q.state != null ? sql`t.state = ${q.state}` : sql`true`}
      order by t.stage_id, t.sort, t.id`,
  );
}

export function taskRowsById(ex: Executor, v: Actor, id: number): Promise<TaskRaw[]> {
  return rows<TaskRaw>(ex, sql`select ${taskCols(v)} from project_tasks t where t.enterprise_id = ${v.enterpriseId} and t.id = ${id}`);
}

/** Users' names by id (the tasks' collaborators). */
export async function userNames(ex: Executor, ep: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(ex, sql`select id, name from users where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
  return new Map(found.map((u) => [u.id, u.name]));
}

export function stagesOf(ex: Executor, ep: number, projectId: number): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from project_stages where enterprise_id = ${ep} and project_id = ${projectId} order by sort, id`,
  );
}

/** A log row as logRows reads it. */
interface LogRaw {
  id: number;
  action: string;
  from_state: number | null;
  to_state: number;
  note: string | null;
  user_name: string | null;
  time: string;
}

const toLogRow = (l: LogRaw): ProjectLogRow => ({
  id: l.id,
  action: l.action,
  from: l.from_state,
  to: l.to_state,
  note: l.note,
  userName: l.user_name,
  time: l.time,
});

/** A project's or task's log, oldest first, with who acted and when in the viewer's zone. */
export async function logRows(
  ex: Executor,
  v: Actor,
  table: 'project_logs' | 'project_task_logs',
  column: 'project_id' | 'task_id',
  id: number,
): Promise<ProjectLogRow[]> {
  const found = await rows<LogRaw>(
    ex,
    sql`select l.id, l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, v)} as time
      from ${sql.identifier(table)} l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${v.enterpriseId} and l.${sql.identifier(column)} = ${id} order by l.created_at, l.id`,
  );
  return found.map(toLogRow);
}

export async function updateStage(tx: Executor, ep: number, s: { id: number; name: string }, sort: number): Promise<void> {
  await tx.execute(sql`update project_stages set name = ${s.name}, sort = ${sort} where enterprise_id = ${ep} and id = ${s.id}`);
}

export async function insertStage(tx: Executor, ep: number, projectId: number, name: string, sort: number): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into project_stages (enterprise_id, project_id, name, sort) values (${ep}, ${projectId}, ${name}, ${sort}) returning id`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}

/** A project's tasks locked for a save, in id order. */
export function lockTasks(tx: Executor, ep: number, projectId: number): Promise<{ id: number; name: string; state: number }[]> {
  return rows<{ id: number; name: string; state: number }>(
    tx,
    sql`select id, name, state from project_tasks where enterprise_id = ${ep} and project_id = ${projectId} order by id for update`,
  );
}

export function stageIdsOf(tx: Executor, ep: number, projectId: number): Promise<{ id: number }[]> {
  return rows<{ id: number }>(tx, sql`select id from project_stages where enterprise_id = ${ep} and project_id = ${projectId}`);
}

export async function deleteTasks(tx: Executor, ep: number, ids: number[]): Promise<void> {
  await tx.execute(sql`delete from project_tasks where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
}

export async function deleteStages(tx: Executor, ep: number, ids: number[]): Promise<void> {
  await tx.execute(sql`delete from project_stages where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
}

/** A task of a plan as the manager edits it (the contract's). */
export type PlanTaskIn = ProjectPlanInput['stages'][number]['tasks'][number];

/** A plan time in the viewer's zone; a missing start is the start of today, a missing end the start plus the task's duration. */
function planTimes(t: PlanTaskIn, tz: string, isNew: boolean): { start: SQL | null; end: SQL | null } {
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

export async function insertTask(tx: Executor, ep: number, projectId: number, stageId: number, t: PlanTaskIn, sort: number, tz: string): Promise<void> {
  const { start, end } = planTimes(t, tz, true);
  await tx.execute(sql`insert into project_tasks (enterprise_id, project_id, stage_id, name, principal_id, coordination_user_ids, need_approval, approver_id, plan_start, plan_end, sort)
    values (${ep}, ${projectId}, ${stageId}, ${t.name}, ${t.principalId ?? null}, ${bigints(t.coordinationUserIds ?? [])}, ${t.needApproval ?? false},
      ${t.approverId ?? null}, ${start}, ${end}, ${sort})`);
}

export async function updateTask(tx: Executor, ep: number, stageId: number, t: PlanTaskIn & { id: number }, sort: number, tz: string): Promise<void> {
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

export async function setTaskPrincipal(tx: Executor, ep: number, id: number, principalId: number): Promise<void> {
  await tx.execute(sql`update project_tasks set principal_id = ${principalId}, updated_at = now() where enterprise_id = ${ep} and id = ${id}`);
}

export async function setTaskCoordination(tx: Executor, ep: number, id: number, userIds: number[]): Promise<void> {
  await tx.execute(sql`update project_tasks set coordination_user_ids = ${bigints(userIds)}, updated_at = now() where enterprise_id = ${ep} and id = ${id}`);
}

/** Marks up to `batch` open tasks whose reminder time has come and writes their principals' notices (once each); how many were sent. */
export async function remindDueTasks(ex: Executor, batch: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`with due as (
        update project_tasks t set reminded_at = now()
        from projects p, enterprises e
        where (t.enterprise_id, t.id) in (
            select enterprise_id, id from project_tasks
            where remind and reminded_at is null and state in (0, 3) and principal_id is not null
              and plan_end - make_interval(hours => remind_hours) <= now()
            order by plan_end limit ${batch} for update skip locked)
          and p.enterprise_id = t.enterprise_id and p.id = t.project_id and p.state = 1 and e.id = t.enterprise_id
        returning t.enterprise_id, t.id, t.principal_id, t.name, p.id as project_id, p.name as project_name,
          to_char(t.plan_end at time zone e.time_zone, 'YYYY-MM-DD HH24:MI') as due_text),
      sent as (
        insert into notices (enterprise_id, user_id, category, kind, title, content, link, dedupe_key)
        select enterprise_id, principal_id, 1, 'project_task_remind', '项目任务即将到期',
          '项目“' || project_name || '”的任务“' || name || '”计划于' || due_text || '完成，请及时处理',
          '/allproject/projectdetails/' || project_id, 'project_task_remind:' || id
        from due on conflict do nothing returning 1)
      select count(*)::int as n from sent`,
  );
  return r?.n ?? 0;
}
