// The help centre's articles: one per main area, plus common questions. Plain data so search stays simple.

export interface HelpArticle {
  id: string;
  category: string;
  title: string;
  /** Paragraphs; a line starting with a digit and '.' reads as a step. */
  body: string[];
  /** Pages the article talks about. */
  links?: { path: string; name: string }[];
  /** Extra words people search with. */
  keywords?: string;
}

export const HELP_CATEGORIES = ['快速入门', '工单与事件', '客户与项目', '备件与财务', '组织与权限', '系统设置', '常见问题'] as const;

export const HELP_ARTICLES: HelpArticle[] = [
  {
    id: 'start',
    category: '快速入门',
    title: '第一次使用服务管家',
    body: [
      '服务管家帮助企业管理售后与现场服务：从客户报修、受理、派单、上门服务到完工、审核、回访和结算，全程留痕。',
      '1. 管理员先在“组织架构”中建立部门、添加人员并分配角色。',
      '2. 在“工单设置”中选择或调整工单模板与流程，在“字典设置”中维护服务类型等基础数据。',
      '3. 客服在“新建工单”或“服务台”登记客户需求，派单员在“待派单工单”中派给服务人员。',
      '4. 服务人员在“我的工单”中接单、预约、开始服务并完工，管理者在报表中查看进展。',
    ],
    links: [
      { path: '/organizationalStructure', name: '组织架构' },
      { path: '/templateCenter', name: '工单设置' },
      { path: '/personIndex', name: '功能导航' },
    ],
    keywords: '入门 开始 新手 上手',
  },
  {
    id: 'layout',
    category: '快速入门',
    title: '页面布局、页签与功能导航',
    body: [
      '顶部菜单按工单、客户、会话、办公、库存、财务、运营、设置分组；每打开一个页面都会在页签栏新增或替换一个页签，首页页签始终保留。',
      '在页签上点击右键，或使用页签栏右侧的操作按钮，可关闭当前、其他、左侧、右侧或全部页签。',
      '“功能导航”列出当前角色可用的全部功能；带锁的功能在免费版中不可用，灰色的功能因人数超出套餐而被禁用。',
    ],
    links: [
      { path: '/personIndex', name: '功能导航' },
      { path: '/navigation', name: '探索' },
    ],
    keywords: '菜单 页签 标签页 导航 锁',
  },
  {
    id: 'role',
    category: '快速入门',
    title: '切换角色与个人资料',
    body: ['一位人员可以拥有多个角色。点击右上角头像选择“切换角色”，切换后菜单和权限随角色变化。', '在“个人资料”中可以修改姓名、头像、邮箱和登录密码。'],
    links: [{ path: '/userDetail', name: '个人资料' }],
    keywords: '角色 头像 密码 资料',
  },
  {
    id: 'order-flow',
    category: '工单与事件',
    title: '工单的完整流程',
    body: [
      '工单状态依次为：待受理、待派单、待接单、待服务、服务中、已完成；取消的工单为已取消，需审核的工单为待审核。',
      '1. 受理：客服核对客户信息后受理工单（渠道工单先进入“待受理工单”）。',
      '2. 派单：派单员把工单派给服务人员或服务团队；开启工单公海后，服务人员也可以抢单。',
      '3. 接单与预约：服务人员接单并与客户预约上门时间。',
      '4. 服务与完工：到场后开始服务，完成后填写服务内容、费用并请客户签名确认。',
      '5. 审核、回访与归档：完工工单经审核后进入回访，最后归档。',
    ],
    links: [
      { path: '/allOrder', name: '全部工单' },
      { path: '/createOrder', name: '新建工单' },
      { path: '/assignOrder', name: '待派单工单' },
    ],
    keywords: '派单 接单 预约 完工 审核 归档 状态',
  },
  {
    id: 'order-list',
    category: '工单与事件',
    title: '列表的搜索、筛选、排序、列设置与导出',
    body: [
      '所有列表都支持：关键字搜索、“筛选”面板（点击“查找”生效，“重置”恢复）、按创建时间排序（免费版不支持修改排序）、“列设置”选择显示的列（每个页面单独保存，全部取消时恢复默认的九列）。',
      '点击“导出”可选择导出当前页或选中的行，导出任务在后台生成，完成后在页面右上角的下载中心下载。',
      '批量删除需先勾选要删除的行，确认后删除。',
    ],
    keywords: '搜索 筛选 排序 列 导出 下载 批量删除',
  },
  {
    id: 'event',
    category: '工单与事件',
    title: '事件与服务台',
    body: [
      '客户来电、来访或在线咨询可以登记为事件。事件状态为：待分配、待处理、处理中、升级处理、已暂停、已完成、已关闭。',
      '服务台汇总客户的事件与工单，便于客服快速了解客户历史；“待认领事件”中的事件可由处理人认领。',
    ],
    links: [
      { path: '/serviceCounter', name: '服务台' },
      { path: '/newEvent', name: '新建事件' },
      { path: '/Myevent', name: '我的事件' },
    ],
    keywords: '事件 服务台 认领 升级',
  },
  {
    id: 'customer',
    category: '客户与项目',
    title: '客户、联系人、地址与产品档案',
    body: [
      '“全部客户”管理客户资料；一个客户可以有多个联系人、服务地址和已安装的产品。',
      '产品档案记录序列号、安装时间和保修期，保修到期前会提醒；周期计划可按周期自动生成保养工单。',
    ],
    links: [
      { path: '/allCustomer', name: '全部客户' },
      { path: '/productManage', name: '产品档案' },
      { path: '/cyclePlan', name: '周期计划' },
    ],
    keywords: '客户 联系人 地址 产品 保修 周期',
  },
  {
    id: 'project',
    category: '客户与项目',
    title: '服务项目',
    body: [
      '较大的服务（如整体改造、批量安装）可以建为项目，按模板拆成任务并分配负责人，项目进度随任务完成而更新。',
      '项目状态：未审核、进行中、已完成。新建项目需要相应权限。',
    ],
    links: [
      { path: '/allProject', name: '项目管理' },
      { path: '/projectSet', name: '项目设置' },
    ],
    keywords: '项目 任务 进度',
  },
  {
    id: 'spare',
    category: '备件与财务',
    title: '备件与库存',
    body: [
      '仓库管理员维护备件分类与备件列表，服务人员领用备件后在工单中消耗；调拨、报废、盘点和旧件返还都会记录在出入库记录中。',
      '库存低于预警值时会提醒仓库管理员（可在系统设置中关闭）。',
    ],
    links: [
      { path: '/spareList', name: '备件列表' },
      { path: '/spareStock', name: '备件库存' },
      { path: '/stockLog', name: '出入库记录' },
    ],
    keywords: '备件 库存 领用 调拨 盘点 旧件',
  },
  {
    id: 'finance',
    category: '备件与财务',
    title: '结算与费用',
    body: ['财务人员在“费用审核”中核对工单费用，在“外包结算”“平台结算”中与服务商结算，“奖惩管理”记录奖励与处罚。'],
    links: [
      { path: '/CostCheck', name: '费用审核' },
      { path: '/settleAccounts/list', name: '外包结算' },
    ],
    keywords: '结算 费用 财务 奖惩',
  },
  {
    id: 'org',
    category: '组织与权限',
    title: '组织架构：部门与人员',
    body: [
      '左侧是部门树：点击部门右侧的“⋯”可新增子部门、重命名、移动或删除。部门下还有子部门或人员时不能删除。',
      '右侧是所选部门（含下级部门）的人员：可按姓名或手机号搜索，按角色、状态筛选；新增或编辑人员时可多选角色并设置是否为管理员。',
      '停用的人员不能登录；删除人员前建议先做“工作交接”，把其负责的工作转给其他人员。',
      '人员列表可以导出，导出文件在右上角的下载中心下载。',
    ],
    links: [{ path: '/organizationalStructure', name: '组织架构' }],
    keywords: '部门 人员 员工 账号 停用 交接 导出',
  },
  {
    id: 'roles',
    category: '组织与权限',
    title: '十种角色能做什么',
    body: [
      '派单员：管理和派发工单。服务人员：处理自己的工单。系统管理员：拥有全部权限。普通员工：发起和评价内部工单。销售人员：为客户创建工单。',
      '受理客服：受理渠道工单。回访客服：按计划回访。财务人员：对账与结算。仓库管理员：管理备件与审批。管理总监：查看工单与运营数据。',
    ],
    links: [{ path: '/organizationalStructure', name: '组织架构' }],
    keywords: '角色 权限 管理员 派单员 服务人员',
  },
  {
    id: 'seats',
    category: '组织与权限',
    title: '套餐人数超出怎么办',
    body: [
      '启用的内部人员数超过套餐购买人数时，部分功能会被禁用，页面会提示“用户数超出套餐”。',
      '请在组织架构中停用或删除不再使用的人员，或联系客服增购人数。外包人员不占用套餐人数。',
    ],
    links: [{ path: '/organizationalStructure', name: '组织架构' }],
    keywords: '人数 套餐 超出 禁用 名额',
  },
  {
    id: 'teams',
    category: '组织与权限',
    title: '服务团队与外包服务商',
    body: [
      '服务团队把服务人员分组，并指定负责人；派单时可以按团队查找服务人员。',
      '外包管理维护合作的服务商（外包服务商、授权服务商、授权服务平台）及其外包人员；停用服务商会同时停用其外包人员。',
    ],
    links: [
      { path: '/serviceGroup', name: '服务团队' },
      { path: '/outsourceManagement', name: '外包管理' },
      { path: '/outsourceUser', name: '外包人员' },
    ],
    keywords: '团队 外包 服务商 网点',
  },
  {
    id: 'settings',
    category: '系统设置',
    title: '系统设置与恢复默认',
    body: [
      '系统设置按工单、回访、事件、客户、备件、界面、地图分组。修改后点击“保存”生效；“恢复本组默认”或“恢复默认”可把设置恢复为系统默认值。',
      '部分设置（如SLA、自动抄送、工单公海、工单超时）在免费版中不能开启。',
    ],
    links: [
      { path: '/systemSetting', name: '系统设置' },
      { path: '/orderingRule', name: '派单规则' },
    ],
    keywords: '设置 默认 恢复 帮助提示',
  },
  {
    id: 'dict',
    category: '系统设置',
    title: '字典设置',
    body: [
      '字典是各处下拉选项的来源，如物流公司、服务类型、投诉等级、结算系数等。左侧选择字典类型，右侧维护字典项：新增、编辑、停用、删除，并可上移、下移调整顺序。',
      '停用的字典项不再出现在下拉选项中，但历史数据保留。销售渠道为系统内置字典，只能改名、排序和停用。',
    ],
    links: [{ path: '/dictionarySettings', name: '字典设置' }],
    keywords: '字典 下拉 选项 物流公司 服务类型',
  },
  {
    id: 'tags',
    category: '系统设置',
    title: '标签管理',
    body: [
      '人员标签是人员的工作状态（空闲、忙碌等），每位人员在右上角选择自己的状态；工单标签和客户标签用于分类标记与筛选。',
      '每个标签有名称和颜色。标签功能在免费版中不可用。',
    ],
    links: [
      { path: '/tagsManage/personTag', name: '人员标签' },
      { path: '/tagsManage/orderTag', name: '工单标签' },
      { path: '/tagsManage/customerTag', name: '客户标签' },
    ],
    keywords: '标签 状态 颜色',
  },
  {
    id: 'faq-download',
    category: '常见问题',
    title: '导出的文件在哪里下载？',
    body: ['点击页面右上角的下载图标打开下载中心。生成中的文件显示进度，完成后可下载，不需要的文件可以删除。'],
    keywords: '下载 导出 文件 下载中心',
  },
  {
    id: 'faq-lock',
    category: '常见问题',
    title: '为什么有些菜单带锁或是灰色的？',
    body: [
      '带锁的功能在免费版中不可用，点击可查看升级说明；升级为VIP版本后即可使用。',
      '灰色的功能是因为企业启用人数超过了套餐人数，请管理员在组织架构中调整人员。',
    ],
    keywords: '锁 免费版 升级 灰色 禁用',
  },
  {
    id: 'faq-cache',
    category: '常见问题',
    title: '页面显示异常怎么办？',
    body: ['先在右上角头像菜单中选择“清除缓存”，再刷新页面；如果仍有问题，请联系客服。'],
    keywords: '异常 缓存 刷新 白屏',
  },
  {
    id: 'faq-password',
    category: '常见问题',
    title: '忘记密码怎么办？',
    body: ['在登录页点击“忘记密码”，用手机验证码重新设置密码；也可以直接用验证码登录后在“个人资料”中修改密码。'],
    links: [{ path: '/userDetail', name: '个人资料' }],
    keywords: '密码 忘记 验证码 登录',
  },
];

/** Articles matching every word of the query (title, text and keywords), in their order. */
export function searchArticles(query: string, articles: HelpArticle[] = HELP_ARTICLES): HelpArticle[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return articles;
  return articles.filter((a) => {
    const text = [a.title, a.category, a.keywords ?? '', ...a.body].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
