import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

/** Quotations and extended warranties (docs/commerce.md). */
export const COMMERCE_ROUTES: PageRoute[] = [
  { path: '/extend/warranty', title: '延保管理', page: lazyPage(() => import('./pages/ExtendWarranty')), keepAlive: true },
  { path: '/quotationList', title: '报价单', page: lazyPage(() => import('./pages/QuotationList')), keepAlive: true },
  {
    path: '/quotation/detail/:id',
    title: '报价单详情',
    page: lazyPage(() => import('./pages/QuotationDetail')),
    power: 'menu_QuotationList',
    menu: 'QuotationList',
  },
];
