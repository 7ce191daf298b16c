import type { ExamineRow, MyTaskRow, ProjectDetail, ProjectUserPower, WarnRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { bigints, timeOf } from '../../platform/sql';
import { isManager, projectAdmin, projectScope, type Row, seesAllProjects, visibleProject } from './project.access';
import { projectAbilities, projectContext } from './project.state';
import { logsOf } from './process.service';
import { projectRowOf } from './projects.repo';
import type { Actor } from '../../platform/actor';

export async function userPower(ex: Executor, v: Actor, project: Row): Promise<ProjectUserPower> {
  const ctx = await projectContext(ex, v, project);
  return { manage: ctx.manager, approve: ctx.approver, abilities: await projectAbilities(ex, v, project) };
}

export async function projectDetail(ex: Executor, v: Actor, id: number): Promise<ProjectDetail> {
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
export async function deleteProjects(db: Db, v: Actor, ids: number[]): Promise<void> {
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

/** The viewer holds an open task of the current step of engine instance `i` (his own, or delegated to him now). */
const holdsStep = (v: Actor) => sql`exists (select 1 from approval_tasks k where k.enterprise_id = i.enterprise_id and k.instance_id = i.id
  and k.step = i.step and k.decision is null and (k.user_id = ${v.id} or k.user_id in (select d.user_id from approval_delegations d
    where d.enterprise_id = i.enterprise_id and d.delegate_id = ${v.id} and d.starts_at <= now() and d.ends_at > now())))`;

/**
 * What waits for this viewer's decision: creation and finish approvals of projects (/projectexamine) or task
 * progress approvals (/projectplanexamine). While an engine instance waits, its current step's approvers decide;
 * otherwise the named approver, without one the project's managers. Nobody is asked to decide what he submitted.
 */
export async function examineList(ex: Executor, v: Actor, kind: 'project' | 'task'): Promise<ExamineRow[]> {
  const found = await examineRows(ex, v, kind, sql`order by time_at desc, id desc limit 500`);
  return found.map(examineOf);
}

/** How many approvals wait for this viewer (the menu's badge and the home to-do). */
export async function examineCount(ex: Executor, v: Actor, kind: 'project' | 'task'): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from (${examineQuery(v, kind)}) x`);
  return Number(r?.n ?? 0);
}

async function examineRows(ex: Executor, v: Actor, kind: 'project' | 'task', tail: SQL): Promise<Row[]> {
  return rows(ex, sql`select * from (${examineQuery(v, kind)}) x ${tail}`);
}

function examineQuery(v: Actor, kind: 'project' | 'task'): SQL {
  const ep = v.enterpriseId;
  const managerOf = sql`(${projectAdmin(v)} or p.created_by = ${v.id} or exists (select 1 from project_tmpl_settings s
    where s.enterprise_id = p.enterprise_id and s.template_id = p.template_id and ${v.id} = any(s.manager_ids)))`;
  if (kind === 'project') {
    const approverId = sql`case when p.approval = 'create' then p.create_approver_id else p.finish_approver_id end`;
    const submitter = sql`case when p.approval = 'create' then p.created_by else coalesce((select l.user_id from project_logs l
      where l.enterprise_id = p.enterprise_id and l.project_id = p.id and l.action = 'finish' and l.to_state = 1 order by l.created_at desc, l.id desc limit 1), p.created_by) end`;
    return sql`select p.id, p.approval as kind, p.id as project_id, p.project_no, p.name as project_name, null as task_name, u.name as applicant_name,
          ${timeOf(sql`p.updated_at`, v)} as time, p.updated_at as time_at
        from projects p left join users u on u.enterprise_id = p.enterprise_id and u.id = p.created_by
          left join approval_instances i on i.enterprise_id = p.enterprise_id and i.state = 0 and i.doc_id = p.id
            and i.kind = case when p.approval = 'create' then 'project_create' else 'project_finish' end
        where p.enterprise_id = ${ep} and p.approval in ('create', 'finish')
          and case when i.id is not null then ${holdsStep(v)}
            else (${approverId} = ${v.id} or ${projectAdmin(v)} or (${approverId} is null and ${managerOf})) and ${submitter} is distinct from ${v.id} end`;
  }
  const submitter = sql`(select l.user_id from project_task_logs l where l.enterprise_id = t.enterprise_id and l.task_id = t.id
    and l.action = 'finish' and l.to_state = 3 order by l.created_at desc, l.id desc limit 1)`;
  return sql`select t.id, 'task' as kind, p.id as project_id, p.project_no, p.name as project_name, t.name as task_name, u.name as applicant_name,
        ${timeOf(sql`t.updated_at`, v)} as time, t.updated_at as time_at
      from project_tasks t join projects p on p.enterprise_id = t.enterprise_id and p.id = t.project_id
        left join users u on u.enterprise_id = t.enterprise_id and u.id = t.principal_id
        left join approval_instances i on i.enterprise_id = t.enterprise_id and i.kind = 'project_task' and i.doc_id = t.id and i.state = 0
      where t.enterprise_id = ${ep} and t.state = 3
        and case when i.id is not null then ${holdsStep(v)}
          else (t.approver_id = ${v.id} or ${projectAdmin(v)} or (t.approver_id is null and ${managerOf})) and ${submitter} is distinct from ${v.id} end`;
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
export async function warnList(ex: Executor, v: Actor, hours: number): Promise<WarnRow[]> {
  const ep = v.enterpriseId;
  const mine = seesAllProjects(v) ? sql`true` : sql`(t.principal_id = ${v.id} or ${v.id} = any(t.coordination_user_ids))`;
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

/** 我的任务: open tasks (unfinished or in approval) the viewer is the principal of, in projects in progress. */
const myTaskWhere = (v: Actor) => sql`t.enterprise_id = ${v.enterpriseId} and t.principal_id = ${v.id} and t.state in (0, 3)
  and exists (select 1 from projects p where p.enterprise_id = t.enterprise_id and p.id = t.project_id and p.state = 1)`;

export async function myTaskList(ex: Executor, v: Actor, q: PageRequest): Promise<{ list: MyTaskRow[]; count: number }> {
  return listPage(
    q,
    async () => {
      const found = await rows(
        ex,
        sql`select t.id, t.project_id, p.project_no, p.name as project_name, s.name as stage_name, t.name, t.state,
            case when t.plan_end is null then null else ${timeOf(sql`t.plan_end`, v)} end as plan_end
          from project_tasks t join projects p on p.enterprise_id = t.enterprise_id and p.id = t.project_id
            join project_stages s on s.enterprise_id = t.enterprise_id and s.id = t.stage_id
          where ${myTaskWhere(v)} order by t.plan_end nulls last, t.id ${pageSql(q)}`,
      );
      return found.map((r) => ({
        id: Number(r.id),
        projectId: Number(r.project_id),
        projectNo: String(r.project_no),
        projectName: String(r.project_name),
        stageName: String(r.stage_name),
        name: String(r.name),
        state: Number(r.state),
        planEnd: (r.plan_end as string | null) ?? null,
      }));
    },
    () => myTaskCount(ex, v),
  );
}

export const myTaskCount = (ex: Executor, v: Actor): Promise<number> => countOf(ex, sql`project_tasks t`, myTaskWhere(v));
