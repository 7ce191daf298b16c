import { addWorking, type SlaCalendar, workingMs } from './sla.calendar';

/**
 * One SLA clock of an order. Time counted so far is `consumedMs` (up to `runningSince`) plus the
 * working time since `runningSince` while it runs; a paused or stopped clock keeps its count fixed.
 * Re-applying a policy folds the count into `consumedMs`, so no time is lost or counted twice.
 */
export interface ClockState {
  consumedMs: number;
  /** When the current running stretch began; null while paused or stopped. */
  runningSince: number | null;
  /** When the current pause began; null while running or stopped. */
  pausedSince: number | null;
  /** Wall time spent paused, finished pauses only. */
  pausedMs: number;
  stoppedAt: number | null;
}

export const startClock = (at: number, paused = false): ClockState => ({
  consumedMs: 0,
  runningSince: paused ? null : at,
  pausedSince: paused ? at : null,
  pausedMs: 0,
  stoppedAt: null,
});

/** Working time counted up to `now`. */
export function elapsedMs(cal: SlaCalendar, c: ClockState, now: number): number {
  return c.consumedMs + (c.runningSince == null ? 0 : workingMs(cal, c.runningSince, Math.max(now, c.runningSince)));
}

/** Wall time spent paused up to `now`, the current pause included. */
export const pausedTotalMs = (c: ClockState, now: number): number => c.pausedMs + (c.pausedSince == null ? 0 : Math.max(0, now - c.pausedSince));

export function pauseClock(cal: SlaCalendar, c: ClockState, at: number): ClockState {
  if (c.runningSince == null || c.stoppedAt != null) return c;
  return { ...c, consumedMs: elapsedMs(cal, c, at), runningSince: null, pausedSince: at };
}

export function resumeClock(c: ClockState, at: number): ClockState {
  if (c.pausedSince == null || c.stoppedAt != null) return c;
  return { ...c, runningSince: at, pausedSince: null, pausedMs: pausedTotalMs(c, at) };
}

export function stopClock(cal: SlaCalendar, c: ClockState, at: number): ClockState {
  if (c.stoppedAt != null) return c;
  return { consumedMs: elapsedMs(cal, c, at), runningSince: null, pausedSince: null, pausedMs: pausedTotalMs(c, at), stoppedAt: at };
}

/** The same clock under another policy or calendar from `at` on: the count so far is kept as it is. */
export function reapplyClock(cal: SlaCalendar, c: ClockState, at: number): ClockState {
  if (c.runningSince == null) return c;
  return { ...c, consumedMs: elapsedMs(cal, c, at), runningSince: at };
}

/** When a running clock reaches its target (in the past once breached); null while paused, stopped or never. */
export function deadlineOf(cal: SlaCalendar, c: ClockState, targetMs: number): number | null {
  if (c.runningSince == null) return null;
  return addWorking(cal, c.runningSince, targetMs - c.consumedMs);
}

export type ClockMark = 'ok' | 'atRisk' | 'overdue';

/** 'overdue' past the target; 'atRisk' when the time left is below the warning threshold. */
export function markOf(elapsed: number, targetMs: number, warnMs: number): ClockMark {
  const left = targetMs - elapsed;
  if (left <= 0) return 'overdue';
  return left <= warnMs ? 'atRisk' : 'ok';
}
