// The route table: path, lazy page, power code, keep-alive.
// Later areas append their pages to LAYOUT_ROUTES (inside the layout) or PUBLIC_ROUTES (outside it).
// Deep imports keep the first load from carrying every area's contracts.
import { MENU_ENTRIES, type MenuEntry, PROVIDER_ONLY_ENTRIES, SYSTEM_SETTING_MENU } from '@sk/shared/auth/menus';
import { POWERS } from '@sk/shared/auth/powers';
import { ORDER_LIST_ROUTES } from '../features/orders/lists/routes';
import { SCHEDULE_ROUTES } from '../features/schedule/routes';
import { SETTLE_ROUTES } from '../features/settle/routes';
import { COMMERCE_ROUTES } from '../features/commerce/routes';
import { PROVIDER_ROUTES } from '../features/provider/routes';
import { VISIT_PUBLIC_ROUTES, VISIT_ROUTES } from '../features/visits/routes';
import { REPORT_ROUTES } from '../features/reports/routes';
import { QUALITY_ROUTES } from '../features/quality/routes';
import { KNOWLEDGE_ROUTES } from '../features/knowledge/routes';
import { CYCLE_ROUTES } from '../features/cycle/routes';
import { PORTAL_ROUTES } from '../features/portal/routes';
import { CALLS_ROUTES } from '../features/calls/routes';
import { ORDER_PAGE_POWERS } from '@sk/shared/orders/order.pages';
import { SPARE_DOC_KINDS, type SpareDocKind } from '@sk/shared/spares/spares.constants';
import { lazyPage } from './lazyPage';
import { type PageRoute, type PublicRoute, samePath } from './route';

export { menuOfRoute, type PageRoute, type PublicRoute, routeAllows } from './route';

const ComingSoon = lazyPage(() => import('../shell/pages/ComingSoon'));

