/**
 * Automation and timers (the spec gives the numbers; meanings of the timed triggers and overdue conditions are ours,
 * docs/decisions.md). Pure data and functions: the server and the web read the same tables.
 */

/** Automation trigger points 0–7. */
export const TRIGGER_POINTS = {
  0: '创建后',
  1: '派单后',
  2: '接单后',
  3: '完成后',
  4: '创建审批申请后',
  5: '完工审批申请后',
  6: '回执后',
  7: '收款后',
} as const;
export type TriggerPoint = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const TRIGGER_POINT_IDS = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/** Which trigger point an order action reaches (creation is 0, or 4 when it waits for a creation approval). */
export function triggerOfAction(action: string, from: number, to: number): TriggerPoint | null {
  if (action === 'dispatch') return 1;
  if (action === 'accept' || action === 'grab') return 2;
  if (to === 5 && from !== 5) return 3;
  if (action === 'applyEndService') return 5;
  if (action === 'receipt') return 6;
  if (action === 'collect') return 7;
  return null;
}

/** Timed-event triggers 0–13: the order's moment the timer counts from, and the column that holds it. */
export const TIMED_TRIGGERS = {
  0: { name: '工单创建时间', column: 'created_at' },
  1: { name: '受理时间', column: 'accepted_at' },
  2: { name: '派单时间', column: 'dispatched_at' },
  3: { name: '接单时间', column: 'taken_at' },
  4: { name: '预约时间', column: 'appointment_at' },
  5: { name: '开始服务时间', column: 'started_at' },
  6: { name: '完成服务时间', column: 'finished_at' },
  7: { name: '创建审批时间', column: 'create_examined_at' },
  8: { name: '完工审批时间', column: 'complete_examined_at' },
  9: { name: '回执时间', column: 'receipted_at' },
  10: { name: '回执审批时间', column: 'receipt_examined_at' },
  11: { name: '收款时间', column: 'paid_at' },
  12: { name: '收款审批时间', column: 'collection_examined_at' },
  13: { name: '客户评价时间', column: 'evaluated_at' },
} as const;
export type TimedTrigger = keyof typeof TIMED_TRIGGERS;
export const TIMED_TRIGGER_IDS = Object.keys(TIMED_TRIGGERS).map(Number) as TimedTrigger[];

type Row = Record<string, unknown>;
const st = (r: Row) => Number(r.state);
/** An order still being worked on: not completed, cancelled, invalid or in the recycle bin. */
const open = (r: Row) => [0, 1, 2, 3, 4, 7].includes(st(r)) && r.invalid !== true && r.deleted_at == null;
/** Not cancelled, not invalid, not deleted (a completed order may still lack its receipt or payment). */
const alive = (r: Row) => st(r) !== 6 && r.invalid !== true && r.deleted_at == null;

/**
 * Overdue conditions 0–9 ("if not Y"): `still` is true while the order has not done Y, so the timer fires;
 * once false (the order moved on), the timer is cancelled.
 */
export const OVERDUE_CONDITIONS: Record<number, { name: string; still: (r: Row) => boolean }> = {
  0: { name: '未受理', still: (r) => open(r) && st(r) === 0 },
  1: { name: '未派单', still: (r) => open(r) && [0, 1].includes(st(r)) },
  2: { name: '未接单', still: (r) => open(r) && [0, 1, 2].includes(st(r)) },
  3: { name: '未预约', still: (r) => open(r) && r.appointment_at == null },
  4: { name: '未开始服务', still: (r) => open(r) && [0, 1, 2, 3].includes(st(r)) },
  5: { name: '未完成', still: (r) => open(r) },
  6: { name: '未审批', still: (r) => alive(r) && Number(r.examine_result) === 0 && r.examine_type != null },
  7: { name: '未回执', still: (r) => alive(r) && r.receipted_at == null },
  8: { name: '未收款', still: (r) => alive(r) && r.paid_at == null },
  9: { name: '未评价', still: (r) => alive(r) && r.evaluated_at == null },
};
export const OVERDUE_CONDITION_IDS = Object.keys(OVERDUE_CONDITIONS).map(Number);

/** Time units of a timed event (minute/hour/day). */
export const TIME_UNITS = { 1: { name: '分钟', minutes: 1 }, 2: { name: '小时', minutes: 60 }, 3: { name: '天', minutes: 1440 } } as const;
export type TimeUnit = keyof typeof TIME_UNITS;
export const delayMinutes = (amount: number, unit: TimeUnit): number => amount * TIME_UNITS[unit].minutes;

/** Person types on an order and the order column that names each. */
export const PERSON_TYPES = {
  0: { name: '销售人员', column: 'salesperson_id' },
  1: { name: '受理人员', column: 'acceptor_id' },
  2: { name: '派单人员', column: 'dispatcher_id' },
  3: { name: '服务人员', column: 'service_user_id' },
  4: { name: '协作人员', column: null },
  5: { name: '回访客服', column: 'return_visitor_id' },
} as const;
export type PersonType = keyof typeof PERSON_TYPES;

/** Notification channels: in-app notice, SMS, enterprise-messaging robot. */
export const CHANNELS = { notice: '站内通知', sms: '短信', robot: '群机器人' } as const;
export type Channel = keyof typeof CHANNELS;
export const CHANNEL_KEYS = Object.keys(CHANNELS) as Channel[];

/** Robot formats: DingTalk and WeCom custom robots. */
export const ROBOT_TYPES = { 1: '钉钉群机器人', 2: '企业微信群机器人' } as const;
export type RobotType = keyof typeof ROBOT_TYPES;

/** Notification events: the eight trigger points, a timed event firing, an SLA warning. */
export const NOTIFY_EVENTS: Record<number, string> = { ...TRIGGER_POINTS, 8: '定时事件', 9: 'SLA预警' };
export const NOTIFY_EVENT_IDS = Object.keys(NOTIFY_EVENTS).map(Number);

/** Rule actions. */
export const ACTION_TYPES = {
  notify: '通知',
  copy: '抄送',
  assign: '指派',
  pool: '放入工单池',
  tag: '设置标签',
  visit: '创建回访任务',
  webhook: '调用Webhook',
} as const;
export type ActionType = keyof typeof ACTION_TYPES;
