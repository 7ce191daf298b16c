// Cycle plans (/cyclePlan): list, detail (upcoming dates, generated orders, log), create, update, state changes.
import { addDays, type CyclePlan, type CyclePlanBody, type CyclePlanDetail, cyclePlanAbilities, CYCLE_GENERATE_JOB, dueDates } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { containingPattern, timeOf } from '../../platform/sql';
import { insertStateLog } from '../../platform/state';
import { visibleCustomer } from '../customers/common';
import { CYCLE_PLAN_STATE, movePlan } from './cycle.state';
import { OPEN_ORDER } from './generate';
import { enterpriseDays, type PlanRuleRow, RULE_COLUMNS, RULE_JOINS, ruleOf } from './plans.calendar';

interface PlanRow extends PlanRuleRow {
  id: number;
  name: string;
  state: number;
  template_id: number;
  template_name: string;
  target_type: number;
  installed_product_id: number | null;
  product_name: string | null;
  serial_number: string | null;
  contract_id: number | null;
  contract_name: string | null;
  customer_id: number;
  customer_name: string;
  remark: string | null;
  engineer_id: number | null;
  engineer_name: string | null;
  last_due_date: string | null;
  last_order_id: number | null;
  order_count: number;
  create_time: string;
}

const toCyclePlan = (r: PlanRow): CyclePlan => ({
  id: r.id,
  name: r.name,
  state: r.state,
  templateId: r.template_id,
  templateName: r.template_name,
  every: r.every,
  unit: r.unit,
  targetType: r.target_type,
  installedProductId: r.installed_product_id,
  productName: r.product_name,
  serialNumber: r.serial_number,
  contractId: r.contract_id,
  contractName: r.contract_name,
  customerId: r.customer_id,
  customerName: r.customer_name,
  startType: r.start_type,
  startDate: r.start_date,
  dayOfPeriod: r.day_of_period,
  endDate: r.end_date,
  remark: r.remark,
  engineerId: r.engineer_id,
  engineerName: r.engineer_name,
  lastDueDate: r.last_due_date,
  lastOrderId: r.last_order_id,
  orderCount: r.order_count,
  create_time: r.create_time,
});

function selectPlans(a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL, tail = sql``): SQL {
  return sql`select p.id, p.name, p.state, p.template_id, t.name as template_name, p.target_type, p.installed_product_id, ip.name as product_name,
      ip.serial_number, p.contract_id, mc.name as contract_name, p.customer_id, c.name as customer_name, p.remark, p.engineer_id, eu.name as engineer_name,
      to_char(p.last_due_date, 'YYYY-MM-DD') as last_due_date, p.last_order_id, ${RULE_COLUMNS},
      (select count(*)::int from cycle_plan_orders k where k.enterprise_id = p.enterprise_id and k.plan_id = p.id and k.order_id is not null) as order_count,
      ${timeOf(sql`p.created_at`, a)} as create_time
    from cycle_plans p ${RULE_JOINS}
      join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id
      left join users eu on eu.enterprise_id = p.enterprise_id and eu.id = p.engineer_id
    where p.enterprise_id = ${a.enterpriseId} and ${where} ${tail}`;
}

type PlanQuery = PageRequest & {
  name?: string | null;
  keyword?: string | null;
  state?: number;
  templateId?: number | null;
  customerId?: number | null;
  installedProductId?: number | null;
  contractId?: number | null;
};

function filters(q: PlanQuery): SQL {
  const f: SQL[] = [sql`true`];
  const name = q.name || q.keyword;
  if (name) f.push(sql`p.name ilike ${containingPattern(name)}`);
  if (q.state) f.push(sql`p.state = ${q.state}`);
  if (q.templateId) f.push(sql`p.template_id = ${q.templateId}`);
  if (q.customerId) f.push(sql`p.customer_id = ${q.customerId}`);
  if (q.installedProductId) f.push(sql`p.installed_product_id = ${q.installedProductId}`);
  if (q.contractId) f.push(sql`p.contract_id = ${q.contractId}`);
  return sql.join(f, sql` and `);
}