/** Children of the layout. */
export const LAYOUT_ROUTES: PageRoute[] = [
  { path: '/guideOne', title: '首页', page: lazyPage(() => import('../shell/pages/GuideOne')), keepAlive: true },
  { path: '/personIndex', title: '功能导航', page: lazyPage(() => import('../shell/pages/PersonIndex')), keepAlive: true },
  { path: '/customForm', title: '字段自定义', page: lazyPage(() => import('../features/forms/pages/CustomForm')) },
  { path: '/Error404', title: '页面不存在', page: lazyPage(() => import('../shell/pages/Error404')), noTab: true },
  { path: '/detailError', title: '无权访问', page: lazyPage(() => import('../shell/pages/DetailError')), noTab: true },
  { path: '/navigation', title: '探索', page: lazyPage(() => import('../shell/pages/Navigation')) },
  { path: '/help', title: '帮助中心', page: lazyPage(() => import('../features/help/pages/HelpCenter')) },
  { path: '/diy/:parentId/:id', title: '自定义页面', page: lazyPage(() => import('../shell/pages/DiyPage')) },
  // W2: showcase of the shared widgets (URL only, no menu entry); the browser tests use it until the org pages exist.
  { path: '/widgetDemo/:variant?', title: '组件演示', page: lazyPage(() => import('../components/demo/WidgetDemo')) },
  // W3: organisation, settings, tags and help pages (features/{org,settings,tags,help}); menu paths take the entry's power and flags.
  { path: '/organizationalStructure', title: '组织架构', page: lazyPage(() => import('../features/org/pages/OrganizationalStructure')), keepAlive: true },
  { path: '/organizationalStructure/personneldetails/:id', title: '人员详情', page: lazyPage(() => import('../features/org/pages/PersonnelDetails')) },
  { path: '/userDetail', title: '个人资料', page: lazyPage(() => import('../features/org/pages/UserDetail')) },
  { path: '/serviceGroup', title: '服务团队', page: lazyPage(() => import('../features/org/pages/ServiceGroup')), keepAlive: true },
  { path: '/outsourceManagement', title: '外包管理', page: lazyPage(() => import('../features/org/pages/OutsourceManagement')), keepAlive: true },
  {
    path: '/serviceBranchDetail',
    title: '服务商详情',
    page: lazyPage(() => import('../features/org/pages/ServiceBranchDetail')),
    power: POWERS.orgManage,
    menu: 'OutsourceManagement',
  },
  {
    path: '/outsourceUser',
    title: '外包人员',
    page: lazyPage(() => import('../features/org/pages/OutsourceUser')),
    power: POWERS.orgManage,
    menu: 'OutsourceManagement',
  },
  { path: '/insourceUser', title: '内部人员', page: lazyPage(() => import('../features/org/pages/InsourceUser')), power: POWERS.orgManage },
  { path: '/orderingRule', title: '派单规则', page: lazyPage(() => import('../features/settings/pages/OrderingRule')) },
  { path: '/tagsManage/personTag', title: '人员标签', page: lazyPage(() => import('../features/tags/pages/TagsManage')) },
  { path: '/tagsManage/orderTag', title: '工单标签', page: lazyPage(() => import('../features/tags/pages/TagsManage')) },
  { path: '/tagsManage/customerTag', title: '客户标签', page: lazyPage(() => import('../features/tags/pages/TagsManage')) },
  { path: '/systemSetting', title: '系统设置', page: lazyPage(() => import('../features/settings/pages/SystemSetting')) },
  { path: '/dictionarySettings', title: '字典设置', page: lazyPage(() => import('../features/settings/pages/DictionarySettings')), keepAlive: true },
  // WeCom and DingTalk (features/channels): reached from 系统设置's related links.
  {
    path: '/channelSetting',
    title: '企业微信与钉钉',
    page: lazyPage(() => import('../features/channels/pages/ChannelSetting')),
    power: POWERS.systemSetting,
  },
  // F2: form engine designer and template centre (features/forms); sub-pages take their settings entry's power.
  { path: '/templateCenter', title: '工单设置', page: lazyPage(() => import('../features/forms/pages/TemplateCenter')) },
  { path: '/templateCenter/:type', title: '工单设置', page: lazyPage(() => import('../features/forms/pages/TemplateCenter')), power: 'menu_TemplateCenter' },
  {
    path: '/templateCenter/processSetting',
    title: '流程设置',
    page: lazyPage(() => import('../features/forms/pages/ProcessSetting')),
    power: 'menu_TemplateCenter',
  },
  {
    path: '/templateCenter/processSetting/customForm/:orderType?',
    title: '自定义字段',
    page: lazyPage(() => import('../features/forms/pages/CustomFormClassic')),
    power: 'menu_TemplateCenter',
  },
  {
    path: '/templateCenter/processSetting/customFormbeta',
    title: '自定义字段',
    page: lazyPage(() => import('../features/forms/pages/CustomFormBeta')),
    power: 'menu_TemplateCenter',
  },
  { path: '/templateView', title: '模板视图', page: lazyPage(() => import('../features/forms/pages/TemplateView')) },
  {
    path: '/eventSet/processevent/customForm',
    title: '事件自定义字段',
    page: lazyPage(() => import('../features/forms/pages/ProcessCustomForm')),
    power: 'menu_EventSet',
  },
  { path: '/quickDeploy', title: '快速部署', page: lazyPage(() => import('../features/forms/pages/QuickDeploy')), power: POWERS.quickDeploy },
  // The OpenAPI description, browsable (URL and the help centre's link; administrators).
  // The administrator's role editor and custom menu entries (features/roles); both take their settings entry's power.
  { path: '/rolePower', title: '角色权限', page: lazyPage(() => import('../features/roles/pages/RolePower')) },
  { path: '/customMenu', title: '自定义菜单', page: lazyPage(() => import('../features/roles/pages/CustomMenu')), keepAlive: true },
  { path: '/apiDocs', title: '接口文档', page: lazyPage(() => import('../features/apidocs/pages/ApiDocs')), power: POWERS.systemSetting },
  // Order money (odoc): fee items of every order type and the collection accounts.
  { path: '/moneySettings', title: '收费设置', page: lazyPage(() => import('../features/orders/money/pages/MoneySettings')) },
  // Events (features/events): the menu paths take their entry's power; the detail takes 我的事件's.
  { path: '/newEvent', title: '新建事件', page: lazyPage(() => import('../features/events/pages/NewEvent')) },
  { path: '/Myevent', title: '我的事件', page: lazyPage(() => import('../features/events/pages/MyEvent')), keepAlive: true },
  { path: '/shelters', title: '待认领事件', page: lazyPage(() => import('../features/events/pages/Shelters')), keepAlive: true },
  { path: '/eventassigned', title: '待分配事件', page: lazyPage(() => import('../features/events/pages/EventAssigned')), keepAlive: true },
  { path: '/serviceCounter', title: '服务台', page: lazyPage(() => import('../features/events/pages/ServiceCounter')), keepAlive: true },
  {
    path: '/Myevent/copyeventDetail/:eventId/:code?',
    title: '复制事件',
    page: lazyPage(() => import('../features/events/pages/NewEvent')),
    power: 'menu_NewEvent',
    menu: 'Myevent',
  },
  {
    path: '/Myevent/eventDetail/:eventId',
    title: '事件详情',
    page: lazyPage(() => import('../features/events/pages/EventDetail')),
    power: 'menu_Myevent',
    menu: 'Myevent',
  },
  { path: '/eventSet', title: '事件设置', page: lazyPage(() => import('../features/events/pages/EventSet')) },
  {
    path: '/eventSet/processevent',
    title: '事件流程设置',
    page: lazyPage(() => import('../features/events/pages/EventProcess')),
    power: 'menu_EventSet',
    menu: 'EventSet',
  },
  {
    path: '/projectSet/processProject/customForm',
    title: '项目自定义字段',
    page: lazyPage(() => import('../features/forms/pages/ProcessCustomForm')),
    power: 'menu_ProjectSet',
  },
];

