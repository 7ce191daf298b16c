import type { EndpointDef } from '@sk/shared';
import { call, type InputOf } from '../../lib/api';
import type { ListQuery, ListResult, ReadFetcher, Reads } from '../../lib/list';

/** A ListPage fetcher over a list endpoint that answers `{ list, count }`. */
export function contractFetcher<T, E extends EndpointDef = EndpointDef>(ep: E): ReadFetcher<T> {
  const fetch = async (q: ListQuery) => (await call(ep, q as InputOf<E>)) as ListResult<T>;
  return withReads(fetch, ep);
}

/** A ListPage fetcher for the spec's split lists: the list answers an array, a separate call the count. */
export function pairFetcher<T>(listEp: EndpointDef, countEp: EndpointDef): ReadFetcher<T> {
  const fetch = async (q: ListQuery): Promise<ListResult<T>> => {
    const { pageIndex: _i, pageSize: _s, ...filters } = q;
    const [list, count] = await Promise.all([call(listEp, q as never), call(countEp, filters as never)]);
    return { list: list as T[], count: count as number };
  };
  return withReads(fetch, listEp, countEp);
}

/**
 * Names the contract reads a hand-written fetcher's rows come from (the first is the list's key): a write that makes
 * one of them stale refreshes the list.
 */
export function withReads<T>(fetch: (q: ListQuery) => Promise<ListResult<T>>, ...reads: Reads): ReadFetcher<T> {
  return Object.assign(fetch, { reads });
}
