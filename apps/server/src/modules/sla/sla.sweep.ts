import type { Db } from '../../db/client';
import { ORDER_CLOCKS } from './clock.engine';
import { breachStep, type SweepStep, sweepClocks, warnStep } from './clock.sweep';
import { BREACH_LADDER, escalateDue, warnNotices } from './sla.repo';

/**
 * The orders' steps of the one clock sweep (clock.sweep.ts): clocks whose warning time came are marked (and their
 * engineer told), clocks past their deadline are breached (the order is already overdue: its due_at is that deadline)
 * and start the policy's ladder, and breaches due for the next step notify it.
 */
export interface SweepResult {
  warned: number;
  breached: number;
  escalated: number;
}

/** A breach starts the ladder: the next step is the policy's first, that many minutes after the deadline. */
const breachDue = breachStep(ORDER_CLOCKS, BREACH_LADDER);

const STEPS: SweepStep[] = [warnStep(ORDER_CLOCKS, warnNotices), breachDue, { name: 'escalateDue', run: escalateDue }];

/** One sweep of the orders' clocks at `now`. `ms` (the bench) gets each step's time. */
export async function sweepSla(db: Db, now = new Date(), ms?: Record<string, number>): Promise<SweepResult> {
  const r = await sweepClocks(db, STEPS, now, ms);
  return { warned: r.warnDue ?? 0, breached: r.breachDue ?? 0, escalated: r.escalateDue ?? 0 };
}
