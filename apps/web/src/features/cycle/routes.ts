// Cycle templates and plans: preventive maintenance (docs/cycle.md).
import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

export const CYCLE_ROUTES: PageRoute[] = [
  { path: '/cycleTmpl', title: '周期模板', page: lazyPage(() => import('./pages/CycleTmpl')), keepAlive: true },
  { path: '/cyclePlan', title: '周期计划', page: lazyPage(() => import('./pages/CyclePlan')), keepAlive: true },
  {
    path: '/cyclePlan/detail/:id',
    title: '周期计划详情',
    page: lazyPage(() => import('./pages/CyclePlanDetail')),
    power: 'menu_CyclePlan',
    menu: 'CyclePlan',
    freeLock: 'cyclePlan',
  },
];
