/**
 * 运营报表's catalogue (docs/reports.md): every standard report with its date axes, dimensions and measures.
 * Every report counts orders of the viewer's list scope; its date axis is a milestone of the order, so a figure's
 * orders are exactly what /allOrder shows on the figure's filters (the drill-down).
 */

/** Date axes: which milestone of the order the period applies to (the /allOrder time filters). */
export const REPORT_AXES = { created: '创建时间', completed: '完成时间', approved: '完成审核时间' } as const;
export type ReportAxis = keyof typeof REPORT_AXES;
/** The /allOrder filters each axis' period becomes. */
export const AXIS_FILTERS: Record<ReportAxis, [string, string]> = {
  created: ['startCreateTime', 'endCreateTime'],
  completed: ['startFinishTime', 'endFinishTime'],
  approved: ['startCompleteExamineTime', 'endCompleteExamineTime'],
};

/** Dimensions: what a report's rows are; `day` and `month` are the trend over the axis. */
export const REPORT_DIMENSIONS = {
  state: '工单状态',
  template: '工单类型',
  team: '服务团队',
  engineer: '服务人员',
  provider: '服务商',
  source: '工单来源',
  priority: '优先级',
  day: '日期',
  month: '月份',
} as const;
export type ReportDimension = keyof typeof REPORT_DIMENSIONS;

export type MeasureUnit = 'count' | 'percent' | 'money' | 'number';
export interface ReportMeasure {
  key: string;
  label: string;
  unit: MeasureUnit;
  /** The extra /allOrder filters of the orders this figure counts (present: the figure opens the list, whose total equals it). */
  drill?: Record<string, string>;
}
export interface ReportDef {
  id: string;
  name: string;
  description: string;
  axes: readonly ReportAxis[];
  dimensions: readonly ReportDimension[];
  measures: readonly ReportMeasure[];
}

const ALL_AXES: readonly ReportAxis[] = ['created', 'completed', 'approved'];
const DONE_AXES: readonly ReportAxis[] = ['completed', 'approved'];
const ORG_DIMS: readonly ReportDimension[] = ['template', 'team', 'engineer', 'provider', 'day', 'month'];

export const REPORTS = [
  {
    id: 'orderVolume',
    name: '工单量与状态',
    description: '期间内的工单数，按状态、类型、团队、人员、来源、优先级或日期分组',
    axes: ALL_AXES,
    dimensions: ['state', 'template', 'team', 'engineer', 'provider', 'source', 'priority', 'day', 'month'],
    measures: [
      { key: 'orders', label: '工单数', unit: 'count', drill: {} },
      { key: 'completed', label: '已完成', unit: 'count', drill: { states: '5' } },
      { key: 'cancelled', label: '已取消', unit: 'count', drill: { states: '6' } },
      { key: 'open', label: '未完成', unit: 'count', drill: { states: '0,1,2,3,4,7' } },
    ],
  },
  {
    id: 'slaAttainment',
    name: 'SLA达成率',
    description: '有SLA时钟的工单中未超时的比例',
    axes: ALL_AXES,
    dimensions: ['template', 'team', 'engineer', 'provider', 'priority', 'day', 'month'],
    measures: [
      { key: 'measured', label: 'SLA工单数', unit: 'count' },
      { key: 'met', label: '达成', unit: 'count' },
      { key: 'breached', label: '超时', unit: 'count' },
      { key: 'rate', label: '达成率', unit: 'percent' },
    ],
  },
  {
    id: 'firstFix',
    name: '一次修复率',
    description: '已完成工单中，同一设备在完成后30天内没有再报修的比例（无设备的工单计为一次修复）',
    axes: ALL_AXES,
    dimensions: ORG_DIMS,
    measures: [
      { key: 'completed', label: '已完成', unit: 'count', drill: { states: '5' } },
      { key: 'fixed', label: '一次修复', unit: 'count' },
      { key: 'repeat', label: '30天内返修', unit: 'count' },
      { key: 'rate', label: '一次修复率', unit: 'percent' },
    ],
  },
  {
    id: 'utilisation',
    name: '工程师利用率',
    description: '已完成工单的服务时长（开始服务到完成）与人员工单量',
    axes: DONE_AXES,
    dimensions: ['engineer', 'team', 'provider', 'day', 'month'],
    measures: [
      { key: 'completed', label: '完成工单', unit: 'count', drill: { states: '5' } },
      { key: 'hours', label: '服务工时（小时）', unit: 'number' },
      { key: 'avgHours', label: '平均工时（小时）', unit: 'number' },
    ],
  },
  {
    id: 'parts',
    name: '备件消耗与保内成本',
    description: '工单使用的备件数量，保内（不收费）备件成本与保外收费金额',
    axes: ALL_AXES,
    dimensions: ORG_DIMS,
    measures: [
      { key: 'orders', label: '用件工单', unit: 'count' },
      { key: 'quantity', label: '备件数量', unit: 'count' },
      { key: 'warrantyCost', label: '保内备件成本（元）', unit: 'money' },
      { key: 'charged', label: '保外收费（元）', unit: 'money' },
    ],
  },
  {
    id: 'visitPass',
    name: '回访通过率',
    description: '工单回访任务中已回访与通过的比例',
    axes: ALL_AXES,
    dimensions: ORG_DIMS,
    measures: [
      { key: 'tasks', label: '回访任务', unit: 'count' },
      { key: 'reached', label: '已回访', unit: 'count' },
      { key: 'passed', label: '通过', unit: 'count' },
      { key: 'rate', label: '通过率', unit: 'percent' },
    ],
  },
  {
    id: 'complaintRate',
    name: '投诉率',
    description: '已完成工单中被投诉的比例',
    axes: ALL_AXES,
    dimensions: ORG_DIMS,
    measures: [
      { key: 'completed', label: '已完成', unit: 'count', drill: { states: '5' } },
      { key: 'complained', label: '被投诉工单', unit: 'count' },
      { key: 'complaints', label: '投诉数', unit: 'count' },
      { key: 'rate', label: '投诉率', unit: 'percent' },
    ],
  },
  {
    id: 'providerFees',
    name: '服务商费用与罚款',
    description: '服务商工单的计价费用与结算单中的罚款',
    axes: ALL_AXES,
    dimensions: ['provider', 'template', 'engineer', 'day', 'month'],
    measures: [
      { key: 'orders', label: '计价工单', unit: 'count' },
      { key: 'fees', label: '服务费（元）', unit: 'money' },
      { key: 'penalties', label: '罚款（元）', unit: 'money' },
    ],
  },
] as const satisfies readonly ReportDef[];

export type ReportId = (typeof REPORTS)[number]['id'];
export const REPORT_IDS = REPORTS.map((r) => r.id) as [ReportId, ...ReportId[]];
export const reportDef = (id: string): ReportDef | undefined => REPORTS.find((r) => r.id === id);

/** Page-view point codes of our own, recorded through GET /operlog/point (page_points): one per report page. */
export const REPORT_POINTS = { statusStatistics: 'report.statusStatistics', operateReport: 'report.operate', directorHome: 'report.directorHome' } as const;
