import { addWorking, type ClockState, deadlineOf, pauseClock, reapplyClock, resumeClock, startClock, stopClock } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type ClockSubject,
  type ClockValues,
  clockSelect,
  EVENT_CLOCKS,
  insertClock,
  loadClocks,
  msOf,
  ORDER_CLOCKS,
  type StoredClock,
  tsOf,
  updateClock,
} from './clock.repo';
import { type Calendars, calendarsOf } from './sla.calendar';

export { type ClockSubject, clockSelect, EVENT_CLOCKS, loadClocks, msOf, ORDER_CLOCKS, type StoredClock, tsOf };

/**
 * The one SLA clock engine. A subject (an order, an event; later a complaint or a visit) has one clock per type in its
 * own table; a rule says, for each move of the subject, what each type's clock does (its phase) and under which
 * settings. `planClocks` turns the stored clocks, the rule and the instant into the changes (started, paused, resumed,
 * re-applied, met, cancelled, a breach found); `syncSubjectClocks` reads and writes them; the in-memory planners (the
 * demo's month) apply the same changes to rows they keep themselves. The sweep over due clocks is `clock.sweep.ts`.
 */

export const stateOf = (r: StoredClock): ClockState => ({
  consumedMs: r.consumed_ms,
  runningSince: r.running_since,
  pausedSince: r.paused_since,
  pausedMs: r.paused_ms,
  stoppedAt: r.stopped_at,
});

/** What a clock of a type does on a move: 'wait' = not started (or kept still if it ran). */
export type ClockPhase = 'run' | 'pause' | 'wait' | 'met' | 'cancel';

/** The settings a clock runs under. */
export interface ClockSettings {
  target_ms: number;
  warn_ms: number;
  business: boolean;
  policy_id?: number | null;
  policy_name?: string;
}

/** What one move of a subject means to its clocks. */
export interface ClockRule {
  /** The types that have a clock now, with its settings; a running clock whose type is missing is cancelled. */
  settings: ReadonlyMap<number, ClockSettings>;
  /** The phase of the type's clock: `running` a clock of it runs (or is paused) already. */
  phase(type: number, running: boolean): ClockPhase;
}

export interface ClockFields extends ClockSettings {
  outcome: number;
  breached_at: number | null;
}

/** One clock's change: `row` the stored clock it changes (none: started now). */
export interface ClockChange {
  row?: StoredClock;
  type: number;
  state: ClockState;
  fields: ClockFields;
  /** The breach this change found first (the deadline passed before the sweep saw it), else null. */
  breachFound: number | null;
}

/** When a clock in state `s` breaches and turns at risk (epoch ms; null while it does not run). */
export function instantsOf(
  cals: Calendars,
  s: ClockState,
  f: Pick<ClockFields, 'business' | 'outcome' | 'target_ms' | 'warn_ms'>,
): { deadline: number | null; warnAt: number | null } {
  const cal = f.business ? cals.business : cals.calendar;
  const deadline = f.outcome === 0 ? deadlineOf(cal, s, f.target_ms) : null;
  const warnAt =
    deadline != null && f.warn_ms > 0 && s.runningSince != null ? addWorking(cal, s.runningSince, Math.max(0, f.target_ms - f.warn_ms - s.consumedMs)) : null;
  return { deadline, warnAt };
}

/** A deadline passed before anyone saw it is a breach at that deadline; an earlier breach is kept. */
export const breachBy = (r: { breached_at: number | null; deadline_at: number | null }, at: number): number | null =>
  r.breached_at ?? (r.deadline_at != null && r.deadline_at <= at ? r.deadline_at : null);

