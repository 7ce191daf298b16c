// Deep pages of a broad search (docs/lists.md): a filter that no index holds in the list's order (a
// contains-search, a tag) is walked row by row, so page 500 costs 500 first pages. After a search's first page the
// helper keeps the window's ids in order for a while; a later page of the same search is then a slice of them, its
// rows read by id and checked against the filter again, so a row deleted or changed since is left out, never shown.
// Past the window (docs/lists.md, "Deep pages") a page is a keyset seek: from the nearest position of the same search
// whose sort key the helper has seen, the rows after that key in the list's order, so a deep page reads about one
// page of index entries instead of every entry before it.
import { LIST_WINDOW } from '@sk/shared';
import { type Name, type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, rows } from '../db/client';
import { bigints } from './sql';
import { outsideStatementScope } from '../db/statements';
import { type PageRequest, pageSql, windowOf } from './list';

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
  /** The search held more rows than the window when it was read. */
  more: boolean;
}

const kept = new Map<string, Kept>();
const building = new Map<string, Promise<Kept | null>>();
/** Bumped by forgetSnapshots: a build started before it may not remember its ids after it. */
let generation = 0;
const dialect = new PgDialect();

/** A position of a search and the sort key of the row there (as text, exactly as PostgreSQL prints it). */
interface Marks {
  at: number;
  /** position → the key's values, in the order's terms. */
  byPos: Map<number, string[]>;
}
const marks = new Map<string, Marks>();
/** One mark every this many rows of a long skip, so a later jump near it seeks from it. */
export const MARK_EVERY = 1_000;
/** Marks kept per search (the newest win); searches with marks kept per process. */
const MAX_MARKS = 5_000;
const MAX_MARKED = 200;
/** Rows the deep pages skipped to reach their page (tests: a page after a mark skips none). */
let skipped = 0;
export const deepPageSkips = (): number => skipped;

/** One term of a list's order: its expression and direction. */
interface SortTerm {
  expr: string;
  desc: boolean;
}

/**
 * The order's terms when a keyset seek can follow it: every term in one direction (one row comparison), no NULLS
 * clause (a sort naming one puts nulls where a comparison cannot reach them), no parameters, ending in the alias's id
 * (so the key is unique and ties on the other terms are ordered). Otherwise null: such a list skips with OFFSET.
 */
