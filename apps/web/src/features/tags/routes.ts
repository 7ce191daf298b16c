// Person, order and customer tags.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const TAG_ROUTES: PageRoute[] = [
  { path: '/tagsManage/personTag', title: '人员标签', page: lazyPage(() => import('./pages/TagsManage')) },
  { path: '/tagsManage/orderTag', title: '工单标签', page: lazyPage(() => import('./pages/TagsManage')) },
  { path: '/tagsManage/customerTag', title: '客户标签', page: lazyPage(() => import('./pages/TagsManage')) },
];
