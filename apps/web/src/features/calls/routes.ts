// The call centre (docs/calls.md).
import { lazyPage } from '../../app/lazyPage';
import type { PageRoute } from '../../app/route';

export const CALLS_ROUTES: PageRoute[] = [{ path: '/callcenter', title: '通话记录', page: lazyPage(() => import('./pages/Callcenter')), keepAlive: true }];
