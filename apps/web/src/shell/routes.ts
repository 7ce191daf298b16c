// The shell's own pages: home, navigation, the error and guard pages, custom menu pages, the widget showcase.
import { lazyPage } from '../lib/lazyPage';
import type { PageRoute, PublicRoute } from '../lib/route';

export const SHELL_ROUTES: PageRoute[] = [
  { path: '/guideOne', title: '首页', page: lazyPage(() => import('./pages/GuideOne')), keepAlive: true },
  { path: '/personIndex', title: '功能导航', page: lazyPage(() => import('./pages/PersonIndex')), keepAlive: true },
  { path: '/Error404', title: '页面不存在', page: lazyPage(() => import('./pages/Error404')), noTab: true },
  { path: '/detailError', title: '无权访问', page: lazyPage(() => import('./pages/DetailError')), noTab: true },
  { path: '/navigation', title: '探索', page: lazyPage(() => import('./pages/Navigation')) },
  { path: '/diy/:parentId/:id', title: '自定义页面', page: lazyPage(() => import('./pages/DiyPage')) },
  // W2: showcase of the shared widgets (URL only, no menu entry); the browser tests use it until the org pages exist.
  { path: '/widgetDemo/:variant?', title: '组件演示', page: lazyPage(() => import('../components/demo/WidgetDemo')) },
];

export const SHELL_PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/errorRole', page: lazyPage(() => import('./pages/ErrorRole')) },
  { path: '/errorOverdue', page: lazyPage(() => import('./pages/ErrorOverdue')) },
  { path: '/error403', page: lazyPage(() => import('./pages/Error403')) },
  { path: '/linkhelp', page: lazyPage(() => import('./pages/LinkHelp')) },
];
