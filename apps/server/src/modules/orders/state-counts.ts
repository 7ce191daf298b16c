import type { Executor } from '../../db/client';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import {
  type DayGroup,
  dayCountsToFold,
  dayGroupRows,
  foldDayCounts,
  foldStateCounts,
  periodGroupRows,
  type StateGroup,
  stateCountsToFold,
  stateGroupRows,
  toDayGroup,
  toStateGroup,
} from './state-counts.repo';

export { type DayGroup, foldDayCounts, foldStateCounts, freshStateCounts, type StateGroup } from './state-counts.repo';

/**
 * The enterprise's all-time order counts by (state, invalid, in_pool, abnormal_kind), outside the recycle bin, from the deltas the triggers of
 * db/derived.ts write with every change (no scan of the orders). Past FOLD_AT delta rows they are folded back into one
 * row per group: by the read, and by a sweep every five minutes for enterprises nobody looks at. Besides the home
 * page's statistic they answer every count that is a sum of groups (`totalOf`): the badges 待受理, 待派单, 工单公海 and
 * 异常工单, and an order list without filters or with states only (docs/lists.md, "Counts from totals").
 */
const FOLD_AT = 100;

export async function stateCounts(ex: Executor, enterpriseId: number): Promise<StateGroup[]> {
  const found = await stateGroupRows(ex, enterpriseId);
  // Deltas beyond one row per group: a folded enterprise has one per group (up to 128 groups), and is not folded again.
  if (found.reduce((s, g) => s + g.parts, 0) - found.length > FOLD_AT) await foldStateCounts(ex, enterpriseId);
  return found.map(toStateGroup).filter((g) => g.n !== 0);
}

/** The orders outside the recycle bin in the groups `keep` picks, from the totals (no scan of the orders). */
export async function totalOf(ex: Executor, enterpriseId: number, keep: (g: StateGroup) => boolean): Promise<number> {
  return (await stateCounts(ex, enterpriseId)).filter(keep).reduce((s, g) => s + g.n, 0);
}

/**
 * The orders outside the recycle bin created in [from, to] (local date-times 'YYYY-MM-DD HH:mm:ss' in the enterprise's
 * zone `tz`, both inclusive, either open) by (state, invalid, abnormal_kind), in one statement: the whole local days from
 * the first to the last read from order_day_counts, minus the orders of those two days outside the range counted from
 * the orders on a creation-range index (before `from` on its day, after `to` on its day: at most a day each, nothing when
 * the range starts at midnight or ends at 23:59:59: an end includes its whole second). Past FOLD_AT delta rows beyond one per day and group,
 * the days read are folded.
 */
export async function periodCounts(ex: Executor, enterpriseId: number, tz: string, from: string | null, to: string | null): Promise<DayGroup[]> {
  const { found, inDays } = await periodGroupRows(ex, enterpriseId, tz, from, to);
  if (found.reduce((s, g) => s + g.extra, 0) > FOLD_AT) await foldDayCounts(ex, enterpriseId, inDays);
  return found.map(toDayGroup).filter((g) => g.n !== 0);
}

/** Folds every enterprise past FOLD_AT day-keyed delta rows beyond one per day and group (up to 1000 per run). */
export async function foldAllDayCounts(ex: Executor): Promise<number> {
  const many = await dayCountsToFold(ex, FOLD_AT);
  for (const id of many) await foldDayCounts(ex, id);
  return many.length;
}

/** The day-keyed totals per day and group as 'day/state/invalid/abnormal_kind:n', and the same counted from the orders (for the tests). */
export async function dayTotals(ex: Executor, enterpriseId: number, fresh = false, tz = 'Asia/Shanghai'): Promise<string[]> {
  const found = await dayGroupRows(ex, enterpriseId, fresh, tz);
  return found
    .map((r) => {
      const g = toDayGroup(r);
      return `${r.day}/${g.state}/${g.invalid}/${g.abnormalKind}:${g.n}`;
    })
    .sort();
}

export const ORDER_COUNTS_FOLD_JOB = 'orders.foldStateCounts';

/** Folds every enterprise past FOLD_AT delta rows beyond one per group (up to 1000 per run); answers how many were folded. */
export async function foldAllStateCounts(ex: Executor): Promise<number> {
  const many = await stateCountsToFold(ex, FOLD_AT);
  for (const id of many) await foldStateCounts(ex, id);
  return many.length;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireStateCounts(): void {
  registerJobHandler(ORDER_COUNTS_FOLD_JOB, async (_job, deps) => {
    await foldAllStateCounts(deps.db);
    await foldAllDayCounts(deps.db);
  });

  addSweep({ name: ORDER_COUNTS_FOLD_JOB, everySeconds: 300, kind: ORDER_COUNTS_FOLD_JOB });
}