/** The changes a move at `now` makes to the subject's stored clocks (unchanged clocks are left out). */
export function planClocks(cals: Calendars, rule: ClockRule, existing: readonly StoredClock[], now: number): ClockChange[] {
  const calOf = (business: boolean) => (business ? cals.business : cals.calendar);
  const out: ClockChange[] = [];
  for (const r of existing) {
    if (r.outcome !== 0) continue;
    const def = rule.settings.get(r.type);
    const phase = rule.phase(r.type, true);
    const old = calOf(r.business);
    const breached = breachBy(r, now);
    const breachFound = r.breached_at == null && breached != null ? breached : null;
    if (!def || phase === 'met' || phase === 'cancel') {
      const outcome = phase === 'met' ? 1 : 2;
      out.push({ row: r, type: r.type, state: stopClock(old, stateOf(r), now), fields: { ...keptSettings(r), outcome, breached_at: breached }, breachFound });
      continue;
    }
    const fields: ClockFields = { ...def, outcome: 0, breached_at: breached };
    let s = stateOf(r);
    const reapplied =
      (fields.policy_id ?? null) !== (r.policy_id ?? null) ||
      fields.target_ms !== r.target_ms ||
      fields.warn_ms !== r.warn_ms ||
      fields.business !== r.business;
    if (reapplied) s = reapplyClock(old, s, now);
    const next = phase === 'run' ? resumeClock(s, now) : pauseClock(old, s, now);
    if (!reapplied && next === s && breached === r.breached_at) continue;
    out.push({ row: r, type: r.type, state: next, fields, breachFound });
  }
  for (const [type, def] of rule.settings) {
    if (existing.some((r) => r.type === type)) continue;
    const phase = rule.phase(type, false);
    if (phase !== 'run' && phase !== 'pause') continue;
    out.push({ type, state: startClock(now, phase === 'pause'), fields: { ...def, outcome: 0, breached_at: null }, breachFound: null });
  }
  return out;
}

const keptSettings = (r: StoredClock): ClockSettings => ({ target_ms: r.target_ms, warn_ms: r.warn_ms, business: r.business });

/** The columns a clock's state and settings make: its deadline and warning instants while it runs. */
export function clockColumns(cals: Calendars, s: ClockState, f: ClockFields): ClockValues {
  const { deadline, warnAt } = instantsOf(cals, s, f);
  return {
    ...(f.policy_id !== undefined ? { policy_id: f.policy_id, policy_name: f.policy_name ?? '' } : {}),
    target_ms: f.target_ms,
    warn_ms: f.warn_ms,
    business: f.business,
    outcome: f.outcome,
    consumed_ms: s.consumedMs,
    running_since: tsOf(s.runningSince),
    paused_since: tsOf(s.pausedSince),
    paused_ms: s.pausedMs,
    stopped_at: tsOf(s.stoppedAt),
    deadline_at: tsOf(deadline),
    warn_at: tsOf(warnAt),
    breached_at: tsOf(f.breached_at),
  };
}

/** What a subject adds to a change's write: more columns to set, and what follows it in the same transaction. */
export interface ClockHooks {
  sets?(c: ClockChange): SQL[];
  written?(ex: Executor, c: ClockChange & { id: number }): Promise<void>;
}

/**
 * Brings one subject's clocks in line with a move: reads them, plans the changes, writes them (in the caller's
 * transaction). False when nothing could change (no clock type set and none running), before reading the calendars.
 */
export async function syncSubjectClocks(
  ex: Executor,
  subject: ClockSubject,
  enterpriseId: number,
  subjectId: number,
  rule: ClockRule,
  hooks: ClockHooks = {},
  now = Date.now(),
): Promise<boolean> {
  const existing = await loadClocks(ex, subject, enterpriseId, subjectId);
  if (rule.settings.size === 0 && existing.every((c) => c.outcome !== 0)) return false;
  const calendars = await calendarsOf(ex, enterpriseId);
  for (const c of planClocks(calendars, rule, existing, now)) {
    const cols = clockColumns(calendars, c.state, c.fields);
    if (c.row) {
      await updateClock(ex, subject, enterpriseId, c.row.id, cols, hooks.sets?.(c) ?? []);
      await hooks.written?.(ex, { ...c, id: c.row.id });
      continue;
    }
    await insertClock(ex, subject, enterpriseId, subjectId, c.type, now, cols);
  }
  return true;
}
