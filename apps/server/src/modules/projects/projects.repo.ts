import type { ProjectFilters, ProjectListQuery, ProjectRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { countOf, type PageRequest, sortOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import { likePattern } from '../../platform/search';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { projectScope } from './project.access';
import type { Actor } from '../../platform/actor';

/** The list's conditions on `projects p` (the project list's search form), scoped to what the viewer sees. */
export function projectWhere(v: Actor, f: Partial<ProjectFilters> & { ids?: number[] }): SQL {
  const c: SQL[] = [sql`p.enterprise_id = ${v.enterpriseId}`, projectScope(v)];
  if (f.keyword) c.push(sql`(p.name ilike ${likePattern(f.keyword)} or p.project_no ilike ${likePattern(f.keyword)})`);
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

const ORDERS = { 1: sql`p.created_at desc, p.id desc`, 2: sql`p.created_at asc, p.id asc` };

/** The project list's row, on a page subquery aliased `p`. */
const rowSelect = (v: Actor) => sql`p.id, p.project_no, p.name, f.name as project_tmpl_name, p.state as project_state, p.created_by as fk_t_create_user_id,
  u.name as create_user_name, ${timeOf(sql`p.created_at`, v)} as create_time, case when p.finish_time is null then null else ${timeOf(sql`p.finish_time`, v)} end as finish_time,
  p.progress_speed, c.name as customer_name, p.created_at`;
const joins = sql`left join form_templates f on f.enterprise_id = p.enterprise_id and f.id = p.template_id
  left join users u on u.enterprise_id = p.enterprise_id and u.id = p.created_by
  left join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id`;

const present = (r: Record<string, unknown>): ProjectRow => ({
  id: Number(r.id),
  project_no: String(r.project_no),
  name: String(r.name),
  project_tmpl_name: (r.project_tmpl_name as string | null) ?? null,
  project_state: Number(r.project_state),
  fk_t_create_user_id: Number(r.fk_t_create_user_id),
  create_user_name: (r.create_user_name as string | null) ?? null,
  create_time: String(r.create_time),
  finish_time: (r.finish_time as string | null) ?? null,
  progress_speed: `${Number(r.progress_speed)}%`,
  customer_name: (r.customer_name as string | null) ?? null,
});

export async function listProjects(ex: Executor, v: Actor, q: ProjectListQuery): Promise<ProjectRow[]> {
  const order = sortOf(ORDERS, q.sortType as 1 | 2, 1);
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  const where = projectWhere(v, q);
  // A keyword is walked along the creation index row by row: its later pages come from the search's snapshot.
  const inner = await listPageRows(ex, Boolean(q.keyword), 'projects', 'p', v.enterpriseId, where, order, page);
  const found = await rows(ex, sql`select ${rowSelect(v)} from (${inner}) p ${joins} order by ${order}`);
  return found.map(present);
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
  const found = await rows(
    ex,
    sql`select ${rowSelect(v)} from projects p ${joins} where ${projectWhere(v, f)} and ${before == null ? sql`true` : sql`p.id < ${before}`} order by p.id desc limit ${limit}`,
  );
  return found.map(present);
}

/** One row by id (the detail's head). */
export async function projectRowOf(ex: Executor, v: Actor, id: number): Promise<ProjectRow | null> {
  const [r] = await rows(ex, sql`select ${rowSelect(v)} from projects p ${joins} where p.enterprise_id = ${v.enterpriseId} and p.id = ${id}`);
  return r ? present(r) : null;
}
