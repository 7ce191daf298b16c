import type { PageRoute } from '../../lib/route';
import { lazyPage } from '../../lib/lazyPage';

/** The provider money loop (docs/settlement.md): fee standards and statements; sub-pages take 外包结算's power. */
export const SETTLE_ROUTES: PageRoute[] = [
  { path: '/service/fee/standard', title: '服务费标准', page: lazyPage(() => import('./pages/ServiceFeeStandard')), keepAlive: true },
  { path: '/settleAccounts/list', title: '外包结算', page: lazyPage(() => import('./pages/SettleAccountsList')), keepAlive: true },
  {
    path: '/settleAccounts/detail',
    title: '结算单详情',
    page: lazyPage(() => import('./pages/SettleAccountsDetail')),
    power: 'menu_SettleAccountsList',
    menu: 'SettleAccountsList',
  },
  {
    path: '/settleAccounts/create',
    title: '新建结算单',
    page: lazyPage(() => import('./pages/SettleAccountsCreate')),
    power: 'menu_SettleAccountsList',
    menu: 'SettleAccountsList',
  },
  { path: '/transportation/fee/approval', title: '费用审批', page: lazyPage(() => import('./pages/FeeClaimList')), keepAlive: true },
  {
    path: '/transportation/fee/approval/detail/:id',
    title: '费用申请详情',
    page: lazyPage(() => import('./pages/FeeClaimDetail')),
    power: 'menu_TransportationFeeApproval',
    menu: 'TransportationFeeApproval',
  },
  { path: '/CostCheck', title: '费用审核', page: lazyPage(() => import('./pages/CostCheck')), keepAlive: true },
  { path: '/commissionOrder/list', title: '奖惩管理', page: lazyPage(() => import('./pages/CommissionOrderList')), keepAlive: true },
  {
    path: '/commissionOrder/create',
    title: '新建奖惩',
    page: lazyPage(() => import('./pages/CommissionOrderCreate')),
    power: 'menu_CommissionOrder',
    menu: 'CommissionOrder',
  },
];
