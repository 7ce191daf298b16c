// Cases and the knowledge base (docs/knowledge.md).
import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

export const KNOWLEDGE_ROUTES: PageRoute[] = [
  { path: '/case/list', title: '案例管理', page: lazyPage(() => import('./pages/CaseList')), keepAlive: true },
  {
    path: '/case/detail/:caseId',
    title: '案例详情',
    page: lazyPage(() => import('./pages/CaseDetail')),
    power: 'menu_CaseManagement',
    menu: 'CaseManagement',
  },
  { path: '/knowledge', title: '知识库', page: lazyPage(() => import('./pages/Knowledge')) },
];
