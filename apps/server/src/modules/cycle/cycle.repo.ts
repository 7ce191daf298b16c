import { textContains } from '../../platform/search';
// The statements of cycle plans and of their generation, and the plan's presenter.
import type { CyclePlan } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, type PageRequest, pageSql } from '../../platform/list';
import { bigints, timeOf } from '../../platform/sql';

/** Order states that close a generated order (已完成, 已取消); a deleted, invalid or purged order is closed too. */
export const OPEN_ORDER = sql`o.id is not null and o.state not in (5, 6) and o.deleted_at is null and not o.invalid`;

/** The columns of a plan (with its template, product and contract) the rule is made of. */
export interface PlanRuleRow {
  every: number;
  unit: number;
  start_type: number;
  start_date: string | null;
  day_of_period: number | null;
  end_date: string | null;
  purchase_date: string | null;
  install_date: string | null;
  contract_end: string | null;
}

export const RULE_COLUMNS = sql`t.every, t.unit, p.start_type, to_char(p.start_date, 'YYYY-MM-DD') as start_date, p.day_of_period,
  to_char(p.end_date, 'YYYY-MM-DD') as end_date, to_char(ip.purchase_date, 'YYYY-MM-DD') as purchase_date,
  to_char(ip.install_date, 'YYYY-MM-DD') as install_date, to_char(mc.end_date, 'YYYY-MM-DD') as contract_end`;
export const RULE_JOINS = sql`join cycle_templates t on t.enterprise_id = p.enterprise_id and t.id = p.template_id
  left join installed_products ip on ip.enterprise_id = p.enterprise_id and ip.id = p.installed_product_id
  left join maintain_contracts mc on mc.enterprise_id = p.enterprise_id and mc.id = p.contract_id`;

