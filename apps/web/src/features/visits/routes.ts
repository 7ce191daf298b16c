// Return visits: the call-centre group's pages, the task detail (under 回访工单) and the public survey page.
import type { PageRoute, PublicRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

export const VISIT_ROUTES: PageRoute[] = [
  { path: '/returnVisitPlan', title: '回访计划', page: lazyPage(() => import('./pages/ReturnVisitPlan')), keepAlive: true },
  {
    path: '/returnVisitPlan/edit/:id',
    title: '编辑回访计划',
    page: lazyPage(() => import('./pages/PlanEdit')),
    power: 'menu_ReturnVisitPlan',
    menu: 'ReturnVisitPlan',
  },
  { path: '/returnVisitOrder', title: '回访工单', page: lazyPage(() => import('./pages/ReturnVisitOrder')), keepAlive: true },
  {
    path: '/returnVisitOrder/ReturnVisitTaskDetail/:taskId',
    title: '回访详情',
    page: lazyPage(() => import('./pages/TaskDetail')),
    power: 'menu_ReturnVisitOrder',
    menu: 'ReturnVisitOrder',
  },
  // Not kept alive: the report's figures open it with their filters in the URL.
  { path: '/ReturnVisitTask', title: '回访任务', page: lazyPage(() => import('./pages/ReturnVisitTask')) },
  { path: '/returnVisitReport', title: '回访报表', page: lazyPage(() => import('./pages/ReturnVisitReport')) },
];

export const VISIT_PUBLIC_ROUTES: PublicRoute[] = [{ path: '/returnVisitSurvey', page: lazyPage(() => import('./pages/Survey')) }];
