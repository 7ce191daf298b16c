// The order pool: the menu entry's power and free-plan lock apply.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const POOL_ROUTES: PageRoute[] = [{ path: '/orderHighSeas', title: '工单公海', page: lazyPage(() => import('./OrderHighSeas')), keepAlive: true }];
