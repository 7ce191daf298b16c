// The return-visit job: completions become tasks once their plan's delay has passed, and next visits come back on their date.
// "now" is a parameter, so tests (and the browser flow) run it on a test clock through the same function the sweep calls.
import { VISIT_SWEEP_JOB } from '@sk/shared';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addSweep, enqueue, registerJobHandler } from '../../platform/jobs';
import { gramsOf, texts } from '../../platform/search';
import { insertStateLog, registerStateHook } from '../../platform/state';
import { fillFromPortalRating } from './survey.service';
import { moveTask, VISIT_STATE } from './visits.state';

/** The order's pinned process has stage 9 回访 on (an order without a pinned process uses the default: on). */
const VISIT_ON = sql`coalesce((o.process->>'returnVisit')::boolean, true)`;
/** A completed, valid, live order. */
const COMPLETED = sql`o.state = 5 and not o.invalid and o.deleted_at is null`;

/** The enabled plan covering a record's type (order type or event template; the oldest first; a plan without types covers every type). */
async function planFor(ex: Executor, ep: number, visitType: 1 | 6 | 53, templateId: number | null): Promise<{ id: number; delay: number } | null> {
  const [p] = await rows<{ id: number; delay_minutes: number }>(
    ex,
    sql`select id, delay_minutes from return_visit_plans where enterprise_id = ${ep} and enabled and deleted_at is null and visit_type = ${visitType}
      and (cardinality(template_ids) = 0 or ${templateId}::bigint = any(template_ids)) order by id limit 1`,
  );
  return p ? { id: p.id, delay: p.delay_minutes } : null;
}

/** Writes the record's candidate (a later completion or close replaces an earlier one) and queues a sweep for its moment. */
async function noteCandidate(tx: Tx, ep: number, visitType: 1 | 6 | 53, recordId: unknown, planId: number, finishedAt: string, runAt: Date): Promise<void> {
  await tx.execute(sql`insert into return_visit_candidates (enterprise_id, visit_type, record_id, plan_id, finished_at)
    values (${ep}, ${visitType}, ${recordId}, ${planId}, ${finishedAt}::timestamptz)
    on conflict (enterprise_id, visit_type, record_id) do update set plan_id = excluded.plan_id, finished_at = excluded.finished_at`);
  await enqueue(tx, { kind: VISIT_SWEEP_JOB, enterpriseId: ep, payload: { enterpriseId: ep }, runAt });
}

/**
 * At a completion (any action into 5), in its transaction: when a plan covers the order and its process has 回访 on,
 * the completion waits for the plan's delay (a reopened and again completed order waits from its new completion),
 * and a sweep is queued for that moment.
 */
export async function noteCompletion(tx: Tx, ep: number, order: Record<string, unknown>): Promise<void> {
  const [o] = await rows<{ visit_on: boolean; finished_at: string | null; finished_ms: number; template_id: number | null }>(
    tx,
    sql`select ${VISIT_ON} as visit_on, o.finished_at::text, (extract(epoch from o.finished_at) * 1000)::float8 as finished_ms, o.template_id
      from orders o where o.enterprise_id = ${ep} and o.id = ${order.id} and ${COMPLETED}`,
  );
  if (!o?.visit_on || !o.finished_at) return;
  const plan = await planFor(tx, ep, 1, o.template_id);
  if (!plan) return;
  await noteCandidate(tx, ep, 1, order.id, plan.id, o.finished_at, new Date(o.finished_ms + plan.delay * 60_000));
}

/** A closed, live event. */
const EVENT_CLOSED = sql`ev.close_state = 1 and ev.state = 7 and ev.deleted_at is null and ev.closed_at is not null`;

/**
 * At an event's close (any action into 7), in its transaction: when an enabled event plan (type 6) covers the event's
 * template, the close waits for the plan's delay. Events have no process stages: the plan is the switch
 * (docs/decisions.md, Return visits).
 */
