import type { ExamineRow, ProjectDetail, ProjectUserPower, WarnRow } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { bigints, timeOf } from '../../platform/sql';
import { isManager, type ProjectViewer, projectScope, type Row, visibleProject } from './project.access';
import { projectAbilities, projectContext } from './project.state';
import { logsOf } from './process.service';
import { projectRowOf } from './projects.repo';

export async function userPower(ex: Executor, v: ProjectViewer, project: Row): Promise<ProjectUserPower> {
  const ctx = await projectContext(ex, v, project);
  return { manage: ctx.manager, approve: ctx.approver, abilities: await projectAbilities(ex, v, project) };
}

export async function projectDetail(ex: Executor, v: ProjectViewer, id: number): Promise<ProjectDetail> {
  const p = await visibleProject(ex, v, id);
  const head = await projectRowOf(ex, v, id);
  if (!head) throw new AppError('NOT_FOUND');
  return {
    ...head,
    customerId: p.customer_id == null ? null : Number(p.customer_id),
    templateId: Number(p.template_id),
    templateVersionId: p.template_version_id == null ? null : Number(p.template_version_id),
    approval: (p.approval as string | null) ?? null,
    ext: (p.ext as Record<string, unknown>) ?? {},
    power: await userPower(ex, v, p),
    logs: await logsOf(ex, v, 'project_logs', 'project_id', id),
  };
}

/** Deletes projects (with their process, files, products, contracts and messages): every one must be the viewer's to manage. */
export async function deleteProjects(db: Db, v: ProjectViewer, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await rows(
      tx,
      sql`select * from projects p where p.enterprise_id = ${v.enterpriseId} and p.id = any(${bigints(ids)}) and ${projectScope(v)} for update`,
    );
    if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
    for (const p of found) if (!(await isManager(tx, v, p))) throw new AppError('PROJECT_ACTOR');
    await tx.execute(sql`delete from projects where enterprise_id = ${v.enterpriseId} and id = any(${bigints(ids)})`);
  });
}

/**
 * What waits for this viewer's decision: creation and finish approvals of projects (/projectexamine) or task
 * progress approvals (/projectplanexamine). Without a named approver, the project's managers decide.
 */
export async function examineList(ex: Executor, v: ProjectViewer, kind: 'project' | 'task'): Promise<ExamineRow[]> {
  const ep = v.enterpriseId;
  const managerOf = sql`(${v.admin} or p.created_by = ${v.id} or exists (select 1 from project_tmpl_settings s
    where s.enterprise_id = p.enterprise_id and s.template_id = p.template_id and ${v.id} = any(s.manager_ids)))`;
  if (kind === 'project') {
    const found = await rows(
      ex,
      sql`select p.id, p.approval as kind, p.id as project_id, p.project_no, p.name as project_name, null as task_name, u.name as applicant_name,
          ${timeOf(sql`p.updated_at`, v)} as time
        from projects p left join users u on u.enterprise_id = p.enterprise_id and u.id = p.created_by
        where p.enterprise_id = ${ep} and p.approval in ('create', 'finish')
          and (case when p.approval = 'create' then p.create_approver_id else p.finish_approver_id end = ${v.id}
            or (${v.admin}) or (case when p.approval = 'create' then p.create_approver_id else p.finish_approver_id end is null and ${managerOf}))
        order by p.updated_at desc, p.id desc limit 500`,
    );
    return found.map(examineOf);
  }
  const found = await rows(
    ex,
    sql`select t.id, 'task' as kind, p.id as project_id, p.project_no, p.name as project_name, t.name as task_name, u.name as applicant_name,
        ${timeOf(sql`t.updated_at`, v)} as time
      from project_tasks t join projects p on p.enterprise_id = t.enterprise_id and p.id = t.project_id
        left join users u on u.enterprise_id = t.enterprise_id and u.id = t.principal_id
      where t.enterprise_id = ${ep} and t.state = 3 and (t.approver_id = ${v.id} or ${v.admin} or (t.approver_id is null and ${managerOf}))
      order by t.updated_at desc, t.id desc limit 500`,
  );
  return found.map(examineOf);
}

const examineOf = (r: Row): ExamineRow => ({
  id: Number(r.id),
  kind: r.kind as ExamineRow['kind'],
  projectId: Number(r.project_id),
  projectNo: String(r.project_no),
  projectName: String(r.project_name),
  taskName: (r.task_name as string | null) ?? null,
  applicantName: (r.applicant_name as string | null) ?? null,
  time: String(r.time),
});

/**
 * Late and due-soon work (/objWarn/list): open tasks past or within `hours` of their planned end, and projects in
 * progress whose last task's planned end is. Scoped to what the viewer sees; tasks only the viewer's own unless they see all.
 */
export async function warnList(ex: Executor, v: ProjectViewer, hours: number): Promise<WarnRow[]> {
  const ep = v.enterpriseId;
  const mine = v.seesAll ? sql`true` : sql`(t.principal_id = ${v.id} or ${v.id} = any(t.coordination_user_ids))`;
  const found = await rows(
    ex,
    sql`select 'task' as kind, t.id, p.id as project_id, p.project_no, t.name, u.name as principal_name, ${timeOf(sql`t.plan_end`, v)} as plan_end,
        case when t.plan_end < now() then 'late' else 'soon' end as warn, t.plan_end as due
      from project_tasks t join projects p on p.enterprise_id = t.enterprise_id and p.id = t.project_id
        left join users u on u.enterprise_id = t.enterprise_id and u.id = t.principal_id
      where t.enterprise_id = ${ep} and t.state in (0, 3) and p.state = 1 and t.plan_end < now() + make_interval(hours => ${hours}) and ${mine}
      union all
      select 'project', p.id, p.id, p.project_no, p.name, u.name, ${timeOf(sql`e.plan_end`, v)}, case when e.plan_end < now() then 'late' else 'soon' end, e.plan_end
      from projects p join lateral (select max(plan_end) as plan_end from project_tasks t where t.enterprise_id = p.enterprise_id and t.project_id = p.id and t.state <> 2) e on true
        left join users u on u.enterprise_id = p.enterprise_id and u.id = p.created_by
      where p.enterprise_id = ${ep} and p.state = 1 and e.plan_end < now() + make_interval(hours => ${hours}) and ${projectScope(v)}
      order by due limit 500`,
  );
  return found.map((r) => ({
    kind: r.kind as WarnRow['kind'],
    id: Number(r.id),
    projectId: Number(r.project_id),
    projectNo: String(r.project_no),
    name: String(r.name),
    principalName: (r.principal_name as string | null) ?? null,
    planEnd: String(r.plan_end),
    warn: r.warn as WarnRow['warn'],
  }));
}
