// The one list helper: paging inside a bounded window, capped counts and named sorts.
// Every list in modules/ pages and counts through it; none writes its own OFFSET or count(*).
// With a read replica, a list or count switches its request's reads to it (db/replica.ts: readFromReplica).
import { LIST_WINDOW } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client';
import { readFromReplica } from '../db/replica';
import { invalid } from './errors';

export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}

/**
 * LIMIT and OFFSET of a zero-based page. Every page is served: a page past the first LIST_WINDOW rows is not refused.
 * The lists that page through searchPageIds/listPageRows (list.snapshot.ts) reach such a page by a keyset seek from
 * the nearest position they have seen, not by this OFFSET; a raw statement's pageSql skips with OFFSET.
 */
export function windowOf(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: page.pageIndex * page.pageSize };
}

/** `limit … offset …` of a page, for raw statements. */
export function pageSql(page: PageRequest): SQL {
  const w = windowOf(page);
  return sql`limit ${w.limit} offset ${w.offset}`;
}

/**
 * Every column of one page of `table` (aliased `alias`), as a subquery to join names onto. The page's ids are picked
 * first, by an index that holds the sort and the id (an index-only scan when the filters allow), and only those rows
 * are read: a deep page then walks index entries instead of fetching every row before it.
 */
export function pageRows(table: string, alias: string, enterpriseId: number, where: SQL, order: SQL, page: PageRequest): SQL {
  const t = sql.identifier(table);
  const a = sql.identifier(alias);
  return sql`select * from ${t} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${a}.id in (
    select ${a}.id from ${t} ${a} where ${where} order by ${order} ${pageSql(page)})`;
}

/**
 * Rows of `from` (a table with its alias, joins allowed) matching `where`, counted up to one past the window:
 * the answer is exact up to LIST_WINDOW and LIST_WINDOW + 1 for anything more ("10000+"), so a count never
 * reads more than LIST_WINDOW + 1 rows, however large the enterprise.
 */
export async function countOf(ex: Executor, from: SQL, where: SQL | undefined): Promise<number> {
  await readFromReplica();
  const [r] = await rows<{ n: number }>(ex, countSql(from, where));
  return Number(r?.n ?? 0);
}

/** countOf's statement (the SQL snapshots render it). */
export const countSql = (from: SQL, where: SQL | undefined): SQL =>
  sql`select count(*)::int as n from (select 1 from ${from} where ${where ?? sql`true`} limit ${LIST_WINDOW + 1}) w`;

/**
 * A list's sorts by name. Each order should end in a unique column (the id), so pages never overlap or skip a row.
 * An unknown name is refused rather than silently ignored.
 */
export function sortOf<K extends string | number>(orders: Record<K, SQL>, key: K | undefined, fallback: K): SQL {
  const chosen = key ?? fallback;
  if (!Object.hasOwn(orders, chosen)) throw invalid(`排序：不支持的排序方式 ${chosen}`);
  return orders[chosen];
}

/** A `{ list, count }` answer: the page's rows (`load` pages with pageSql or windowOf) and the capped count, run together. */
export async function listPage<R>(_page: PageRequest, load: () => Promise<R[]>, count: () => Promise<number>): Promise<{ list: R[]; count: number }> {
  await readFromReplica();
  const [list, n] = await Promise.all([load(), count()]);
  return { list, count: n };
}

/** A count that fits the window: the filter is selective, so reading its matches by their own indexes is bounded. */
export const fitsWindow = (count: number): boolean => count <= LIST_WINDOW;

/**
 * Like listPage, but counts first and hands the count to `load`. A list whose filter is selective (fitsWindow) can
 * then sort its matches (at most LIST_WINDOW of them, found by the filter's own indexes) instead of walking the sort
 * index, where the planner may pass every non-matching row before the first match when the matches cluster.
 */
export async function listPageByCount<R>(
  _page: PageRequest,
  count: () => Promise<number>,
  load: (count: number) => Promise<R[]>,
): Promise<{ list: R[]; count: number }> {
  await readFromReplica();
  const n = await count();
  return { list: n === 0 ? [] : await load(n), count: n };
}

/** The page's ids out of `matches` (a statement selecting `id`, read in full, then sorted by `order`, which names `id`). */
export const sortedMatches = (matches: SQL, order: SQL, page: PageRequest): SQL =>
  sql`with m as materialized (${matches}) select m.id from m order by ${order} ${pageSql(page)}`;

/**
 * Counts `matches` (a statement selecting `id` and the columns `order` names, on `m`) up to one past the window and,
 * when they fit it, picks the page's ids from them in the same statement: a selective filter's indexes are read once
 * instead of once for the count and again for the page. Past the window `ids` is null: the caller walks the sort's
 * index instead (pageRows), where matches are dense. The ids come unordered; the caller sorts the page's rows.
 */
export async function countAndPick(ex: Executor, matches: SQL, order: SQL, page: PageRequest): Promise<{ count: number; ids: number[] | null }> {
  await readFromReplica();
  const found = await rows<{ n: number; id: number | null }>(ex, countAndPickSql(matches, order, page));
  const count = found[0]?.n ?? 0;
  if (!fitsWindow(count)) return { count, ids: null };
  return { count, ids: found.flatMap((r) => (r.id === null ? [] : [r.id])) };
}

/** countAndPick's statement (a module's SQL snapshot renders it). */
export const countAndPickSql = (matches: SQL, order: SQL, page: PageRequest): SQL =>
  sql`with m as materialized (${matches} limit ${LIST_WINDOW + 1}), c as (select count(*)::int as n from m)
      select c.n, p.id from c left join lateral (
        select m.id from m where c.n <= ${LIST_WINDOW} order by ${order} ${pageSql(page)}) p on true`;
