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

interface Row {
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

const num = (v: unknown): number | null => (v == null ? null : Number(v));
export const presentRow = (r: Row): VisitTaskRow => ({
  id: Number(r.id),
  state: Number(r.state),
  visitType: Number(r.visit_type),
  planId: Number(r.plan_id),
  planName: r.plan_name,
  orderId: num(r.order_id),
  recordId: Number(r.record_id),
  orderNo: r.order_no,
  orderTitle: r.order_title,
  customerName: r.customer_name,
  engineerName: r.engineer_name,
  visitorId: num(r.visitor_id),
  visitorName: r.visitor_name,
  channel: num(r.channel),
  nextVisitDate: r.next_visit_date,
  reason: r.reason,
  returnVisitTime: r.visit_time,
  create_time: r.create_time,
  version: Number(r.version),
});

/** The row's columns with its names joined on (`t` the task). */
export const rowColumns = (v: Tz) => sql`t.id, t.state, t.visit_type, t.plan_id, p.name as plan_name, t.order_id, t.record_id, t.order_no, t.order_title,
  t.customer_name, e.name as engineer_name, t.visitor_id, vu.name as visitor_name, t.channel, to_char(t.next_visit_at at time zone ${v.timeZone}, 'YYYY-MM-DD') as next_visit_date,
  t.reason, ${timeOf(sql`t.visited_at`, v)} as visit_time, ${timeOf(sql`t.created_at`, v)} as create_time, t.version`;
export const rowJoins = sql`join return_visit_plans p on p.enterprise_id = t.enterprise_id and p.id = t.plan_id
  left join users e on e.enterprise_id = t.enterprise_id and e.id = t.engineer_id
  left join users vu on vu.enterprise_id = t.enterprise_id and vu.id = t.visitor_id`;

/** One page of tasks matching `where` (on alias t), newest first. */
export function taskPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL[], page: PageRequest) {
  const w = and([sql`t.enterprise_id = ${a.enterpriseId}`, ...where]);
  return listPage(
    page,
    async () =>
      (
        await rows<Row>(
          ex,
          sql`select ${rowColumns(a)} from (${pageRows('return_visit_tasks', 't', a.enterpriseId, w, sql`t.created_at desc, t.id desc`, page)}) t ${rowJoins}
            order by t.created_at desc, t.id desc`,
        )
      ).map(presentRow),
    () => countOf(ex, sql`return_visit_tasks t`, w),
  );
}

/** Counts by state (the tabs) of the tasks matching `where`. */
export async function stateCounts(ex: Executor, ep: number, where: SQL[]): Promise<{ all: number; states: Record<string, number> }> {
  const list = await rows<{ state: number; n: number }>(
    ex,
    sql`select t.state, count(*)::int as n from return_visit_tasks t where ${and([sql`t.enterprise_id = ${ep}`, ...where])} group by t.state`,
  );
  const states: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of list) states[String(r.state)] = Number(r.n);
  return { all: Object.values(states).reduce((s, n) => s + n, 0), states };
}

/** Counts by state of every task of the enterprise, from the per-day summary (modules/visits/summary.ts). */
export async function summaryStateCounts(ex: Executor, ep: number): Promise<{ all: number; states: Record<string, number> }> {
  const list = await rows<{ state: number; n: number }>(
    ex,
    sql`select state, sum(n)::int as n from return_visit_day_stats where enterprise_id = ${ep} group by state`,
  );
  const states: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of list) states[String(r.state)] = Number(r.n);
  return { all: Object.values(states).reduce((s, n) => s + n, 0), states };
}

/** One task row with its names, or undefined. */
export async function taskRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number) {
  const [r] = await rows<Row & Record<string, unknown>>(
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
