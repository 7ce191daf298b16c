// The OpenAPI description, browsable (URL and the help centre's link; administrators).
import { POWERS } from '@sk/shared/auth/powers';
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const APIDOCS_ROUTES: PageRoute[] = [
  { path: '/apiDocs', title: '接口文档', page: lazyPage(() => import('./pages/ApiDocs')), power: POWERS.systemSetting },
];
