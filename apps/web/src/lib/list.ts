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
export type FirstList<T = unknown> = ListSource<T> & {
  initialQuery?: Record<string, unknown>;
  params?: Record<string, unknown>;
  sort?: boolean;
  routeKey?: string;
};

/** A list fetcher; one made from contract reads (contractFetcher, pairFetcher) names them, so the list is kept under them. */
export type ListFetcher<T = unknown> = ((q: ListQuery) => Promise<ListResult<T>>) & { reads?: readonly EndpointDef[] };

/** One or more contract reads. */
export type Reads = readonly [EndpointDef, ...EndpointDef[]];

/** A list fetcher that names the contract reads its rows come from. */
export type ReadFetcher<T = unknown> = ListFetcher<T> & { reads: Reads };

/**
 * Where a list's rows come from, and the contract reads they show: the fetcher names them (contractFetcher,
 * pairFetcher, `Object.assign(fetch, { reads })`), or the page does with `read`. A list always names its reads: it is
 * kept under the first one's key, and `invalidate(read)` (or a write's `staleAfter`/`invalidates`) is the one way it
 * is refreshed after a change.
 */
export type ListSource<T = unknown> =
  | {
      fetch: ReadFetcher<T>;
      /** The contract reads the rows come from (default: those its fetcher names). */
      read?: EndpointDef | Reads;
    }
  | {
      fetch: ListFetcher<T>;
      /** The contract reads the rows come from: the fetcher names none. */
      read: EndpointDef | Reads;
    };

/** The reads a list shows: the page's own `read`, else its fetcher's. */
export const readsOfList = (list: { fetch: ListFetcher<unknown>; read?: EndpointDef | readonly EndpointDef[] }): readonly EndpointDef[] =>
  list.read === undefined ? (list.fetch.reads ?? []) : Array.isArray(list.read) ? list.read : [list.read as EndpointDef];

/**
 * The key a list page's rows are kept under: its first read's key (so `invalidate(read)` finds it, with useApi's
 * answers of that read), then the page and its query. Every list names its reads (ListSource).
 */
export const listKey = (routeKey: string, reads: readonly EndpointDef[], sent?: ListQuery): unknown[] => {
  const base = reads.length ? [reads[0]!.method, reads[0]!.path, 'listPage', routeKey] : ['listPage', routeKey];
  return sent === undefined ? base : [...base, sent];
};
