import type { EndpointDef } from '@sk/shared';
import { call, type InputOf } from '../../lib/api';
import type { ListQuery, ListResult } from './useListData';

/** A ListPage fetcher over a list endpoint that answers `{ list, count }`. */
export function contractFetcher<T, E extends EndpointDef = EndpointDef>(ep: E): (q: ListQuery) => Promise<ListResult<T>> {
  return async (q) => (await call(ep, q as InputOf<E>)) as ListResult<T>;
}

/** A ListPage fetcher for the spec's split lists: the list answers an array, a separate call the count. */
export function pairFetcher<T>(listEp: EndpointDef, countEp: EndpointDef): (q: ListQuery) => Promise<ListResult<T>> {
  return async (q) => {
    const { pageIndex: _i, pageSize: _s, ...filters } = q;
    const [list, count] = await Promise.all([call(listEp, q as never), call(countEp, filters as never)]);
    return { list: list as T[], count: count as number };
  };
}