export interface PlanRow extends PlanRuleRow {
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

export const toCyclePlan = (r: PlanRow): CyclePlan => ({
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

/** The list's filters (the enterprise's condition is selectPlans' own). */
export type PlanFilters = {
  name?: string | null;
  keyword?: string | null;
  state?: number;
  templateId?: number | null;
  customerId?: number | null;
  installedProductId?: number | null;
  contractId?: number | null;
};

export function planFilters(q: PlanFilters): SQL {
  const f: SQL[] = [sql`true`];
  const name = q.name || q.keyword;
  if (name) f.push(textContains(sql`p.name`, name));
  if (q.state) f.push(sql`p.state = ${q.state}`);
  if (q.templateId) f.push(sql`p.template_id = ${q.templateId}`);
  if (q.customerId) f.push(sql`p.customer_id = ${q.customerId}`);
  if (q.installedProductId) f.push(sql`p.installed_product_id = ${q.installedProductId}`);
  if (q.contractId) f.push(sql`p.contract_id = ${q.contractId}`);
  return sql.join(f, sql` and `);
}

export async function planPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL, page: PageRequest): Promise<CyclePlan[]> {
  return (await rows<PlanRow>(ex, selectPlans(a, where, sql`order by p.created_at desc, p.id desc ${pageSql(page)}`))).map(toCyclePlan);
}

export const planCount = (ex: Executor, a: Pick<Actor, 'enterpriseId'>, where: SQL): Promise<number> =>
  countOf(ex, sql`cycle_plans p`, sql`p.enterprise_id = ${a.enterpriseId} and ${where}`);

/** One plan as read (its rule's columns too). */
export async function planRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<PlanRow | undefined> {
  const [r] = await rows<PlanRow>(ex, selectPlans(a, sql`p.id = ${id}`));
  return r;
}

interface PlanOrderRow {
  due_date: string;
  order_id: number;
  order_no: string;
  state: number;
  create_time: string;
}

/** The plan's generated orders, latest due date first. */
export async function planOrders(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number) {
  const orders = await rows<PlanOrderRow>(
    ex,
    sql`select to_char(k.due_date, 'YYYY-MM-DD') as due_date, o.id as order_id, o.order_no, o.state, ${timeOf(sql`k.created_at`, a)} as create_time
      from cycle_plan_orders k join orders o on o.enterprise_id = k.enterprise_id and o.id = k.order_id
      where k.enterprise_id = ${a.enterpriseId} and k.plan_id = ${id} and o.deleted_at is null order by k.due_date desc limit 50`,
  );
  return orders.map((o) => ({ dueDate: o.due_date, orderId: o.order_id, orderNo: o.order_no, state: o.state, create_time: o.create_time }));
}

/** Whether the order is still open (not closed by OPEN_ORDER's rule). */
export async function orderOpen(ex: Executor, ep: number, orderId: number): Promise<boolean> {
  const [open] = await rows<{ one: number }>(ex, sql`select 1 as one from orders o where o.enterprise_id = ${ep} and o.id = ${orderId} and ${OPEN_ORDER}`);
  return !!open;
}

interface PlanLogRow {
  action: string;
  from_state: number | null;
  to_state: number;
  user_name: string | null;
  note: string | null;
  create_time: string;
}

/** The plan's log, newest first. */
export async function planLogs(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number) {
  const logs = await rows<PlanLogRow>(
    ex,
    sql`select l.action, l.from_state, l.to_state, u.name as user_name, l.note, ${timeOf(sql`l.created_at`, a)} as create_time
      from cycle_plan_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.plan_id = ${id} order by l.id desc limit 50`,
  );
  return logs.map((l) => ({
    action: l.action,
    fromState: l.from_state,
    toState: l.to_state,
    userName: l.user_name,
    note: l.note,
    create_time: l.create_time,
  }));
}

/** A live template's unit, shared-locked for the plan that uses it. */
export async function tmplUnitFor(ex: Executor, ep: number, templateId: number): Promise<number | undefined> {
  const [t] = await rows<{ unit: number }>(
    ex,
    sql`select unit from cycle_templates where enterprise_id = ${ep} and id = ${templateId} and deleted_at is null for share`,
  );
  return t?.unit;
}

export async function productForPlan(ex: Executor, ep: number, id: number) {
  const [p] = await rows<{ customer_id: number | null; purchase_date: string | null; install_date: string | null }>(
    ex,
    sql`select customer_id, purchase_date, install_date from installed_products where enterprise_id = ${ep} and id = ${id} for key share`,
  );
  return p;
}

export async function contractForPlan(ex: Executor, ep: number, id: number) {
  const [c] = await rows<{ customer_id: number; status: number }>(
    ex,
    sql`select customer_id, status from maintain_contracts where enterprise_id = ${ep} and id = ${id} for key share`,
  );
  return c;
}

/** An engineer of this enterprise (another enterprise's user reads as not there). */
export async function engineerForPlan(ex: Executor, ep: number, id: number) {
  const [u] = await rows<{ enabled: boolean; deleted: boolean }>(
    ex,
    sql`select enabled, deleted_at is not null as deleted from users where enterprise_id = ${ep} and id = ${id} and 2 = any(roles)`,
  );
  return u;
}

/** A plan's columns as the create and update write them. */
export interface PlanWrite {
  name: string;
  templateId: number;
  targetType: number;
  product: number | null;
  contract: number | null;
  customerId: number;
  startType: number;
  startDate: string | null;
  day: number | null;
  endDate: string | null;
  remark: string | null;
  engineerId: number | null;
}

export async function insertPlan(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>, w: PlanWrite): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into cycle_plans (enterprise_id, name, template_id, target_type, installed_product_id, contract_id, customer_id, start_type, start_date,
          day_of_period, end_date, remark, engineer_id, created_by)
        values (${a.enterpriseId}, ${w.name}, ${w.templateId}, ${w.targetType}, ${w.product}, ${w.contract}, ${w.customerId}, ${w.startType}, ${w.startDate},
          ${w.day}, ${w.endDate}, ${w.remark}, ${w.engineerId}, ${a.id})
        returning id`,
  );
  return r?.id;
}

/** The plan's state, its row locked for the edit. */
export async function lockPlanState(ex: Executor, ep: number, id: number): Promise<number | undefined> {
  const [cur] = await rows<{ state: number }>(ex, sql`select state from cycle_plans where enterprise_id = ${ep} and id = ${id} for update`);
  return cur?.state;
}

export async function updatePlanRow(ex: Executor, ep: number, id: number, w: PlanWrite): Promise<void> {
  await ex.execute(sql`update cycle_plans set name = ${w.name}, template_id = ${w.templateId}, target_type = ${w.targetType}, installed_product_id = ${w.product},
        contract_id = ${w.contract}, customer_id = ${w.customerId}, start_type = ${w.startType}, start_date = ${w.startDate}, day_of_period = ${w.day},
        end_date = ${w.endDate}, remark = ${w.remark}, engineer_id = ${w.engineerId}, version = version + 1, updated_at = now()
      where enterprise_id = ${ep} and id = ${id}`);
}

/** The enterprise's time zone (null: no such enterprise). */
export async function zoneOf(ex: Executor, ep: number): Promise<string | undefined> {
  const [e] = await rows<{ time_zone: string }>(ex, sql`select time_zone from enterprises where id = ${ep}`);
  return e?.time_zone;
}

export interface GenPlanRow extends PlanRuleRow {
  id: number;
  name: string;
  customer_id: number;
  installed_product_id: number | null;
  contract_name: string | null;
  product_name: string | null;
  serial_number: string | null;
  last_due_date: string | null;
  created_by: number | null;
  engineer_id: number | null;
  order_type_id: number | null;
  order_title: string | null;
  tmpl_name: string;
  service_item_ids: (number | string)[];
  checklist: string[];
  generated: number;
  open: boolean;
}

/** A plan, its template and target, with what generation needs to know (locked by the caller's `for update`). */
const PLAN_SELECT = sql`select p.id, p.name, p.customer_id, p.installed_product_id, to_char(p.last_due_date, 'YYYY-MM-DD') as last_due_date, p.created_by, p.engineer_id,
    t.order_type_id, t.order_title, t.name as tmpl_name, t.service_item_ids, t.checklist, ip.name as product_name, ip.serial_number,
    mc.name as contract_name, ${RULE_COLUMNS},
    (select count(*)::int from cycle_plan_orders k where k.enterprise_id = p.enterprise_id and k.plan_id = p.id) as generated,
    exists (select 1 from orders o where o.enterprise_id = p.enterprise_id and o.id = p.last_order_id and ${OPEN_ORDER}) as open
  from cycle_plans p ${RULE_JOINS}`;

/**
 * Locks the plans in progress among `planIds` (`skip locked`: another run's are left to it), then reads them. Two
 * statements on purpose: a locking read that waits out another run's commit sees the plan's new row but its own older
 * snapshot of the orders and keys, so it would take the order just made for closed and make the next date's too.
 */
async function lockThenRead(ex: Executor, ep: number, planIds: number[]): Promise<GenPlanRow[]> {
  const locked = await rows<{ id: number }>(
    ex,
    sql`select p.id from cycle_plans p where p.enterprise_id = ${ep} and p.id = any(${bigints(planIds)}) and p.state = 1 order by p.id for update skip locked`,
  );
  if (locked.length === 0) return [];
  return rows<GenPlanRow>(ex, sql`${PLAN_SELECT} where p.enterprise_id = ${ep} and p.id = any(${bigints(locked.map((l) => l.id))}) order by p.id`);
}

/** A batch of plans in progress, locked. */
export function lockPlansSet(ex: Executor, ep: number, planIds: number[]): Promise<GenPlanRow[]> {
  return lockThenRead(ex, ep, planIds);
}

export async function lockPlanToGenerate(ex: Executor, ep: number, planId: number): Promise<GenPlanRow | undefined> {
  const [p] = await lockThenRead(ex, ep, [planId]);
  return p;
}

/** The key rows of (plan, due date); answers the plans whose key is new. */
export async function insertKeysSet(ex: Executor, ep: number, due: { plan: number; due: string; nominal: string }[]): Promise<number[]> {
  const keys = await rows<{ plan_id: number }>(
    ex,
    sql`insert into cycle_plan_orders (enterprise_id, plan_id, due_date, nominal_date)
          select ${ep}, x.p, x.d::date, x.n::date from jsonb_to_recordset(${JSON.stringify(due.map((d) => ({ p: d.plan, d: d.due, n: d.nominal })))}::jsonb)
            as x(p bigint, d text, n text)
          on conflict do nothing returning plan_id`,
  );
  return keys.map((k) => k.plan_id);
}

export async function insertKey(ex: Executor, ep: number, planId: number, next: { due: string; nominal: string }): Promise<boolean> {
  const [key] = await rows<{ plan_id: number }>(
    ex,
    sql`insert into cycle_plan_orders (enterprise_id, plan_id, due_date, nominal_date) values (${ep}, ${planId}, ${next.due}, ${next.nominal})
          on conflict do nothing returning plan_id`,
  );
  return !!key;
}

/** Each key's order and its plan's last date and order, for the whole batch. */
export async function setOrdersSet(ex: Executor, ep: number, done: { plan: number; due: string; order: number }[]): Promise<void> {
  const json = JSON.stringify(done.map((d) => ({ p: d.plan, d: d.due, o: d.order })));
  await ex.execute(sql`update cycle_plan_orders k set order_id = x.o from jsonb_to_recordset(${json}::jsonb) as x(p bigint, d text, o bigint)
        where k.enterprise_id = ${ep} and k.plan_id = x.p and k.due_date = x.d::date`);
  await ex.execute(sql`update cycle_plans p set last_due_date = x.d::date, last_order_id = x.o from jsonb_to_recordset(${json}::jsonb) as x(p bigint, d text, o bigint)
        where p.enterprise_id = ${ep} and p.id = x.p`);
}

export async function setOrder(ex: Executor, ep: number, planId: number, due: string, orderId: number): Promise<void> {
  await ex.execute(sql`update cycle_plan_orders set order_id = ${orderId} where enterprise_id = ${ep} and plan_id = ${planId} and due_date = ${due}`);
  await ex.execute(sql`update cycle_plans set last_due_date = ${due}, last_order_id = ${orderId} where enterprise_id = ${ep} and id = ${planId}`);
}

/** Plans in progress whose last order is closed, by id from `after`, at most `limit`. */
export async function candidateIds(ex: Executor, ep: number, after: number, limit: number, planIds?: number[]): Promise<number[]> {
  const only = planIds ? sql`and p.id = any(${`{${planIds.join(',')}}`}::bigint[])` : sql``;
  const found = await rows<{ id: number }>(
    ex,
    sql`select p.id from cycle_plans p
      where p.enterprise_id = ${ep} and p.state = 1 and p.id > ${after} ${only}
        and not exists (select 1 from orders o where o.enterprise_id = p.enterprise_id and o.id = p.last_order_id and ${OPEN_ORDER})
      order by p.id limit ${limit}`,
  );
  return found.map((r) => r.id);
}

/** The enterprises with a plan in progress. */
export async function enterprisesWithPlans(ex: Executor): Promise<number[]> {
  const found = await rows<{ enterprise_id: number }>(
    ex,
    sql`select e.id as enterprise_id from enterprises e where exists (select 1 from cycle_plans p where p.enterprise_id = e.id and p.state = 1) order by e.id`,
  );
  return found.map((r) => r.enterprise_id);
}