export async function listPlans(db: Db, a: Actor, q: PlanQuery) {
  const where = filters(q);
  return listPage(
    q,
    async () => (await rows<PlanRow>(db, selectPlans(a, where, sql`order by p.created_at desc, p.id desc ${pageSql(q)}`))).map(toCyclePlan),
    () => countOf(db, sql`cycle_plans p`, sql`p.enterprise_id = ${a.enterpriseId} and ${where}`),
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
  const [r] = await rows<PlanRow>(db, selectPlans(a, sql`p.id = ${id}`));
  if (!r) throw notFound();
  const plan = toCyclePlan(r);
  const days = await enterpriseDays(db, a.enterpriseId, now);
  const orders = await rows<{ due_date: string; order_id: number; order_no: string; state: number; create_time: string }>(
    db,
    sql`select to_char(k.due_date, 'YYYY-MM-DD') as due_date, o.id as order_id, o.order_no, o.state, ${timeOf(sql`k.created_at`, a)} as create_time
      from cycle_plan_orders k join orders o on o.enterprise_id = k.enterprise_id and o.id = k.order_id
      where k.enterprise_id = ${a.enterpriseId} and k.plan_id = ${id} and o.deleted_at is null order by k.due_date desc limit 50`,
  );
  const [open] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from orders o where o.enterprise_id = ${a.enterpriseId} and o.id = ${plan.lastOrderId ?? 0} and ${OPEN_ORDER}`,
  );
  const rule = ruleOf(r);
  const generated = new Set(orders.map((o) => o.due_date));
  const upcoming =
    rule && plan.state !== 3
      ? dueDates(rule, days.calendar, days.today, addDays(days.today, 400))
          .slice(0, UPCOMING)
          .map((d) => ({ ...d, generated: generated.has(d.due) }))
      : [];
  const logs = await rows<{ action: string; from_state: number | null; to_state: number; user_name: string | null; note: string | null; create_time: string }>(
    db,
    sql`select l.action, l.from_state, l.to_state, u.name as user_name, l.note, ${timeOf(sql`l.created_at`, a)} as create_time
      from cycle_plan_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.plan_id = ${id} order by l.id desc limit 50`,
  );
  return {
    ...plan,
    abilities: cyclePlanAbilities(plan.state),
    upcoming,
    waiting: waitingOf(plan.state, !!open, !!rule, upcoming.length),
    orders: orders.map((o) => ({ dueDate: o.due_date, orderId: o.order_id, orderNo: o.order_no, state: o.state, create_time: o.create_time })),
    logs: logs.map((l) => ({
      action: l.action,
      fromState: l.from_state,
      toState: l.to_state,
      userName: l.user_name,
      note: l.note,
      create_time: l.create_time,
    })),
  };
}

/** The plan's target, checked against the enterprise and the user's customers; answers the customer it belongs to. */
async function checkPlan(tx: Tx, a: Actor, b: CyclePlanBody): Promise<{ customerId: number; unit: number }> {
  const [t] = await rows<{ unit: number }>(
    tx,
    sql`select unit from cycle_templates where enterprise_id = ${a.enterpriseId} and id = ${b.templateId} and deleted_at is null for share`,
  );
  if (!t) throw invalid('周期模板：模板不存在或已被删除');
  let customerId: number;
  if (b.targetType === 1) {
    const [p] = await rows<{ customer_id: number | null; purchase_date: string | null; install_date: string | null }>(
      tx,
      sql`select customer_id, purchase_date, install_date from installed_products where enterprise_id = ${a.enterpriseId} and id = ${b.installedProductId ?? 0} for key share`,
    );
    if (!p) throw invalid('设备：设备不存在或已被删除');
    if (p.customer_id == null) throw invalid('设备：该设备未关联客户，无法生成工单');
    if (b.startType === 2 && !p.purchase_date) throw invalid('开始方式：该设备未填写购买日期');
    if (b.startType === 3 && !p.install_date) throw invalid('开始方式：该设备未填写安装日期');
    customerId = p.customer_id;
  } else {
    const [c] = await rows<{ customer_id: number; status: number }>(
      tx,
      sql`select customer_id, status from maintain_contracts where enterprise_id = ${a.enterpriseId} and id = ${b.contractId ?? 0} for key share`,
    );
    if (!c) throw invalid('维保合同：合同不存在或已被删除');
    if (c.status >= 3) throw invalid('维保合同：合同已完成或已终止');
    customerId = c.customer_id;
  }
  if (b.engineerId) {
    // An engineer of this enterprise (another enterprise's user reads as not there), enabled.
    const [u] = await rows<{ enabled: boolean; deleted: boolean }>(
      tx,
      sql`select enabled, deleted_at is not null as deleted from users where enterprise_id = ${a.enterpriseId} and id = ${b.engineerId} and 2 = any(roles)`,
    );
    if (!u || u.deleted) throw invalid('指定工程师：工程师不存在');
    if (!u.enabled) throw invalid('指定工程师：该工程师已停用，请选择其他工程师');
  }
  // A user limited to his own customers plans only for them (another customer's record reads as not there).
  await visibleCustomer(tx, a, customerId).catch(() => {
    throw invalid(b.targetType === 1 ? '设备：设备不存在或已被删除' : '维保合同：合同不存在或已被删除');
  });
  return { customerId, unit: t.unit };
}

const columns = (b: CyclePlanBody, c: { customerId: number; unit: number }) => ({
  product: b.targetType === 1 ? (b.installedProductId ?? null) : null,
  contract: b.targetType === 2 ? (b.contractId ?? null) : null,
  startDate: b.startType === 1 ? (b.startDate ?? null) : null,
  day: c.unit === 4 ? (b.dayOfPeriod ?? null) : null,
});

/** Asks the job to look at these plans now (after the change commits), so a new plan's first order comes at once. */
const generateSoon = (tx: Executor, ep: number, id: number) => enqueue(tx, { kind: CYCLE_GENERATE_JOB, enterpriseId: ep, payload: { planIds: [id] } });

export async function createPlan(db: Db, a: Actor, b: CyclePlanBody): Promise<number> {
  return db.transaction(async (tx) => {
    const c = await checkPlan(tx, a, b);
    const k = columns(b, c);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into cycle_plans (enterprise_id, name, template_id, target_type, installed_product_id, contract_id, customer_id, start_type, start_date,
          day_of_period, end_date, remark, engineer_id, created_by)
        values (${a.enterpriseId}, ${b.name}, ${b.templateId}, ${b.targetType}, ${k.product}, ${k.contract}, ${c.customerId}, ${b.startType}, ${k.startDate},
          ${k.day}, ${b.endDate ?? null}, ${b.remark}, ${b.engineerId ?? null}, ${a.id})
        returning id`,
    );
    if (!r) throw new Error('insert into cycle_plans returned no row');
    const id = r.id;
    await insertStateLog(tx, CYCLE_PLAN_STATE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id });
    await generateSoon(tx, a.enterpriseId, id);
    return id;
  });
}

/** Edits the plan's fields (not its state); orders already generated stay; an ended plan is not edited. */
export async function updatePlan(db: Db, a: Actor, id: number, b: CyclePlanBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [cur] = await rows<{ state: number }>(tx, sql`select state from cycle_plans where enterprise_id = ${a.enterpriseId} and id = ${id} for update`);
    if (!cur) throw notFound();
    if (cur.state === 3) throw invalid('计划已结束，不能修改');
    const c = await checkPlan(tx, a, b);
    const k = columns(b, c);
    await tx.execute(sql`update cycle_plans set name = ${b.name}, template_id = ${b.templateId}, target_type = ${b.targetType}, installed_product_id = ${k.product},
        contract_id = ${k.contract}, customer_id = ${c.customerId}, start_type = ${b.startType}, start_date = ${k.startDate}, day_of_period = ${k.day},
        end_date = ${b.endDate ?? null}, remark = ${b.remark}, engineer_id = ${b.engineerId ?? null}, version = version + 1, updated_at = now()
      where enterprise_id = ${a.enterpriseId} and id = ${id}`);
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