/** Outside the layout: login and app-shell pages, and the guard pages. */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/login', page: lazyPage(() => import('../features/auth/pages/Login')) },
  { path: '/passwordForget/:mobile', page: lazyPage(() => import('../features/auth/pages/PasswordForget')) },
  { path: '/passwordset/:mobile', page: lazyPage(() => import('../features/auth/pages/PasswordSet')) },
  { path: '/register', page: lazyPage(() => import('../features/auth/pages/Register')) },
  { path: '/privacy', page: lazyPage(() => import('../features/auth/pages/Privacy')) },
  { path: '/loading', page: lazyPage(() => import('../features/auth/pages/Loading')) },
  { path: '/errorRole', page: lazyPage(() => import('../shell/pages/ErrorRole')) },
  { path: '/errorOverdue', page: lazyPage(() => import('../shell/pages/ErrorOverdue')) },
  { path: '/error403', page: lazyPage(() => import('../shell/pages/Error403')) },
  { path: '/linkhelp', page: lazyPage(() => import('../shell/pages/LinkHelp')) },
  // The help menu's app QR code (GET /version/info download_link) and the home page inside WeCom / DingTalk.
  { path: '/app/download', page: lazyPage(() => import('../features/channels/pages/AppDownload')) },
  { path: '/embed', page: lazyPage(() => import('../features/channels/pages/Embed')) },
];

/** The powers that open a page: its own, or the power of any menu entry (either menu set) with its path. */
function powersOf(r: PageRoute, same: MenuEntry[]): Pick<PageRoute, 'power' | 'anyPower'> {
  // A page that names its power keeps it; '' opens it to every user even where a menu entry shares its path.
  if (r.power !== undefined) return { power: r.power };
  const codes = [...new Set(same.map((e) => e.power))];
  return codes.length > 1 ? { anyPower: codes } : { power: codes[0] };
}

