/**
 * SLA overdue types 1–11 (the spec names the numbers only; meanings are ours, docs/decisions.md).
 * A clock starts when the order is created in, or moves into, one of `runs` (or on `startActions`),
 * and is met when it reaches one of `met` (or on `metActions`). Cancelling stops every clock.
 */
export interface SlaTypeDef {
  id: number;
  name: string;
  runs: readonly number[];
  met: readonly number[];
  startActions?: readonly string[];
  /** startActions count only when the order lands in this state (approve also decides creation approvals). */
  startTo?: number;
  metActions?: readonly string[];
}

export const SLA_TYPES: readonly SlaTypeDef[] = [
  { id: 1, name: '受理超时', runs: [0], met: [1, 2, 3, 4, 5] },
  { id: 2, name: '派单超时', runs: [0, 1], met: [2, 3, 4, 5] },
  { id: 3, name: '接单超时', runs: [2], met: [3, 4, 5] },
  { id: 4, name: '预约超时', runs: [3], met: [4, 5], metActions: ['keepDate', 'workerBespokeDate'] },
  { id: 5, name: '上门超时', runs: [0, 1, 2, 3], met: [4, 5] },
  { id: 6, name: '完工超时', runs: [0, 1, 2, 3, 4, 7], met: [5] },
  { id: 7, name: '审核超时', runs: [7], met: [0, 1, 4, 5] },
  { id: 8, name: '服务时长超时', runs: [4], met: [5, 7] },
  { id: 9, name: '回执超时', runs: [], met: [], startActions: ['serviceComplete', 'approve'], startTo: 5, metActions: ['receipt'] },
  { id: 10, name: '收款超时', runs: [], met: [], startActions: ['serviceComplete', 'approve'], startTo: 5, metActions: ['collect'] },
  { id: 11, name: '异常处理超时', runs: [], met: [], startActions: ['applyAbnormalOrder'], metActions: ['handleAbnormal', 'rejectAbnormal'] },
];
export const SLA_TYPE_IDS = SLA_TYPES.map((t) => t.id);
export const slaTypeName = (id: number): string => SLA_TYPES.find((t) => t.id === id)?.name ?? `类型${id}`;

/** Time units: 1 minute, 2 hour, 3 day (a day is 24 hours of calendar time, or 24 working hours). */
export const SLA_UNITS = [
  { id: 1, name: '分钟', ms: 60_000 },
  { id: 2, name: '小时', ms: 3_600_000 },
  { id: 3, name: '天', ms: 86_400_000 },
] as const;
export const unitMs = (unit: number): number => SLA_UNITS.find((u) => u.id === unit)?.ms ?? 60_000;

/** Where clocks pause: an order state 0–7, or 8 while an exception request (waiting for parts or the customer) is pending. */
export const SLA_PAUSE_ABNORMAL = 8;
export const SLA_PAUSE_OPTIONS = [
  { id: 0, name: '待受理' },
  { id: 1, name: '待派单' },
  { id: 2, name: '待接单' },
  { id: 3, name: '待服务' },
  { id: 4, name: '服务中' },
  { id: 7, name: '待审核' },
  { id: SLA_PAUSE_ABNORMAL, name: '异常申请待处理（等配件、等客户）' },
] as const;

/** Who a step of the escalation ladder notifies: person type 2 the order's dispatcher (else every dispatcher), role 10 the directors. */
export const SLA_ESCALATE_TO = [
  { id: 'dispatcher', name: '派单员' },
  { id: 'director', name: '管理总监' },
  { id: 'service', name: '服务人员' },
] as const;
export type SlaEscalateTo = (typeof SLA_ESCALATE_TO)[number]['id'];

/** Report groupings of /report/exceedStatistics. */
export const EXCEED_GROUPS = [
  { id: 'type', name: '超时类型' },
  { id: 'template', name: '工单类型' },
  { id: 'group', name: '服务团队' },
  { id: 'engineer', name: '服务人员' },
] as const;

export const SLA_MARK_LABELS = { ok: '正常', atRisk: '即将超时', overdue: '已超时' } as const;
