import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { LIST_WINDOW } from '@sk/shared';
import { type Executor, rows } from '../../db/client';
import { contains, containsWith, texts } from '../../platform/search';

/**
 * Contains-searches of the order lists within a creation range (docs/lists.md): the GIN index on
 * sk_month_grams(enterprise_id, created_at, search_grams) (db/derived.ts) keys each gram by the order's enterprise and
 * creation month in UTC+8 ('1:202611:空调'), so "keyword within a range" reads only the enterprise's postings of the
 * range's months. Without both ends,
 * or over more than 12 months, the plain search_grams index answers as before.
 */
const MONTH_GRAMS = sql`sk_month_grams(o.enterprise_id, o.created_at, o.search_grams)`;
// A longer range holds most of a common gram's postings anyway, and a state filter's index then does better alone.
const MAX_MONTHS = 12;
const DAY = 86_400_000;

/** 'YYYY-MM-DD' (or with a time, '/' allowed) as a UTC date, moved by `days`; null when unreadable. */
function dayOf(value: string, days: number): Date | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(value.trim());
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(t) ? null : new Date(t + days * DAY);
}

/**
 * The UTC+8 months ('YYYYMM') a creation range in the enterprise's zone can touch, oldest first; null when the range
 * lacks an end, cannot be read or spans more than MAX_MONTHS (12). Another zone than UTC+8 moves a bound by less than a
 * day, so the range is widened by one day each side (a superset: the range condition itself stays exact).
 */
export function createdMonths(timeZone: string, start?: string, end?: string): string[] | null {
  // Both ends: created_at is only a column (an import may set any time), so an open end has no last month.
  if (!start || !end) return null;
  const slack = timeZone === 'Asia/Shanghai' ? 0 : 1;
  const lo = dayOf(start, -slack);
  const hi = dayOf(end, slack);
  if (!lo || !hi || lo > hi) return null;
  const months: string[] = [];
  for (let y = lo.getUTCFullYear(), m = lo.getUTCMonth(); y < hi.getUTCFullYear() || (y === hi.getUTCFullYear() && m <= hi.getUTCMonth()); ) {
    months.push(`${y}${String(m + 1).padStart(2, '0')}`);
    if (months.length > MAX_MONTHS) return null;
    m += 1;
    if (m === 12) [y, m] = [y + 1, 0];
  }
  return months;
}

/**
 * The months a text filter's grams are keyed by: those of a closed range, or one month of a walk (an SQL 'YYYYMM'
 * expression, pastWindowByMonths); null for the plain search_grams.
 */
export type MonthKeys = string[] | SQL | null;

/** A contains-search on the enterprise's order texts: by the months' grams when `months` bounds it, else by search_grams. */
export function orderContains(enterpriseId: number, months: MonthKeys, textExpr: AnyColumn | SQL | readonly (AnyColumn | SQL)[], q: string): SQL {
  if (!months) return contains(sql`o.search_grams`, textExpr, q);
  // Every needle in one of the months: one GIN scan with a key set per needle.
  const keys = (g: string) =>
    Array.isArray(months) ? texts(months.map((m) => `${enterpriseId}:${m}:${g}`)) : sql`array[${`${enterpriseId}:`}::text || ${months} || ${`:${g}`}::text]`;
  return containsWith(
    (needles) =>
      sql.join(
        needles.map((g) => sql`${MONTH_GRAMS} && ${keys(g)}`),
        sql` and `,
      ),
    textExpr,
    q,
  );
}

/** Months a text search without a closed range is counted over, newest first, before it is counted whole. */
export const WALK_MONTHS = 24;
/** Matches a month must add on average for the walk to go on: fewer, and it cannot pass the window in time. */
const PACE = Math.ceil(LIST_WINDOW / WALK_MONTHS);

/**
 * Whether a text search over all time (or a long range) matches more than the window, counted month by month from
 * the enterprise's newest order back (each month one lookup of that month's keyed grams, at most LIST_WINDOW + 1 rows
 * read), stopping as soon as the total passes the window. A broad keyword is answered from its newest month or two,
 * instead of a bitmap of every order of all time that holds the gram. It gives up (false: the list then counts the
 * matches whole, as before) after WALK_MONTHS months, at the oldest order, or as soon as it falls behind the pace
 * that would pass the window within WALK_MONTHS: a selective keyword costs one month's lookup. `whereOf` is the list's whole condition with its text
 * filters keyed by the month it is given (WhereOptions.walkMonth).
 */
export async function pastWindowByMonths(ex: Executor, enterpriseId: number, whereOf: (month: SQL) => SQL): Promise<boolean> {
  const month = sql`to_char(w.m, 'YYYYMM')`;
  const [r] = await rows<{ past: boolean | null }>(
    ex,
    sql`with recursive b as (
        select date_trunc('month', (max(created_at) at time zone 'UTC') + interval '8 hours') as hi,
          date_trunc('month', (min(created_at) at time zone 'UTC') + interval '8 hours') as lo
        from orders where enterprise_id = ${enterpriseId}
      ), w(m, k, n) as (
        select hi, 0, 0 from b where hi is not null
        union all
        select w.m - interval '1 month', w.k + 1,
          w.n + (select count(*)::int from (select 1 from orders o where ${whereOf(month)} limit ${LIST_WINDOW + 1}) x)
        from w, b where w.n <= ${LIST_WINDOW} and w.k < ${WALK_MONTHS} and w.m >= b.lo and w.n >= w.k * ${PACE}
      )
      select max(n) > ${LIST_WINDOW} as past from w`,
  );
  return r?.past === true;
}
