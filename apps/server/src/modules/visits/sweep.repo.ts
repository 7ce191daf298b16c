// Statements of the return-visit sweep (tasks.job.ts): the plans covering a record, the candidates waiting for their
// delay, the visited records as a task copies them, the rotation of named visitors, and the tasks' insert.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** The order's pinned process has stage 9 回访 on (an order without a pinned process uses the default: on). */
export const VISIT_ON = sql`coalesce((o.process->>'returnVisit')::boolean, true)`;
/** A completed, valid, live order. */
export const COMPLETED = sql`o.state = 5 and not o.invalid and o.deleted_at is null`;

/** A closed, live event. */
export const EVENT_CLOSED = sql`ev.close_state = 1 and ev.state = 7 and ev.deleted_at is null and ev.closed_at is not null`;
/** A completed repair-sent order (state 2), as the visit copies it. */
export const REPAIR_DONE = sql`r.state = 2 and r.completed_at is not null`;

/** The event hook's probe (alias u, the event): an enabled event plan could cover it. */
export const EVENT_PLAN_PROBE = sql`exists (select 1 from return_visit_plans p where p.enterprise_id = u.enterprise_id and p.enabled and p.deleted_at is null
              and p.visit_type = 6 and (cardinality(p.template_ids) = 0 or u.template_id = any(p.template_ids)))`;

/** The enabled plan covering a record's type (order type or event template; the oldest first; a plan without types covers every type). */
export async function planRowFor(ex: Executor, ep: number, visitType: 1 | 6 | 53, templateId: number | null) {
  const [p] = await rows<{ id: number; delay_minutes: number }>(
    ex,
    sql`select id, delay_minutes from return_visit_plans where enterprise_id = ${ep} and enabled and deleted_at is null and visit_type = ${visitType}
      and (cardinality(template_ids) = 0 or ${templateId}::bigint = any(template_ids)) order by id limit 1`,
  );
  return p;
}

/** Writes the record's candidate (a later completion or close replaces an earlier one). */
export const upsertCandidate = (ex: Executor, ep: number, visitType: 1 | 6 | 53, recordId: unknown, planId: number, finishedAt: string) =>
  ex.execute(sql`insert into return_visit_candidates (enterprise_id, visit_type, record_id, plan_id, finished_at)
    values (${ep}, ${visitType}, ${recordId}, ${planId}, ${finishedAt}::timestamptz)
    on conflict (enterprise_id, visit_type, record_id) do update set plan_id = excluded.plan_id, finished_at = excluded.finished_at`);

/** A completed order's visit switch, completion (text and epoch ms) and type; undefined when it is not completed. */
export async function orderCompletion(ex: Executor, ep: number, orderId: unknown) {
  const [o] = await rows<{ visit_on: boolean; finished_at: string | null; finished_ms: number; template_id: number | null }>(
    ex,
    sql`select ${VISIT_ON} as visit_on, o.finished_at::text, (extract(epoch from o.finished_at) * 1000)::float8 as finished_ms, o.template_id
      from orders o where o.enterprise_id = ${ep} and o.id = ${orderId} and ${COMPLETED}`,
  );
  return o;
}

/** A closed event's close (text and epoch ms) and template; undefined when it is not closed. */
export async function eventClose(ex: Executor, ep: number, eventId: unknown) {
  const [e] = await rows<{ closed_at: string; closed_ms: number; template_id: number }>(
    ex,
    sql`select ev.closed_at::text, (extract(epoch from ev.closed_at) * 1000)::float8 as closed_ms, ev.template_id
      from events ev where ev.enterprise_id = ${ep} and ev.id = ${eventId} and ${EVENT_CLOSED}`,
  );
  return e;
}

/** A completed repair-sent order's completion (text and epoch ms); undefined when it is not completed. */
export async function repairCompletion(ex: Executor, ep: number, repairId: unknown) {
  const [r] = await rows<{ completed_at: string; completed_ms: number }>(
    ex,
    sql`select r.completed_at::text, (extract(epoch from r.completed_at) * 1000)::float8 as completed_ms
      from repair_orders r where r.enterprise_id = ${ep} and r.id = ${repairId} and ${REPAIR_DONE}`,
  );
  return r;
}

