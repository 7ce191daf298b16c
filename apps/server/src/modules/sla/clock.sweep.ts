import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { ClockSubject } from './clock.engine';

/**
 * The one sweep over due clocks (the `sla.sweep` job, every 30 s, all enterprises). Each step of each subject locks a
 * batch of the clocks whose instant came (`warn_at`, `deadline_at`, `next_escalation_at`) through that column's partial
 * index, marks them and writes the subject's notices in the same statement; a step repeats in its own transaction
 * until a batch comes back short, so its cost follows the clocks that change, not the clocks that run.
 */
export const SWEEP_BATCH = 2000;

export interface SweepStep {
  /** The step's name in the bench's timings (warnDue, breachDue, escalateDue). */
  name: string;
  run(ex: Executor, now: Date): Promise<number>;
}

const col = (name: string) => sql.raw(`c.${name}`);

/**
 * The locked batch of the subject's clocks whose `at` came and whose `done` is not set (the CTE a step starts from):
 * enterprise_id and id, with `select` added from `join`.
 */
export function dueClocks(s: ClockSubject, at: string, done: string | null, now: Date, more: { select?: SQL; join?: SQL } = {}): SQL {
  const unless = done ? sql` and ${col(done)} is null` : sql``;
  return sql`select c.enterprise_id, c.id${more.select ?? sql``} from ${sql.identifier(s.table)} c ${more.join ?? sql``}
    where ${col(at)} <= ${now.toISOString()}::timestamptz and ${col(at)} is not null${unless}
    order by ${col(at)} limit ${SWEEP_BATCH} for update of c skip locked`;
}

/**
 * A step that sets `done` to `value` on the due clocks of `at` and sends `notices` on them: `notices` gets the marked
 * clocks as a from-item aliased c (enterprise_id, the subject's key, type, id).
 */
export function markStep(
  name: string,
  s: ClockSubject,
  at: string,
  done: string,
  value: (now: Date) => SQL,
  o: { select?: SQL; join?: SQL; sets?: SQL; notices?: (from: SQL) => SQL } = {},
): SweepStep {
  return {
    name,
    run: async (ex, now) => {
      const notices = o.notices ? sql`, n as (${o.notices(sql`m c`)})` : sql``;
      const r = await rows<{ n: number }>(
        ex,
        sql`with due as (${dueClocks(s, at, done, now, o)}), m as (
          update ${sql.identifier(s.table)} c set ${sql.identifier(done)} = ${value(now)}${o.sets ?? sql``}
          from due where c.enterprise_id = due.enterprise_id and c.id = due.id
          returning c.enterprise_id, ${col(s.key)}, c.type, c.id
        )${notices} select count(*)::int as n from m`,
      );
      return r[0]?.n ?? 0;
    },
  };
}

/** Warnings due: `warned_at` set to the sweep's instant. */
export const warnStep = (s: ClockSubject, notices: (from: SQL) => SQL): SweepStep =>
  markStep('warnDue', s, 'warn_at', 'warned_at', (now) => sql`${now.toISOString()}::timestamptz`, { notices });

/** Breaches due: `breached_at` set to the deadline (the clock breached then, whenever the sweep saw it). */
export const breachStep = (s: ClockSubject, o: { select?: SQL; join?: SQL; sets?: SQL; notices?: (from: SQL) => SQL } = {}): SweepStep =>
  markStep('breachDue', s, 'deadline_at', 'breached_at', () => sql`c.deadline_at`, o);

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
