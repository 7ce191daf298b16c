// Cycle plans (/cyclePlan): list, detail (upcoming dates, generated orders, log), create, update, state changes.
import { addDays, type CyclePlanBody, type CyclePlanDetail, cyclePlanAbilities, CYCLE_GENERATE_JOB, dueDates } from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { listPage, type PageRequest } from '../../platform/list';
import { insertStateLog } from '../../platform/state';
import { visibleCustomer } from '../customers/index';
import { CYCLE_PLAN_STATE, movePlan } from './cycle.state';
import {
  contractForPlan,
  engineerForPlan,
  insertPlan,
  lockPlanState,
  orderOpen,
  type PlanFilters,
  type PlanWrite,
  planCount,
  planLogs,
  planOrders,
  planFilters,
  planPage,
  planRow,
  productForPlan,
  tmplUnitFor,
  toCyclePlan,
  updatePlanRow,
} from './cycle.repo';
import { enterpriseDays, ruleOf } from './plans.calendar';

type PlanQuery = PageRequest & PlanFilters;

export async function listPlans(db: Db, a: Actor, q: PlanQuery) {
  const where = planFilters(q);
  return listPage(
    q,
    () => planPage(db, a, where, q),
    () => planCount(db, a, where),
  );
}

const UPCOMING = 6;

/** Why a plan in progress makes no order now (or null when it does, or will). */
function waitingOf(state: number, open: boolean, hasRule: boolean, upcoming: number): string | null {
  if (state === 2) return '计划已暂停，恢复后继续生成工单';
  if (state === 3) return '计划已结束';
  if (!hasRule) return '设备未填写购买日期或安装日期，无法确定开始日期';
  if (open) return '上一张生成的工单尚未完成，完成或取消后再生成下一张';
  if (upcoming === 0) return '计划已没有后续日期';
  return null;
}

export async function getPlan(db: Db, a: Actor, id: number, now = new Date()): Promise<CyclePlanDetail> {
  const r = await planRow(db, a, id);
  if (!r) throw notFound();
  const plan = toCyclePlan(r);
  const days = await enterpriseDays(db, a.enterpriseId, now);
  const orders = await planOrders(db, a, id);
  const open = await orderOpen(db, a.enterpriseId, plan.lastOrderId ?? 0);
  const rule = ruleOf(r);
  const generated = new Set(orders.map((o) => o.dueDate));
  const upcoming =
    rule && plan.state !== 3
      ? dueDates(rule, days.calendar, days.today, addDays(days.today, 400))
          .slice(0, UPCOMING)
          .map((d) => ({ ...d, generated: generated.has(d.due) }))
      : [];
  const logs = await planLogs(db, a, id);
  return {
    ...plan,
    abilities: cyclePlanAbilities(plan.state),
    upcoming,
    waiting: waitingOf(plan.state, !!open, !!rule, upcoming.length),
    orders,
    logs,
  };
}

/** The plan's target, checked against the enterprise and the user's customers; answers the customer it belongs to. */
async function checkPlan(tx: Tx, a: Actor, b: CyclePlanBody): Promise<{ customerId: number; unit: number }> {
  const unit = await tmplUnitFor(tx, a.enterpriseId, b.templateId);
  if (unit == null) throw invalid('周期模板：模板不存在或已被删除');
  let customerId: number;
  if (b.targetType === 1) {
    const p = await productForPlan(tx, a.enterpriseId, b.installedProductId ?? 0);
    if (!p) throw invalid('设备：设备不存在或已被删除');
    if (p.customer_id == null) throw invalid('设备：该设备未关联客户，无法生成工单');
    if (b.startType === 2 && !p.purchase_date) throw invalid('开始方式：该设备未填写购买日期');
    if (b.startType === 3 && !p.install_date) throw invalid('开始方式：该设备未填写安装日期');
    customerId = p.customer_id;
  } else {
    const c = await contractForPlan(tx, a.enterpriseId, b.contractId ?? 0);
    if (!c) throw invalid('维保合同：合同不存在或已被删除');
    if (c.status >= 3) throw invalid('维保合同：合同已完成或已终止');
    customerId = c.customer_id;
  }
  if (b.engineerId) {
    // An engineer of this enterprise (another enterprise's user reads as not there), enabled.
    const u = await engineerForPlan(tx, a.enterpriseId, b.engineerId);
    if (!u || u.deleted) throw invalid('指定工程师：工程师不存在');
    if (!u.enabled) throw invalid('指定工程师：该工程师已停用，请选择其他工程师');
  }
  // A user limited to his own customers plans only for them (another customer's record reads as not there).
  await visibleCustomer(tx, a, customerId).catch(() => {
    throw invalid(b.targetType === 1 ? '设备：设备不存在或已被删除' : '维保合同：合同不存在或已被删除');
  });
  return { customerId, unit };
}

/** The columns written: only the target, the start date and the day that the plan's kinds use. */
const columns = (b: CyclePlanBody, c: { customerId: number; unit: number }): PlanWrite => ({
  name: b.name,
  templateId: b.templateId,
  targetType: b.targetType,
  product: b.targetType === 1 ? (b.installedProductId ?? null) : null,
  contract: b.targetType === 2 ? (b.contractId ?? null) : null,
  customerId: c.customerId,
  startType: b.startType,
  startDate: b.startType === 1 ? (b.startDate ?? null) : null,
  day: c.unit === 4 ? (b.dayOfPeriod ?? null) : null,
  endDate: b.endDate ?? null,
  remark: b.remark,
  engineerId: b.engineerId ?? null,
});

/** Asks the job to look at these plans now (after the change commits), so a new plan's first order comes at once. */
const generateSoon = (tx: Executor, ep: number, id: number) => enqueue(tx, { kind: CYCLE_GENERATE_JOB, enterpriseId: ep, payload: { planIds: [id] } });

export async function createPlan(db: Db, a: Actor, b: CyclePlanBody): Promise<number> {
  return db.transaction(async (tx) => {
    const c = await checkPlan(tx, a, b);
    const id = await insertPlan(tx, a, columns(b, c));
    if (id == null) throw new Error('insert into cycle_plans returned no row');
    await insertStateLog(tx, CYCLE_PLAN_STATE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id });
    await generateSoon(tx, a.enterpriseId, id);
    return id;
  });
}

/** Edits the plan's fields (not its state); orders already generated stay; an ended plan is not edited. */
export async function updatePlan(db: Db, a: Actor, id: number, b: CyclePlanBody): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await lockPlanState(tx, a.enterpriseId, id);
    if (state == null) throw notFound();
    if (state === 3) throw invalid('计划已结束，不能修改');
    const c = await checkPlan(tx, a, b);
    await updatePlanRow(tx, a.enterpriseId, id, columns(b, c));
    await generateSoon(tx, a.enterpriseId, id);
  });
}

export async function changePlanState(
  db: Db,
  a: Actor,
  b: { id: number; action: 'pause' | 'resume' | 'end'; expected?: number; note?: string | null },
): Promise<{ state: number }> {
  return db.transaction(async (tx) => {
    const r = await movePlan(tx, a.enterpriseId, b.id, b.action, { actorId: a.id, expected: b.expected, note: b.note });
    if (r.to === 1) await generateSoon(tx, a.enterpriseId, b.id);
    return { state: r.to };
  });
}
