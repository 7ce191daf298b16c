// Events: the menu paths take their entry's power; the detail takes 我的事件's.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const EVENT_ROUTES: PageRoute[] = [
  { path: '/newEvent', title: '新建事件', page: lazyPage(() => import('./pages/NewEvent')) },
  { path: '/Myevent', title: '我的事件', page: lazyPage(() => import('./pages/MyEvent')), keepAlive: true },
  { path: '/shelters', title: '待认领事件', page: lazyPage(() => import('./pages/Shelters')), keepAlive: true },
  { path: '/eventassigned', title: '待分配事件', page: lazyPage(() => import('./pages/EventAssigned')), keepAlive: true },
  { path: '/serviceCounter', title: '服务台', page: lazyPage(() => import('./pages/ServiceCounter')), keepAlive: true },
  {
    path: '/Myevent/copyeventDetail/:eventId/:code?',
    title: '复制事件',
    page: lazyPage(() => import('./pages/NewEvent')),
    power: 'menu_NewEvent',
    menu: 'Myevent',
  },
  {
    path: '/Myevent/eventDetail/:eventId',
    title: '事件详情',
    page: lazyPage(() => import('./pages/EventDetail')),
    power: 'menu_Myevent',
    menu: 'Myevent',
  },
  { path: '/eventSet', title: '事件设置', page: lazyPage(() => import('./pages/EventSet')) },
  {
    path: '/eventSet/processevent',
    title: '事件流程设置',
    page: lazyPage(() => import('./pages/EventProcess')),
    power: 'menu_EventSet',
    menu: 'EventSet',
  },
];
