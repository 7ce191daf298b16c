import {
  conditionsMatch,
  delayMinutes,
  NOTIFY_EVENTS,
  OVERDUE_CONDITIONS,
  TIMED_TRIGGERS,
  type TimedTrigger,
  type TimeUnit,
  TRIGGER_POINTS,
  type TriggerPoint,
  triggerOfAction,
} from '@sk/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { type EnqueueInput, enqueue, registerJobHandler } from '../../platform/jobs';
import { registerStateHook } from '../../platform/state';
import { afterOrderCreated, runSingleOn } from '../../platform/signals';
import { factsOf, orderRow, performActions, type Row } from './automation.actions';
import {
  armedTimers,
  cancelOtherTimers,
  cancelTimers as cancelTimerRows,
  createdHasAutomation,
  createdOrder,
  endTimer,
  insertTimer,
  lockArmedTimer,
  lockOrder,
  movedHasAutomation,
  ordersWithAutomation,
  ruledTriggers,
  rulesOf,
  timedEventsOf,
} from './engine.repo';

/**
 * When automation runs. Trigger points: creation (afterOrderCreated) and every order action
 * (registerStateHook '*') answer a job, so rules run after the order's transaction commits. Timers: a row in
 * automation_timers and a job due at its time (both in the order's transaction); each later move cancels the
 * timers whose condition the order no longer meets, and the job checks again before it fires.
 */
export const TRIGGER_JOB = 'automation.trigger';
export const TIMER_JOB = 'automation.timer';

const triggerJob = (ep: number, orderId: number, trigger: TriggerPoint): EnqueueInput => ({
  kind: TRIGGER_JOB,
  enterpriseId: ep,
  payload: { orderId, trigger },
});

/** The trigger's job, only when the order type has an enabled rule for it (most moves have none: no job at all). */
async function triggerJobs(tx: Tx, ep: number, row: Row, triggers: TriggerPoint[]): Promise<EnqueueInput[]> {
  if (triggers.length === 0) return [];
  const found = await ruledTriggers(tx, ep, row.template_id, triggers);
  return found.map((f) => triggerJob(ep, row.id, f as TriggerPoint));
}

const orderOf = (tx: Tx, ep: number, id: number): Promise<Row | null> => lockOrder(tx, ep, id);

const stamp = (v: unknown): number | null => (v == null ? null : new Date(v as string).getTime());

/** Arms the order's timers counting from the moments that were set or changed by this move (all set ones at creation). */
async function armTimers(tx: Tx, ep: number, row: Row, before: Row | null): Promise<void> {
  const moved = (Object.entries(TIMED_TRIGGERS) as [string, { column: string }][])
    .filter(([, t]) => row[t.column] != null && stamp(row[t.column]) !== stamp(before?.[t.column]))
    .map(([k]) => Number(k));
  if (moved.length === 0) return;
  const events = await timedEventsOf(tx, ep, row.template_id, moved);
  for (const e of events) {
    if (!OVERDUE_CONDITIONS[e.condition]?.still(row)) continue;
    const from = stamp(row[TIMED_TRIGGERS[e.trigger as TimedTrigger].column]) as number;
    const fireAt = new Date(from + delayMinutes(e.amount, e.unit as TimeUnit) * 60_000);
    const t = await insertTimer(tx, ep, row.id, e.id, fireAt);
    if (t == null) continue;
    // The moment moved (a new appointment): the timer for the old time is cancelled.
    await cancelOtherTimers(tx, ep, row.id, e.id, t);
    await enqueue(tx, { kind: TIMER_JOB, enterpriseId: ep, payload: { timerId: t }, runAt: fireAt, maxAttempts: 3 });
  }
}

