// What the order lists' first page depends on, apart from the page's code: the start-up warm-up (app/warmup.ts)
// loads this small module to ask for the first page while the page's chunks still load.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { MY_ORDER_TABS, type MyOrderTab, type OrderListScope, type OrderRow } from '@sk/shared/orders/order.list.contract';
import type { FirstList } from '../../../components/list/useListData';
import type { ReadFetcher } from '../../../lib/list';
import { orderFetcher } from './api';

/** The /allOrder route's query parameters that are list filters, as they arrive. */
const URL_FILTERS = [
  'keyword',
  'servicePersonalId',
  'orderStateList',
  'takeStart',
  'takeEnd',
  'coordinationUserId',
  'customName',
  'customerId',
  'orderExceed',
  'serviceGroupId',
  'take_user_id',
  // 运营报表's drill-down (features/reports): the report's axis period, priority and source.
  'startCreateTime',
  'endCreateTime',
  'startFinishTime',
  'endFinishTime',
  'startCompleteExamineTime',
  'endCompleteExamineTime',
  'priority',
  'source',
];
/** Those the filter panel shows as multi-selects (a comma list in the URL). */
const URL_LISTS = ['states', 'orderType'];

/** The starting filters from the URL; `tab` is the state tab, `jump` only says where the link came from. */
export function allOrderQuery(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of URL_FILTERS) {
    const v = search.get(k);
    if (v) out[k] = /^(-?\d+)$/.test(v) && k !== 'keyword' && k !== 'customName' ? Number(v) : v;
  }
  for (const k of URL_LISTS) {
    const v = search.get(k);
    if (v) out[k] = v.split(',').filter(Boolean).map(Number);
  }
  return out;
}

/** 全部工单's state tabs: 全部, 进行中, 未审核, 已完成 (orderState). */
export const ALL_ORDER_TABS = ['-1', '1', '0', '2'] as const;

/** The state tab the URL opens (`tab`), 全部 otherwise. */
export function allOrderTab(search: URLSearchParams): string {
  const asked = search.get('tab');
  return asked && (ALL_ORDER_TABS as readonly string[]).includes(asked) ? asked : '-1';
}

export const allOrderParams = (tab: string) => ({ orderState: Number(tab) });

/** 超时工单's starting keyword (query `keyword`). */
export const dueOrderQuery = (keyword: string | null) => (keyword ? { keyword } : undefined);

/** An order list's first page as OrderList asks for it (its scope's fetcher, the page's filters and fixed fields). */
export const orderFirstList = (
  scope: OrderListScope,
  initialQuery?: Record<string, unknown>,
  params?: Record<string, unknown>,
): FirstList<OrderRow> & { fetch: ReadFetcher<OrderRow> } => ({
  fetch: orderFetcher(scope),
  initialQuery,
  params,
});

export const MY_ORDER_TAB_KEYS = Object.keys(MY_ORDER_TABS) as MyOrderTab[];

type Opener = Pick<SessionUserInfo, 'sysrole' | 'leadsTeam'>;

/** The tabs of 我的工单 where work waits for the user, in the tabs' order: the page opens on the first with rows. */
export const MY_WAITING_TABS = ['toAccept', 'toServe', 'inService'] as const satisfies readonly MyOrderTab[];

/** The tab 我的工单 opens on, given the rows of each waiting tab (MY_WAITING_TABS' order): the first with rows, else 全部. */
export const firstWaitingTab = (rows: readonly number[]): MyOrderTab => MY_WAITING_TABS[rows.findIndex((n) => n > 0)] ?? 'all';

/**
 * 我的工单's start from the URL and the user: 我的团队 (`view=team`) for a service group's leader; the filters a report
 * figure or a home to-do opened it with; the tab (`tab`), 全部 for a team, and otherwise null: the page opens on the first
 * tab where work waits (firstWaitingTab), which it learns by counting.
 */
export function myOrderStart(search: URLSearchParams, user: Opener) {
  const asked = search.get('tab') as MyOrderTab | null;
  const team = user.leadsTeam && search.get('view') === 'team';
  const tab: MyOrderTab | null = asked && MY_ORDER_TAB_KEYS.includes(asked) ? asked : team ? 'all' : null;
  const scope: OrderListScope = team ? 'team' : 'mine';
  const query = allOrderQuery(search);
  return { team, tab, scope, initialQuery: Object.keys(query).length ? query : undefined };
}

/** The first page of the order lists whose start the URL and the user decide (the rest ask when they render). */
const FIRST_LISTS: Record<string, (search: URLSearchParams, user: Opener) => FirstList<OrderRow> | null> = {
  '/allOrder': (s) => orderFirstList('all', allOrderQuery(s), allOrderParams(allOrderTab(s))),
  '/acceptanceOrder': () => orderFirstList('acceptance'),
  '/dueOrder': (s) => orderFirstList('due', dueOrderQuery(s.get('keyword'))),
  '/myOrder': (s, user) => {
    const start = myOrderStart(s, user);
    return start.tab ? orderFirstList(start.scope, start.initialQuery, { tab: start.tab }) : null;
  },
};

export const orderFirstListOf = (path: string, search: URLSearchParams, user: Opener): FirstList<OrderRow> | null => FIRST_LISTS[path]?.(search, user) ?? null;
