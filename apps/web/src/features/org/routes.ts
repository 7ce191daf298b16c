// Organisation: menu paths take the entry's power and flags.
import { POWERS } from '@sk/shared/auth/powers';
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const ORG_ROUTES: PageRoute[] = [
  { path: '/organizationalStructure', title: '组织架构', page: lazyPage(() => import('./pages/OrganizationalStructure')), keepAlive: true },
  { path: '/organizationalStructure/personneldetails/:id', title: '人员详情', page: lazyPage(() => import('./pages/PersonnelDetails')) },
  { path: '/userDetail', title: '个人资料', page: lazyPage(() => import('./pages/UserDetail')) },
  { path: '/serviceGroup', title: '服务团队', page: lazyPage(() => import('./pages/ServiceGroup')), keepAlive: true },
  { path: '/outsourceManagement', title: '外包管理', page: lazyPage(() => import('./pages/OutsourceManagement')), keepAlive: true },
  {
    path: '/serviceBranchDetail',
    title: '服务商详情',
    page: lazyPage(() => import('./pages/ServiceBranchDetail')),
    power: POWERS.orgManage,
    menu: 'OutsourceManagement',
  },
  {
    path: '/outsourceUser',
    title: '外包人员',
    page: lazyPage(() => import('./pages/OutsourceUser')),
    power: POWERS.orgManage,
    menu: 'OutsourceManagement',
  },
  { path: '/insourceUser', title: '内部人员', page: lazyPage(() => import('./pages/InsourceUser')), power: POWERS.orgManage },
];
