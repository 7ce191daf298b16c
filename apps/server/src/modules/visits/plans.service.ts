// Return-visit plans (/returnVisitPlan): list, detail, create, update, delete. Every query by the session's enterprise.
import { type VisitPlan, type VisitPlanBody, VISIT_TYPE_FORM_KIND, VISIT_TYPE_NOT_BUILT } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { checkIdsIn } from '../../platform/refs';
import { bigints, intArray, timeOf } from '../../platform/sql';

/** The evaluation form kind (8 服务评价) holds the return visit's custom fields (docs/decisions.md, Return visits). */
export const VISIT_FORM_KIND = 8;

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

const toVisitPlan = (r: PlanRow): VisitPlan => ({
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

function selectPlans(a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: ReturnType<typeof sql>, tail = sql``) {
  return sql`select p.id, p.name, p.visit_type, p.template_ids, p.delay_minutes, p.sample_percent, p.min_interval_days, p.dimensions,
      p.form_template_id, p.visitor_mode, p.visitor_ids, p.enabled, ${timeOf(sql`p.created_at`, a)} as create_time,
      (select array_agg(t.name order by t.id) from form_templates t where t.enterprise_id = p.enterprise_id and t.id = any(p.template_ids)) as template_names,
      (select array_agg(u.name order by array_position(p.visitor_ids, u.id)) from users u where u.enterprise_id = p.enterprise_id and u.id = any(p.visitor_ids)) as visitor_names,
      (select count(*)::int from return_visit_tasks k where k.enterprise_id = p.enterprise_id and k.plan_id = p.id) as task_count
    from return_visit_plans p where p.enterprise_id = ${a.enterpriseId} and ${LIVE} and ${where} ${tail}`;
}

export async function listPlans(db: Db, a: Actor, page: PageRequest) {
  return listPage(
    page,
    async () => (await rows<PlanRow>(db, selectPlans(a, sql`true`, sql`order by p.id desc ${pageSql(page)}`))).map(toVisitPlan),
    () => countOf(db, sql`return_visit_plans p`, sql`p.enterprise_id = ${a.enterpriseId} and ${LIVE}`),
  );
}

export async function getPlan(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<VisitPlan> {
  const [r] = await rows<PlanRow>(ex, selectPlans(a, sql`p.id = ${id}`));
  if (!r) throw notFound();
  return toVisitPlan(r);
}

/** Every reference belongs to the enterprise: order types, the evaluation form, and live return-visit staff (role 7). */
async function checkPlan(ex: Executor, ep: number, b: VisitPlanBody): Promise<void> {
  if (!(b.visitType in VISIT_TYPE_FORM_KIND)) throw invalid(VISIT_TYPE_NOT_BUILT);
  const kind = VISIT_TYPE_FORM_KIND[b.visitType as keyof typeof VISIT_TYPE_FORM_KIND];
  // A repair-sent plan (53) covers every repair-sent order: it has no types to choose.
  if (!kind && b.templateIds.length) throw invalid('工单类型：寄修回访计划不按类型筛选，请勿选择类型');
  if (kind)
    await checkIdsIn(
      ex,
      ep,
      'form_templates',
      b.templateIds,
      kind === 6 ? '事件模板：事件模板不存在或已被删除' : '工单类型：工单类型不存在或已被删除',
      sql`form_kind = ${kind}`,
    );
  await checkIdsIn(ex, ep, 'form_templates', [b.formTemplateId], '回访表单：表单不存在或已被删除', sql`form_kind = ${VISIT_FORM_KIND}`);
  await checkIdsIn(ex, ep, 'users', b.visitorIds, '回访客服：只能选择在职的回访客服', sql`enabled and deleted_at is null and 7 = any(roles)`);
  if (b.visitorMode === 1 && b.visitorIds.length === 0) throw invalid('回访客服：轮流分配时请至少选择一名回访客服');
}

const cols = (b: VisitPlanBody) => ({
  templates: bigints(b.templateIds),
  visitors: bigints(b.visitorIds),
  dims: intArray(b.dimensions, 'smallint'),
});

export async function createPlan(db: Db, a: Actor, b: VisitPlanBody): Promise<number> {
  return db.transaction(async (tx) => {
    await checkPlan(tx, a.enterpriseId, b);
    const c = cols(b);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into return_visit_plans (enterprise_id, name, visit_type, template_ids, delay_minutes, sample_percent, min_interval_days,
          dimensions, form_template_id, visitor_mode, visitor_ids, enabled, created_by)
        values (${a.enterpriseId}, ${b.name}, ${b.visitType}, ${c.templates}, ${b.delayMinutes}, ${b.samplePercent}, ${b.minIntervalDays},
          ${c.dims}, ${b.formTemplateId ?? null}, ${b.visitorMode}, ${c.visitors}, ${b.enabled}, ${a.id})
        returning id`,
    );
    return (r as { id: number }).id;
  });
}

export async function updatePlan(db: Db, a: Actor, id: number, b: VisitPlanBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [cur] = await rows<{ id: number }>(
      tx,
      sql`select id from return_visit_plans where enterprise_id = ${a.enterpriseId} and id = ${id} and deleted_at is null for update`,
    );
    if (!cur) throw notFound();
    await checkPlan(tx, a.enterpriseId, b);
    const c = cols(b);
    await tx.execute(sql`update return_visit_plans set name = ${b.name}, visit_type = ${b.visitType}, template_ids = ${c.templates},
        delay_minutes = ${b.delayMinutes}, sample_percent = ${b.samplePercent}, min_interval_days = ${b.minIntervalDays}, dimensions = ${c.dims},
        form_template_id = ${b.formTemplateId ?? null}, visitor_mode = ${b.visitorMode}, visitor_ids = ${c.visitors}, rotation = 0,
        enabled = ${b.enabled}, updated_at = now()
      where enterprise_id = ${a.enterpriseId} and id = ${id}`);
  });
}

/** Soft delete: its tasks stay (they are the history the report reads); it makes no new ones. */
export async function deletePlan(db: Db, a: Actor, id: number): Promise<void> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`update return_visit_plans set deleted_at = now(), enabled = false where enterprise_id = ${a.enterpriseId} and id = ${id} and deleted_at is null returning id`,
  );
  if (!r) throw notFound();
}