/** A page that is also a menu entry takes the entry's power, free-plan lock and quota flag unless it sets its own. */
function withMenuFlags(r: PageRoute, entries: MenuEntry[]): PageRoute {
  const same = entries.filter((m) => samePath(m.path, r.path));
  const e = same[0];
  if (!e) return r;
  // An entry this edition has no page for promises nothing behind a lock (docs/decisions.md, Roles and menus).
  const lock = e.comingSoon ? undefined : e.freeLock;
  return { ...r, ...powersOf(r, same), freeLock: r.freeLock ?? lock, quotaDisabled: r.quotaDisabled ?? e.quotaDisabled };
}

const SETTING_ENTRY: MenuEntry = { ...SYSTEM_SETTING_MENU, parentId: 0, formType: 2 };
const ALL_ENTRIES = [...MENU_ENTRIES, ...PROVIDER_ONLY_ENTRIES, SETTING_ENTRY];

let built: PageRoute[] | undefined;

/** Every layout route: the table above, then one "即将上线" page for each menu path that has no page yet (made once). */
export function layoutRoutes(): PageRoute[] {
  built ??= buildLayoutRoutes();
  return built;
}

function buildLayoutRoutes(): PageRoute[] {
  const own = LAYOUT_ROUTES.map((r) => withMenuFlags(r, ALL_ENTRIES));
  const soon: PageRoute[] = [];
  for (const e of ALL_ENTRIES) {
    if ([...own, ...soon].some((r) => samePath(r.path, e.path))) continue;
    soon.push(withMenuFlags({ path: e.path, title: e.name, page: ComingSoon }, ALL_ENTRIES));
  }
  return [...own, ...soon];
}

/** True when a menu path has a page of its own in this build (not the "即将上线" placeholder). */
export const hasPage = (path: string): boolean => LAYOUT_ROUTES.some((r) => samePath(r.path, path));

// C2: customer pages (features/customers); menu paths take the entry's power and free-plan lock, the others name theirs.
LAYOUT_ROUTES.push(
  {
    path: '/allCustomer',
    title: '全部客户',
    page: lazyPage(() => import('../features/customers/pages/AllCustomer')),
    keepAlive: true,
    searchPlans: true,
    firstList: () => import('../features/customers/fetchers').then((m) => m.customerFirstList()),
  },
  // The spec's path sits under /allOrder; the page belongs to 客户 (全部客户) in the menu.
  {
    path: '/allOrder/customerDetail/:id/:oid?',
    title: '客户详情',
    page: lazyPage(() => import('../features/customers/pages/CustomerDetail')),
    power: 'menu_AllCustomer',
    menu: 'AllCustomer',
  },
  {
    path: '/contactManage',
    title: '联系人管理',
    page: lazyPage(() => import('../features/customers/pages/ContactManage')),
    keepAlive: true,
    searchPlans: true,
  },
  { path: '/addressManage', title: '地址管理', page: lazyPage(() => import('../features/customers/pages/AddressManage')), keepAlive: true },
  { path: '/productManage', title: '产品档案', page: lazyPage(() => import('../features/customers/pages/ProductManage')), keepAlive: true, searchPlans: true },
  {
    path: '/productManage/detail/:id',
    title: '设备详情',
    page: lazyPage(() => import('../features/customers/pages/InstalledDetail')),
    power: 'menu_ProductManage',
    freeLock: 'productManage',
  },
  {
    path: '/productManage/qr/:code',
    title: '扫码查看设备',
    page: lazyPage(() => import('../features/customers/pages/InstalledByCode')),
    power: 'menu_ProductManage',
    freeLock: 'productManage',
  },
  { path: '/allProduct', title: '产品库', page: lazyPage(() => import('../features/customers/pages/AllProduct')), keepAlive: true, searchPlans: true },
  {
    path: '/allProduct/Productdetails/:id',
    title: '产品详情',
    page: lazyPage(() => import('../features/customers/pages/ProductDetails')),
    power: 'menu_AllProduct',
  },
  {
    path: '/saleContract',
    title: '销售合同',
    page: lazyPage(() => import('../features/customers/pages/SaleContractPage')),
    power: 'menu_AllCustomer',
    keepAlive: true,
  },
  {
    path: '/saleContract/detail/:id',
    title: '销售合同详情',
    page: lazyPage(() => import('../features/customers/pages/SaleContractDetail')),
    power: 'menu_AllCustomer',
  },
  {
    path: '/maintainContract',
    title: '维保合同',
    page: lazyPage(() => import('../features/customers/pages/MaintainContractPage')),
    power: 'menu_AllCustomer',
    keepAlive: true,
  },
  {
    path: '/maintainContract/detail/:id',
    title: '维保合同详情',
    page: lazyPage(() => import('../features/customers/pages/MaintainContractDetail')),
    power: 'menu_AllCustomer',
  },
  { path: '/homeAccount', title: '门户账号', page: lazyPage(() => import('../features/customers/pages/HomeAccount')), keepAlive: true, searchPlans: true },
);

