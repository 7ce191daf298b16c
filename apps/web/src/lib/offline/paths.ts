// What the service worker (scripts/sw.ts) and the page agree on (docs/phone.md "离线使用"): the reads kept for the
// engineer's app offline, the key an answer is kept under, and the headers that mark an answer from the copy.

/** The Cache Storage of the kept answers (the page drops it on logout and on a change of user: swCache.ts). */
export const API_CACHE = 'sk-api';

/** Set by the worker on an answer it gave from its copy because the network failed. */
export const OFFLINE_HEADER = 'x-sk-offline';
/** When the copy was kept (ms since the epoch): the worker writes it on keeping and sends it with the copy. */
export const KEPT_AT_HEADER = 'x-sk-kept-at';

/**
 * The GETs the engineer's order list, order detail and completion form need, answered from the copy when offline
 * (pathnames; `:id` is one segment).
 */
export const OFFLINE_API = [
  '/api/v2/sessionUser/info',
  '/api/v2/menu/listV2',
  '/api/v2/menu/custom/list',
  '/api/v2/menu/mobile/getCount',
  '/api/v2/order/getAllOrderList',
  '/api/order/orderDetail',
  '/api/order/getOrderTab',
  '/api/order/getOrderTab/:id',
  '/api/v2/order/logs',
  '/api/v2/order/messageList',
  '/api/v2/order/relatedList',
  '/api/v2/order/view/getSign',
  '/api/detailcontrol/forminfo',
  '/api/systemsetting/getByCode',
  '/api/systemsetting/getByCodes',
  '/api/search/plan/default',
  // The parts he holds (我的备件, 登记备件's picker) and each kept order's parts.
  '/api/spare/mine',
  '/api/spare/mine/options',
  '/api/spare/order/parts',
];

const PATTERNS = OFFLINE_API.map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`));

export const isOfflineRead = (pathname: string): boolean => PATTERNS.some((p) => p.test(pathname));

/**
 * Query parameters that do not change what is read: cache-busting stamps and a list's paging and order. A list kept
 * by the warm-up (lib/offline/keep.ts: one page of 50) answers the page's own first page offline.
 */
const VOLATILE = ['timestamp', '_', 'pageIndex', 'pageSize', 'sortType', 'sortField', 'sortOrder'];

/** The key an answer is kept under: the URL without the volatile parameters, the rest sorted. */
export function keptKey(url: string): string {
  const u = new URL(url);
  for (const p of VOLATILE) u.searchParams.delete(p);
  u.searchParams.sort();
  return u.toString();
}
