import type { EndpointDef } from '@sk/shared';

// What a list fetcher receives and answers, and what a list page's first page depends on: shared by the list
// widgets (components/list) and the route table (lib/route.ts: the start-up warm-up asks for a list's first page).

/** Sort: 1 creation time newest first, 2 oldest first. */
export type SortType = 1 | 2;

/** What a list fetcher receives: zero-based paging, keyword, sort and the page's filters. Empty filters are left out. */
export interface ListQuery {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  sortType?: SortType;
  [filter: string]: unknown;
}

export interface ListResult<T> {
  list: T[];
  count: number;
}

/**
 * What a list page's first page depends on, as the page passes it to ListPage. A page module exports it as
 * `firstList(search)` (lib/route.ts) so that the start-up warm-up can ask for the first page with the page's code.
 */
export interface FirstList<T = unknown> {
  fetch: ListFetcher<T>;
  /** The contract reads the list shows (default: the ones its fetcher names): `invalidate(read)` refreshes it. */
  read?: EndpointDef | readonly EndpointDef[];
  initialQuery?: Record<string, unknown>;
  params?: Record<string, unknown>;
  sort?: boolean;
  routeKey?: string;
}

/** A list fetcher; one made from contract reads (contractFetcher, pairFetcher) names them, so the list is kept under them. */
export type ListFetcher<T = unknown> = ((q: ListQuery) => Promise<ListResult<T>>) & { reads?: readonly EndpointDef[] };

/** The reads a list shows: the page's own `read`, else its fetcher's. */
export const readsOfList = (list: Pick<FirstList, 'fetch' | 'read'>): readonly EndpointDef[] =>
  list.read === undefined ? (list.fetch.reads ?? []) : Array.isArray(list.read) ? list.read : [list.read as EndpointDef];

/**
 * The key a list page's rows are kept under: its first read's key (so `invalidate(read)` finds it, with useApi's
 * answers of that read), then the page and its query. A list that names no read stays under ['listPage', page].
 */
export const listKey = (routeKey: string, reads: readonly EndpointDef[], sent?: ListQuery): unknown[] => {
  const base = reads.length ? [reads[0]!.method, reads[0]!.path, 'listPage', routeKey] : ['listPage', routeKey];
  return sent === undefined ? base : [...base, sent];
};
