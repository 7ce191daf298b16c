import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { addSweep, registerJobHandler } from '../../platform/jobs';

/**
 * The enterprise's all-time order counts by (state, invalid, in_pool, abnormal_kind), outside the recycle bin, from the deltas the triggers of
 * db/derived.ts write with every change (no scan of the orders). Past FOLD_AT delta rows they are folded back into one
 * row per group: by the read, and by a sweep every five minutes for enterprises nobody looks at. Besides the home
 * page's statistic they answer every count that is a sum of groups (`totalOf`): the badges 待受理, 待派单, 工单公海 and
 * 异常工单, and an order list without filters or with states only (docs/lists.md, "Counts from totals").
 */
const FOLD_AT = 100;

export interface StateGroup {
  state: number;
  invalid: boolean;
  inPool: boolean;
  /** The pending change request's kind (改约 1, 转派 2, 取消 3), null without one. */
  abnormalKind: number | null;
  n: number;
}

const GROUP = sql.raw('state, invalid, in_pool, abnormal_kind');

type RawGroup = { state: number; invalid: boolean; in_pool: boolean; abnormal_kind: number | null; n: string | number };
const groupOf = (g: RawGroup): StateGroup => ({
  state: Number(g.state),
  invalid: g.invalid,
  inPool: g.in_pool,
  abnormalKind: g.abnormal_kind == null ? null : Number(g.abnormal_kind),
  n: Number(g.n),
});

export async function stateCounts(ex: Executor, enterpriseId: number): Promise<StateGroup[]> {
  const found = await rows<RawGroup & { parts: number }>(
    ex,
    sql`select ${GROUP}, sum(n) as n, count(*)::int as parts from order_state_counts where enterprise_id = ${enterpriseId} group by ${GROUP}`,
  );
  // Deltas beyond one row per group: a folded enterprise has one per group (up to 128 groups), and is not folded again.
  if (found.reduce((s, g) => s + Number(g.parts), 0) - found.length > FOLD_AT) await foldStateCounts(ex, enterpriseId);
  return found.filter((g) => Number(g.n) !== 0).map(groupOf);
}

/** The orders outside the recycle bin in the groups `keep` picks, from the totals (no scan of the orders). */
export async function totalOf(ex: Executor, enterpriseId: number, keep: (g: StateGroup) => boolean): Promise<number> {
  return (await stateCounts(ex, enterpriseId)).filter(keep).reduce((s, g) => s + g.n, 0);
}

/**
 * One statement: the rows it deletes are summed back in, so the sum stays whatever a concurrent writer adds meanwhile
 * (its new delta is not in this statement's snapshot and stays; a concurrent fold skips the rows this one deleted).
 */
export async function foldStateCounts(ex: Executor, enterpriseId: number): Promise<void> {
  await ex.execute(sql`with gone as (delete from order_state_counts where enterprise_id = ${enterpriseId} returning ${GROUP}, n)
    insert into order_state_counts (enterprise_id, ${GROUP}, n)
    select ${enterpriseId}, ${GROUP}, sum(n) from gone group by ${GROUP} having sum(n) <> 0`);
}

/** The same groups counted from the orders themselves (the tests compare the two). */
export const freshStateCounts = async (ex: Executor, enterpriseId: number, where: SQL = sql`true`): Promise<StateGroup[]> =>
  (
    await rows<RawGroup>(
      ex,
      sql`select ${GROUP}, count(*)::int as n from orders o where o.enterprise_id = ${enterpriseId} and o.deleted_at is null and ${where} group by ${GROUP}`,
    )
  ).map(groupOf);

/** A group of the day-keyed totals over a period: (state, invalid, abnormal_kind), without the pool. */
export type DayGroup = Omit<StateGroup, 'inPool'>;

const DAY_GROUP = sql.raw('state, invalid, abnormal_kind');
type RawDayGroup = { state: number; invalid: boolean; abnormal_kind: number | null; n: string | number };
const dayGroupOf = (g: RawDayGroup): DayGroup => ({
  state: Number(g.state),
  invalid: g.invalid,
  abnormalKind: g.abnormal_kind == null ? null : Number(g.abnormal_kind),
  n: Number(g.n),
});

/**
 * The orders outside the recycle bin created in [from, to] (local date-times 'YYYY-MM-DD HH:mm:ss' in the enterprise's
 * zone `tz`, both inclusive, either open) by (state, invalid, abnormal_kind), in one statement: the whole local days from
 * the first to the last read from order_day_counts, minus the orders of those two days outside the range counted from
 * the orders on a creation-range index (before `from` on its day, after `to` on its day: at most a day each, nothing when
 * the range starts at midnight or ends at 23:59:59: an end includes its whole second). Past FOLD_AT delta rows beyond one per day and group,
 * the days read are folded.
 */
