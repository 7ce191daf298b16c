import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

/**
 * The provider's console and the manufacturer's view of provider orders (docs/settlement.md, "Provider orders"):
 * menu paths take their entry's power; the detail opens with any page that lists provider orders.
 */
export const PROVIDER_ROUTES: PageRoute[] = [
  { path: '/serviceOrder', title: '服务单', page: lazyPage(() => import('./pages/ServiceOrder')), keepAlive: true },
  { path: '/order/management', title: '工单管理', page: lazyPage(() => import('./pages/OrderManagement')), keepAlive: true },
  { path: '/ServiceGroup/list', title: '平台结算', page: lazyPage(() => import('./pages/ServiceGroupList')), keepAlive: true },
  { path: '/service/provider/management', title: '服务商管理', page: lazyPage(() => import('./pages/ProviderManagement')), keepAlive: true },
];
