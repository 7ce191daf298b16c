import { textContains } from '../../platform/search';
import type { ExamineRow, MyTaskRow, ProjectFilters, ProjectListQuery, ProjectRow, WarnRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { countOf, type PageRequest, pageSql, sortOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import { and, bigints, createdBetween, timeOf } from '../../platform/sql';
import { type ProjectRecord, projectAdmin, projectScope, seesAllProjects } from './records.repo';
import type { Actor } from '../../platform/actor';

/** The list's conditions on `projects p` (the project list's search form), scoped to what the viewer sees. */
export function projectWhere(v: Actor, f: Partial<ProjectFilters> & { ids?: number[] }): SQL {
  const c: SQL[] = [sql`p.enterprise_id = ${v.enterpriseId}`, projectScope(v)];
  if (f.keyword) c.push(sql`(${textContains(sql`p.name`, f.keyword)} or ${textContains(sql`p.project_no`, f.keyword)})`);
  if (f.project_no) c.push(sql`p.project_no = ${f.project_no}`);
  if (f.project_state != null && f.project_state !== -1) c.push(sql`p.state = ${f.project_state}`);
  if (f.fk_t_project_tmpl_id) c.push(sql`p.template_id = ${f.fk_t_project_tmpl_id}`);
  if (f.fk_t_create_user_id) c.push(sql`p.created_by = ${f.fk_t_create_user_id}`);
  if (f.fk_t_customer_id) c.push(sql`p.customer_id = ${f.fk_t_customer_id}`);
  c.push(...createdBetween(sql`p.created_at`, v, f.start_create_time, f.end_create_time));
  c.push(...createdBetween(sql`p.finish_time`, v, f.start_finish_time, f.end_finish_time));
  if (f.ids?.length) c.push(sql`p.id = any(${`{${f.ids.join(',')}}`}::bigint[])`);
  return and(c);
}

export const PROJECT_ORDERS = { 1: sql`p.created_at desc, p.id desc`, 2: sql`p.created_at asc, p.id asc` };

/** The project list's row, on a page subquery aliased `p`. */
const rowSelect = (v: Actor) => sql`p.id, p.project_no, p.name, f.name as project_tmpl_name, p.state as project_state, p.created_by as fk_t_create_user_id,
  u.name as create_user_name, ${timeOf(sql`p.created_at`, v)} as create_time, case when p.finish_time is null then null else ${timeOf(sql`p.finish_time`, v)} end as finish_time,
  p.progress_speed, c.name as customer_name, p.created_at`;
const joins = sql`left join form_templates f on f.enterprise_id = p.enterprise_id and f.id = p.template_id
  left join users u on u.enterprise_id = p.enterprise_id and u.id = p.created_by
  left join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id`;

/** A list row as rowSelect reads it. */
interface ProjectRaw {
  id: number;
  project_no: string;
  name: string;
  project_tmpl_name: string | null;
  project_state: number;
  fk_t_create_user_id: number;
  create_user_name: string | null;
  create_time: string;
  finish_time: string | null;
  progress_speed: number;
  customer_name: string | null;
  created_at: string;
}

/** The one place a project row becomes the contract's (the list, the export, the detail's head). */
const toProjectRow = (r: ProjectRaw): ProjectRow => ({
  id: r.id,
  project_no: r.project_no,
  name: r.name,
  project_tmpl_name: r.project_tmpl_name,
  project_state: r.project_state,
  fk_t_create_user_id: r.fk_t_create_user_id,
  create_user_name: r.create_user_name,
  create_time: r.create_time,
  finish_time: r.finish_time,
  progress_speed: `${r.progress_speed}%`,
  customer_name: r.customer_name,
});

/** One page of the list: the rows `inner` picks (aliased p), with their names. */
export const projectPageSql = (v: Actor, inner: SQL, order: SQL): SQL => sql`select ${rowSelect(v)} from (${inner}) p ${joins} order by ${order}`;

export async function listProjects(ex: Executor, v: Actor, q: ProjectListQuery): Promise<ProjectRow[]> {
  const order = sortOf(PROJECT_ORDERS, q.sortType as 1 | 2, 1);
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  const where = projectWhere(v, q);
  // A keyword is walked along the creation index row by row: its later pages come from the search's snapshot.
  const inner = await listPageRows(ex, Boolean(q.keyword), 'projects', 'p', v.enterpriseId, where, order, page);
  return (await rows<ProjectRaw>(ex, projectPageSql(v, inner, order))).map(toProjectRow);
}

export const countProjects = (ex: Executor, v: Actor, f: Partial<ProjectFilters> & { ids?: number[] }): Promise<number> =>
  countOf(ex, sql`projects p`, projectWhere(v, f));

/** Rows for the export, newest first, before a keyset id. */
export async function projectsBefore(
  ex: Executor,
  v: Actor,
  f: Partial<ProjectFilters> & { ids?: number[] },
  before: number | null,
  limit: number,
): Promise<ProjectRow[]> {
  return (await rows<ProjectRaw>(ex, projectsBeforeSql(v, f, before, limit))).map(toProjectRow);
}

/** The export's keyset page: rows before an id, newest first. */
export const projectsBeforeSql = (v: Actor, f: Partial<ProjectFilters> & { ids?: number[] }, before: number | null, limit: number): SQL =>
  sql`select ${rowSelect(v)} from projects p ${joins} where ${projectWhere(v, f)} and ${before == null ? sql`true` : sql`p.id < ${before}`} order by p.id desc limit ${limit}`;

/** One row by id (the detail's head). */
export async function projectRowOf(ex: Executor, v: Actor, id: number): Promise<ProjectRow | null> {
  const [r] = await rows<ProjectRaw>(ex, sql`select ${rowSelect(v)} from projects p ${joins} where p.enterprise_id = ${v.enterpriseId} and p.id = ${id}`);
  return r ? toProjectRow(r) : null;
}

/** A warning as warnRows reads it. */
interface WarnRaw {
  kind: WarnRow['kind'];
  id: number;
  project_id: number;
  project_no: string;
  name: string;
  principal_name: string | null;
  plan_end: string;
  warn: WarnRow['warn'];
}

const toWarnRow = (r: WarnRaw): WarnRow => ({
  kind: r.kind,
  id: r.id,
  projectId: r.project_id,
  projectNo: r.project_no,
  name: r.name,
  principalName: r.principal_name,
  planEnd: r.plan_end,
  warn: r.warn,
});

/** Late and due-soon tasks and projects, the soonest first (at most 500). */
export async function warnRows(ex: Executor, v: Actor, hours: number): Promise<WarnRow[]> {
  const ep = v.enterpriseId;
  const mine = seesAllProjects(v) ? sql`true` : sql`(t.principal_id = ${v.id} or ${v.id} = any(t.coordination_user_ids))`;
  const found = await rows<WarnRaw>(
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
  return found.map(toWarnRow);
}

/** 我的任务: open tasks (unfinished or in approval) the viewer is the principal of, in projects in progress. */
const myTaskWhere = (v: Actor) => sql`t.enterprise_id = ${v.enterpriseId} and t.principal_id = ${v.id} and t.state in (0, 3)
  and exists (select 1 from projects p where p.enterprise_id = t.enterprise_id and p.id = t.project_id and p.state = 1)`;

/** A task of 我的任务 as myTaskRows reads it. */
interface MyTaskRaw {
  id: number;
  project_id: number;
  project_no: string;
  project_name: string;
  stage_name: string;
  name: string;
  state: number;
  plan_end: string | null;
}

const toMyTaskRow = (r: MyTaskRaw): MyTaskRow => ({
  id: r.id,
  projectId: r.project_id,
  projectNo: r.project_no,
  projectName: r.project_name,
  stageName: r.stage_name,
  name: r.name,
  state: r.state,
  planEnd: r.plan_end,
});

/** One page of 我的任务, by planned end. */
export async function myTaskRows(ex: Executor, v: Actor, q: PageRequest): Promise<MyTaskRow[]> {
  const found = await rows<MyTaskRaw>(
    ex,
    sql`select t.id, t.project_id, p.project_no, p.name as project_name, s.name as stage_name, t.name, t.state,
            case when t.plan_end is null then null else ${timeOf(sql`t.plan_end`, v)} end as plan_end
          from project_tasks t join projects p on p.enterprise_id = t.enterprise_id and p.id = t.project_id
            join project_stages s on s.enterprise_id = t.enterprise_id and s.id = t.stage_id
          where ${myTaskWhere(v)} order by t.plan_end nulls last, t.id ${pageSql(q)}`,
  );
  return found.map(toMyTaskRow);
}

export const myTaskCount = (ex: Executor, v: Actor): Promise<number> => countOf(ex, sql`project_tasks t`, myTaskWhere(v));

/** The viewer holds an open task of the current step of engine instance `i` (his own, or delegated to him now). */
const holdsStep = (v: Actor) => sql`exists (select 1 from approval_tasks k where k.enterprise_id = i.enterprise_id and k.instance_id = i.id
  and k.step = i.step and k.decision is null and (k.user_id = ${v.id} or k.user_id in (select d.user_id from approval_delegations d
    where d.enterprise_id = i.enterprise_id and d.delegate_id = ${v.id} and d.starts_at <= now() and d.ends_at > now())))`;

/** An approval waiting for the viewer as examineQuery reads it. */
interface ExamineRaw {
  id: number;
  kind: ExamineRow['kind'];
  project_id: number;
  project_no: string;
  project_name: string;
  task_name: string | null;
  applicant_name: string | null;
  time: string;
}

const toExamineRow = (r: ExamineRaw): ExamineRow => ({
  id: r.id,
  kind: r.kind,
  projectId: r.project_id,
  projectNo: r.project_no,
  projectName: r.project_name,
  taskName: r.task_name,
  applicantName: r.applicant_name,
  time: r.time,
});

/** The approvals waiting for the viewer, newest first (at most 500). */
export async function examineRows(ex: Executor, v: Actor, kind: 'project' | 'task'): Promise<ExamineRow[]> {
  const found = await rows<ExamineRaw>(ex, sql`select * from (${examineQuery(v, kind)}) x order by time_at desc, id desc limit 500`);
  return found.map(toExamineRow);
}

/** How many approvals wait for the viewer. */
export async function examineRowCount(ex: Executor, v: Actor, kind: 'project' | 'task'): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from (${examineQuery(v, kind)}) x`);
  return r?.n ?? 0;
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

/** The projects of the ids the viewer sees, locked for the transaction. */
export function lockProjects(tx: Executor, v: Actor, ids: readonly number[]): Promise<ProjectRecord[]> {
  return rows<ProjectRecord>(
    tx,
    sql`select * from projects p where p.enterprise_id = ${v.enterpriseId} and p.id = any(${bigints(ids)}) and ${projectScope(v)} for update`,
  );
}

/** Deletes projects (their process, files, products, contracts and messages go with them). */
export async function removeProjects(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from projects where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})`);
}

export { projectProgressOf, projectStateOf, taskStateOf } from './records.repo';
