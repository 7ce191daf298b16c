// The help centre.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const HELP_ROUTES: PageRoute[] = [{ path: '/help', title: '帮助中心', page: lazyPage(() => import('./pages/HelpCenter')) }];
