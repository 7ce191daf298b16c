// Queries of the task lists, counts and detail. The list filters read return_visit_tasks alone (number, title and
// customer are copied in), each on its own index (db/schema/visits.ts).
import type { QueryOf, VisitTaskRow, visitsContract } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageRows } from '../../platform/list';
import { contains, prefixPattern } from '../../platform/search';
import { and, createdBetween, timeOf } from '../../platform/sql';

export type TaskQuery = QueryOf<typeof visitsContract.list>;
type Tz = Pick<Actor, 'timeZone'>;

/** The filters of /ReturnVisitTask and /returnVisitOrder (spec: orderNo, orderTitle, customerName, returnVisit, returnVisitTime). */
export function taskFilters(q: Partial<TaskQuery>, v: Tz): SQL[] {
  return [
    q.orderNo ? sql`t.order_no like ${prefixPattern(q.orderNo)}` : null,
    q.orderTitle ? contains(sql`t.search_grams`, sql`t.order_title`, q.orderTitle) : null,
    q.customerName ? contains(sql`t.search_grams`, sql`t.customer_name`, q.customerName) : null,
    q.returnVisit ? sql`t.visitor_id = ${q.returnVisit}` : null,
    ...createdBetween(sql`t.visited_at`, v, q.returnVisitStartTime, q.returnVisitEndTime),
    ...createdBetween(sql`t.created_at`, v, q.startTime, q.endTime),
    q.state ? sql`t.state = ${q.state}` : null,
    q.planId ? sql`t.plan_id = ${q.planId}` : null,
    q.engineerId ? sql`t.engineer_id = ${q.engineerId}` : null,
    q.serviceGroupId ? sql`t.service_group_id = ${q.serviceGroupId}` : null,
    q.templateId ? sql`t.template_id = ${q.templateId}` : null,
    q.reason ? sql`t.state = 2 and t.reason = ${q.reason}` : null,
  ].filter((c): c is SQL => c !== null);
}

/** The caller's own tasks. */
export const mine = (a: Pick<Actor, 'id'>): SQL => sql`t.visitor_id = ${a.id}`;
/** Pool tasks the caller may take: waiting, without a visitor, not of his own service. */
export const pooled = (a: Pick<Actor, 'id'>): SQL => sql`t.visitor_id is null and t.state = 1 and t.engineer_id is distinct from ${a.id}`;
/** No task. */
export const nothing: SQL = sql`false`;
/** An outsourced provider's user sees only the visits of his provider's orders (docs/permissions.md). */
export const providerScope = (a: Pick<Actor, 'providerId'>): SQL[] =>
  a.providerId == null
    ? []
    : [sql`exists (select 1 from orders po where po.enterprise_id = t.enterprise_id and po.id = t.order_id and po.provider_id = ${a.providerId})`];

/** A task row as rowColumns reads it (bigint and smallint columns parse to numbers). */
export interface TaskRow {
  id: number;
  state: number;
  visit_type: number;
  plan_id: number;
  plan_name: string;
  order_id: number | null;
  record_id: number;
  order_no: string;
  order_title: string;
  customer_name: string;
  engineer_name: string | null;
  visitor_id: number | null;
  visitor_name: string | null;
  channel: number | null;
  next_visit_date: string | null;
  reason: string | null;
  visit_time: string | null;
  create_time: string;
  version: number;
}

/** The one place a task row becomes the contract's list row. */
export const toTaskRow = (r: TaskRow): VisitTaskRow => ({
  id: r.id,
  state: r.state,
  visitType: r.visit_type,
  planId: r.plan_id,
  planName: r.plan_name,
  orderId: r.order_id,
  recordId: r.record_id,
  orderNo: r.order_no,
  orderTitle: r.order_title,
  customerName: r.customer_name,
  engineerName: r.engineer_name,
  visitorId: r.visitor_id,
  visitorName: r.visitor_name,
  channel: r.channel,
  nextVisitDate: r.next_visit_date,
  reason: r.reason,
  returnVisitTime: r.visit_time,
  create_time: r.create_time,
  version: r.version,
});

