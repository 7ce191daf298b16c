// Complaint deadlines on the one SLA clock engine (modules/sla, clock.engine.ts): a response clock and a resolution
// clock per complaint (complaint_sla_clocks), each with its level's target in calendar time or the enterprise's
// business hours, so a business-hours deadline pauses outside them. The response clock runs from creation until the
// complaint is accepted; the resolution clock from creation (or the last reopen) until it is resolved. The one SLA
// sweep breaches them (quality.wiring.ts adds the steps); the complaint keeps each running deadline as its due time.
import { dictTypeByCode, levelTargetsOf } from '@sk/shared';
import type { Executor } from '../../db/client';
import { breachStep, type ClockRule, type ClockSettings, type ClockSubject, type RecomputeSubject, syncSubjectClocks } from '../sla/index';
import { enabledDictNames } from '../settings/index';
import { copyClockDeadlines, dropComplaintClock, levelTargetRow } from './complaint.repo';
import { COMPLAINT_CLOCK, type LevelTarget } from './complaint.types';

export type { LevelTarget };

/** Where a complaint's clocks live, for the engine and the sweep. */
export const COMPLAINT_CLOCKS: ClockSubject = { table: 'complaint_sla_clocks', key: 'complaint_id', policy: false };

/** The level's targets: the enterprise's row, else the defaults. */
export async function targetOf(ex: Executor, ep: number, level: string): Promise<LevelTarget> {
  const r = await levelTargetRow(ex, ep, level);
  if (r) return { level, responseMinutes: r.response_minutes, resolveMinutes: r.resolve_minutes, business: r.business };
  return { level, ...levelTargetsOf(level), business: false };
}

export async function levelTargets(ex: Executor, ep: number): Promise<LevelTarget[]> {
  const levels = await enabledDictNames(ex, ep, dictTypeByCode('complaint_level')?.type ?? -1);
  return Promise.all(levels.map((l) => targetOf(ex, ep, l)));
}

/** What the complaint's clocks follow: its level, and whether it has been accepted and resolved. */
export interface ComplaintClockState {
  level: string;
  responded: boolean;
  resolved: boolean;
}

/** The engine's rule for a complaint: each clock runs until its moment, under the level's target (a changed level re-applies it). */
export function complaintRule(t: LevelTarget, c: ComplaintClockState): ClockRule {
  const setting = (minutes: number): ClockSettings => ({ target_ms: minutes * 60_000, warn_ms: 0, business: t.business });
  const settings = new Map<number, ClockSettings>([
    [COMPLAINT_CLOCK.response, setting(t.responseMinutes)],
    [COMPLAINT_CLOCK.resolve, setting(t.resolveMinutes)],
  ]);
  const done = (type: number) => (type === COMPLAINT_CLOCK.response ? c.responded : c.resolved);
  return { settings, phase: (type) => (done(type) ? 'met' : 'run') };
}

/**
 * Brings a complaint's clocks in line with it (in the caller's transaction): started on creation, met when accepted /
 * resolved, re-applied when the level changes; `restartResolve` (a reopen) starts the resolution clock again from now.
 * Then the complaint's due times are the running clocks' deadlines (a met one keeps the deadline it had).
 */
export async function syncComplaintClocks(
  ex: Executor,
  ep: number,
  complaintId: number,
  c: ComplaintClockState,
  o: { now?: number; restartResolve?: boolean } = {},
): Promise<void> {
  if (o.restartResolve) await dropComplaintClock(ex, ep, complaintId, COMPLAINT_CLOCK.resolve);
  const t = await targetOf(ex, ep, c.level);
  await syncSubjectClocks(ex, COMPLAINT_CLOCKS, ep, complaintId, complaintRule(t, c), {}, o.now ?? Date.now());
  await copyClockDeadlines(ex, ep, complaintId);
}

/** New business hours move the complaints' running business-hours clocks (the sla.recompute job), then their due times. */
export const complaintRecompute: RecomputeSubject = { subject: COMPLAINT_CLOCKS, afterBatch: copyClockDeadlines };

/** The complaints' steps of the one SLA sweep: a clock past its deadline is breached (its complaint shows 已超时). */
export const complaintSweepSteps = [breachStep(COMPLAINT_CLOCKS)];