export interface Candidate {
  visit_type: number;
  record_id: number;
  plan_id: number;
  finished_at: string;
}
export interface PlanRec {
  id: number;
  sample_percent: number;
  min_interval_days: number;
  visitor_mode: number;
  /** bigint[]: the driver gives its elements as text. */
  visitor_ids: string[];
  rotation: number;
  enabled: boolean;
  deleted: boolean;
}
/** The visited record as the task copies it: an order, or an event (no team, its principal as the engineer). */
export interface RecordRec {
  id: number;
  order_id: number | null;
  order_no: string;
  title: string;
  customer_id: number | null;
  customer_name: string;
  template_id: number | null;
  service_group_id: number | null;
  service_user_id: number | null;
  return_visitor_id: number | null;
  visit_on: boolean;
  finished_at: string;
}

/** Which of `ids` are live return-visit staff of the enterprise. */
export async function liveVisitors(ex: Executor, ep: number, ids: number[]): Promise<Set<number>> {
  const live = await rows<{ id: number }>(
    ex,
    sql`select id from users where enterprise_id = ${ep} and id = any(${`{${ids.join(',')}}`}::bigint[]) and enabled and deleted_at is null and 7 = any(roles)`,
  );
  return new Set(live.map((r) => r.id));
}

export const setRotation = (ex: Executor, ep: number, planId: number, at: number) =>
  ex.execute(sql`update return_visit_plans set rotation = ${at} where enterprise_id = ${ep} and id = ${planId}`);

/** The candidate's plan, locked, or undefined. */
export async function lockedPlan(ex: Executor, ep: number, planId: number) {
  const [plan] = await rows<PlanRec>(
    ex,
    sql`select id, sample_percent, min_interval_days, visitor_mode, visitor_ids, rotation, enabled, deleted_at is not null as deleted
      from return_visit_plans where enterprise_id = ${ep} and id = ${planId} for update`,
  );
  return plan;
}

/**
 * The record a due candidate names, as the task copies it, when it is still completed (closed) by the same completion:
 * a repair-sent order (53: no order of its own to visit, the task names the repair), an order (1), or an event (6: its
 * principal the "engineer"). Undefined: reopened, cancelled, invalid or deleted since.
 */
export async function visitedRecordOf(ex: Executor, ep: number, type: 1 | 6 | 53, c: Candidate) {
  const [o] =
    type === 53
      ? await rows<RecordRec>(
          ex,
          sql`select r.id, null::bigint as order_id, r.repair_no as order_no, r.fault as title, r.customer_id, coalesce(r.customer_name, '') as customer_name,
              null::bigint as template_id, null::bigint as service_group_id, null::bigint as service_user_id, null::bigint as return_visitor_id,
              true as visit_on, r.completed_at::text as finished_at
            from repair_orders r where r.enterprise_id = ${ep} and r.id = ${c.record_id} and ${REPAIR_DONE} and r.completed_at = ${c.finished_at}::timestamptz`,
        )
      : type === 1
        ? await rows<RecordRec>(
            ex,
            sql`select o.id, o.id as order_id, o.order_no, o.title, o.customer_id, cu.name as customer_name, o.template_id, o.service_group_id, o.service_user_id,
              o.return_visitor_id, ${VISIT_ON} as visit_on, o.finished_at::text
            from orders o join customers cu on cu.enterprise_id = o.enterprise_id and cu.id = o.customer_id
            where o.enterprise_id = ${ep} and o.id = ${c.record_id} and ${COMPLETED} and o.finished_at = ${c.finished_at}::timestamptz`,
          )
        : await rows<RecordRec>(
            ex,
            sql`select ev.id, null::bigint as order_id, ev.event_no as order_no, ev.title, ev.customer_id, coalesce(cu.name, ev.custom_name, '') as customer_name,
              ev.template_id, null::bigint as service_group_id, ev.principal_id as service_user_id, null::bigint as return_visitor_id, true as visit_on,
              ev.closed_at::text as finished_at
            from events ev left join customers cu on cu.enterprise_id = ev.enterprise_id and cu.id = ev.customer_id
            where ev.enterprise_id = ${ep} and ev.id = ${c.record_id} and ${EVENT_CLOSED} and ev.closed_at = ${c.finished_at}::timestamptz`,
          );
  return o;
}

