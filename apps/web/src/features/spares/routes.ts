// Spares and stock: the list pages take their menu entry's power.
import { POWERS } from '@sk/shared/auth/powers';
import { SPARE_DOC_KINDS, type SpareDocKind } from '@sk/shared/spares/spares.constants';
import { lazyPage } from '../../lib/lazyPage';
import type { PageRoute } from '../../lib/route';

export const SPARE_ROUTES: PageRoute[] = [
  { path: '/spareType', title: '备件分类', page: lazyPage(() => import('./pages/SpareType')) },
  { path: '/spareList', title: '备件列表', page: lazyPage(() => import('./pages/SpareList')), keepAlive: true },
  {
    path: '/spareList/detail/:id',
    title: '备件详情',
    page: lazyPage(() => import('./pages/SpareDetail')),
    power: POWERS.spareDetail,
    menu: 'SpareList',
  },
  { path: '/spareStock', title: '备件库存', page: lazyPage(() => import('./pages/SpareStock')), keepAlive: true },
  { path: '/spareGet', title: '备件领用', page: lazyPage(() => import('./pages/SpareGet')), keepAlive: true, freeLock: 'spareOps' },
  { path: '/spareAllotted', title: '备件调拨', page: lazyPage(() => import('./pages/SpareAllotted')), keepAlive: true, freeLock: 'spareOps' },
  { path: '/spareMine', title: '我的备件', page: lazyPage(() => import('./pages/SpareMine')), keepAlive: true },
  { path: '/spareWaste', title: '备件报废', page: lazyPage(() => import('./pages/SpareWaste')), keepAlive: true, freeLock: 'spareOps' },
  {
    path: '/spareDistributed',
    title: '备件分配',
    page: lazyPage(() => import('./pages/SpareDistributed')),
    keepAlive: true,
    freeLock: 'spareOps',
  },
  { path: '/stockTaking', title: '库存盘点', page: lazyPage(() => import('./pages/StockTaking')), keepAlive: true, freeLock: 'spareOps' },
  { path: '/sparelog', title: '备件日志', page: lazyPage(() => import('./pages/SpareLog')), keepAlive: true },
  { path: '/sparewarning', title: '库存预警', page: lazyPage(() => import('./pages/SpareWarning')), keepAlive: true },
  { path: '/stockLog', title: '出入库记录', page: lazyPage(() => import('./pages/StockLog')), keepAlive: true },
  {
    path: '/spareExamine',
    title: '备件审批',
    page: lazyPage(() => import('./pages/SpareExamine')),
    anyPower: [
      'menu_SpareGet',
      'menu_SpareAllotted',
      'menu_SpareDistributed',
      'menu_SpareWaste',
      'menu_StockTaking',
      'menu_StockLog',
      'menu_SpareMine',
      'menu_SpareStock',
    ],
    menu: 'SpareGet',
    // The document list it was opened from (examinePath's kind): 调拨单 under 备件调拨, not 备件领用.
    menuOf: (q) => SPARE_DOC_KINDS[Number(q.get('kind')) as SpareDocKind]?.power.replace(/^menu_/, ''),
  },
  { path: '/oldPartReturn', title: '旧件返还', page: lazyPage(() => import('./pages/OldPartReturn')), keepAlive: true },
  {
    path: '/oldPartReturnDetail',
    title: '旧件返还详情',
    page: lazyPage(() => import('./pages/OldPartReturnDetail')),
    power: 'menu_OldPartReturn',
    menu: 'OldPartReturn',
  },
  { path: '/sparePartsSalesman', title: '备件申请', page: lazyPage(() => import('./pages/SparePartsSalesman')), keepAlive: true },
  {
    path: '/sparePartsSalesmanDetail',
    title: '备件申请详情',
    page: lazyPage(() => import('./pages/GoodsOrderDetail')),
    power: 'menu_SparePartsSalesman',
    menu: 'SparePartsSalesman',
  },
  { path: '/outboundOrder', title: '出库单', page: lazyPage(() => import('./pages/OutboundOrder')), keepAlive: true },
  {
    path: '/outboundOrderDetail',
    title: '出库单详情',
    page: lazyPage(() => import('./pages/GoodsOrderDetail')),
    power: 'menu_OutboundOrder',
    menu: 'OutboundOrder',
  },
];
