import type { FreeFeature } from './plans';

/** A built-in menu entry. `path` is the web route; `power` the code that shows it. */
export interface MenuEntry {
  id: number;
  parentId: number;
  routerName: string;
  name: string;
  icon: string;
  path: string;
  power: string;
  /** 0 external link, 1 detail form, 2 list (custom entries); built-in pages are 2. */
  formType: 0 | 1 | 2;
  freeLock?: FreeFeature;
  /** Disabled while a paid plan's seats are exceeded. */
  quotaDisabled?: boolean;
  /** Shown but not clickable (features whose pages are not in this edition). */
  disabled?: boolean;
  /**
   * No page in this edition yet (the web leaves the entry out on every plan): a free-plan lock on it would promise a
   * feature VIP does not have either, so it shows none (docs/decisions.md, Roles and menus).
   */
  comingSoon?: boolean;
  /** Badge count endpoint (GET), as the spec lists them. */
  badge?: string;
  /**
   * Where the home to-do of this badge opens (default `path`): the list filtered to exactly the rows the badge counts.
   * `{me}` stands for the viewer's user id (todoPathOf).
   */
  todo?: string;
}

export interface MenuGroup {
  id: number;
  routerName: string;
  name: string;
  icon: string;
  /** Power needed for the group as a whole (settings needs sh_system_setting). */
  power?: string;
}

export const HOME_MENU = { id: 0, routerName: 'guideOne', name: '首页', icon: 'HomeOutlined', path: '/guideOne' };
export const SYSTEM_SETTING_MENU = {
  id: 9,
  routerName: 'systemSetting',
  name: '系统设置',
  icon: 'SettingOutlined',
  path: '/systemSetting',
  power: 'sh_system_setting',
};

export const MENU_GROUPS: MenuGroup[] = [
  { id: 1, routerName: 'orderGroup', name: '工单', icon: 'FileTextOutlined' },
  { id: 2, routerName: 'customerGroup', name: '客户', icon: 'TeamOutlined' },
  { id: 3, routerName: 'conversationGroup', name: '会话', icon: 'PhoneOutlined' },
  { id: 4, routerName: 'officeGroup', name: '办公', icon: 'ProjectOutlined' },
  { id: 5, routerName: 'stockGroup', name: '库存', icon: 'DatabaseOutlined' },
  { id: 6, routerName: 'financeGroup', name: '财务', icon: 'AccountBookOutlined' },
  { id: 7, routerName: 'operationGroup', name: '运营', icon: 'BarChartOutlined' },
  { id: 8, routerName: 'settingGroup', name: '设置', icon: 'ToolOutlined', power: 'sh_system_setting' },
];

type Row = [id: number, routerName: string, name: string, path: string, extra?: Partial<MenuEntry>];

const group = (parentId: number, icon: string, rows: Row[]): MenuEntry[] =>
  rows.map(([id, routerName, name, path, extra]) => ({
    id,
    parentId,
    routerName,
    name,
    icon,
    path,
    power: `menu_${routerName}`,
    formType: 2,
    ...extra,
  }));