/** Whether the customer had a visit completed within `days` before `finishedAt`. */
export async function visitedRecently(ex: Executor, ep: number, customerId: number, finishedAt: string, days: number): Promise<boolean> {
  const [recent] = await rows<{ id: number }>(
    ex,
    sql`select id from return_visit_tasks where enterprise_id = ${ep} and customer_id = ${customerId}
        and completed_at > ${finishedAt}::timestamptz - make_interval(days => ${days}) limit 1`,
  );
  return recent != null;
}

/** Inserts the task of a record (once per record); its id, or undefined when the record has one already. */
export async function insertTaskRow(
  ex: Executor,
  ep: number,
  t: { planId: number; type: number; o: RecordRec; engineer: number | null; visitor: number | null; grams: ReturnType<typeof sql>; finishedAt: string },
) {
  const { o } = t;
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into return_visit_tasks (enterprise_id, plan_id, visit_type, record_id, order_id, customer_id, template_id, service_group_id,
        engineer_id, visitor_id, order_no, order_title, customer_name, search_grams, completed_at)
      values (${ep}, ${t.planId}, ${t.type}, ${o.id}, ${o.order_id}, ${o.customer_id}, ${o.template_id}, ${o.service_group_id}, ${t.engineer}, ${t.visitor},
        ${o.order_no}, ${o.title}, ${o.customer_name}, ${t.grams}, ${t.finishedAt}::timestamptz)
      on conflict (enterprise_id, visit_type, record_id) do nothing returning id`,
  );
  return r?.id;
}

/** The order takes the task's visitor as its return visitor when it has none. */
export const noteOrderVisitor = (ex: Executor, ep: number, orderId: number, visitor: number) =>
  ex.execute(sql`update orders set return_visitor_id = ${visitor}, version = version + 1, updated_at = now()
      where enterprise_id = ${ep} and id = ${orderId} and return_visitor_id is null`);

/** Enterprises with a candidate whose delay has passed at `at` (one, or all). */
export function enterprisesDue(ex: Executor, at: string, enterpriseId?: number) {
  return rows<{ enterprise_id: number }>(
    ex,
    sql`select distinct c.enterprise_id from return_visit_candidates c
      join return_visit_plans p on p.enterprise_id = c.enterprise_id and p.id = c.plan_id
      where c.finished_at + make_interval(mins => p.delay_minutes) <= ${at}::timestamptz
        ${enterpriseId == null ? sql`` : sql`and c.enterprise_id = ${enterpriseId}`}`,
  );
}

/** Takes the enterprise's sweep lock (transaction-scoped): two sweeps at once decide each completion once. */
export const lockSweep = (ex: Executor, ep: number) => ex.execute(sql`select pg_advisory_xact_lock(hashtext('return_visit_sweep'), ${ep}::int)`);

/** Removes and answers the enterprise's candidates whose delay has passed at `at`. */
export function takeDueCandidates(ex: Executor, ep: number, at: string) {
  return rows<Candidate>(
    ex,
    sql`delete from return_visit_candidates c using return_visit_plans p
          where c.enterprise_id = ${ep} and p.enterprise_id = c.enterprise_id and p.id = c.plan_id
            and c.finished_at + make_interval(mins => p.delay_minutes) <= ${at}::timestamptz
          returning c.visit_type, c.record_id, c.plan_id, c.finished_at::text`,
  );
}

/** Next visits whose date has come by `now` (one enterprise, or all), 500 at a time, earliest first. */
export function nextVisitsDue(ex: Executor, now: string, enterpriseId?: number) {
  return rows<{ enterprise_id: number; id: number }>(
    ex,
    sql`select enterprise_id, id from return_visit_tasks where state = 4 and next_visit_at <= ${now}::timestamptz
      ${enterpriseId == null ? sql`` : sql`and enterprise_id = ${enterpriseId}`} order by next_visit_at limit 500`,
  );
}
