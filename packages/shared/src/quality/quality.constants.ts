/** Fault modes (/fault/mode): a tree per product category, three levels. */
export const FAULT_LEVELS = { 1: '故障现象', 2: '故障原因', 3: '处理措施' } as const;
export type FaultLevel = keyof typeof FAULT_LEVELS;
/** The tree of orders whose product has no category. */
export const GENERAL_CATEGORY = '';
export const GENERAL_CATEGORY_NAME = '通用';

/** Complaint states (docs/quality.md). */
export const COMPLAINT_STATES = { 1: '新建', 2: '已受理', 3: '调查中', 4: '已解决', 5: '已关闭' } as const;
export const COMPLAINT_STATE_COLORS = { 1: 'orange', 2: 'blue', 3: 'purple', 4: 'green', 5: 'default' } as const;
/** Where a complaint came from. */
export const COMPLAINT_SOURCES = { 1: '工单', 2: '事件', 3: '回访不通过', 4: '手工录入' } as const;
export const COMPLAINT_ACTION_NAMES = {
  create: '创建投诉',
  accept: '受理',
  investigate: '开始调查',
  resolve: '解决',
  close: '关闭',
  reopen: '重新打开',
  edit: '编辑',
} as const;

/** Dictionaries a complaint draws on (codes of DICT_TYPES). */
export const COMPLAINT_DICTS = {
  level: 'complaint_level',
  responsibility: 'responsibility_reason',
  analysisUnit: 'analysis_unit',
  salesUnit: 'sales_unit',
  placeOfUse: 'place_of_use',
} as const;

/**
 * Response and resolution targets (minutes) of a complaint level an enterprise has not set: the built-in levels by
 * name, any other level as 一般投诉.
 */
export const DEFAULT_LEVEL_TARGETS: Record<string, { responseMinutes: number; resolveMinutes: number }> = {
  一般投诉: { responseMinutes: 24 * 60, resolveMinutes: 7 * 24 * 60 },
  重要投诉: { responseMinutes: 4 * 60, resolveMinutes: 3 * 24 * 60 },
  重大投诉: { responseMinutes: 60, resolveMinutes: 24 * 60 },
};
export const levelTargetsOf = (level: string) =>
  DEFAULT_LEVEL_TARGETS[level] ?? (DEFAULT_LEVEL_TARGETS.一般投诉 as { responseMinutes: number; resolveMinutes: number });

/** The quality report's groupings. */
export const QUALITY_REPORT_BY = {
  productModel: '产品型号',
  faultMode: '故障模式',
  placeOfUse: '使用场所',
  salesUnit: '销售单位',
  responsibility: '责任原因',
} as const;
export type QualityReportBy = keyof typeof QUALITY_REPORT_BY;
