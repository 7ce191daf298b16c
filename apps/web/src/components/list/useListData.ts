import { DEFAULT_PAGE_SIZE } from '@sk/shared';
import { getSessionUser } from '../../lib/session';
import { hashKey, keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { EndpointDef } from '@sk/shared';
import { type FirstList, type ListQuery, type ListResult, listKey, readsOfList } from '../../lib/list';

export type { FirstList, ListFetcher, ListQuery, ListResult, SortType } from '../../lib/list';

export const SORT_OPTIONS = [
  { value: 1, label: '创建时间从新到旧' },
  { value: 2, label: '创建时间从旧到新' },
] as const;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export const compactQuery = (q: Record<string, unknown>): ListQuery => Object.fromEntries(Object.entries(q).filter(([, v]) => !isEmpty(v))) as ListQuery;

const NO_PARAMS: Record<string, unknown> = {};

/** The first page; its size is the enterprise's 列表默认每页条数 (from the session), unless the page asks for its own. */
const firstQuery = (initial: Record<string, unknown>, sort: boolean): ListQuery =>
  compactQuery({ pageIndex: 0, pageSize: getSessionUser()?.defaultPageSize ?? DEFAULT_PAGE_SIZE, sortType: sort ? 1 : undefined, ...initial });

/** The query of the list's first page and the key it is kept under. */
function firstPage(routeKey: string, list: Omit<FirstList, 'fetch' | 'read'> & { reads: readonly EndpointDef[] }, start?: Record<string, unknown>) {
  const query = firstQuery({ ...list.initialQuery, ...start }, list.sort ?? true);
  const sent: ListQuery = { ...query, ...compactQuery(list.params ?? NO_PARAMS) };
  return { query, sent, queryKey: listKey(routeKey, list.reads, sent) };
}

/** First pages asked for before their page rendered, by key hash: when the asking started. */
const warmed = new Map<string, number>();
/** A warmed first page that its page reads later than this (it opened elsewhere first) is asked for again. */
const WARM_FRESH_MS = 30_000;

/**
 * Asks for a list page's first page before the page renders (app/warmup.ts), under the key the page's first render
 * reads, so that its rows are in the page's first render and the page does not ask again when it mounts. Needs the
 * session user (the enterprise's page size).
 */
export function warmFirstList(routeKey: string, list: FirstList, client: QueryClient): Promise<void> {
  const { sent, queryKey } = firstPage(routeKey, { ...list, reads: readsOfList(list) });
  warmed.set(hashKey(queryKey), Date.now());
  return client.prefetchQuery({ queryKey, queryFn: () => list.fetch(sent) });
}

/** The list's query state and its data through TanStack Query (the previous page stays visible while loading). */
export function useListData<T>(
  routeKey: string,
  fetcher: (q: ListQuery) => Promise<ListResult<T>>,
  initial: Record<string, unknown>,
  sort: boolean,
  params: Record<string, unknown> = NO_PARAMS,
  /** Where the first load starts when not at `initial` (F2: a default search plan); reset still goes to `initial`. */
  start: Record<string, unknown> | undefined,
  /** The contract reads the rows come from: the list is kept under them, and `invalidate(read)` refreshes it. */
  reads: readonly EndpointDef[],
) {
  const [query, setQuery] = useState<ListQuery>(() => firstPage(routeKey, { reads, initialQuery: initial, params, sort }, start).query);
  const fixed = compactQuery(params);
  const paramsKey = JSON.stringify(fixed);
  const [seenParams, setSeenParams] = useState(paramsKey);
  if (seenParams !== paramsKey) {
    // other fixed fields (a tab switch): start again from the first page
    setSeenParams(paramsKey);
    setQuery((q) => ({ ...q, pageIndex: 0 }));
  }
  const sent: ListQuery = { ...query, ...fixed };
  const qc = useQueryClient();
  const queryKey = listKey(routeKey, reads, sent);
  const queryFn = () => fetcher(sent);
  // The first page leaves as the list starts rendering, not once the whole table has rendered and mounted
  // (when the query would start it); an answer that arrives before the mount is not asked for again, nor one the
  // start-up warm-up asked for (warmFirstList).
  const [startedAt] = useState(() => {
    const hash = hashKey(queryKey);
    const warm = warmed.get(hash);
    warmed.delete(hash);
    if (warm !== undefined && Date.now() - warm < WARM_FRESH_MS) return warm;
    void qc.prefetchQuery({ queryKey, queryFn });
    return Date.now();
  });
  const result = useQuery({
    queryKey,
    queryFn,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { reads },
    refetchOnMount: (q) => q.state.dataUpdatedAt < startedAt,
  });

  /** Changes part of the query; anything but paging goes back to the first page. */
  const update = useCallback((patch: Partial<ListQuery>) => {
    setQuery((q) => {
      const paging = Object.keys(patch).every((k) => k === 'pageIndex' || k === 'pageSize');
      return compactQuery({ ...q, ...(paging ? {} : { pageIndex: 0 }), ...patch });
    });
  }, []);

  /** Replaces the filters (keyword and sort stay), first page. */
  const setFilters = useCallback((filters: Record<string, unknown>) => {
    setQuery((q) => compactQuery({ pageIndex: 0, pageSize: q.pageSize, keyword: q.keyword, sortType: q.sortType, ...filters }));
  }, []);

  /** Back to the page's starting query (page size kept), first page. */
  const reset = useCallback(() => setQuery((q) => ({ ...firstQuery(initial, sort), pageSize: q.pageSize })), [initial, sort]);

  return { query: sent, update, setFilters, reset, data: result.data, updatedAt: result.dataUpdatedAt, loading: result.isFetching };
}
