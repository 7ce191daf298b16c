// The order list pages: menu paths take the menu entry's power and free-plan lock.
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import type { PageRoute } from '../../../lib/route';
import { lazyPage } from '../../../lib/lazyPage';

/** OrderList waits for the enterprise's column setting (processContract.queryOrderListSetting) before its first load. */
const ORDER_LIST_WARM = ['/v2/temp/queryOrderListSetting'];

const LISTS: PageRoute[] = [
  { path: '/allOrder', title: '全部工单', page: lazyPage(() => import('./pages/AllOrder')), keepAlive: true, searchPlans: true },
  { path: '/acceptanceOrder', title: '待受理工单', page: lazyPage(() => import('./pages/AcceptanceOrder')), keepAlive: true, searchPlans: true },
  { path: '/myOrder', title: '我的工单', page: lazyPage(() => import('./pages/MyOrder')), keepAlive: true, searchPlans: true },
  { path: '/teamworkOrder', title: '协同工单', page: lazyPage(() => import('./pages/TeamworkOrder')), keepAlive: true, searchPlans: true },
  { path: '/abnormalOrder', title: '异常工单', page: lazyPage(() => import('./pages/AbnormalOrder')), keepAlive: true, searchPlans: true },
  { path: '/dueOrder', title: '超时工单', page: lazyPage(() => import('./pages/DueOrder')), keepAlive: true, searchPlans: true },
  { path: '/sendMeOrder', title: '抄送我的', page: lazyPage(() => import('./pages/SendMeOrder')), keepAlive: true, searchPlans: true },
  { path: '/orderRubbish', title: '工单回收站', page: lazyPage(() => import('./pages/OrderRubbish')), keepAlive: true, searchPlans: true },
  { path: '/examineOrder', title: '待我审批', page: lazyPage(() => import('./pages/ExamineOrder')), keepAlive: true, searchPlans: true },
];

/** The first page, for the lists that open on one the URL and the user decide (first.ts). */
const firstList = (path: string) => (search: URLSearchParams, user: SessionUserInfo) => import('./first').then((m) => m.orderFirstListOf(path, search, user));

export const ORDER_LIST_ROUTES: PageRoute[] = LISTS.map((r) => ({ ...r, warm: ORDER_LIST_WARM, firstList: firstList(r.path) }));
