import { rangeEnd } from '@sk/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client';

/** SQL pieces every module uses; the one place for them (no module keeps its own copy). */

/** The statement's time, as a state patch or an edit sets a column to it. */
export const NOW: SQL = sql`now()`;

/** A timestamp column as the API speaks it: 'YYYY-MM-DD HH:mm:ss' in the enterprise's time zone. */
export const apiTime = (col: AnyColumn | SQL, timeZone: string): SQL<string> => sql<string>`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** `apiTime` in the asking user's time zone. */
export const timeOf = (col: AnyColumn | SQL, v: { timeZone: string }): SQL<string> => apiTime(col, v.timeZone);

/** A date column as 'YYYY-MM-DD'. */
export const dateOf = (col: AnyColumn | SQL): SQL<string | null> => sql<string | null>`to_char(${col}, 'YYYY-MM-DD')`;

/** An integer-array literal (one parameter), for unnest, = any() and &&; anything but an integer is cut to one. */
export const intArray = (ids: readonly number[], type: 'bigint' | 'int' | 'smallint' = 'bigint'): SQL =>
  sql`${`{${ids.map((n) => Math.trunc(Number(n))).join(',')}}`}::${sql.raw(type)}[]`;

/** A text[] literal (one parameter); each element is quoted, so commas, quotes and braces inside stay in it. */
export const textArray = (items: readonly string[]): SQL => sql`${`{${items.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** A bigint[] literal from ids. */
export const bigints = (ids: readonly number[]): SQL => intArray(ids, 'bigint');

/**
 * The name of the `table` row (its own alias `alias`) whose id is `row`.`column`, in the same enterprise: a sub-select by
 * primary key for a list page's rows. Lists use these instead of left joins: PostgreSQL plans every order of a chain of
 * joins, which cost more than running the page (the order list: 17–20 ms of planning for 1 ms; docs/lists.md).
 */
export const nameOf = (table: string, alias: string, row: string, column: string): SQL =>
  sql.raw(`(select ${alias}.name from ${table} ${alias} where ${alias}.enterprise_id = ${row}.enterprise_id and ${alias}.id = ${row}.${column})`);

/** Conditions joined with and; none is true. Falsy entries are skipped, so optional conditions can sit inline. */
export const and = (conds: readonly (SQL | false | null | undefined)[]): SQL => {
  const kept = conds.filter((c): c is SQL => !!c);
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/** Creation-range conditions in the user's time zone; a date-only or 00:00 end covers the whole day. */
/**
 * The instant just after a period's end: an end names a whole second ('… 23:59:59', or a date for its whole day), and
 * times carry microseconds, so the period runs up to, not including, the next second.
 */
export function periodEnd(end: string, timeZone: string): SQL {
  return sql`((${rangeEnd(end.replaceAll('/', '-'))})::timestamp + interval '1 second') at time zone ${timeZone}`;
}

export function createdBetween(col: AnyColumn | SQL, v: { timeZone: string }, start?: string, end?: string): SQL[] {
  const out: SQL[] = [];
  if (start) out.push(sql`${col} >= (${start.replaceAll('/', '-')})::timestamp at time zone ${v.timeZone}`);
  if (end) out.push(sql`${col} < ${periodEnd(end, v.timeZone)}`);
  return out;
}

/** A unique-constraint violation, from either driver (Drizzle wraps the driver error in `cause`, a few levels deep at most). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The next value of one of the enterprise's named counters (order-free numbers: events, projects, contracts,
 * statements …), taken in the caller's transaction: the counter row stays locked until it commits.
 */
export async function nextCounter(ex: Executor, enterpriseId: number, name: string): Promise<number> {
  const [r] = await rows<{ value: number }>(
    ex,
    sql`insert into counters (enterprise_id, name, value) values (${enterpriseId}, ${name}, 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  return r?.value ?? 1;
}