export async function noteEventClose(tx: Tx, ep: number, event: Record<string, unknown>): Promise<void> {
  const [e] = await rows<{ closed_at: string; closed_ms: number; template_id: number }>(
    tx,
    sql`select ev.closed_at::text, (extract(epoch from ev.closed_at) * 1000)::float8 as closed_ms, ev.template_id
      from events ev where ev.enterprise_id = ${ep} and ev.id = ${event.id} and ${EVENT_CLOSED}`,
  );
  if (!e) return;
  const plan = await planFor(tx, ep, 6, e.template_id);
  if (!plan) return;
  await noteCandidate(tx, ep, 6, event.id, plan.id, e.closed_at, new Date(e.closed_ms + plan.delay * 60_000));
}

/** A completed repair-sent order (state 2), as the visit copies it. */
const REPAIR_DONE = sql`r.state = 2 and r.completed_at is not null`;

/** At a repair-sent order's completion (into 2), in its transaction: an enabled plan of type 53 makes it wait for the plan's delay. */
export async function noteRepairCompletion(tx: Tx, ep: number, repair: Record<string, unknown>): Promise<void> {
  const [r] = await rows<{ completed_at: string; completed_ms: number }>(
    tx,
    sql`select r.completed_at::text, (extract(epoch from r.completed_at) * 1000)::float8 as completed_ms
      from repair_orders r where r.enterprise_id = ${ep} and r.id = ${repair.id} and ${REPAIR_DONE}`,
  );
  if (!r) return;
  const plan = await planFor(tx, ep, 53, null);
  if (!plan) return;
  await noteCandidate(tx, ep, 53, repair.id, plan.id, r.completed_at, new Date(r.completed_ms + plan.delay * 60_000));
}

/** Deterministic sampling: the same plan and order always draw the same number in 0–99. */
export const sampleDraw = (planId: number, orderId: number): number => createHash('md5').update(`${planId}:${orderId}`).digest().readUInt32BE(0) % 100;

