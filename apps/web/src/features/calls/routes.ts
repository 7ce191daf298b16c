// The call centre (docs/calls.md).
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const CALLS_ROUTES: PageRoute[] = [{ path: '/callcenter', title: '通话记录', page: lazyPage(() => import('./pages/Callcenter')), keepAlive: true }];
