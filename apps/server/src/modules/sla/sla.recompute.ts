import { reapplyClock, type SlaCalendar, type SlaCalendarInput } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { enqueue, registerJobHandler } from '../../platform/jobs';
import { calendarsOf, hoursOf, saveHours } from './sla.calendar';
import { type ClockSubject, EVENT_CLOCKS, instantsOf, ORDER_CLOCKS, stateOf } from './clock.engine';
import { lockEnterprise, recomputeBatchRows, updateDueAtMany, writeRecomputed } from './sla.repo';

/**
 * New business hours or holidays reach the running clocks (docs/sla.md): the save enqueues, in its own
 * transaction, one job with the hours it replaced and the instant of the change. The job folds each running
 * business-hours clock's count up to that instant under the old hours, goes on from there under the new ones
 * (as a re-applied policy does), writes the new deadline and warning, then the orders' due times; in batches,
 * each its own transaction. A clock moved since the change (running_since after it) already runs on the new hours.
 * Every subject's clocks move: the orders', the events' and those of modules above sla (complaints) that add theirs.
 */
export const SLA_RECOMPUTE_JOB = 'sla.recompute';
const BATCH = 500;

/** PUT /sla/calendar: the hours saved and the recompute job enqueued together. */
export async function saveHoursAndRecompute(db: Db, enterpriseId: number, c: SlaCalendarInput, at = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    // One save at a time per enterprise, so each job names the hours its save replaced.
    await lockEnterprise(tx, enterpriseId);
    const old = await hoursOf(tx, enterpriseId);
    await saveHours(tx, enterpriseId, c);
    await enqueue(tx, { kind: SLA_RECOMPUTE_JOB, enterpriseId, payload: { at, old } });
  });
}

/** A subject whose business-hours clocks the job moves, and what it copies from them afterwards (a due time). */
export interface RecomputeSubject {
  subject: ClockSubject;
  /** Runs in the batch's transaction with the subjects whose clocks moved. */
  afterBatch?: (ex: Executor, enterpriseId: number, subjectIds: number[]) => Promise<void>;
}

const subjects = new Map<string, RecomputeSubject>([
  ['orders', { subject: ORDER_CLOCKS, afterBatch: updateDueAtMany }],
  ['events', { subject: EVENT_CLOCKS }],
]);

/** A module above sla puts its subject's clocks into the recompute (registering a name again replaces it). */
export function addClockRecompute(name: string, s: RecomputeSubject): void {
  subjects.set(name, s);
}

/** One batch of one subject: answers how many clocks it moved. */
async function recomputeBatch(ex: Executor, r: RecomputeSubject, enterpriseId: number, old: SlaCalendarInput, at: number, size: number): Promise<number> {
  const cals = await calendarsOf(ex, enterpriseId);
  const before: SlaCalendar = { ...old, business: true, offsetMinutes: cals.business.offsetMinutes };
  const batch = await recomputeBatchRows(ex, r.subject, enterpriseId, at, size);
  if (batch.length === 0) return 0;
  const next = batch.map((c) => {
    const s = reapplyClock(before, stateOf(c), at);
    return { id: c.id, consumed: s.consumedMs, ...instantsOf(cals, s, { ...c, outcome: 0 }) };
  });
  await writeRecomputed(ex, r.subject, enterpriseId, at, next);
  await r.afterBatch?.(ex, enterpriseId, [...new Set(batch.map((c) => Number(c.subject_id)))]);
  return batch.length;
}

/** The whole job: each subject in batches until one comes back short; answers the clocks moved. */
export async function recomputeClocks(db: Db, enterpriseId: number, old: SlaCalendarInput, at: number, size = BATCH): Promise<number> {
  let total = 0;
  for (const r of subjects.values()) {
    for (;;) {
      const n = await db.transaction((tx) => recomputeBatch(tx, r, enterpriseId, old, at, size));
      total += n;
      if (n < size) break;
    }
  }
  return total;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSlaRecompute(): void {
  registerJobHandler(SLA_RECOMPUTE_JOB, async (job, deps) => {
    await recomputeClocks(deps.db, job.enterpriseId ?? 0, job.payload.old as SlaCalendarInput, job.payload.at);
  });
}
