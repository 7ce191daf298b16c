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
  fetch: (q: ListQuery) => Promise<ListResult<T>>;
  initialQuery?: Record<string, unknown>;
  params?: Record<string, unknown>;
  sort?: boolean;
  routeKey?: string;
}
