// SLA: policies, their editor, and the breach reports; the menu paths lend their power and free-plan lock.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const SLA_ROUTES: PageRoute[] = [
  { path: '/slaManage', title: 'SLA管理', page: lazyPage(() => import('./pages/SlaManage')), keepAlive: true },
  {
    path: '/slaManage/SLA/:id/:name',
    title: '编辑SLA',
    page: lazyPage(() => import('./pages/SlaEdit')),
    power: 'menu_SlaManage',
    menu: 'SlaManage',
    freeLock: 'sla',
  },
  { path: '/report/exceedStatistics', title: '超时统计', page: lazyPage(() => import('./pages/ExceedStatistics')) },
  // The event SLA's breach report (no menu entry of its own: reached from 超时统计, under its power and lock).
  {
    path: '/report/eventExceedStatistics',
    title: '事件超时统计',
    page: lazyPage(() => import('./pages/EventExceedStatistics')),
    power: 'chart_manage',
    menu: 'ExceedStatistics',
    freeLock: 'reports',
  },
];
