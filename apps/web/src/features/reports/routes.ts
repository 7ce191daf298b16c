// 运营: 工单统计 and 运营报表; their menu entries carry the chart power and the free-plan lock.
import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

export const REPORT_ROUTES: PageRoute[] = [
  { path: '/report/statusStatistics', title: '工单统计', page: lazyPage(() => import('./pages/StatusStatistics')) },
  { path: '/operate/report', title: '运营报表', page: lazyPage(() => import('./pages/OperateReport')) },
];
