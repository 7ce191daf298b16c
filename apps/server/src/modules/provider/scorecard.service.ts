import type { ScorecardRow } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { PageRequest } from '../../platform/list';
import { range, scorecardPage, scorecardWhere } from './scorecard.repo';

/**
 * The scorecard of 服务商管理 (docs/settlement.md, "Scorecard"): per provider over a period of days in the enterprise's
 * zone, this month so far unless asked otherwise. The figures and their rules are scorecard.repo.ts's.
 */

/** The month so far in the enterprise's zone: first day to today. */
export function thisMonth(tz: string, now = new Date()): { startDay: string; endDay: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return { startDay: `${today.slice(0, 8)}01`, endDay: today };
}

export async function scorecard(
  ex: Executor,
  a: Actor,
  f: { providerId?: number | null; startDay?: string; endDay?: string; keyword?: string | null },
  page: PageRequest,
): Promise<{ list: ScorecardRow[]; count: number; startDay: string; endDay: string }> {
  const month = thisMonth(a.timeZone);
  const startDay = f.startDay ?? month.startDay;
  const endDay = f.endDay ?? (f.startDay && f.startDay > month.endDay ? f.startDay : month.endDay);
  // A provider's user (should his role be given the page) sees his own provider's card only.
  const result = await scorecardPage(ex, a, scorecardWhere(a, f), range(startDay, endDay, a.timeZone), page);
  return { ...result, startDay, endDay };
}
