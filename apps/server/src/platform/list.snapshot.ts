// Deep pages of a broad search (docs/lists.md): a filter that no index holds in the list's order (a
// contains-search, a tag) is walked row by row, so page 500 costs 500 first pages. After a search's first page the
// helper keeps the window's ids in order for a while; a later page of the same search is then a slice of them, its
// rows read by id and checked against the filter again, so a row deleted or changed since is left out, never shown.
import { LIST_WINDOW } from '@sk/shared';
import { type Name, type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, rows } from '../db/client';
import { type PageRequest, pageRows, pageSql, windowOf } from './list';

/** How long a search's ids serve its later pages: a user paging through results, not a stale cache. */
export const SNAPSHOT_TTL_MS = 120_000;
/** A first page read again within this keeps the snapshot: rows added on top since show on it, not yet on later pages. */
export const REFRESH_MS = 5_000;
/** Searches kept at once per process (about 80 KB each at the full window); the oldest goes first. */
const MAX_KEPT = 200;
/** Snapshots built at once per process: a burst of searches may not tie up the pool. */
const MAX_BUILDING = 2;

interface Kept {
  ids: number[];
  at: number;
}

const kept = new Map<string, Kept>();
const building = new Map<string, Promise<Kept | null>>();
const dialect = new PgDialect();

/** The search's identity: its table, filter (with the enterprise and the viewer's scope) and order, as compiled. */
function keyOf(table: string, enterpriseId: number, where: SQL, order: SQL): string {
  const q = dialect.sqlToQuery(sql`${sql.identifier(table)} ${enterpriseId} ${where} ${order}`);
  return JSON.stringify([q.sql, q.params], (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

function fresh(key: string): Kept | null {
  const k = kept.get(key);
  if (!k || Date.now() - k.at > SNAPSHOT_TTL_MS) return null;
  return k;
}

function remember(key: string, k: Kept): void {
  kept.delete(key);
  kept.set(key, k);
  while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
}

/** Starts reading the window's ids in the background, once per search and within MAX_BUILDING. */
function build(ex: Executor, key: string, table: string, alias: string, enterpriseId: number, where: SQL, order: SQL): void {
  // A transaction ends with its request; only the pool may run on after the answer.
  if (ex instanceof PgTransaction || building.has(key) || building.size >= MAX_BUILDING) return;
  const t = sql.identifier(table);
  const a = sql.identifier(alias);
  const at = Date.now();
  const job = rows<{ id: number }>(
    ex,
    sql`select ${a}.id from ${t} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${where} order by ${order} limit ${LIST_WINDOW}`,
  )
    .then((found) => {
      const k = { ids: found.map((r) => Number(r.id)), at };
      remember(key, k);
      return k;
    })
    .catch(() => null) // the later pages walk as before
    .finally(() => building.delete(key));
  building.set(key, job);
}

/** `select alias.id` of the given ids in the enterprise (their order comes from the caller's outer select). */
const idsIn = (t: Name, a: Name, enterpriseId: number, ids: number[]): SQL =>
  sql`select ${a}.id from ${t} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${a}.id = any(${`{${ids.join(',')}}`}::bigint[])`;

/**
 * The ids of a page (a statement selecting `alias.id`) of a filter that is walked row by row. The first page is read
 * live and starts the search's snapshot (again once the one kept is REFRESH_MS old, so a list read again and again
 * does not read its window each time). A later page is a slice of the snapshot being built (waiting for it) or of a
 * fresh one, or is read live while one is started.
 */
export async function searchPageIds(ex: Executor, table: string, alias: string, enterpriseId: number, where: SQL, order: SQL, page: PageRequest): Promise<SQL> {
  const w = windowOf(page);
  const t = sql.identifier(table);
  const a = sql.identifier(alias);
  const key = keyOf(table, enterpriseId, where, order);
  const live = sql`select ${a}.id from ${t} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${where} order by ${order} ${pageSql(page)}`;
  if (page.pageIndex === 0) {
    const k = fresh(key);
    if (!k || Date.now() - k.at > REFRESH_MS) build(ex, key, table, alias, enterpriseId, where, order);
    return live;
  }
  const k = (await building.get(key)) ?? fresh(key);
  if (!k) {
    build(ex, key, table, alias, enterpriseId, where, order);
    return live;
  }
  return sql`${idsIn(t, a, enterpriseId, k.ids.slice(w.offset, w.offset + w.limit))} and ${where}`;
}

/** pageRows (every column of the page's rows) through searchPageIds. */
export async function searchPageRows(
  ex: Executor,
  table: string,
  alias: string,
  enterpriseId: number,
  where: SQL,
  order: SQL,
  page: PageRequest,
): Promise<SQL> {
  const t = sql.identifier(table);
  const a = sql.identifier(alias);
  return sql`select * from ${t} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${a}.id in (${await searchPageIds(ex, table, alias, enterpriseId, where, order, page)})`;
}

/** Waits for the snapshots being built (tests; a clean shutdown). */
export async function snapshotsSettled(): Promise<void> {
  await Promise.all([...building.values()]);
}

/** Forgets every snapshot (tests). */
export function forgetSnapshots(): void {
  kept.clear();
}

/** pageRows, or searchPageRows when the list's filters are walked (a text search, a tag: no index holds them in order). */
export const listPageRows = async (
  ex: Executor,
  walked: boolean,
  table: string,
  alias: string,
  enterpriseId: number,
  where: SQL,
  order: SQL,
  page: PageRequest,
): Promise<SQL> => (walked ? searchPageRows(ex, table, alias, enterpriseId, where, order, page) : pageRows(table, alias, enterpriseId, where, order, page));
