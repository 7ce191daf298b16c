// The approval engine: both pages take their menu entries' powers.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const APPROVAL_ROUTES: PageRoute[] = [
  { path: '/approvalProcess', title: '审批处理', page: lazyPage(() => import('./pages/ApprovalProcess')), keepAlive: true },
  { path: '/approvalProcessSettings', title: '审批流程设置', page: lazyPage(() => import('./pages/ApprovalProcessSettings')) },
];