// Orders: the create page and the service-item catalogue (features/orders); /createOrder takes its menu entry's power.
LAYOUT_ROUTES.push(
  { path: '/createOrder', title: '新建工单', page: lazyPage(() => import('../features/orders/create/CreateOrder')) },
  { path: '/serviceItem', title: '服务项目', page: lazyPage(() => import('../features/orders/items/ServiceItems')), keepAlive: true },
);
// The order list pages (features/orders/lists).
LAYOUT_ROUTES.push(...ORDER_LIST_ROUTES);
// Orders: the detail page. Any order page's power opens it (the server decides which orders); it belongs to 全部工单 in the menu.
LAYOUT_ROUTES.push({
  path: '/allOrder/orderDetail/:orderId',
  title: '工单详情',
  page: lazyPage(() => import('../features/orders/detail/OrderDetail')),
  anyPower: ORDER_PAGE_POWERS,
  menu: 'AllOrder',
});
// Schedule table and report, dispatch board, order map and assign-in-map, the engineer's position (features/schedule).
LAYOUT_ROUTES.push(...SCHEDULE_ROUTES);
// Return visits (features/visits): plans, tasks, the visit page and the report; the SMS survey page is public.
LAYOUT_ROUTES.push(...VISIT_ROUTES);
LAYOUT_ROUTES.push(...REPORT_ROUTES);
// Quality (features/quality): fault modes, complaints and the quality-analysis report.
LAYOUT_ROUTES.push(...QUALITY_ROUTES);
// Cases and the knowledge base (features/knowledge).
LAYOUT_ROUTES.push(...KNOWLEDGE_ROUTES);
LAYOUT_ROUTES.push(...CYCLE_ROUTES);
LAYOUT_ROUTES.push(...CALLS_ROUTES);
PUBLIC_ROUTES.push(...VISIT_PUBLIC_ROUTES);
PUBLIC_ROUTES.push(...PORTAL_ROUTES);
// The order process page of an order type (features/process).
LAYOUT_ROUTES.push({
  path: '/templateCenter/processSetting/orderProcess/:tid/:templateName',
  title: '工单流程',
  page: lazyPage(() => import('../features/process/OrderProcessPage')),
  power: 'menu_TemplateCenter',
});
// The dispatch desk (features/dispatch); /orderingRule is the rule page above.
LAYOUT_ROUTES.push({ path: '/assignOrder', title: '待派单工单', page: lazyPage(() => import('../features/dispatch/AssignOrder')), keepAlive: true });
// The approval engine (features/approvals): both take their menu entries' powers.
LAYOUT_ROUTES.push(
  { path: '/approvalProcess', title: '审批处理', page: lazyPage(() => import('../features/approvals/pages/ApprovalProcess')), keepAlive: true },
  { path: '/approvalProcessSettings', title: '审批流程设置', page: lazyPage(() => import('../features/approvals/pages/ApprovalProcessSettings')) },
);
// Spares and stock (features/spares): the list pages take their menu entry's power.
LAYOUT_ROUTES.push(
  { path: '/spareType', title: '备件分类', page: lazyPage(() => import('../features/spares/pages/SpareType')) },
  { path: '/spareList', title: '备件列表', page: lazyPage(() => import('../features/spares/pages/SpareList')), keepAlive: true },
  {
    path: '/spareList/detail/:id',
    title: '备件详情',
    page: lazyPage(() => import('../features/spares/pages/SpareDetail')),
    power: POWERS.spareDetail,
    menu: 'SpareList',
  },
  { path: '/spareStock', title: '备件库存', page: lazyPage(() => import('../features/spares/pages/SpareStock')), keepAlive: true },
  { path: '/spareGet', title: '备件领用', page: lazyPage(() => import('../features/spares/pages/SpareGet')), keepAlive: true, freeLock: 'spareOps' },
  { path: '/spareAllotted', title: '备件调拨', page: lazyPage(() => import('../features/spares/pages/SpareAllotted')), keepAlive: true, freeLock: 'spareOps' },
  { path: '/spareMine', title: '我的备件', page: lazyPage(() => import('../features/spares/pages/SpareMine')), keepAlive: true },
  { path: '/spareWaste', title: '备件报废', page: lazyPage(() => import('../features/spares/pages/SpareWaste')), keepAlive: true, freeLock: 'spareOps' },
  {
    path: '/spareDistributed',
    title: '备件分配',
    page: lazyPage(() => import('../features/spares/pages/SpareDistributed')),
    keepAlive: true,
    freeLock: 'spareOps',
  },
  { path: '/stockTaking', title: '库存盘点', page: lazyPage(() => import('../features/spares/pages/StockTaking')), keepAlive: true, freeLock: 'spareOps' },
  { path: '/sparelog', title: '备件日志', page: lazyPage(() => import('../features/spares/pages/SpareLog')), keepAlive: true },
  { path: '/sparewarning', title: '库存预警', page: lazyPage(() => import('../features/spares/pages/SpareWarning')), keepAlive: true },
  { path: '/stockLog', title: '出入库记录', page: lazyPage(() => import('../features/spares/pages/StockLog')), keepAlive: true },
  {
    path: '/spareExamine',
    title: '备件审批',
    page: lazyPage(() => import('../features/spares/pages/SpareExamine')),
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
  { path: '/oldPartReturn', title: '旧件返还', page: lazyPage(() => import('../features/spares/pages/OldPartReturn')), keepAlive: true },
  {
    path: '/oldPartReturnDetail',
    title: '旧件返还详情',
    page: lazyPage(() => import('../features/spares/pages/OldPartReturnDetail')),
    power: 'menu_OldPartReturn',
    menu: 'OldPartReturn',
  },
  { path: '/sparePartsSalesman', title: '备件申请', page: lazyPage(() => import('../features/spares/pages/SparePartsSalesman')), keepAlive: true },
  {
    path: '/sparePartsSalesmanDetail',
    title: '备件申请详情',
    page: lazyPage(() => import('../features/spares/pages/GoodsOrderDetail')),
    power: 'menu_SparePartsSalesman',
    menu: 'SparePartsSalesman',
  },
  { path: '/outboundOrder', title: '出库单', page: lazyPage(() => import('../features/spares/pages/OutboundOrder')), keepAlive: true },
  {
    path: '/outboundOrderDetail',
    title: '出库单详情',
    page: lazyPage(() => import('../features/spares/pages/GoodsOrderDetail')),
    power: 'menu_OutboundOrder',
    menu: 'OutboundOrder',
  },
);

// Service projects (features/projects); menu paths take their entry's power, the rest name theirs.
LAYOUT_ROUTES.push(
  { path: '/allProject', title: '项目管理', page: lazyPage(() => import('../features/projects/pages/AllProject')), keepAlive: true, searchPlans: true },
  { path: '/newproject', title: '新建项目', page: lazyPage(() => import('../features/projects/pages/NewProject')) },
  {
    path: '/allproject/copyProjectDetail/:id/:code?',
    title: '复制项目',
    page: lazyPage(() => import('../features/projects/pages/NewProject')),
    power: '13002',
    menu: 'AllProject',
  },
  {
    path: '/allproject/projectdetails/:id',
    title: '项目详情',
    page: lazyPage(() => import('../features/projects/pages/ProjectDetail')),
    power: '',
    menu: 'AllProject',
  },
  {
    path: '/serviceProject/Detail/:id',
    title: '项目详情',
    page: lazyPage(() => import('../features/projects/pages/ProjectDetail')),
    power: '',
    menu: 'AllProject',
  },
  // The approval lists and 我的任务 open for any staff user: they list only what waits for him (a named approver or a
  // flow's approver may hold no project power), and the server checks every decision (docs/decisions.md, Projects).
  { path: '/projectexamine', title: '项目审批', page: lazyPage(() => import('../features/projects/pages/ProjectExamine')), power: '' },
  { path: '/projectplanexamine', title: '进度审批', page: lazyPage(() => import('../features/projects/pages/ProjectExamine')), power: '' },
  { path: '/myProjectTask', title: '我的任务', page: lazyPage(() => import('../features/projects/pages/MyProjectTask')), power: '', keepAlive: true },
  {
    path: '/allproject/examine/:id',
    title: '项目任务',
    page: lazyPage(() => import('../features/projects/pages/TaskExamine')),
    power: '',
    menu: 'MyProjectTask',
  },
  { path: '/projectSet', title: '项目设置', page: lazyPage(() => import('../features/projects/pages/ProjectSet')) },
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
    page: lazyPage(() => import('../features/projects/pages/ProjectSet')),
    power: 'menu_ProjectSet',
    menu: 'ProjectSet',
  })),
);
// The order pool (features/pool); the menu entry's power and free-plan lock apply.
LAYOUT_ROUTES.push({ path: '/orderHighSeas', title: '工单公海', page: lazyPage(() => import('../features/pool/OrderHighSeas')), keepAlive: true });