/** Cancels the order's armed timers whose "if not Y" no longer holds (the order moved on). */
async function cancelTimers(tx: Tx, ep: number, row: Row): Promise<void> {
  const armed = await armedTimers(tx, ep, row.id);
  const gone = armed.filter((t) => !OVERDUE_CONDITIONS[t.condition]?.still(row)).map((t) => t.id);
  if (gone.length === 0) return;
  await cancelTimerRows(tx, ep, gone);
}

/** Runs the rules of one trigger point on one order, all in one transaction (a retry repeats nothing twice). */
export async function runTrigger(deps: Deps, ep: number, orderId: number, trigger: TriggerPoint, jobId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await orderOf(tx, ep, orderId);
    if (!order) return;
    const rules = await rulesOf(tx, ep, order.template_id, trigger);
    if (rules.length === 0) return;
    const facts = await factsOf(tx, ep, order);
    for (const r of rules.filter((x) => conditionsMatch(x.conditions, facts))) {
      const ctx = { tx, enterpriseId: ep, order, event: trigger, eventName: TRIGGER_POINTS[trigger], ruleId: r.id, actorId: r.created_by ?? 0 };
      await performActions({ ...ctx, dedupe: `auto:${jobId}:${r.id}` }, r.actions);
    }
  });
}

/** Fires one timer if it is still armed and the order still meets its condition; otherwise it is cancelled. */
export async function fireTimer(deps: Deps, ep: number, timerId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const t = await lockArmedTimer(tx, ep, timerId);
    if (!t) return;
    const order = await orderOf(tx, ep, t.order_id);
    const due = order && t.enabled && OVERDUE_CONDITIONS[t.condition]?.still(order) && conditionsMatch(t.conditions, await factsOf(tx, ep, order));
    await endTimer(tx, ep, timerId, !!due);
    if (!due || !order) return;
    const ctx = { tx, enterpriseId: ep, order, event: 8, eventName: NOTIFY_EVENTS[8] ?? '定时事件', ruleId: t.event_id, actorId: t.created_by ?? 0 };
    await performActions({ ...ctx, dedupe: `timer:${timerId}` }, t.actions);
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireAutomationEngine(): void {
  afterOrderCreated(
    async (o) => {
      const row = await createdOrder(o.tx, o.enterpriseId, o.orderId);
      if (!row) return;
      const waitsApproval = row.examine_type === 1 && row.examine_result === 0;
      for (const j of await triggerJobs(o.tx, o.enterpriseId, row, waitsApproval ? [0, 4] : [0])) await enqueue(o.tx, j);
      await armTimers(o.tx, o.enterpriseId, row, null);
    },
    async (b, single) => {
      // Only an order whose type has an enabled rule or timed event has anything to trigger or arm.
      const ruled = await ordersWithAutomation(
        b.tx,
        b.enterpriseId,
        b.orders.map((x) => x.orderId),
      );
      await runSingleOn(b, single, ruled);
    },
    // The same question for one order, asked with the others' (platform/signals.ts runCreatedHooksProbed).
    createdHasAutomation,
    'automation.engine',
  );

  registerStateHook(
    'order',
    '*',
    {
      // Nothing to cancel, arm or trigger unless the order has armed timers or its type has an enabled timed event or rule.
      probe: movedHasAutomation,
      after: async (h) => {
        const row = orderRow(h.row);
        await cancelTimers(h.tx, h.enterpriseId, row);
        await armTimers(h.tx, h.enterpriseId, row, orderRow(h.current));
        const trigger = triggerOfAction(h.action, h.from, h.to);
        return triggerJobs(h.tx, h.enterpriseId, row, trigger == null ? [] : [trigger]);
      },
    },
    'automation.engine',
  );

  registerJobHandler(TRIGGER_JOB, (job, deps) => runTrigger(deps, job.enterpriseId ?? 0, job.payload.orderId, job.payload.trigger as TriggerPoint, job.id));

  registerJobHandler(TIMER_JOB, (job, deps) => fireTimer(deps, job.enterpriseId ?? 0, job.payload.timerId));
}
