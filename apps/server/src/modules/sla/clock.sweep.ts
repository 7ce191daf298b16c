import type { SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { type ClockSubject, DEADLINE, dueClocks, instantSql, type MarkOptions, markDue, SWEEP_BATCH } from './clock.repo';

export { dueClocks, SWEEP_BATCH };

/**
 * The one sweep over due clocks (the `sla.sweep` job, every 30 s, all enterprises). Each step of each subject locks a
 * batch of the clocks whose instant came (`warn_at`, `deadline_at`, `next_escalation_at`) through that column's partial
 * index, marks them and writes the subject's notices in the same statement; a step repeats in its own transaction
 * until a batch comes back short, so its cost follows the clocks that change, not the clocks that run.
 */
export interface SweepStep {
  /** The step's name in the bench's timings (warnDue, breachDue, escalateDue). */
  name: string;
  run(ex: Executor, now: Date): Promise<number>;
}

/**
 * A step that sets `done` to `value` on the due clocks of `at` and sends `notices` on them: `notices` gets the marked
 * clocks as a from-item aliased c (enterprise_id, the subject's key, type, id).
 */
export function markStep(name: string, s: ClockSubject, at: string, done: string, value: (now: Date) => SQL, o: MarkOptions = {}): SweepStep {
  return { name, run: (ex, now) => markDue(ex, s, at, done, value(now), now, o) };
}

/** Warnings due: `warned_at` set to the sweep's instant. */
export const warnStep = (s: ClockSubject, notices: (from: SQL) => SQL): SweepStep => markStep('warnDue', s, 'warn_at', 'warned_at', instantSql, { notices });

/** Breaches due: `breached_at` set to the deadline (the clock breached then, whenever the sweep saw it). */
export const breachStep = (s: ClockSubject, o: MarkOptions = {}): SweepStep => markStep('breachDue', s, 'deadline_at', 'breached_at', () => DEADLINE, o);

/** Runs the steps in order at `now`, each until a batch comes back short; `ms` (the bench) gets each step's time. */
export async function sweepClocks(db: Db, steps: readonly SweepStep[], now = new Date(), ms?: Record<string, number>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const step of steps) {
    const t0 = performance.now();
    let total = 0;
    for (;;) {
      const n = await db.transaction((tx) => step.run(tx, now));
      total += n;
      if (n < SWEEP_BATCH) break;
    }
    if (ms) ms[step.name] = performance.now() - t0;
    out[step.name] = total;
  }
  return out;
}

/** Steps of subjects whose module lives above sla (complaints), added from that module's wiring, by name. */
const added = new Map<string, readonly SweepStep[]>();

/**
 * A module above sla puts its subject's steps into the one sweep (the `sla.sweep` job runs them after the orders' and
 * the events'); registering a name again replaces its steps, so wiring twice changes nothing.
 */
export function addClockSweep(name: string, steps: readonly SweepStep[]): void {
  added.set(name, steps);
}

/** The added subjects' steps at `now`, each subject's in order; answers each step's count by `name.step`. */
export async function sweepAddedClocks(db: Db, now = new Date()): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, steps] of added) for (const [k, n] of Object.entries(await sweepClocks(db, steps, now))) out[`${name}.${k}`] = n;
  return out;
}