// SLA (features/sla): policies, their editor, and the breach report; the menu paths lend their power and free-plan lock.
LAYOUT_ROUTES.push(
  { path: '/slaManage', title: 'SLA管理', page: lazyPage(() => import('../features/sla/pages/SlaManage')), keepAlive: true },
  {
    path: '/slaManage/SLA/:id/:name',
    title: '编辑SLA',
    page: lazyPage(() => import('../features/sla/pages/SlaEdit')),
    power: 'menu_SlaManage',
    menu: 'SlaManage',
    freeLock: 'sla',
  },
  { path: '/report/exceedStatistics', title: '超时统计', page: lazyPage(() => import('../features/sla/pages/ExceedStatistics')) },
);

// The event SLA's breach report (no menu entry of its own: reached from 超时统计, under its power and lock).
LAYOUT_ROUTES.push({
  path: '/report/eventExceedStatistics',
  title: '事件超时统计',
  page: lazyPage(() => import('../features/sla/pages/EventExceedStatistics')),
  power: 'chart_manage',
  menu: 'ExceedStatistics',
  freeLock: 'reports',
});

// The notification centre (reached from the header's bell) and 公告通知 (the menu entry lends its free-plan lock).
LAYOUT_ROUTES.push(
  { path: '/noticeCenter', title: '通知中心', page: lazyPage(() => import('../features/notices/NoticeCenter')) },
  { path: '/notice', title: '公告通知', page: lazyPage(() => import('../features/notices/Announcements')) },
  // a received announcement, for every member (the 公告通知 menu page needs its menu power)
  { path: '/noticeDetail/:id', title: '公告详情', page: lazyPage(() => import('../features/notices/NoticeDetail')), freeLock: 'notice' },
);

// The provider money loop (features/settle): 服务费标准 and 外包结算 with its detail and create pages.
LAYOUT_ROUTES.push(...SETTLE_ROUTES);
// Quotations and extended warranties (features/commerce, docs/commerce.md).
LAYOUT_ROUTES.push(...COMMERCE_ROUTES);
// The provider's console (features/provider): 服务单 and its detail, 工单管理, 平台结算, 服务商管理's scorecard.
LAYOUT_ROUTES.push(...PROVIDER_ROUTES);
