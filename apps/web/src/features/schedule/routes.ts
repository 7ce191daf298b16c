// The schedule area's pages. The board and the engineer's position page are ours (not in the spec's
// menu): the board belongs to 排班表 in the menu, the position page to 我的工单.
import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

export const SCHEDULE_ROUTES: PageRoute[] = [
  { path: '/schedule/list', title: '排班表', page: lazyPage(() => import('./ScheduleList')), keepAlive: true },
  { path: '/schedule/report', title: '排班报表', page: lazyPage(() => import('./ScheduleReport')), keepAlive: true },
  {
    path: '/schedule/board',
    title: '调度看板',
    page: lazyPage(() => import('./DispatchBoard')),
    power: 'menu_AssignOrder',
    menu: 'ScheduleList',
    keepAlive: true,
  },
  { path: '/allOrder/mapView', title: '工单地图', page: lazyPage(() => import('./MapView')), power: 'menu_AllOrder', menu: 'AllOrder' },
  { path: '/assignOrderInMap', title: '地图派单', page: lazyPage(() => import('./AssignInMap')), power: 'menu_AssignOrder', menu: 'AssignOrder' },
  { path: '/schedule/myLocation', title: '位置共享', page: lazyPage(() => import('./MyLocation')), power: 'menu_MyOrder', menu: 'MyOrder' },
];
