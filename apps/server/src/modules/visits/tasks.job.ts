// The return-visit job: completions become tasks once their plan's delay has passed, and next visits come back on their date.
// "now" is a parameter, so tests (and the browser flow) run it on a test clock through the same function the sweep calls.
import { VISIT_SWEEP_JOB } from '@sk/shared';
import { createHash } from 'node:crypto';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addSweep, enqueue, registerJobHandler } from '../../platform/jobs';
import { gramsOf, texts } from '../../platform/search';
import { insertStateLog, registerStateHook } from '../../platform/state';
import { fillFromPortalRating } from './survey.service';
import {
  type Candidate,
  enterprisesDue,
  EVENT_PLAN_PROBE,
  eventClose,
  insertTaskRow,
  liveVisitors,
  lockedPlan,
  lockSweep,
  nextVisitsDue,
  noteOrderVisitor,
  orderCompletion,
  type PlanRec,
  planRowFor,
  repairCompletion,
  setRotation,
  takeDueCandidates,
  upsertCandidate,
  visitedRecently,
  visitedRecordOf,
} from './sweep.repo';
import { nothing } from './tasks.repo';
import { moveTask, VISIT_STATE } from './visits.state';

/** The enabled plan covering a record's type (order type or event template; the oldest first; a plan without types covers every type). */
async function planFor(ex: Executor, ep: number, visitType: 1 | 6 | 53, templateId: number | null): Promise<{ id: number; delay: number } | null> {
  const p = await planRowFor(ex, ep, visitType, templateId);
  return p ? { id: p.id, delay: p.delay_minutes } : null;
}

/** Writes the record's candidate (a later completion or close replaces an earlier one) and queues a sweep for its moment. */
async function noteCandidate(tx: Tx, ep: number, visitType: 1 | 6 | 53, recordId: unknown, planId: number, finishedAt: string, runAt: Date): Promise<void> {
  await upsertCandidate(tx, ep, visitType, recordId, planId, finishedAt);
  await enqueue(tx, { kind: VISIT_SWEEP_JOB, enterpriseId: ep, payload: { enterpriseId: ep }, runAt });
}

/**
 * At a completion (any action into 5), in its transaction: when a plan covers the order and its process has 回访 on,
 * the completion waits for the plan's delay (a reopened and again completed order waits from its new completion),
 * and a sweep is queued for that moment.
 */
export async function noteCompletion(tx: Tx, ep: number, order: Record<string, unknown>): Promise<void> {
  const o = await orderCompletion(tx, ep, order.id);
  if (!o?.visit_on || !o.finished_at) return;
  const plan = await planFor(tx, ep, 1, o.template_id);
  if (!plan) return;
  await noteCandidate(tx, ep, 1, order.id, plan.id, o.finished_at, new Date(o.finished_ms + plan.delay * 60_000));
}

/**
 * At an event's close (any action into 7), in its transaction: when an enabled event plan (type 6) covers the event's
 * template, the close waits for the plan's delay. Events have no process stages: the plan is the switch
 * (docs/decisions.md, Return visits).
 */
export async function noteEventClose(tx: Tx, ep: number, event: Record<string, unknown>): Promise<void> {
  const e = await eventClose(tx, ep, event.id);
  if (!e) return;
  const plan = await planFor(tx, ep, 6, e.template_id);
  if (!plan) return;
  await noteCandidate(tx, ep, 6, event.id, plan.id, e.closed_at, new Date(e.closed_ms + plan.delay * 60_000));
}

/** At a repair-sent order's completion (into 2), in its transaction: an enabled plan of type 53 makes it wait for the plan's delay. */
export async function noteRepairCompletion(tx: Tx, ep: number, repair: Record<string, unknown>): Promise<void> {
  const r = await repairCompletion(tx, ep, repair.id);
  if (!r) return;
  const plan = await planFor(tx, ep, 53, null);
  if (!plan) return;
  await noteCandidate(tx, ep, 53, repair.id, plan.id, r.completed_at, new Date(r.completed_ms + plan.delay * 60_000));
}

/** Deterministic sampling: the same plan and order always draw the same number in 0–99. */
export const sampleDraw = (planId: number, orderId: number): number => createHash('md5').update(`${planId}:${orderId}`).digest().readUInt32BE(0) % 100;

/** The next named visitor in rotation who is live and not the order's engineer; none: the task waits in the pool. */
async function nextVisitor(tx: Tx, ep: number, plan: PlanRec, engineerId: number | null): Promise<number | null> {
  if (plan.visitor_mode !== 1 || plan.visitor_ids.length === 0) return null;
  const ids = plan.visitor_ids.map(Number);
  const live = await liveVisitors(tx, ep, ids);
  for (let i = 0; i < ids.length; i++) {
    const at = (plan.rotation + i) % ids.length;
    const id = ids[at] as number;
    if (id === engineerId || !live.has(id)) continue;
    await setRotation(tx, ep, plan.id, (at + 1) % ids.length);
    return id;
  }
  return null;
}

/** Decides one due completion: a task, or nothing (reopened, cancelled, 回访 off, sampled out, visited too recently). */
async function decide(tx: Tx, ep: number, c: Candidate): Promise<number | null> {
  const plan = await lockedPlan(tx, ep, c.plan_id);
  if (!plan?.enabled || plan.deleted) return null;
  const type = c.visit_type === 6 ? 6 : c.visit_type === 53 ? 53 : 1;
  const o = await visitedRecordOf(tx, ep, type, c);
  // Reopened (a later completion has its own candidate), cancelled, invalid, deleted, or 回访 switched off.
  if (!o?.visit_on) return null;
  if (sampleDraw(plan.id, o.id) >= plan.sample_percent) return null;
  if (plan.min_interval_days > 0 && o.customer_id != null) {
    if (await visitedRecently(tx, ep, o.customer_id, c.finished_at, plan.min_interval_days)) return null;
  }
  const engineer = o.service_user_id;
  const visitor = await nextVisitor(tx, ep, plan, engineer);
  const id = await insertTaskRow(tx, ep, {
    planId: plan.id,
    type,
    o,
    engineer,
    visitor,
    grams: texts(gramsOf(o.title, o.customer_name)),
    finishedAt: c.finished_at,
  });
  if (id == null) return null;
  await insertStateLog(tx, VISIT_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId: null, note: visitor ? null : '进入回访池' });
  if (visitor && o.order_id != null && o.return_visitor_id == null) {
    await noteOrderVisitor(tx, ep, o.id, visitor);
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
  const eps = await enterprisesDue(db, at, enterpriseId);
  const made: number[] = [];
  for (const { enterprise_id } of eps) {
    const ep = enterprise_id;
    await db.transaction(async (tx) => {
      await lockSweep(tx, ep);
      const due: Candidate[] = await takeDueCandidates(tx, ep, at);
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
  const due = await nextVisitsDue(db, now.toISOString(), enterpriseId);
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
      probe: (h) => (h.to === 7 && h.from !== 7 ? EVENT_PLAN_PROBE : nothing),
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
