// Quality: fault modes, complaints with the quality-analysis report, repair-sent and exchange/return orders.
import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

export const QUALITY_ROUTES: PageRoute[] = [
  { path: '/fault/mode', title: '故障管理', page: lazyPage(() => import('./pages/FaultMode')), keepAlive: true },
  // Not kept alive: the report's figures open it with their filters in the URL.
  { path: '/customerComplaintList', title: '客户投诉', page: lazyPage(() => import('./pages/ComplaintList')) },
  // 运营's 质量分析: the report the complaint list shows, for the reports' holders (the director) too.
  { path: '/report/quality', title: '质量分析', page: lazyPage(() => import('./pages/QualityAnalysis')) },
  {
    path: '/customerComplaintDetail',
    title: '投诉详情',
    page: lazyPage(() => import('./pages/ComplaintDetail')),
    power: 'menu_CustomerComplaintList',
    menu: 'CustomerComplaintList',
  },
  { path: '/repairOrderList', title: '寄修单', page: lazyPage(() => import('./pages/RepairList')), keepAlive: true },
  {
    path: '/repairOrderDetail',
    title: '寄修单详情',
    page: lazyPage(() => import('./pages/RepairDetail')),
    power: 'menu_RepairOrderList',
    menu: 'RepairOrderList',
  },
  { path: '/exchangeOrderList', title: '退换货', page: lazyPage(() => import('./pages/ExchangeList')), keepAlive: true },
  {
    path: '/exchangeOrderDetail',
    title: '退换货详情',
    page: lazyPage(() => import('./pages/ExchangeDetail')),
    power: 'menu_ExchangeOrderList',
    menu: 'ExchangeOrderList',
  },
];
