import { hasPower, PROJECT_POWERS } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { checkIdsIn, LIVE_USER } from '../../platform/refs';
import type { Actor } from '../../platform/actor';

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

export type Row = Record<string, unknown>;
export const num = (v: unknown): number | null => (v == null ? null : Number(v));

/** Managers of a project: administrators, its creator and the template's managers. */
export async function isManager(ex: Executor, v: Actor, project: Row): Promise<boolean> {
  if (projectAdmin(v) || num(project.created_by) === v.id) return true;
  const [r] = await rows(
    ex,
    sql`select 1 from project_tmpl_settings where enterprise_id = ${v.enterpriseId} and template_id = ${project.template_id} and ${v.id} = any(manager_ids)`,
  );
  return !!r;
}

/** A project the viewer may see, or NOT_FOUND (another enterprise's id included). */
export async function visibleProject(ex: Executor, v: Actor, id: number): Promise<Row> {
  const [p] = await rows(ex, sql`select * from projects p where p.enterprise_id = ${v.enterpriseId} and p.id = ${id} and ${projectScope(v)}`);
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

/** A task of a project the viewer may see, with its project. */
export async function visibleTask(ex: Executor, v: Actor, id: number): Promise<{ task: Row; project: Row }> {
  const [task] = await rows(ex, sql`select * from project_tasks where enterprise_id = ${v.enterpriseId} and id = ${id}`);
  if (!task) throw new AppError('NOT_FOUND');
  return { task, project: await visibleProject(ex, v, Number(task.project_id)) };
}

/** Enabled users of the enterprise, or a clear message naming the field. */
export async function checkUsers(ex: Executor, ep: number, ids: (number | null | undefined)[], label: string): Promise<void> {
  await checkIdsIn(ex, ep, 'users', ids, `${label}：人员不存在或已停用`, LIVE_USER);
}
