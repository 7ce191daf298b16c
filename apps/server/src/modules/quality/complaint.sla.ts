// Complaint deadlines on the SLA engine's calendar (modules/sla): the level's response and resolution targets,
// counted in calendar time or the enterprise's business hours, from creation (response) and from the start of the
// resolution clock (creation, or the last reopen).
import { addWorking, dictTypeByCode, levelTargetsOf } from '@sk/shared';
import type { Executor } from '../../db/client';
import { calendarsOf } from '../sla/index';
import { levelTargetRow } from './complaint.repo';
import { enabledDictNames } from '../settings/index';

export interface LevelTarget {
  level: string;
  responseMinutes: number;
  resolveMinutes: number;
  business: boolean;
}

/** The level's targets: the enterprise's row, else the defaults. */
export async function targetOf(ex: Executor, ep: number, level: string): Promise<LevelTarget> {
  const r = await levelTargetRow(ex, ep, level);
  if (r) return { level, responseMinutes: r.response_minutes, resolveMinutes: r.resolve_minutes, business: r.business };
  return { level, ...levelTargetsOf(level), business: false };
}

/** The instant `minutes` of (working) time after `from` (epoch ms), as an ISO string. */
export async function deadlineOf(ex: Executor, ep: number, from: number, minutes: number, business: boolean): Promise<string> {
  const cals = await calendarsOf(ex, ep);
  const at = addWorking(business ? cals.business : cals.calendar, from, minutes * 60_000);
  // A business calendar with no working time at all never reaches the target: count calendar time instead.
  return new Date(at ?? from + minutes * 60_000).toISOString();
}

/** Both deadlines of a complaint of `level`, from its creation and its resolution clock's start (epoch ms). */
export async function deadlinesOf(ex: Executor, ep: number, level: string, createdAt: number, resolveFrom: number) {
  const t = await targetOf(ex, ep, level);
  return {
    response: await deadlineOf(ex, ep, createdAt, t.responseMinutes, t.business),
    resolve: await deadlineOf(ex, ep, resolveFrom, t.resolveMinutes, t.business),
  };
}

export async function levelTargets(ex: Executor, ep: number): Promise<LevelTarget[]> {
  const levels = await enabledDictNames(ex, ep, dictTypeByCode('complaint_level')?.type ?? -1);
  return Promise.all(levels.map((l) => targetOf(ex, ep, l)));
}
