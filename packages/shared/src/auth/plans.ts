/** Plans: isChargeUser 0 free, 1 VIP, 2 trial. */
export const PLANS = { 0: '免费版', 1: 'VIP版', 2: '试用版' } as const;
export type PlanId = keyof typeof PLANS;
export const FREE = 0;
export const VIP = 1;
export const TRIAL = 2;

/** Every feature the free plan refuses, with the name the notice shows. */
export const FREE_LOCKED_FEATURES = {
  templateView: '模板视图',
  recycleBin: '回收站',
  permission: '权限管理',
  orderTimeout: '工单超时',
  orderHighSeas: '工单公海',
  myOrder: '我的工单',
  examineOrder: '待我审批',
  contactManage: '联系人管理',
  addressManage: '地址管理',
  productManage: '产品管理',
  cyclePlan: '周期计划',
  homeAccount: '客户门户账号',
  notice: '公告通知',
  tags: '标签',
  spareOps: '备件操作',
  reports: '报表',
  sla: 'SLA',
  autoCopy: '自动抄送',
  sortChange: '修改排序',
  statusSetting: '状态设置',
} as const;
export type FreeFeature = keyof typeof FREE_LOCKED_FEATURES;

export const DEFAULT_HOTLINE = '400-800-6688';

/** The spec's notice: 'free version {feature}, recommend upgrading to VIP, hotline {phone}'. */
export const freeNotice = (feature: FreeFeature, phone: string = DEFAULT_HOTLINE): string =>
  `免费版不支持${FREE_LOCKED_FEATURES[feature]}，建议升级为VIP版本，咨询热线：${phone}`;

export const isPaid = (plan: number): boolean => plan === VIP || plan === TRIAL;

/** A paid (or trial) plan whose service end has passed is overdue. */
export const isOverdue = (plan: number, expireTime: string | Date | null | undefined, now = new Date()): boolean =>
  isPaid(plan) && !!expireTime && new Date(expireTime).getTime() < now.getTime();

/** Sales channels: three fixed channels, filtered by the user's sale_channels. */
export const SALE_CHANNELS = [
  { id: 1, name: '线下渠道' },
  { id: 2, name: '电商渠道' },
  { id: 3, name: '经销商渠道' },
] as const;

export const INDUSTRIES = {
  manufacturing: '制造业',
  service: '服务业',
  property: '物业',
  homeImprovement: '家装',
  machinery: '机械工程',
} as const;
export type Industry = keyof typeof INDUSTRIES;
