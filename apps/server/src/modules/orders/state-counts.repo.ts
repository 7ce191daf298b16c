// The order totals' statements (state-counts.ts holds when to fold): the groups of order_state_counts and
// order_day_counts, the same counted from the orders, and the folds. `n` is a bigint column, so its sum arrives as
// numeric text; a count(*) as a number.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export interface StateGroup {
  state: number;
  invalid: boolean;
  inPool: boolean;
  /** The pending change request's kind (改约 1, 转派 2, 取消 3), null without one. */
  abnormalKind: number | null;
  n: number;
}

/** A group of the day-keyed totals over a period: (state, invalid, abnormal_kind), without the pool. */
export type DayGroup = Omit<StateGroup, 'inPool'>;

const GROUP = sql.raw('state, invalid, in_pool, abnormal_kind');
const DAY_GROUP = sql.raw('state, invalid, abnormal_kind');

export type StateGroupRow = { state: number; invalid: boolean; in_pool: boolean; abnormal_kind: number | null; n: string | number };
export type DayGroupRow = { state: number; invalid: boolean; abnormal_kind: number | null; n: string | number };

export const toStateGroup = (g: StateGroupRow): StateGroup => ({
  state: g.state,
  invalid: g.invalid,
  inPool: g.in_pool,
  abnormalKind: g.abnormal_kind,
  n: Number(g.n),
});

export const toDayGroup = (g: DayGroupRow): DayGroup => ({ state: g.state, invalid: g.invalid, abnormalKind: g.abnormal_kind, n: Number(g.n) });

/** The enterprise's groups summed from their deltas, with how many delta rows each has. */
export function stateGroupRows(ex: Executor, enterpriseId: number): Promise<(StateGroupRow & { parts: number })[]> {
  return rows<StateGroupRow & { parts: number }>(
    ex,
    sql`select ${GROUP}, sum(n) as n, count(*)::int as parts from order_state_counts where enterprise_id = ${enterpriseId} group by ${GROUP}`,
  );
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
    await rows<StateGroupRow>(
      ex,
      sql`select ${GROUP}, count(*)::int as n from orders o where o.enterprise_id = ${enterpriseId} and o.deleted_at is null and ${where} group by ${GROUP}`,
    )
  ).map(toStateGroup);

/** The enterprises past `foldAt` delta rows beyond one per group (up to 1000). */
export async function stateCountsToFold(ex: Executor, foldAt: number): Promise<number[]> {
  const many = await rows<{ enterprise_id: number }>(
    ex,
    sql`select enterprise_id from order_state_counts group by enterprise_id
      having count(*) - count(distinct (state, invalid, in_pool, abnormal_kind)) > ${foldAt} limit 1000`,
  );
  return many.map((r) => r.enterprise_id);
}

/**
 * The groups of the orders created in [from, to] (periodCounts), with the delta rows beyond one per day and group
 * (`extra`), and the condition on the days read (for their fold).
 */
export async function periodGroupRows(
  ex: Executor,
  enterpriseId: number,
  tz: string,
  from: string | null,
  to: string | null,
): Promise<{ found: (DayGroupRow & { extra: number })[]; inDays: SQL }> {
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
  const found = await rows<DayGroupRow & { extra: number }>(
    ex,
    sql`select ${DAY_GROUP}, sum(n) as n, sum(extra)::int as extra from (
      select ${DAY_GROUP}, sum(n) as n, count(*) - count(distinct day) as extra from order_day_counts
        where enterprise_id = ${enterpriseId} and ${inDays} group by ${DAY_GROUP}
      ${lo ? edge(sql`o.created_at >= ${startOf(dayOf(lo))} and o.created_at < ${lo}`) : sql``}
      ${hi ? edge(sql`o.created_at >= ${hi} + interval '1 second' and o.created_at < ${startOf(sql`(${dayOf(hi)} + 1)`)}`) : sql``}
    ) x group by ${DAY_GROUP}`,
  );
  return { found, inDays };
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

/** The enterprises past `foldAt` day-keyed delta rows beyond one per day and group (up to 1000). */
export async function dayCountsToFold(ex: Executor, foldAt: number): Promise<number[]> {
  const many = await rows<{ enterprise_id: number }>(
    ex,
    sql`select enterprise_id from order_day_counts group by enterprise_id
      having count(*) - count(distinct (day, ${DAY_GROUP})) > ${foldAt} limit 1000`,
  );
  return many.map((r) => r.enterprise_id);
}

/** The day-keyed totals per day and group, or (`fresh`) the same counted from the orders. */
export function dayGroupRows(ex: Executor, enterpriseId: number, fresh: boolean, tz: string): Promise<(DayGroupRow & { day: string })[]> {
  return rows<DayGroupRow & { day: string }>(
    ex,
    fresh
      ? sql`select (created_at at time zone ${tz})::date::text as day, ${DAY_GROUP}, count(*) as n from orders
          where enterprise_id = ${enterpriseId} and deleted_at is null group by 1, 2, 3, 4`
      : sql`select day::text as day, ${DAY_GROUP}, sum(n) as n from order_day_counts where enterprise_id = ${enterpriseId}
          group by 1, 2, 3, 4 having sum(n) <> 0`,
  );
}
