// Customer pages: menu paths take the entry's power and free-plan lock, the others name theirs.
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const CUSTOMER_ROUTES: PageRoute[] = [
  {
    path: '/allCustomer',
    title: '全部客户',
    page: lazyPage(() => import('./pages/AllCustomer')),
    keepAlive: true,
    searchPlans: true,
    firstList: () => import('./fetchers').then((m) => m.customerFirstList()),
  },
  // The spec's path sits under /allOrder; the page belongs to 客户 (全部客户) in the menu.
  {
    path: '/allOrder/customerDetail/:id/:oid?',
    title: '客户详情',
    page: lazyPage(() => import('./pages/CustomerDetail')),
    power: 'menu_AllCustomer',
    menu: 'AllCustomer',
  },
  {
    path: '/contactManage',
    title: '联系人管理',
    page: lazyPage(() => import('./pages/ContactManage')),
    keepAlive: true,
    searchPlans: true,
  },
  { path: '/addressManage', title: '地址管理', page: lazyPage(() => import('./pages/AddressManage')), keepAlive: true },
  { path: '/productManage', title: '产品档案', page: lazyPage(() => import('./pages/ProductManage')), keepAlive: true, searchPlans: true },
  {
    path: '/productManage/detail/:id',
    title: '设备详情',
    page: lazyPage(() => import('./pages/InstalledDetail')),
    power: 'menu_ProductManage',
    freeLock: 'productManage',
  },
  {
    path: '/productManage/qr/:code',
    title: '扫码查看设备',
    page: lazyPage(() => import('./pages/InstalledByCode')),
    power: 'menu_ProductManage',
    freeLock: 'productManage',
  },
  { path: '/allProduct', title: '产品库', page: lazyPage(() => import('./pages/AllProduct')), keepAlive: true, searchPlans: true },
  {
    path: '/allProduct/Productdetails/:id',
    title: '产品详情',
    page: lazyPage(() => import('./pages/ProductDetails')),
    power: 'menu_AllProduct',
  },
  {
    path: '/saleContract',
    title: '销售合同',
    page: lazyPage(() => import('./pages/SaleContractPage')),
    power: 'menu_AllCustomer',
    keepAlive: true,
  },
  {
    path: '/saleContract/detail/:id',
    title: '销售合同详情',
    page: lazyPage(() => import('./pages/SaleContractDetail')),
    power: 'menu_AllCustomer',
  },
  {
    path: '/maintainContract',
    title: '维保合同',
    page: lazyPage(() => import('./pages/MaintainContractPage')),
    power: 'menu_AllCustomer',
    keepAlive: true,
  },
  {
    path: '/maintainContract/detail/:id',
    title: '维保合同详情',
    page: lazyPage(() => import('./pages/MaintainContractDetail')),
    power: 'menu_AllCustomer',
  },
  { path: '/homeAccount', title: '门户账号', page: lazyPage(() => import('./pages/HomeAccount')), keepAlive: true, searchPlans: true },
];
