// Return-visit plans (/returnVisitPlan): list, detail, create, update, delete. Every query by the session's enterprise.
import { type VisitPlan, type VisitPlanBody, VISIT_TYPE_FORM_KIND, VISIT_TYPE_NOT_BUILT } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import { checkIdsIn } from '../../platform/refs';
import { formKindIs, insertPlan, LIVE_VISIT_STAFF, lockPlan, planPage, planRow, softDeletePlan, updatePlanRow } from './plans.repo';

/** The evaluation form kind (8 服务评价) holds the return visit's custom fields (docs/decisions.md, Return visits). */
export const VISIT_FORM_KIND = 8;

export async function listPlans(db: Db, a: Actor, page: PageRequest) {
  return planPage(db, a, page);
}

export async function getPlan(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<VisitPlan> {
  const p = await planRow(ex, a, id);
  if (!p) throw notFound();
  return p;
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
      formKindIs(kind),
    );
  await checkIdsIn(ex, ep, 'form_templates', [b.formTemplateId], '回访表单：表单不存在或已被删除', formKindIs(VISIT_FORM_KIND));
  await checkIdsIn(ex, ep, 'users', b.visitorIds, '回访客服：只能选择在职的回访客服', LIVE_VISIT_STAFF);
  if (b.visitorMode === 1 && b.visitorIds.length === 0) throw invalid('回访客服：轮流分配时请至少选择一名回访客服');
}

export async function createPlan(db: Db, a: Actor, b: VisitPlanBody): Promise<number> {
  return db.transaction(async (tx) => {
    await checkPlan(tx, a.enterpriseId, b);
    return insertPlan(tx, a.enterpriseId, a.id, b);
  });
}

export async function updatePlan(db: Db, a: Actor, id: number, b: VisitPlanBody): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockPlan(tx, a.enterpriseId, id))) throw notFound();
    await checkPlan(tx, a.enterpriseId, b);
    await updatePlanRow(tx, a.enterpriseId, id, b);
  });
}

/** Soft delete: its tasks stay (they are the history the report reads); it makes no new ones. */
export async function deletePlan(db: Db, a: Actor, id: number): Promise<void> {
  if (!(await softDeletePlan(db, a.enterpriseId, id))) throw notFound();
}
