// The order lists' reads beside their page (list.repo.ts): the month walk that sizes a text search, an installed
// product's service history, and the capped count list.explain.ts reads the plans of.
import { LIST_WINDOW } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Months a text search without a closed range is counted over, newest first, before it is counted whole. */
export const WALK_MONTHS = 24;
/** Matches a month must add on average for the walk to go on: fewer, and it cannot pass the window in time. */
const PACE = Math.ceil(LIST_WINDOW / WALK_MONTHS);
/**
 * The walk's bitmap memory. A broad gram's newest month at 5,000,000 orders has about 100,000 postings on 60,000 heap
 * pages: past the default 4 MB (about 65,000 pages) the bitmap turns lossy, and every row of a lossy page is rechecked
 * (its keyed grams rebuilt, its text matched). A bitmap takes only the memory it needs.
 */
const WALK_WORK_MEM = '32MB';

/**
 * How many months a text search over all time (or a long range) needed to match more than the window (null: it did
 * not pass it), counted month by month from
 * the enterprise's newest order back (each month one lookup of that month's keyed grams, at most LIST_WINDOW + 1 rows
 * read), stopping as soon as the total passes the window. A broad keyword is answered from its newest month or two,
 * instead of a bitmap of every order of all time that holds the gram. It gives up (null: the list then counts the
 * matches whole, as before) after WALK_MONTHS months, at the oldest order, or as soon as it falls behind the pace
 * that would pass the window within WALK_MONTHS: a selective keyword costs one month's lookup. `whereOf` is the list's whole condition with its text
 * filters keyed by the month it is given (WhereOptions.walkMonth).
 */
export async function pastWindowByMonths(ex: Executor, enterpriseId: number, whereOf: (month: SQL) => SQL): Promise<number | null> {
  const month = sql`to_char(w.m, 'YYYYMM')`;
  // The memory is set (until the statement's transaction ends) as b is read: once, before any month is looked up;
  // w's first row reads b.mem so that the setting cannot be planned away.
  const [r] = await rows<{ months: number | null }>(
    ex,
    sql`with recursive b as (
        select set_config('work_mem', ${WALK_WORK_MEM}, true) as mem,
          date_trunc('month', (max(created_at) at time zone 'UTC') + interval '8 hours') as hi,
          date_trunc('month', (min(created_at) at time zone 'UTC') + interval '8 hours') as lo
        from orders where enterprise_id = ${enterpriseId}
      ), w(m, k, n) as (
        select hi, 0, 0 from b where hi is not null and b.mem is not null
        union all
        select w.m - interval '1 month', w.k + 1,
          w.n + (select count(*)::int from (select 1 from orders o where ${whereOf(month)} limit ${LIST_WINDOW + 1}) x)
        from w, b where w.n <= ${LIST_WINDOW} and w.k < ${WALK_MONTHS} and w.m >= b.lo and w.n >= w.k * ${PACE}
      )
      select min(k) as months from w where n > ${LIST_WINDOW}`,
  );
  return r?.months ?? null;
}

/** An order of a product's service history. */
export interface HistoryOrderRaw {
  id: number;
  order_no: string;
  title: string;
  state: number;
  invalid: boolean;
  time: string;
}

/** The newest `limit` orders `where` keeps, with their creation time in the viewer's zone. */
export async function historyOrders(ex: Executor, timeZone: string, where: SQL, limit: number): Promise<HistoryOrderRaw[]> {
  return rows<HistoryOrderRaw>(
    ex,
    sql`select o.id, o.order_no, o.title, o.state, o.invalid, to_char(o.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as time
          from orders o where ${where}
          order by o.created_at desc, o.id desc limit ${limit}`,
  );
}

/** A list's matches counted up to the window and one past it. */
export const cappedCountSql = (where: SQL): SQL => sql`select count(*)::int as n from (select 1 from orders o where ${where} limit ${LIST_WINDOW + 1}) w`;

/** The ids of a page's rows. */
export const pageIdsSql = (page: SQL): SQL => sql`select o.id from (${page}) o`;
