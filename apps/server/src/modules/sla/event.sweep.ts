import type { Db, Executor } from '../../db/client';
import { EVENT_CLOCKS } from './clock.engine';
import { breachStep, type SweepStep, sweepClocks, warnStep } from './clock.sweep';
import { insertEventBreachNotices, overdueNotices, warnNotices } from './event.repo';

/**
 * The events' steps of the one clock sweep (clock.sweep.ts): event clocks whose warning time came are marked and
 * their principal told (the dispatcher when nobody handles it yet); clocks past their deadline are breached and
 * both the principal and the dispatcher told (the event's dispatcher, else the enterprise's first five).
 */
export interface EventSweepResult {
  warned: number;
  breached: number;
}

/** A breach an action found first (the deadline passed between two sweeps) is told as the sweep tells it. */
export async function notifyEventBreach(ex: Executor, enterpriseId: number, clockId: number): Promise<void> {
  await insertEventBreachNotices(ex, enterpriseId, clockId);
}

const STEPS: SweepStep[] = [warnStep(EVENT_CLOCKS, warnNotices), breachStep(EVENT_CLOCKS, { notices: overdueNotices })];

/** One sweep of the events' clocks at `now`. */
export async function sweepEventSla(db: Db, now = new Date()): Promise<EventSweepResult> {
  const r = await sweepClocks(db, STEPS, now);
  return { warned: r.warnDue ?? 0, breached: r.breachDue ?? 0 };
}
