// Fetchers and helpers over the customer-area contracts (customers, contacts, addresses, products, contracts, portal accounts).
import type { EndpointDef } from '@sk/shared/common/contract';
import { contractContract } from '@sk/shared/customers/contracts.contract';
import { customerContract } from '@sk/shared/customers/customers.contract';
import { type CustomerImportResult, customerImportContract } from '@sk/shared/customers/import.contract';
import type { ImportKind } from '@sk/shared/customers/customers.constants';
import { customerPartsContract } from '@sk/shared/customers/parts.contract';
import { homeAccountContract } from '@sk/shared/customers/portal.contract';
import { productContract } from '@sk/shared/customers/products.contract';
import { areaContract } from '@sk/shared/settings/dict.contract';
import { compact } from './fetchers';
import { tagsContract } from '@sk/shared/tags/tags.contract';
import type { ListQuery } from '../../components';
import { API_PREFIX, call, uploadEnvelope } from '../../lib/api';
import { apiKey, queryClient, staleAfter, useApi } from '../../lib/query';
import { watchDownloads } from '../../shell/downloads';

export { addressFetcher, compact, contactFetcher, customerFetcher, pagedFetcher } from './fetchers';
export { areaContract, contractContract, customerContract, customerImportContract, customerPartsContract, homeAccountContract, productContract, tagsContract };

/** Customer tags are tag code 4. */
export const CUSTOMER_TAG = 4 as const;

/** What a change to customers, contacts or addresses makes stale. */
const CUSTOMER_READS: EndpointDef[] = [
  customerContract.detail,
  customerContract.getCustomerList,
  customerContract.customerList,
  customerPartsContract.addressList,
  customerPartsContract.linkPersonList,
];

/** Every write of the customer area (customers, contacts, addresses, products, contracts, portal accounts, imports)
 * makes the area's cached reads stale: detail pages and their tab counts follow whichever page made the change. */
const AREA_ENDPOINTS = [customerContract, customerPartsContract, contractContract, productContract, homeAccountContract, customerImportContract].flatMap(
  (c) => Object.values(c) as EndpointDef[],
);
staleAfter(
  AREA_ENDPOINTS.filter((e) => e.method !== 'GET'),
  AREA_ENDPOINTS.filter((e) => e.method === 'GET'),
);
// Tagging customers in a batch (全部客户's 打标签) changes their rows and details too.
staleAfter(
  [tagsContract.batchAdd, tagsContract.batchRemove],
  AREA_ENDPOINTS.filter((e) => e.method === 'GET'),
);

/** Refreshes the cached customer answers (details, pickers, address and contact lists) after a write. */
export const refreshCustomers = (): Promise<unknown> => Promise.all(CUSTOMER_READS.map((e) => queryClient.invalidateQueries({ queryKey: apiKey(e) })));

/** Empty strings and nulls left out, so optional filters are not sent. */
/**
 * The download-centre export of customers: the rows of the current page or the selected ones (their ids), or,
 * without ids, every customer the list's current filters match (the keyword is the customer name, as in the list).
 */
export async function exportCustomers(fileName: string, ids: number[], query: ListQuery): Promise<void> {
  const { pageIndex: _i, pageSize: _s, sortType: _t, keyword, ...filters } = query;
  const body = ids.length ? { fileName, ids } : compact({ ...filters, name: keyword, fileName });
  await call(customerImportContract.exportCustomers, body as never);
  watchDownloads();
}

/** The customer tags (code 4), for filters, pickers and badges. */
export const useCustomerTags = () => useApi(tagsContract.list, { code: CUSTOMER_TAG });

/** URL of a file answer (templates, QR codes): the contract's path under /api with its query. */
export function fileUrl(ep: EndpointDef, query: Record<string, string | number>): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${API_PREFIX}${ep.path}${qs ? `?${qs}` : ''}`;
}

export const templateUrl = (kind: ImportKind): string => fileUrl(customerImportContract.template, { kind });
export const qrImageUrl = (id: number, type: 'png' | 'svg' = 'png'): string => fileUrl(productContract.productionQrcode, { id, type });

/**
 * Sends an xlsx to an import endpoint (multipart `file`; the request client speaks JSON only) and answers the
 * envelope's data; failures are toasted and thrown like the request client's.
 */
export async function uploadImport(ep: EndpointDef, kind: ImportKind, file: File): Promise<{ data: CustomerImportResult; message: string }> {
  const env = await uploadEnvelope(ep, file, file.name, { kind });
  return { data: env.data as CustomerImportResult, message: env.message };
}