export const MENU_ENTRIES: MenuEntry[] = [
  ...group(1, 'FileTextOutlined', [
    [101, 'AllOrder', '全部工单', '/allOrder'],
    [102, 'CreateOrder', '新建工单', '/createOrder'],
    [103, 'AcceptanceOrder', '待受理工单', '/acceptanceOrder', { badge: '/v2/order/getAllAcceptanceCount?dataType=1' }],
    [
      104,
      'MyOrder',
      '我的工单',
      '/myOrder',
      { freeLock: 'myOrder', badge: '/v2/order/getOrderListCount?mine=1', todo: '/myOrder?tab=all&states=2,3&servicePersonalId={me}' },
    ],
    [105, 'TeamworkOrder', '协同工单', '/teamworkOrder'],
    [106, 'AssignOrder', '待派单工单', '/assignOrder', { badge: '/order/unDeliverOrderListCount' }],
    [107, 'OrderHighSeas', '工单公海', '/orderHighSeas', { freeLock: 'orderHighSeas', badge: '/v2/order/getOrderListCount?is_grab=1' }],
    [108, 'AbnormalOrder', '异常工单', '/abnormalOrder', { badge: '/v2/order/getAbnormalOrderCount?type=0' }],
    [109, 'DueOrder', '超时工单', '/dueOrder', { freeLock: 'orderTimeout', badge: '/v2/order/getOrderListCount?orderDue=0' }],
    [110, 'ExamineOrder', '待我审批', '/examineOrder', { freeLock: 'examineOrder', badge: '/v2/order/examineOrderCount?type=-1' }],
    [111, 'SendMeOrder', '抄送我的', '/sendMeOrder', { freeLock: 'autoCopy' }],
    [112, 'OrderRubbish', '工单回收站', '/orderRubbish', { freeLock: 'recycleBin' }],
    [113, 'TemplateView', '模板视图', '/templateView', { freeLock: 'templateView' }],
    [114, 'NewEvent', '新建事件', '/newEvent'],
    [115, 'ServiceCounter', '服务台', '/serviceCounter'],
    [116, 'Shelters', '待认领事件', '/shelters', { badge: '/v2/event/getShelterEventListCount' }],
    [117, 'Myevent', '我的事件', '/Myevent', { badge: '/v2/event/getPrincipalEventListCount?sortType=1&processStates=0,1&close_state=0' }],
    [118, 'Eventassigned', '待分配事件', '/eventassigned', { badge: '/v2/event/getUnDeliverEventListCount?sortType=1' }],
    [119, 'ServiceOrder', '服务单', '/serviceOrder'],
    [120, 'OrderManagement', '工单管理', '/order/management'],
  ]),
  ...group(2, 'TeamOutlined', [
    [201, 'AllCustomer', '全部客户', '/allCustomer'],
    [202, 'ContactManage', '联系人管理', '/contactManage', { freeLock: 'contactManage' }],
    [203, 'AddressManage', '地址管理', '/addressManage', { freeLock: 'addressManage' }],
    [204, 'ProductManage', '产品档案', '/productManage', { freeLock: 'productManage' }],
    [205, 'AllProduct', '产品库', '/allProduct'],
    [206, 'CyclePlan', '周期计划', '/cyclePlan', { freeLock: 'cyclePlan' }],
    [207, 'CycleTmpl', '周期模板', '/cycleTmpl', { freeLock: 'cyclePlan' }],
    [208, 'HomeAccount', '门户账号', '/homeAccount', { freeLock: 'homeAccount' }],
    [209, 'CustomerComplaintList', '客户投诉', '/customerComplaintList', { badge: '/customerComplaint/todoCount' }],
    [210, 'ExtendWarranty', '延保管理', '/extend/warranty'],
    [211, 'CaseManagement', '案例管理', '/case/list'],
    // Not in the spec's menu: the knowledge base beside 案例管理 (docs/knowledge.md).
    [214, 'Knowledge', '知识库', '/knowledge'],
    // Not in the spec's menu: the contract lists are reached from the customer pages (docs/decisions.md).
    [212, 'SaleContract', '销售合同', '/saleContract', { power: 'menu_AllCustomer' }],
    [213, 'MaintainContract', '维保合同', '/maintainContract', { power: 'menu_AllCustomer', badge: '/contract/maintain/todoCount' }],
    // Not in the spec's menu (it names the states only): repair-sent and exchange/return orders (docs/decisions.md, Quality).
    [216, 'RepairOrderList', '寄修单', '/repairOrderList', { badge: '/repairOrder/todoCount' }],
    [217, 'ExchangeOrderList', '退换货', '/exchangeOrderList', { badge: '/exchangeOrder/todoCount' }],
  ]),
  ...group(3, 'PhoneOutlined', [
    [301, 'Callcenter', '通话记录', '/callcenter', { badge: '/call/callback/count' }],
    [302, 'ReturnVisitPlan', '回访计划', '/returnVisitPlan'],
    [303, 'ReturnVisitOrder', '回访工单', '/returnVisitOrder', { badge: '/v2/order/getAllVisitCount?dataType=0' }],
    [304, 'ReturnVisitTask', '回访任务', '/ReturnVisitTask'],
    [305, 'ReturnVisitReport', '回访报表', '/returnVisitReport', { freeLock: 'reports' }],
  ]),
  ...group(4, 'ProjectOutlined', [
    [401, 'AllProject', '项目管理', '/allProject'],
    [402, 'NewProject', '新建项目', '/newproject', { power: '13002' }],
    [403, 'ProjectExamine', '项目审批', '/projectexamine', { badge: '/project/examineCount?kind=project' }],
    [404, 'ProjectPlanExamine', '进度审批', '/projectplanexamine', { badge: '/project/examineCount?kind=task' }],
    // Not in the spec's menu: a task's principal reaches his tasks here (docs/decisions.md, Projects).
    [410, 'MyProjectTask', '我的任务', '/myProjectTask', { badge: '/project/myTaskCount' }],
    [405, 'ScheduleList', '排班表', '/schedule/list'],
    [406, 'ScheduleReport', '排班报表', '/schedule/report', { freeLock: 'reports' }],
    [407, 'ApprovalProcess', '审批处理', '/approvalProcess', { badge: '/approvalProcess/todoCount' }],
    [408, 'QuotationList', '报价单', '/quotationList', { badge: '/quotation/todoCount' }],
  ]),
  ...group(5, 'DatabaseOutlined', [
    [501, 'SpareType', '备件分类', '/spareType'],
    [502, 'SpareList', '备件列表', '/spareList'],
    [503, 'SpareStock', '备件库存', '/spareStock'],
    // Each list of stock documents counts its own documents awaiting approval (the to-do opens the list that holds them);
    // 备件申请 counts the spare-part applications only (docs/decisions.md, Spares).
    [504, 'SpareGet', '备件领用', '/spareGet', { freeLock: 'spareOps', badge: '/spare/data/personalApprovalList?docKinds=1' }],
    [505, 'SpareAllotted', '备件调拨', '/spareAllotted', { freeLock: 'spareOps', badge: '/spare/data/personalApprovalList?docKinds=2' }],
    [506, 'SpareMine', '我的备件', '/spareMine', { badge: '/spare/data/personalApprovalList?docKinds=8,9,10,11' }],
    [507, 'SpareWaste', '备件报废', '/spareWaste', { freeLock: 'spareOps', badge: '/spare/data/personalApprovalList?docKinds=4,12' }],
    [508, 'SpareDistributed', '备件分配', '/spareDistributed', { freeLock: 'spareOps', badge: '/spare/data/personalApprovalList?docKinds=3' }],
    [509, 'StockTaking', '库存盘点', '/stockTaking', { freeLock: 'spareOps', badge: '/spare/data/personalApprovalList?docKinds=5' }],
    [510, 'SpareLog', '备件日志', '/sparelog'],
    [511, 'SpareWarning', '库存预警', '/sparewarning', { badge: '/spare/warning/todoCount' }],
    [512, 'StockLog', '出入库记录', '/stockLog', { badge: '/spare/data/personalApprovalList?docKinds=6,7' }],
    [513, 'SparePartsSalesman', '备件申请', '/sparePartsSalesman', { badge: '/spare/data/personalApprovalList?state=1&model=1&audit_state=0&types=1,2' }],
    [514, 'OldPartReturn', '旧件返还', '/oldPartReturn', { badge: '/old/part/todoCount' }],
    [515, 'OutboundOrder', '出库单', '/outboundOrder'],
  ]),
  ...group(6, 'AccountBookOutlined', [
    [601, 'CostCheck', '费用审核', '/CostCheck', { badge: '/CostCheck/todoCount' }],
    [602, 'SettleAccountsList', '外包结算', '/settleAccounts/list', { badge: '/settleAccounts/todoCount' }],
    [603, 'ServiceGroupList', '平台结算', '/ServiceGroup/list'],
    [604, 'CommissionOrder', '奖惩管理', '/commissionOrder/list', { badge: '/rewards/todoCount' }],
    [605, 'TransportationFeeApproval', '费用审批', '/transportation/fee/approval', { badge: '/transportation/fee/approval/todoCount' }],
    [606, 'ServiceFeeStandard', '服务费标准', '/service/fee/standard'],
  ]),
  ...group(7, 'BarChartOutlined', [
    [701, 'StatusStatistics', '工单统计', '/report/statusStatistics', { power: 'chart_manage', freeLock: 'reports' }],
    [702, 'ExceedStatistics', '超时统计', '/report/exceedStatistics', { power: 'chart_manage', freeLock: 'reports' }],
    [703, 'OperateReport', '运营报表', '/operate/report', { power: 'chart_manage', freeLock: 'reports' }],
    // Not in the spec's menu: the quality analysis of complaints, for those who hold the reports (docs/quality.md).
    [705, 'QualityAnalysis', '质量分析', '/report/quality', { power: 'chart_manage', freeLock: 'reports' }],
    [704, 'Notice', '公告通知', '/notice', { freeLock: 'notice' }],
  ]),
  ...group(8, 'ToolOutlined', [
    [801, 'TemplateCenter', '工单设置', '/templateCenter'],
    [802, 'EventSet', '事件设置', '/eventSet'],
    [803, 'ProjectSet', '项目设置', '/projectSet'],
    [804, 'SlaManage', 'SLA管理', '/slaManage', { freeLock: 'sla' }],
    [805, 'OrganizationalStructure', '组织架构', '/organizationalStructure'],
    [806, 'ServiceGroup', '服务团队', '/serviceGroup', { quotaDisabled: true }],
    [807, 'OutsourceManagement', '外包管理', '/outsourceManagement', { quotaDisabled: true }],
    [808, 'OrderingRule', '派单规则', '/orderingRule', { quotaDisabled: true }],
    [809, 'PersonTag', '人员标签', '/tagsManage/personTag', { freeLock: 'tags', quotaDisabled: true }],
    [810, 'OrderTag', '工单标签', '/tagsManage/orderTag', { freeLock: 'tags', quotaDisabled: true }],
    [811, 'CustomerTag', '客户标签', '/tagsManage/customerTag', { freeLock: 'tags', quotaDisabled: true }],
    [812, 'DictionarySettings', '字典设置', '/dictionarySettings'],
    [813, 'ApprovalProcessSettings', '审批流程设置', '/approvalProcessSettings'],
    [814, 'FaultMode', '故障管理', '/fault/mode'],
    [815, 'ServiceProviderManagement', '服务商管理', '/service/provider/management'],
    [816, 'CustomForm', '字段自定义', '/customForm'],
    [817, 'ServiceItem', '服务项目', '/serviceItem'],
    [818, 'MoneySettings', '收费设置', '/moneySettings'],
    // Not in the spec's menu: the administrator's editors of role powers and custom menu entries (docs/permissions.md).
    [819, 'RolePower', '角色权限', '/rolePower', { freeLock: 'permission' }],
    [820, 'CustomMenu', '自定义菜单', '/customMenu'],
  ]),
];