export async function periodCounts(ex: Executor, enterpriseId: number, tz: string, from: string | null, to: string | null): Promise<DayGroup[]> {
  const lo = from == null ? null : sql`(${from}::timestamp at time zone ${tz})`;
  const hi = to == null ? null : sql`(${to}::timestamp at time zone ${tz})`;
  const dayOf = (t: SQL) => sql`(${t} at time zone ${tz})::date`;
  const startOf = (d: SQL) => sql`(${d}::timestamp at time zone ${tz})`;
  const days: SQL[] = [];
  if (lo) days.push(sql`day >= ${dayOf(lo)}`);
  if (hi) days.push(sql`day <= ${dayOf(hi)}`);
  const inDays = days.length ? sql.join(days, sql` and `) : sql`true`;
  const live = sql`o.enterprise_id = ${enterpriseId} and o.deleted_at is null`;
  const edge = (range: SQL) => sql` union all
    select ${DAY_GROUP}, -count(*), 0 from orders o where ${live} and ${range} group by ${DAY_GROUP}`;
  const found = await rows<RawDayGroup & { extra: number }>(
    ex,
    sql`select ${DAY_GROUP}, sum(n) as n, sum(extra)::int as extra from (
      select ${DAY_GROUP}, sum(n) as n, count(*) - count(distinct day) as extra from order_day_counts
        where enterprise_id = ${enterpriseId} and ${inDays} group by ${DAY_GROUP}
      ${lo ? edge(sql`o.created_at >= ${startOf(dayOf(lo))} and o.created_at < ${lo}`) : sql``}
      ${hi ? edge(sql`o.created_at >= ${hi} + interval '1 second' and o.created_at < ${startOf(sql`(${dayOf(hi)} + 1)`)}`) : sql``}
    ) x group by ${DAY_GROUP}`,
  );
  if (found.reduce((s, g) => s + Number(g.extra), 0) > FOLD_AT) await foldDayCounts(ex, enterpriseId, inDays);
  return found.filter((g) => Number(g.n) !== 0).map(dayGroupOf);
}

/**
 * Folds the enterprise's days (those `where` picks) that hold more than one delta row per group into one row per
 * group, in one statement, like foldStateCounts.
 */
export async function foldDayCounts(ex: Executor, enterpriseId: number, where: SQL = sql`true`): Promise<void> {
  await ex.execute(sql`with d as (select day from order_day_counts where enterprise_id = ${enterpriseId} and ${where}
      group by day having count(*) > count(distinct (${DAY_GROUP}))),
    gone as (delete from order_day_counts where enterprise_id = ${enterpriseId} and day in (select day from d) returning day, ${DAY_GROUP}, n)
    insert into order_day_counts (enterprise_id, day, ${DAY_GROUP}, n)
    select ${enterpriseId}, day, ${DAY_GROUP}, sum(n) from gone group by day, ${DAY_GROUP} having sum(n) <> 0`);
}

/** Folds every enterprise past FOLD_AT day-keyed delta rows beyond one per day and group (up to 1000 per run). */
export async function foldAllDayCounts(ex: Executor): Promise<number> {
  const many = await rows<{ enterprise_id: number }>(
    ex,
    sql`select enterprise_id from order_day_counts group by enterprise_id
      having count(*) - count(distinct (day, ${DAY_GROUP})) > ${FOLD_AT} limit 1000`,
  );
  for (const r of many) await foldDayCounts(ex, Number(r.enterprise_id));
  return many.length;
}

/** The day-keyed totals per day and group as 'day/state/invalid/abnormal_kind:n', and the same counted from the orders (for the tests). */
export async function dayTotals(ex: Executor, enterpriseId: number, fresh = false, tz = 'Asia/Shanghai'): Promise<string[]> {
  const found = await rows<RawDayGroup & { day: string }>(
    ex,
    fresh
      ? sql`select (created_at at time zone ${tz})::date::text as day, ${DAY_GROUP}, count(*) as n from orders
          where enterprise_id = ${enterpriseId} and deleted_at is null group by 1, 2, 3, 4`
      : sql`select day::text as day, ${DAY_GROUP}, sum(n) as n from order_day_counts where enterprise_id = ${enterpriseId}
          group by 1, 2, 3, 4 having sum(n) <> 0`,
  );
  return found.map((g) => `${g.day}/${g.state}/${g.invalid}/${g.abnormal_kind}:${Number(g.n)}`).sort();
}

export const ORDER_COUNTS_FOLD_JOB = 'orders.foldStateCounts';

/** Folds every enterprise past FOLD_AT delta rows beyond one per group (up to 1000 per run); answers how many were folded. */
export async function foldAllStateCounts(ex: Executor): Promise<number> {
  const many = await rows<{ enterprise_id: number }>(
    ex,
    sql`select enterprise_id from order_state_counts group by enterprise_id
      having count(*) - count(distinct (state, invalid, in_pool, abnormal_kind)) > ${FOLD_AT} limit 1000`,
  );
  for (const r of many) await foldStateCounts(ex, Number(r.enterprise_id));
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