export function sortTermsOf(order: SQL, alias: string): SortTerm[] | null {
  const q = dialect.sqlToQuery(order);
  if (q.params.length > 0) return null;
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < q.sql.length; i++) {
    const ch = q.sql[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(q.sql.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(q.sql.slice(from));
  const terms: SortTerm[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    if (/\bnulls\b/i.test(part)) return null;
    const m = /^(.+?)(?:\s+(asc|desc))?$/is.exec(part);
    if (!m?.[1]) return null;
    terms.push({ expr: m[1].trim(), desc: (m[2] ?? '').toLowerCase() === 'desc' });
  }
  const last = terms.at(-1)?.expr.replaceAll('"', '');
  if (!last || (last !== `${alias}.id` && last !== 'id')) return null;
  if (terms.some((t) => t.desc !== terms[0]?.desc)) return null;
  return terms;
}

function marksOf(key: string): Marks {
  const m = marks.get(key);
  if (m && Date.now() - m.at <= SNAPSHOT_TTL_MS) return m;
  const fresh: Marks = { at: Date.now(), byPos: new Map() };
  marks.delete(key);
  marks.set(key, fresh);
  while (marks.size > MAX_MARKED) marks.delete(marks.keys().next().value as string);
  return fresh;
}

/** The nearest mark at or before `pos`. */
function markBefore(m: Marks, pos: number): { pos: number; values: string[] } | null {
  let best: { pos: number; values: string[] } | null = null;
  for (const [p, values] of m.byPos) if (p <= pos && (!best || p > best.pos)) best = { pos: p, values };
  return best;
}

/**
 * The ids of a page past the window, by a keyset seek (see the file's head). Without a mark before it the seek starts
 * at the top and skips (once), leaving a mark every MARK_EVERY rows on its way for the jumps that follow; the page's
 * first and last rows are marked too, so the next page, or the same page again, reads only its own rows.
 */
async function seekPageIds(
  ex: Executor,
  key: string,
  t: Name,
  a: Name,
  enterpriseId: number,
  where: SQL,
  order: SQL,
  terms: SortTerm[],
  w: { limit: number; offset: number },
): Promise<number[]> {
  const m = marksOf(key);
  const mark = markBefore(m, w.offset);
  const keys = sql.raw(terms.map((x) => x.expr).join(', '));
  const op = sql.raw(terms[0]?.desc ? (mark?.pos === w.offset ? '<=' : '<') : mark?.pos === w.offset ? '>=' : '>');
  const after = mark
    ? sql` and (${keys}) ${op} (${sql.join(
        mark.values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql``;
  // The first row the statement reads is at position `base`.
  const base = !mark ? 0 : mark.pos === w.offset ? mark.pos : mark.pos + 1;
  const skip = w.offset - base;
  skipped += skip;
  const cols = sql.raw(terms.map((x, i) => `${x.expr} as k${i}`).join(', '));
  const texts = sql.raw(terms.map((_x, i) => `s.k${i}::text as k${i}`).join(', '));
  const found = await rows<Record<string, string | null> & { id: string | number; rn: string | number }>(
    ex,
    sql`select s.id, s.rn, ${texts} from (
      select ${a}.id, ${cols}, row_number() over (order by ${order}) as rn
      from ${t} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${where}${after}
      order by ${order} limit ${skip + w.limit}) s
    where s.rn > ${skip} or s.rn % ${MARK_EVERY} = 0 order by s.rn`,
  );
  const page: number[] = [];
  for (const r of found) {
    const rn = Number(r.rn);
    const values = terms.map((_x, i) => r[`k${i}`]);
    // A null key cannot be compared: that position is not marked (a later seek near it skips from an earlier mark).
    const pos = base + rn - 1;
    if (values.every((v) => v != null) && (rn % MARK_EVERY === 0 || rn === skip + 1)) {
      m.byPos.set(pos, values as string[]);
    }
    if (rn > skip) page.push(Number(r.id));
  }
  const last = found.at(-1);
  if (last && Number(last.rn) > skip) {
    const values = terms.map((_x, i) => last[`k${i}`]);
    if (values.every((v) => v != null)) m.byPos.set(base + Number(last.rn) - 1, values as string[]);
  }
  while (m.byPos.size > MAX_MARKS) m.byPos.delete(m.byPos.keys().next().value as number);
  return page;
}

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

/**
 * Whether this search held more rows than the window when its snapshot was read, at most REFRESH_MS ago (the age at
 * which its first page rebuilds it): its count is then 10000+ without reading the matches again. A count within the
 * window is never taken from here: a row added since would show on the first page but not in the count.
 */
export function seenPastWindow(table: string, enterpriseId: number, where: SQL, order: SQL): boolean {
  const k = kept.get(keyOf(table, enterpriseId, where, order));
  return Boolean(k?.more && Date.now() - k.at <= REFRESH_MS);
}

/** Starts reading the window's ids in the background, once per search and within MAX_BUILDING. */
function build(ex: Executor, key: string, table: string, alias: string, enterpriseId: number, where: SQL, order: SQL): void {
  // A transaction ends with its request; only the pool may run on after the answer.
  if (ex instanceof PgTransaction || building.has(key) || building.size >= MAX_BUILDING) return;
  const t = sql.identifier(table);
  const a = sql.identifier(alias);
  const at = Date.now();
  const gen = generation;
  // Not the request's own statement: it runs on after the answer (and is not counted as the request's).
  const job = outsideStatementScope(() =>
    rows<{ id: number }>(
      ex,
      sql`select ${a}.id from ${t} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${where} order by ${order} limit ${LIST_WINDOW + 1}`,
    ),
  )
    .then((found) => {
      if (gen !== generation) return null;
      const k = { ids: found.slice(0, LIST_WINDOW).map((r) => Number(r.id)), at, more: found.length > LIST_WINDOW };
      remember(key, k);
      return k;
    })
    .catch(() => null) // the later pages walk as before
    .finally(() => {
      if (building.get(key) === job) building.delete(key);
    });
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
  // Past the window (or reaching past it: the snapshot holds the window's ids only), a seek.
  if (w.offset + w.limit > LIST_WINDOW) {
    const terms = sortTermsOf(order, alias);
    if (!terms) return live;
    return idsIn(t, a, enterpriseId, await seekPageIds(ex, key, t, a, enterpriseId, where, order, terms, w));
  }
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

/** Waits for the snapshots being built (tests; a clean shutdown). */
export async function snapshotsSettled(): Promise<void> {
  await Promise.all([...building.values()]);
}

/**
 * Forgets every snapshot and every mark of the deep pages, and any snapshot still being built. The keys name the
 * enterprise, not the database: a process that opens another database (a test file after another, in one worker)
 * must forget them, or an enterprise id seen in both would be served the other database's ids.
 */
export function forgetSnapshots(): void {
  generation++;
  kept.clear();
  marks.clear();
  building.clear();
}

/** A list's page as listPageRows and listPageIds take it. */
type ListPage = [ex: Executor, walked: boolean, table: string, alias: string, enterpriseId: number, where: SQL, order: SQL, page: PageRequest];

/**
 * The statement of a page's ids: by the sort's index (pageIdsSql), or through searchPageIds when the list's filters
 * are walked (a text search, a tag: no index holds them in order) or the page lies past the window (a keyset seek).
 */
async function pageIdsOf(...[ex, walked, table, alias, enterpriseId, where, order, page]: ListPage): Promise<SQL> {
  return walked || windowOf(page).offset + page.pageSize > LIST_WINDOW
    ? searchPageIds(ex, table, alias, enterpriseId, where, order, page)
    : pageIdsSql(table, alias, where, order, page);
}

/** Every column of the page's rows, as a subquery to read names onto (pageRows through pageIdsOf). */
export async function listPageRows(...p: ListPage): Promise<SQL> {
  const [, , table, alias, enterpriseId] = p;
  const a = sql.identifier(alias);
  return sql`select * from ${sql.identifier(table)} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${a}.id in (${await pageIdsOf(...p)})`;
}

/**
 * The page's ids, read (the caller orders its rows). A list then reads their rows by id in a named statement
 * (rowsWithIds, preparedRows), whose plan does not depend on the filter's values and is made once per connection; the
 * ids' own statement keeps its custom plan (docs/lists.md "Rows planned once").
 */
export async function listPageIds(...p: ListPage): Promise<number[]> {
  return (await rows<{ id: number }>(p[0], await pageIdsOf(...p))).map((r) => Number(r.id));
}

/** The ids of a page within the window, by the sort's index (listPageIds when no filter is walked). */
export const pageIdsSql = (table: string, alias: string, where: SQL, order: SQL, page: PageRequest): SQL =>
  sql`select ${sql.identifier(alias)}.id from ${sql.identifier(table)} ${sql.identifier(alias)} where ${where} order by ${order} ${pageSql(page)}`;

/**
 * Every column of the enterprise's rows with these ids, one primary-key probe per id. Written so that the named
 * statement's generic plan cannot go wrong: it knows neither the enterprise nor the ids, and it takes an enterprise for a
 * few rows (most enterprises are small), so `enterprise_id = $1 and id = any($2)` was planned as a walk of the
 * enterprise's creation index filtered by id: 7.5 ms on 20,000 customers. The lateral probe (`offset 0` keeps it
 * apart) can only use the primary key.
 */
export function rowsWithIds(table: string, alias: string, enterpriseId: number, ids: readonly number[]): SQL {
  const a = sql.identifier(alias);
  return sql`select ${a}.* from unnest(${bigints(ids)}) k(id)
    cross join lateral (select * from ${sql.identifier(table)} ${a} where ${a}.enterprise_id = ${enterpriseId} and ${a}.id = k.id offset 0) ${a}`;
}
