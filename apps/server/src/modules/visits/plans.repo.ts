// Queries of the return-visit plans (plans.service.ts holds the checks): the list and detail with their presenter,
// the insert, the update and the soft delete.
import type { VisitPlan, VisitPlanBody } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { bigints, intArray, timeOf } from '../../platform/sql';

interface PlanRow {
  id: number;
  name: string;
  visit_type: number;
  template_ids: (number | string)[];
  template_names: string[] | null;
  delay_minutes: number;
  sample_percent: number;
  min_interval_days: number;
  dimensions: number[];
  form_template_id: number | null;
  visitor_mode: number;
  visitor_ids: (number | string)[];
  visitor_names: string[] | null;
  enabled: boolean;
  task_count: number;
  create_time: string;
}

export const toVisitPlan = (r: PlanRow): VisitPlan => ({
  id: r.id,
  name: r.name,
  visitType: r.visit_type,
  templateIds: r.template_ids.map(Number),
  templateNames: r.template_names ?? [],
  delayMinutes: r.delay_minutes,
  samplePercent: r.sample_percent,
  minIntervalDays: r.min_interval_days,
  dimensions: r.dimensions.map(Number),
  formTemplateId: r.form_template_id,
  visitorMode: r.visitor_mode,
  visitorIds: r.visitor_ids.map(Number),
  visitorNames: r.visitor_names ?? [],
  enabled: r.enabled,
  taskCount: r.task_count,
  create_time: r.create_time,
});

const LIVE = sql`p.deleted_at is null`;

function selectPlans(a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL, tail = sql``) {
  return sql`select p.id, p.name, p.visit_type, p.template_ids, p.delay_minutes, p.sample_percent, p.min_interval_days, p.dimensions,
      p.form_template_id, p.visitor_mode, p.visitor_ids, p.enabled, ${timeOf(sql`p.created_at`, a)} as create_time,
      (select array_agg(t.name order by t.id) from form_templates t where t.enterprise_id = p.enterprise_id and t.id = any(p.template_ids)) as template_names,
      (select array_agg(u.name order by array_position(p.visitor_ids, u.id)) from users u where u.enterprise_id = p.enterprise_id and u.id = any(p.visitor_ids)) as visitor_names,
      (select count(*)::int from return_visit_tasks k where k.enterprise_id = p.enterprise_id and k.plan_id = p.id) as task_count
    from return_visit_plans p where p.enterprise_id = ${a.enterpriseId} and ${LIVE} and ${where} ${tail}`;
}

/** One page of the live plans, newest first. */
export function planPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, page: PageRequest) {
  return listPage(
    page,
    async () => (await rows<PlanRow>(ex, selectPlans(a, sql`true`, sql`order by p.id desc ${pageSql(page)}`))).map(toVisitPlan),
    () => countOf(ex, sql`return_visit_plans p`, sql`p.enterprise_id = ${a.enterpriseId} and ${LIVE}`),
  );
}

/** A live plan, or undefined. */
export async function planRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<VisitPlan | undefined> {
  const [r] = await rows<PlanRow>(ex, selectPlans(a, sql`p.id = ${id}`));
  return r && toVisitPlan(r);
}

/** The checks' conditions on the referenced rows: a form of that kind; live return-visit staff (role 7). */
export const formKindIs = (kind: number): SQL => sql`form_kind = ${kind}`;
export const LIVE_VISIT_STAFF: SQL = sql`enabled and deleted_at is null and 7 = any(roles)`;

const cols = (b: VisitPlanBody) => ({
  templates: bigints(b.templateIds),
  visitors: bigints(b.visitorIds),
  dims: intArray(b.dimensions, 'smallint'),
});

export async function insertPlan(ex: Executor, ep: number, userId: number, b: VisitPlanBody): Promise<number> {
  const c = cols(b);
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into return_visit_plans (enterprise_id, name, visit_type, template_ids, delay_minutes, sample_percent, min_interval_days,
          dimensions, form_template_id, visitor_mode, visitor_ids, enabled, created_by)
        values (${ep}, ${b.name}, ${b.visitType}, ${c.templates}, ${b.delayMinutes}, ${b.samplePercent}, ${b.minIntervalDays},
          ${c.dims}, ${b.formTemplateId ?? null}, ${b.visitorMode}, ${c.visitors}, ${b.enabled}, ${userId})
        returning id`,
  );
  return (r as { id: number }).id;
}

/** Locks a live plan; false when there is none. */
export async function lockPlan(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [cur] = await rows<{ id: number }>(
    ex,
    sql`select id from return_visit_plans where enterprise_id = ${ep} and id = ${id} and deleted_at is null for update`,
  );
  return cur != null;
}

/** Writes the plan; its rotation starts again. */
export async function updatePlanRow(ex: Executor, ep: number, id: number, b: VisitPlanBody): Promise<void> {
  const c = cols(b);
  await ex.execute(sql`update return_visit_plans set name = ${b.name}, visit_type = ${b.visitType}, template_ids = ${c.templates},
        delay_minutes = ${b.delayMinutes}, sample_percent = ${b.samplePercent}, min_interval_days = ${b.minIntervalDays}, dimensions = ${c.dims},
        form_template_id = ${b.formTemplateId ?? null}, visitor_mode = ${b.visitorMode}, visitor_ids = ${c.visitors}, rotation = 0,
        enabled = ${b.enabled}, updated_at = now()
      where enterprise_id = ${ep} and id = ${id}`);
}

/** Soft-deletes a live plan and disables it; false when there is none. */
export async function softDeletePlan(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update return_visit_plans set deleted_at = now(), enabled = false where enterprise_id = ${ep} and id = ${id} and deleted_at is null returning id`,
  );
  return r != null;
}
