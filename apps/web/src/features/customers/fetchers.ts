// The customer area's list fetchers, in a small module of their own: the start-up warm-up loads it to ask for
// 全部客户's first page while the page's chunks still load (app/routes.tsx).
import type { EndpointDef } from '@sk/shared/common/contract';
import { customerContract } from '@sk/shared/customers/customers.contract';
import type { Address, Contact, CustomerRow } from '@sk/shared/customers/customers.schema';
import { customerPartsContract } from '@sk/shared/customers/parts.contract';
import type { FirstList, ListQuery, ListResult } from '../../components/list/useListData';
import { call } from '../../lib/api';
import { withReads } from '../../components/list/fetchers';

export const compact = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** The spec's split list (array + count) with the list's keyword sent as `keywordAs` (the lists have no keyword of their own). */
function splitFetcher<T>(listEp: EndpointDef, countEp: EndpointDef, keywordAs: string, fixed: Record<string, unknown> = {}) {
  const fetch = async ({ keyword, ...q }: ListQuery): Promise<ListResult<T>> => {
    const query = compact({ [keywordAs]: keyword, ...q, ...fixed });
    const { pageIndex: _i, pageSize: _s, sortType: _t, ...filters } = query;
    const [list, count] = await Promise.all([call(listEp, query as never), call(countEp, filters as never)]);
    return { list: list as T[], count: count as number };
  };
  return withReads(fetch, listEp, countEp);
}

export const customerFetcher = splitFetcher<CustomerRow>(customerContract.epCustomerList, customerContract.customerListCount, 'name');
export const contactFetcher = splitFetcher<Contact>(customerContract.epLinkPersonList, customerContract.epLinkPersonListCount, 'keyword');
export const addressFetcher = (fixed: Record<string, unknown> = {}) =>
  splitFetcher<Address>(customerPartsContract.addressList, customerPartsContract.addressCount, 'mapName', fixed);

/** A `{ list, count }` endpoint with fixed fields (a customer id) added to every load. */
export function pagedFetcher<T>(ep: EndpointDef, fixed: Record<string, unknown> = {}) {
  return withReads(async (q: ListQuery): Promise<ListResult<T>> => (await call(ep, compact({ ...q, ...fixed }) as never)) as ListResult<T>, ep);
}

/** 全部客户's first page (the list has no starting filters). */
export const customerFirstList = (): FirstList<CustomerRow> => ({ fetch: customerFetcher });