/** The row's columns with its names joined on (`t` the task). */
export const rowColumns = (v: Tz) => sql`t.id, t.state, t.visit_type, t.plan_id, p.name as plan_name, t.order_id, t.record_id, t.order_no, t.order_title,
  t.customer_name, e.name as engineer_name, t.visitor_id, vu.name as visitor_name, t.channel, to_char(t.next_visit_at at time zone ${v.timeZone}, 'YYYY-MM-DD') as next_visit_date,
  t.reason, ${timeOf(sql`t.visited_at`, v)} as visit_time, ${timeOf(sql`t.created_at`, v)} as create_time, t.version`;
export const rowJoins = sql`join return_visit_plans p on p.enterprise_id = t.enterprise_id and p.id = t.plan_id
  left join users e on e.enterprise_id = t.enterprise_id and e.id = t.engineer_id
  left join users vu on vu.enterprise_id = t.enterprise_id and vu.id = t.visitor_id`;

const taskWhere = (ep: number, where: SQL[]): SQL => and([sql`t.enterprise_id = ${ep}`, ...where]);

/** The statement of one page of tasks matching `where` (on alias t), newest first (tasks.sql.snap). */
export const taskPageSql = (a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL[], page: PageRequest): SQL =>
  sql`select ${rowColumns(a)} from (${pageRows('return_visit_tasks', 't', a.enterpriseId, taskWhere(a.enterpriseId, where), sql`t.created_at desc, t.id desc`, page)}) t ${rowJoins}
    order by t.created_at desc, t.id desc`;

/** One page of tasks matching `where` (on alias t), newest first. */
export function taskPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL[], page: PageRequest) {
  return listPage(
    page,
    async () => (await rows<TaskRow>(ex, taskPageSql(a, where, page))).map(toTaskRow),
    () => countOf(ex, sql`return_visit_tasks t`, taskWhere(a.enterpriseId, where)),
  );
}

/** Counts by state (the tabs) of the tasks matching `where`. */
export async function stateCounts(ex: Executor, ep: number, where: SQL[]): Promise<{ all: number; states: Record<string, number> }> {
  const list = await rows<{ state: number; n: number }>(
    ex,
    sql`select t.state, count(*)::int as n from return_visit_tasks t where ${and([sql`t.enterprise_id = ${ep}`, ...where])} group by t.state`,
  );
  const states: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of list) states[String(r.state)] = r.n;
  return { all: Object.values(states).reduce((s, n) => s + n, 0), states };
}

/** Counts by state of every task of the enterprise, from the per-day summary (modules/visits/summary.ts). */
export async function summaryStateCounts(ex: Executor, ep: number): Promise<{ all: number; states: Record<string, number> }> {
  const list = await rows<{ state: number; n: number }>(
    ex,
    sql`select state, sum(n)::int as n from return_visit_day_stats where enterprise_id = ${ep} group by state`,
  );
  const states: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of list) states[String(r.state)] = r.n;
  return { all: Object.values(states).reduce((s, n) => s + n, 0), states };
}

/** What `select *` gives of a return-visit task (the tests' reads); a type, so it is read by column name too. */
export type TaskRecord = {
  id: number;
  state: number;
  visit_type: number;
  record_id: number;
  order_id: number | null;
  visitor_id: number | null;
  engineer_id: number | null;
  [column: string]: unknown;
};

/** A task with what its detail, its checks and its submit read (taskRow). */
export interface TaskDetailRow extends TaskRow {
  scores: Record<string, number> | null;
  comment: string | null;
  ext: Record<string, unknown> | null;
  form_version_id: number | null;
  call_seconds: number | null;
  follow_up_order_id: number | null;
  follow_up_order_no: string | null;
  dimensions: number[] | null;
  form_template_id: number | null;
  engineer_id: number | null;
  custom_link_person: string | null;
  custom_phone: string | null;
  provider_id: number | null;
  sms_time: string | null;
}

