// 派单规则 (the rules and the default dispatch, with the related order settings) and the dispatch desk.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const DISPATCH_ROUTES: PageRoute[] = [
  { path: '/orderingRule', title: '派单规则', page: lazyPage(() => import('./rules/OrderingRule')) },
  { path: '/assignOrder', title: '待派单工单', page: lazyPage(() => import('./AssignOrder')), keepAlive: true },
];
