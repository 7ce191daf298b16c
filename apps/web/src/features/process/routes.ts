// The order process page of an order type.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const PROCESS_ROUTES: PageRoute[] = [
  {
    path: '/templateCenter/processSetting/orderProcess/:tid/:templateName',
    title: '工单流程',
    page: lazyPage(() => import('./OrderProcessPage')),
    power: 'menu_TemplateCenter',
  },
];