/** One task row with its names, or undefined. */
export async function taskRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<TaskDetailRow | undefined> {
  const [r] = await rows<TaskDetailRow>(
    ex,
    sql`select ${rowColumns(a)}, t.scores, t.comment, t.ext, t.form_version_id, t.call_seconds, t.follow_up_order_id, fo.order_no as follow_up_order_no,
        p.dimensions, p.form_template_id, t.engineer_id, coalesce(o.custom_link_person, ev.custom_linkperson) as custom_link_person,
        coalesce(o.custom_phone, ev.custom_phone) as custom_phone, o.provider_id, ${timeOf(sql`t.sms_sent_at`, a)} as sms_time
      from return_visit_tasks t ${rowJoins}
      left join orders o on o.enterprise_id = t.enterprise_id and o.id = t.order_id
      left join events ev on t.visit_type = 6 and ev.enterprise_id = t.enterprise_id and ev.id = t.record_id
      left join orders fo on fo.enterprise_id = t.enterprise_id and fo.id = t.follow_up_order_id
      where t.enterprise_id = ${a.enterpriseId} and t.id = ${id}`,
  );
  return r;
}

/** My tasks to visit (1) and to visit again (4): the badge. */
export async function myOpenCount(ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from return_visit_tasks t where t.enterprise_id = ${a.enterpriseId} and t.visitor_id = ${a.id} and t.state in (1, 4)`,
  );
  return r?.n ?? 0;
}

/** The visited record (an order, an event or a repair-sent order) as the visitor's page summarises it. */
export interface VisitedRecordRow {
  id: number;
  order_no: string;
  title: string;
  state: number;
  template_name: string | null;
  customer_name: string;
  custom_link_person: string | null;
  custom_phone: string | null;
  full_address: string | null;
  engineer_name: string | null;
  finish_time: string | null;
  detail_desc: string | null;
  installed_product_id: number | null;
  customer_id: number | null;
}

export type VisitedKind = 'order' | 'event' | 'repair';

export async function visitedRecord(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'timeZone'>,
  kind: VisitedKind,
  t: TaskRow,
): Promise<VisitedRecordRow | undefined> {
  const [o] = await rows<VisitedRecordRow>(
    ex,
    kind === 'repair'
      ? sql`select r.id, r.repair_no as order_no, r.fault as title, r.state, null as template_name, coalesce(cu.name, r.customer_name, '') as customer_name,
          null as custom_link_person, null as custom_phone, null as full_address, e.name as engineer_name,
          ${timeOf(sql`r.completed_at`, a)} as finish_time, r.result as detail_desc, r.installed_product_id, r.customer_id
        from repair_orders r left join customers cu on cu.enterprise_id = r.enterprise_id and cu.id = r.customer_id
        left join users e on e.enterprise_id = r.enterprise_id and e.id = r.created_by
        where r.enterprise_id = ${a.enterpriseId} and r.id = ${t.record_id}`
      : kind === 'event'
        ? sql`select ev.id, ev.event_no as order_no, ev.title, ev.state, ft.name as template_name, coalesce(cu.name, ev.custom_name, '') as customer_name,
          ev.custom_linkperson as custom_link_person, ev.custom_phone, ev.full_address, e.name as engineer_name,
          ${timeOf(sql`ev.closed_at`, a)} as finish_time, ev.description as detail_desc, ev.installed_product_id, ev.customer_id
        from events ev left join customers cu on cu.enterprise_id = ev.enterprise_id and cu.id = ev.customer_id
        left join form_templates ft on ft.enterprise_id = ev.enterprise_id and ft.id = ev.template_id
        left join users e on e.enterprise_id = ev.enterprise_id and e.id = ev.principal_id
        where ev.enterprise_id = ${a.enterpriseId} and ev.id = ${t.record_id}`
        : sql`select o.id, o.order_no, o.title, o.state, ft.name as template_name, cu.name as customer_name, o.custom_link_person, o.custom_phone,
          o.full_address, e.name as engineer_name, ${timeOf(sql`o.finished_at`, a)} as finish_time, o.detail_desc, o.installed_product_id, o.customer_id
        from orders o join customers cu on cu.enterprise_id = o.enterprise_id and cu.id = o.customer_id
        left join form_templates ft on ft.enterprise_id = o.enterprise_id and ft.id = o.template_id
        left join users e on e.enterprise_id = o.enterprise_id and e.id = o.service_user_id
        where o.enterprise_id = ${a.enterpriseId} and o.id = ${t.order_id}`,
  );
  return o;
}

interface HistoryRow {
  action: string;
  note: string | null;
  user_name: string | null;
  time: string;
}

/** The visited record's last 50 log lines, newest first. */
export function visitedHistory(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, kind: VisitedKind, t: TaskRow): Promise<HistoryRow[]> {
  const [table, column, id] =
    kind === 'repair'
      ? ['repair_order_logs', 'repair_id', t.record_id]
      : kind === 'event'
        ? ['event_logs', 'event_id', t.record_id]
        : ['order_logs', 'order_id', t.order_id];
  return rows<HistoryRow>(
    ex,
    sql`select l.action, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
      from ${sql.identifier(table)} l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.${sql.identifier(column)} = ${id} order by l.id desc limit 50`,
  );
}

/** An installed product's summary. */
export async function productSummary(
  ex: Executor,
  ep: number,
  id: number,
): Promise<{ id: number; name: string; serial_number: string | null; warranty_end: string | null } | undefined> {
  const [p] = await rows<{ id: number; name: string; serial_number: string | null; warranty_end: string | null }>(
    ex,
    sql`select id, name, serial_number, to_char(warranty_end, 'YYYY-MM-DD') as warranty_end from installed_products
      where enterprise_id = ${ep} and id = ${id}`,
  );
  return p;
}

interface EarlierRow {
  id: number;
  state: number;
  order_no: string;
  visit_time: string | null;
}

/** The customer's five latest other tasks. */
export function earlierTasks(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, customerId: number, exceptId: number): Promise<EarlierRow[]> {
  return rows<EarlierRow>(
    ex,
    sql`select id, state, order_no, ${timeOf(sql`visited_at`, a)} as visit_time from return_visit_tasks
      where enterprise_id = ${a.enterpriseId} and customer_id = ${customerId} and id <> ${exceptId} order by created_at desc limit 5`,
  );
}

/** A submit adds the call's seconds to the task's. */
export const callSecondsPlus = (seconds: number): SQL => sql`call_seconds + ${seconds}`;

/** The start of a day in the zone, as a timestamp value (the next visit's time). */
export const dayStartIn = (date: string, timeZone: string): SQL => sql`(${date}::date)::timestamp at time zone ${timeZone}`;

/** Whether a date is after today in the zone. */
export async function isFutureDate(ex: Executor, date: string, timeZone: string): Promise<boolean> {
  const [d] = await rows<{ future: boolean }>(ex, sql`select ${date}::date > (now() at time zone ${timeZone})::date as future`);
  return d?.future === true;
}

/** What a follow-up order copies from the visited order. */
export interface FollowUpSourceRow {
  order_no: string;
  title: string;
  template_id: number | null;
  customer_id: number;
  contact_id: number | null;
  address_id: number | null;
  installed_product_id: number | null;
  priority: number | null;
  service_group_id: number | null;
  ext: Record<string, unknown> | null;
}

export async function followUpSource(ex: Executor, ep: number, orderId: number): Promise<FollowUpSourceRow | undefined> {
  const [o] = await rows<FollowUpSourceRow>(
    ex,
    sql`select order_no, title, template_id, customer_id, contact_id, address_id, installed_product_id, priority, service_group_id, ext
      from orders where enterprise_id = ${ep} and id = ${orderId}`,
  );
  return o;
}

export async function setFollowUpOrder(ex: Executor, ep: number, taskId: number, orderId: number): Promise<void> {
  await ex.execute(sql`update return_visit_tasks set follow_up_order_id = ${orderId} where enterprise_id = ${ep} and id = ${taskId}`);
}

/** A rated visit's scores become the order's evaluation, unless the order was evaluated already. */
export async function evaluateOrder(ex: Executor, ep: number, orderId: number, scores: unknown, comment: string | null): Promise<void> {
  await ex.execute(sql`update orders set evaluation = ${JSON.stringify({ scores, comment, source: 'returnVisit' })}::jsonb,
      evaluated_at = coalesce(evaluated_at, now()) where enterprise_id = ${ep} and id = ${orderId} and evaluated_at is null`);
}

/** The order's return visitor, once taken. */
export async function setOrderVisitor(ex: Executor, ep: number, orderId: number, visitorId: number): Promise<void> {
  await ex.execute(sql`update orders set return_visitor_id = ${visitorId}, version = version + 1, updated_at = now()
      where enterprise_id = ${ep} and id = ${orderId} and return_visitor_id is null`);
}
