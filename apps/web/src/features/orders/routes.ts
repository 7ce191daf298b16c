import { ORDER_PAGE_POWERS } from '@sk/shared/orders/order.pages';
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';
import { ORDER_LIST_ROUTES } from './lists/routes';

// Orders: money settings, the create page, the service-item catalogue, the lists and the detail.
export const ORDER_ROUTES: PageRoute[] = [
  // Order money (odoc): fee items of every order type and the collection accounts.
  { path: '/moneySettings', title: '收费设置', page: lazyPage(() => import('./money/pages/MoneySettings')) },
  { path: '/createOrder', title: '新建工单', page: lazyPage(() => import('./create/CreateOrder')) },
  { path: '/serviceItem', title: '服务项目', page: lazyPage(() => import('./items/ServiceItems')), keepAlive: true },
  // The order list pages (lists/routes.ts).
  ...ORDER_LIST_ROUTES,
  // The detail: any order page's power opens it (the server decides which orders); it belongs to 全部工单 in the menu.
  {
    path: '/allOrder/orderDetail/:orderId',
    title: '工单详情',
    page: lazyPage(() => import('./detail/OrderDetail')),
    anyPower: ORDER_PAGE_POWERS,
    menu: 'AllOrder',
  },
  // The provider console's 服务单详情: the order detail at the address its lists open, under their powers.
  {
    path: '/serviceOrderDetail',
    title: '服务单详情',
    page: lazyPage(() => import('./detail/ServiceOrderDetail')),
    anyPower: ['menu_ServiceOrder', 'menu_OrderManagement'],
    menu: 'ServiceOrder',
  },
];