/** Entries only the service-provider menu shows (the spec names them; the staff menu has no slot for them). */
export const PROVIDER_ONLY_ENTRIES: MenuEntry[] = group(4, 'AuditOutlined', [
  [409, 'ApprovalProcessList', '审批处理', '/approvalProcess', { badge: '/approvalProcess/todoCount' }],
]);

/** The group the service-provider side's entries are shown in. */
export const PROVIDER_GROUP: MenuGroup = { id: 10, routerName: 'providerGroup', name: '服务商', icon: 'ShopOutlined' };

/**
 * The service-provider side's menu, one flat group. AssignOrder and MyOrder are ours (docs/decisions.md):
 * an order given to a provider waits for the provider's own dispatcher, who assigns it from their /assignOrder page,
 * and the provider's engineer works it from 我的工单.
 */
export const PROVIDER_MENU_ROUTERS = [
  'AssignOrder',
  'MyOrder',
  'ServiceProviderManagement',
  'AllProduct',
  'SpareList',
  'FaultMode',
  'DictionarySettings',
  'ServiceFeeStandard',
  'OrderingRule',
  'CaseManagement',
  // Ours: a provider's engineers read the articles and cases shown to providers (docs/knowledge.md).
  'Knowledge',
  'ServiceOrder',
  'ApprovalProcessList',
  'CustomerComplaintList',
  'TransportationFeeApproval',
  'CostCheck',
  'SparePartsSalesman',
  'OldPartReturn',
  'OutboundOrder',
  'QuotationList',
  'ReturnVisitTask',
  'ExtendWarranty',
  'SettleAccountsList',
  'ServiceGroupList',
  'CommissionOrder',
  'ApprovalProcessSettings',
] as const;

/** A custom entry's router name: DIY|{parentId}|{id}. */
export const diyRouterName = (parentId: number, id: number): string => `DIY|${parentId}|${id}`;
export const parseDiyRouterName = (name: string): { parentId: number; id: number } | null => {
  const m = /^DIY\|(\d+)\|(\d+)$/.exec(name);
  return m ? { parentId: Number(m[1]), id: Number(m[2]) } : null;
};
