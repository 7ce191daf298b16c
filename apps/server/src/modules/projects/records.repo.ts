import { hasPower, PROJECT_POWERS } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';

/**
 * The whole project and task rows as `select *` reads them (bigint ids parse to numbers, smallint states are numbers,
 * timestamps ISO text; a bigint array arrives as text elements), and the statements the access, state and approval
 * rules read them with. The state helper's locked row is one of these: its callers name it once at the hook.
 */
export interface ProjectRecord {
  enterprise_id: number;
  id: number;
  project_no: string;
  name: string;
  customer_id: number | null;
  template_id: number;
  template_version_id: number | null;
  ext: Record<string, unknown>;
  /** 0 unapproved, 1 in progress, 2 completed. */
  state: number;
  version: number;
  approval: string | null;
  create_approver_id: number | null;
  finish_approver_id: number | null;
  progress_speed: number;
  created_by: number;
  created_at: string;
  finish_time: string | null;
  copied_from: number | null;
  updated_at: string;
}

export interface TaskRecord {
  enterprise_id: number;
  id: number;
  project_id: number;
  stage_id: number;
  name: string;
  /** 0 unfinished, 1 finished, 2 disabled, 3 in approval. */
  state: number;
  version: number;
  principal_id: number | null;
  /** bigint[]: the driver gives its elements as text. */
  coordination_user_ids: string[];
  need_approval: boolean;
  approver_id: number | null;
  remind: boolean;
  remind_hours: number;
  reminded_at: string | null;
  plan_start: string | null;
  plan_end: string | null;
  finished_at: string | null;
  finished_by: number | null;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** The project area's administrator: the enterprise's administrators and role 3, never an outsourced provider's user. */
export const projectAdmin = (a: Pick<Actor, 'admin' | 'sysrole' | 'providerId'>): boolean => a.providerId == null && (a.admin || a.sysrole === 3);

/** Sees every project of the enterprise: administrators and the project list's power (never a provider's user, who sees only the projects they are on). */
export const seesAllProjects = (a: Pick<Actor, 'admin' | 'powers' | 'providerId'>): boolean =>
  a.providerId == null && (a.admin || hasPower(a.powers, PROJECT_POWERS.list));

/**
 * The projects a viewer may see (on `projects` aliased `p`): all with the list's power; otherwise those they
 * created, approve, manage (as a manager of the template, /projectSet/addpersonnelProject) or hold a task of
 * (as principal, collaborator or approver), and those whose approval (or a task's) the engine gave them to decide.
 */
export function projectScope(v: Actor, alias = 'p'): SQL {
  if (seesAllProjects(v)) return sql`true`;
  const p = sql.raw(alias);
  return sql`(${p}.created_by = ${v.id} or ${p}.create_approver_id = ${v.id} or ${p}.finish_approver_id = ${v.id}
    or exists (select 1 from project_tmpl_settings s where s.enterprise_id = ${p}.enterprise_id and s.template_id = ${p}.template_id
      and ${v.id} = any(s.manager_ids))
    or exists (select 1 from project_tasks t where t.enterprise_id = ${p}.enterprise_id and t.project_id = ${p}.id
      and (t.principal_id = ${v.id} or t.approver_id = ${v.id} or ${v.id} = any(t.coordination_user_ids)))
    or exists (select 1 from approval_tasks k join approval_instances i on i.enterprise_id = k.enterprise_id and i.id = k.instance_id
      where k.enterprise_id = ${p}.enterprise_id and k.user_id = ${v.id}
        and ((i.kind in ('project_create', 'project_finish') and i.doc_id = ${p}.id)
          or (i.kind = 'project_task' and i.doc_id in (select t.id from project_tasks t where t.enterprise_id = ${p}.enterprise_id and t.project_id = ${p}.id)))))`;
}

/** Whether the user is among the template's managers (project_tmpl_settings.manager_ids). */
export async function managesTemplate(ex: Executor, ep: number, templateId: number, userId: number): Promise<boolean> {
  const [r] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from project_tmpl_settings where enterprise_id = ${ep} and template_id = ${templateId} and ${userId} = any(manager_ids)`,
  );
  return !!r;
}

/** A project of the enterprise where `scope` (a condition on `p`) holds. */
export async function projectRecord(ex: Executor, ep: number, id: number, scope: SQL = sql`true`): Promise<ProjectRecord | undefined> {
  const [p] = await rows<ProjectRecord>(ex, sql`select * from projects p where p.enterprise_id = ${ep} and p.id = ${id} and ${scope}`);
  return p;
}

export async function taskRecord(ex: Executor, ep: number, id: number): Promise<TaskRecord | undefined> {
  const [t] = await rows<TaskRecord>(ex, sql`select * from project_tasks where enterprise_id = ${ep} and id = ${id}`);
  return t;
}

/** A project's row lock (the order a task action takes: its row, then the project's progress). */
export async function lockProject(tx: Executor, ep: number, id: number): Promise<void> {
  await rows<{ one: number }>(tx, sql`select 1 as one from projects where enterprise_id = ${ep} and id = ${id} for update`);
}

export async function projectStateOf(ex: Executor, ep: number, id: number): Promise<number | null> {
  const [p] = await rows<{ state: number }>(ex, sql`select state from projects where enterprise_id = ${ep} and id = ${id}`);
  return p?.state ?? null;
}

export async function projectProgressOf(ex: Executor, ep: number, id: number): Promise<number> {
  const [p] = await rows<{ progress_speed: number }>(ex, sql`select progress_speed from projects where enterprise_id = ${ep} and id = ${id}`);
  return p?.progress_speed ?? 0;
}

export async function taskStateOf(ex: Executor, ep: number, id: number): Promise<{ state: number; project_id: number } | undefined> {
  const [t] = await rows<{ state: number; project_id: number }>(
    ex,
    sql`select state, project_id::int as project_id from project_tasks where enterprise_id = ${ep} and id = ${id}`,
  );
  return t;
}

export interface TaskCounts {
  total: number;
  finished: number;
  disabled: number;
}

/** Task counts of a project, for progress and for "every task done". */
export async function taskCounts(ex: Executor, ep: number, projectId: number): Promise<TaskCounts> {
  const [r] = await rows<TaskCounts>(
    ex,
    sql`select count(*)::int as total, count(*) filter (where state = 1)::int as finished, count(*) filter (where state = 2)::int as disabled
      from project_tasks where enterprise_id = ${ep} and project_id = ${projectId}`,
  );
  return r ?? { total: 0, finished: 0, disabled: 0 };
}

/**
 * A waiting engine instance of the document, if any, and whether `userId` holds an open task of its current step
 * (his own, or a colleague's inside a delegation window) and whether he applied for it.
 */
export async function pendingApproval(
  ex: Executor,
  ep: number,
  kind: string,
  docId: number,
  userId: number,
): Promise<{ id: number; holds: boolean; applicant: boolean } | null> {
  const [r] = await rows<{ id: number; holds: boolean; applicant: boolean }>(
    ex,
    sql`select i.id::int as id, i.applicant_id = ${userId} as applicant, exists (select 1 from approval_tasks k
        where k.enterprise_id = i.enterprise_id and k.instance_id = i.id and k.step = i.step and k.decision is null
          and (k.user_id = ${userId} or k.user_id in (select d.user_id from approval_delegations d where d.enterprise_id = i.enterprise_id
            and d.delegate_id = ${userId} and d.starts_at <= now() and d.ends_at > now()))) as holds
      from approval_instances i where i.enterprise_id = ${ep} and i.kind = ${kind} and i.doc_id = ${docId} and i.state = 0`,
  );
  return r ?? null;
}

/** The actor of a record's last log row of `action` into `toState` (who submitted an approval). */
export async function lastActorOf(
  ex: Executor,
  ep: number,
  log: 'project_logs' | 'project_task_logs',
  column: 'project_id' | 'task_id',
  id: number,
  toState: number,
): Promise<number | null> {
  const [l] = await rows<{ user_id: number | null }>(
    ex,
    sql`select user_id::int as user_id from ${sql.identifier(log)} where enterprise_id = ${ep} and ${sql.identifier(column)} = ${id}
      and action = 'finish' and to_state = ${toState} order by created_at desc, id desc limit 1`,
  );
  return l?.user_id ?? null;
}

/** Whether the project's template asks for a finish approval. */
export async function finishApprovalOf(ex: Executor, ep: number, templateId: number): Promise<boolean> {
  const [s] = await rows<{ finish_approval: boolean }>(
    ex,
    sql`select finish_approval from project_tmpl_settings where enterprise_id = ${ep} and template_id = ${templateId}`,
  );
  return !!s?.finish_approval;
}

/** Stores a project's progress; its state and pending approval after. */
export async function storeProgress(tx: Tx, ep: number, projectId: number, progress: number): Promise<{ state: number; approval: string | null } | undefined> {
  const [p] = await rows<{ state: number; approval: string | null }>(
    tx,
    sql`update projects set progress_speed = ${progress} where enterprise_id = ${ep} and id = ${projectId} returning state, approval`,
  );
  return p;
}

/** A template's project settings as `select *` reads them. */
export interface TmplSettingsRecord {
  enterprise_id: number;
  template_id: number;
  create_approval: boolean;
  create_approver_id: number | null;
  finish_approval: boolean;
  finish_approver_id: number | null;
  /** bigint[]: the driver gives its elements as text. */
  manager_ids: string[];
  updated_at: string;
}

export async function tmplSettingsOf(ex: Executor, ep: number, templateId: number): Promise<TmplSettingsRecord | undefined> {
  const [s] = await rows<TmplSettingsRecord>(ex, sql`select * from project_tmpl_settings where enterprise_id = ${ep} and template_id = ${templateId}`);
  return s;
}
