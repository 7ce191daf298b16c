// The dispatch desk; 派单规则 (/orderingRule) is a settings page.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const DISPATCH_ROUTES: PageRoute[] = [{ path: '/assignOrder', title: '待派单工单', page: lazyPage(() => import('./AssignOrder')), keepAlive: true }];
