// Quality (issue 30): fault modes, complaints with the quality-analysis report.
import type { PageRoute } from '../../app/route';
import { lazyPage } from '../../app/lazyPage';

export const QUALITY_ROUTES: PageRoute[] = [
  { path: '/fault/mode', title: '故障管理', page: lazyPage(() => import('./pages/FaultMode')), keepAlive: true },
  // Not kept alive: the report's figures open it with their filters in the URL.
  { path: '/customerComplaintList', title: '客户投诉', page: lazyPage(() => import('./pages/ComplaintList')) },
  {
    path: '/customerComplaintDetail',
    title: '投诉详情',
    page: lazyPage(() => import('./pages/ComplaintDetail')),
    power: 'menu_CustomerComplaintList',
    menu: 'CustomerComplaintList',
  },
];
