// The administrator's role editor and custom menu entries; both take their settings entry's power.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const ROLE_ROUTES: PageRoute[] = [
  { path: '/rolePower', title: '角色权限', page: lazyPage(() => import('./pages/RolePower')) },
  { path: '/customMenu', title: '自定义菜单', page: lazyPage(() => import('./pages/CustomMenu')), keepAlive: true },
];
