import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { addSweep, registerJobHandler } from '../../platform/jobs';

/**
 * The enterprise's all-time order counts by (state, invalid), outside the recycle bin, from the deltas the triggers of
 * db/derived.ts write with every change (no scan of the orders). Past FOLD_AT delta rows they are folded back into one
 * row per (state, invalid): by the read, and by a sweep every five minutes for enterprises nobody looks at.
 */
const FOLD_AT = 100;

export interface StateGroup {
  state: number;
  invalid: boolean;
  n: number;
}

export async function stateCounts(ex: Executor, enterpriseId: number): Promise<StateGroup[]> {
  const found = await rows<{ state: number; invalid: boolean; n: string | number; parts: number }>(
    ex,
    sql`select state, invalid, sum(n) as n, count(*)::int as parts from order_state_counts where enterprise_id = ${enterpriseId} group by 1, 2`,
  );
  if (found.reduce((s, g) => s + Number(g.parts), 0) > FOLD_AT) await foldStateCounts(ex, enterpriseId);
  return found.filter((g) => Number(g.n) !== 0).map((g) => ({ state: Number(g.state), invalid: g.invalid, n: Number(g.n) }));
}

/**
 * One statement: the rows it deletes are summed back in, so the sum stays whatever a concurrent writer adds meanwhile
 * (its new delta is not in this statement's snapshot and stays; a concurrent fold skips the rows this one deleted).
 */
export async function foldStateCounts(ex: Executor, enterpriseId: number): Promise<void> {
  await ex.execute(sql`with gone as (delete from order_state_counts where enterprise_id = ${enterpriseId} returning state, invalid, n)
    insert into order_state_counts (enterprise_id, state, invalid, n)
    select ${enterpriseId}, state, invalid, sum(n) from gone group by state, invalid having sum(n) <> 0`);
}

/** The same groups counted from the orders themselves (the tests compare the two). */
export const freshStateCounts = (ex: Executor, enterpriseId: number, where: SQL = sql`true`): Promise<StateGroup[]> =>
  rows<StateGroup>(
    ex,
    sql`select state::int as state, invalid, count(*)::int as n from orders o where o.enterprise_id = ${enterpriseId} and o.deleted_at is null and ${where} group by 1, 2`,
  );

export const ORDER_COUNTS_FOLD_JOB = 'orders.foldStateCounts';

/** Folds every enterprise past FOLD_AT delta rows (up to 1000 per run); answers how many were folded. */
export async function foldAllStateCounts(ex: Executor): Promise<number> {
  const many = await rows<{ enterprise_id: number }>(
    ex,
    sql`select enterprise_id from order_state_counts group by enterprise_id having count(*) > ${FOLD_AT} limit 1000`,
  );
  for (const r of many) await foldStateCounts(ex, Number(r.enterprise_id));
  return many.length;
}

registerJobHandler(ORDER_COUNTS_FOLD_JOB, async (_job, deps) => {
  await foldAllStateCounts(deps.db);
});
addSweep({ name: ORDER_COUNTS_FOLD_JOB, everySeconds: 300, kind: ORDER_COUNTS_FOLD_JOB });
