// Service projects: menu paths take their entry's power, the rest name theirs.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const PROJECT_ROUTES: PageRoute[] = [
  { path: '/allProject', title: '项目管理', page: lazyPage(() => import('./pages/AllProject')), keepAlive: true, searchPlans: true },
  { path: '/newproject', title: '新建项目', page: lazyPage(() => import('./pages/NewProject')) },
  {
    path: '/allproject/copyProjectDetail/:id/:code?',
    title: '复制项目',
    page: lazyPage(() => import('./pages/NewProject')),
    power: '13002',
    menu: 'AllProject',
  },
  {
    path: '/allproject/projectdetails/:id',
    title: '项目详情',
    page: lazyPage(() => import('./pages/ProjectDetail')),
    power: '',
    menu: 'AllProject',
  },
  {
    path: '/serviceProject/Detail/:id',
    title: '项目详情',
    page: lazyPage(() => import('./pages/ProjectDetail')),
    power: '',
    menu: 'AllProject',
  },
  // The approval lists and 我的任务 open for any staff user: they list only what waits for him (a named approver or a
  // flow's approver may hold no project power), and the server checks every decision (docs/decisions.md, Projects).
  { path: '/projectexamine', title: '项目审批', page: lazyPage(() => import('./pages/ProjectExamine')), power: '' },
  { path: '/projectplanexamine', title: '进度审批', page: lazyPage(() => import('./pages/ProjectExamine')), power: '' },
  { path: '/myProjectTask', title: '我的任务', page: lazyPage(() => import('./pages/MyProjectTask')), power: '', keepAlive: true },
  {
    path: '/allproject/examine/:id',
    title: '项目任务',
    page: lazyPage(() => import('./pages/TaskExamine')),
    power: '',
    menu: 'MyProjectTask',
  },
  { path: '/projectSet', title: '项目设置', page: lazyPage(() => import('./pages/ProjectSet')) },
  ...[
    '/projectSet/processProject',
    '/projectSet/taskSetting',
    '/projectSet/addpersonnelProject/:id',
    '/projectSet/examine/:id',
    '/projectSet/CreateApproval/:id',
    '/projectSet/FinishApproval/:id',
  ].map((path) => ({
    path,
    title: '项目设置',
    page: lazyPage(() => import('./pages/ProjectSet')),
    power: 'menu_ProjectSet',
    menu: 'ProjectSet',
  })),
];