interface Candidate {
  visit_type: number;
  record_id: number;
  plan_id: number;
  finished_at: string;
}
interface PlanRec {
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
interface RecordRec {
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

/** The next named visitor in rotation who is live and not the order's engineer; none: the task waits in the pool. */
async function nextVisitor(tx: Tx, ep: number, plan: PlanRec, engineerId: number | null): Promise<number | null> {
  if (plan.visitor_mode !== 1 || plan.visitor_ids.length === 0) return null;
  const ids = plan.visitor_ids.map(Number);
  const live = new Set(
    (
      await rows<{ id: number }>(
        tx,
        sql`select id from users where enterprise_id = ${ep} and id = any(${`{${ids.join(',')}}`}::bigint[]) and enabled and deleted_at is null and 7 = any(roles)`,
      )
    ).map((r) => r.id),
  );
  for (let i = 0; i < ids.length; i++) {
    const at = (plan.rotation + i) % ids.length;
    const id = ids[at] as number;
    if (id === engineerId || !live.has(id)) continue;
    await tx.execute(sql`update return_visit_plans set rotation = ${(at + 1) % ids.length} where enterprise_id = ${ep} and id = ${plan.id}`);
    return id;
  }
  return null;
}

/** Decides one due completion: a task, or nothing (reopened, cancelled, 回访 off, sampled out, visited too recently). */
async function decide(tx: Tx, ep: number, c: Candidate): Promise<number | null> {
  const [plan] = await rows<PlanRec>(
    tx,
    sql`select id, sample_percent, min_interval_days, visitor_mode, visitor_ids, rotation, enabled, deleted_at is not null as deleted
      from return_visit_plans where enterprise_id = ${ep} and id = ${c.plan_id} for update`,
  );
  if (!plan?.enabled || plan.deleted) return null;
  const type = c.visit_type === 6 ? 6 : c.visit_type === 53 ? 53 : 1;
  const [o] =
    type === 53
      ? // A repair-sent order still completed by the same completion; no order of its own to visit (the task names the repair).
        await rows<RecordRec>(
          tx,
          sql`select r.id, null::bigint as order_id, r.repair_no as order_no, r.fault as title, r.customer_id, coalesce(r.customer_name, '') as customer_name,
              null::bigint as template_id, null::bigint as service_group_id, null::bigint as service_user_id, null::bigint as return_visitor_id,
              true as visit_on, r.completed_at::text as finished_at
            from repair_orders r where r.enterprise_id = ${ep} and r.id = ${c.record_id} and ${REPAIR_DONE} and r.completed_at = ${c.finished_at}::timestamptz`,
        )
      : type === 1
        ? await rows<RecordRec>(
            tx,
            sql`select o.id, o.id as order_id, o.order_no, o.title, o.customer_id, cu.name as customer_name, o.template_id, o.service_group_id, o.service_user_id,
              o.return_visitor_id, ${VISIT_ON} as visit_on, o.finished_at::text
            from orders o join customers cu on cu.enterprise_id = o.enterprise_id and cu.id = o.customer_id
            where o.enterprise_id = ${ep} and o.id = ${c.record_id} and ${COMPLETED} and o.finished_at = ${c.finished_at}::timestamptz`,
          )
        : // An event: still closed by the same close (a reopened event waits for its next close), its principal the "engineer".
          await rows<RecordRec>(
            tx,
            sql`select ev.id, null::bigint as order_id, ev.event_no as order_no, ev.title, ev.customer_id, coalesce(cu.name, ev.custom_name, '') as customer_name,
              ev.template_id, null::bigint as service_group_id, ev.principal_id as service_user_id, null::bigint as return_visitor_id, true as visit_on,
              ev.closed_at::text as finished_at
            from events ev left join customers cu on cu.enterprise_id = ev.enterprise_id and cu.id = ev.customer_id
            where ev.enterprise_id = ${ep} and ev.id = ${c.record_id} and ${EVENT_CLOSED} and ev.closed_at = ${c.finished_at}::timestamptz`,
          );
  // Reopened (a later completion has its own candidate), cancelled, invalid, deleted, or 回访 switched off.
  if (!o?.visit_on) return null;
  if (sampleDraw(plan.id, o.id) >= plan.sample_percent) return null;
  if (plan.min_interval_days > 0 && o.customer_id != null) {
    const [recent] = await rows<{ id: number }>(
      tx,
      sql`select id from return_visit_tasks where enterprise_id = ${ep} and customer_id = ${o.customer_id}
        and completed_at > ${c.finished_at}::timestamptz - make_interval(days => ${plan.min_interval_days}) limit 1`,
    );
    if (recent) return null;
  }
  const engineer = o.service_user_id;
  const visitor = await nextVisitor(tx, ep, plan, engineer);
  const [t] = await rows<{ id: number }>(
    tx,
    sql`insert into return_visit_tasks (enterprise_id, plan_id, visit_type, record_id, order_id, customer_id, template_id, service_group_id,
        engineer_id, visitor_id, order_no, order_title, customer_name, search_grams, completed_at)
      values (${ep}, ${plan.id}, ${type}, ${o.id}, ${o.order_id}, ${o.customer_id}, ${o.template_id}, ${o.service_group_id}, ${engineer}, ${visitor},
        ${o.order_no}, ${o.title}, ${o.customer_name}, ${texts(gramsOf(o.title, o.customer_name))}, ${c.finished_at}::timestamptz)
      on conflict (enterprise_id, visit_type, record_id) do nothing returning id`,
  );
  if (!t) return null;
  const { id } = t;
  await insertStateLog(tx, VISIT_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId: null, note: visitor ? null : '进入回访池' });
  if (visitor && o.order_id != null && o.return_visitor_id == null) {
    await tx.execute(sql`update orders set return_visitor_id = ${visitor}, version = version + 1, updated_at = now()
      where enterprise_id = ${ep} and id = ${o.id} and return_visitor_id is null`);
  }
  // The customer may have rated the order on the portal before its task existed: the rating fills it now.
  if (type === 1 && o.order_id != null) await fillFromPortalRating(tx, ep, id, o.order_id);
  return id;
}

/**
 * Makes the tasks of every completion whose delay has passed by `now` (one enterprise, or all), then returns the next
 * visits whose date has come. One transaction per enterprise under an advisory lock: two sweeps at once decide each
 * completion once, and the customer interval sees the tasks made just before. Answers the ids of the new tasks.
 */
export async function runVisitSweep(db: Db, now: Date = new Date(), enterpriseId?: number): Promise<number[]> {
  const at = now.toISOString();
  const eps = await rows<{ enterprise_id: number }>(
    db,
    sql`select distinct c.enterprise_id from return_visit_candidates c
      join return_visit_plans p on p.enterprise_id = c.enterprise_id and p.id = c.plan_id
      where c.finished_at + make_interval(mins => p.delay_minutes) <= ${at}::timestamptz
        ${enterpriseId == null ? sql`` : sql`and c.enterprise_id = ${enterpriseId}`}`,
  );
  const made: number[] = [];
  for (const { enterprise_id } of eps) {
    const ep = enterprise_id;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('return_visit_sweep'), ${ep}::int)`);
      const due = await rows<Candidate>(
        tx,
        sql`delete from return_visit_candidates c using return_visit_plans p
          where c.enterprise_id = ${ep} and p.enterprise_id = c.enterprise_id and p.id = c.plan_id
            and c.finished_at + make_interval(mins => p.delay_minutes) <= ${at}::timestamptz
          returning c.visit_type, c.record_id, c.plan_id, c.finished_at::text`,
      );
      due.sort((a, b) => a.finished_at.localeCompare(b.finished_at) || a.visit_type - b.visit_type || a.record_id - b.record_id);
      for (const c of due) {
        const id = await decide(tx, ep, c);
        if (id) made.push(id);
      }
    });
  }
  await returnNextVisits(db, now, enterpriseId);
  return made;
}

/** Next visits whose date has come go back to 1 (待回访), through the state change (system actor). */
export async function returnNextVisits(db: Db, now: Date = new Date(), enterpriseId?: number): Promise<number> {
  const due = await rows<{ enterprise_id: number; id: number }>(
    db,
    sql`select enterprise_id, id from return_visit_tasks where state = 4 and next_visit_at <= ${now.toISOString()}::timestamptz
      ${enterpriseId == null ? sql`` : sql`and enterprise_id = ${enterpriseId}`} order by next_visit_at limit 500`,
  );
  let n = 0;
  for (const t of due) {
    try {
      await moveTask(db, null, t.enterprise_id, t.id, 'due', { expected: 4, note: '到达下次回访日期' });
      n++;
    } catch (e) {
      // Someone submitted it meanwhile: nothing to return.
      if (!(e instanceof AppError)) throw e;
    }
  }
  return n;
}

/** The completion hook, the job handler and the minute sweep (by name: wiring again replaces them). */
export function installVisitJobs(): void {
  registerStateHook(
    'order',
    '*',
    {
      after: async (h) => {
        if (h.to === 5 && h.from !== 5) await noteCompletion(h.tx, h.enterpriseId, h.row);
        return undefined;
      },
    },
    'visits.tasks',
  );
  registerStateHook(
    'event',
    '*',
    {
      // Asked in the close's own statement: only a close that an enabled event plan could cover reads anything.
      probe: (h) =>
        h.to === 7 && h.from !== 7
          ? sql`exists (select 1 from return_visit_plans p where p.enterprise_id = u.enterprise_id and p.enabled and p.deleted_at is null
              and p.visit_type = 6 and (cardinality(p.template_ids) = 0 or u.template_id = any(p.template_ids)))`
          : sql`false`,
      after: async (h) => {
        if (h.to === 7 && h.from !== 7) await noteEventClose(h.tx, h.enterpriseId, h.row);
        return undefined;
      },
    },
    'visits.tasks',
  );
  registerStateHook(
    'repair_order',
    '*',
    {
      after: async (h) => {
        if (h.to === 2 && h.from !== 2) await noteRepairCompletion(h.tx, h.enterpriseId, h.row);
        return undefined;
      },
    },
    'visits.tasks',
  );
  registerJobHandler(VISIT_SWEEP_JOB, async (job, deps) => {
    const ep = job.payload.enterpriseId;
    await runVisitSweep(deps.db, new Date(), typeof ep === 'number' ? ep : undefined);
  });
  addSweep({ name: VISIT_SWEEP_JOB, everySeconds: 60, kind: VISIT_SWEEP_JOB });
}
