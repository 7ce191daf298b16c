import { EVENT_STATES, PRIORITY_LABELS } from '../common/labels';

/** Event display states: the table lives in common/labels. */
export { EVENT_STATES };
export type EventState = keyof typeof EVENT_STATES;
export const EVENT_STATE_LIST = Object.keys(EVENT_STATES).map(Number) as EventState[];

/** process_state: 0 not started, 1 handling, 2 completed. */
export const EVENT_PROCESS = { waiting: 0, handling: 1, done: 2 } as const;
export type EventProcess = 0 | 1 | 2;

/** The state tabs of my events (/Myevent): all, then each state (待分配 holds the ones I recorded that nobody took yet). */
export const EVENT_TABS = { 0: '全部', 1: '待分配', 2: '待处理', 3: '处理中', 4: '升级处理', 5: '已暂停', 6: '已完成', 7: '已关闭' } as const;

/** Urgency 1–3: the same shared table as orders. */
export const EVENT_PRIORITIES = PRIORITY_LABELS;

/** Event tags are tags of code 6; tag links use obj_type 6 (basic-info type event). */
export const EVENT_TAG_CODE = 6 as const;
export const EVENT_OBJ_TYPE = 6 as const;

/** Association types: 1 event, 2 order, 5 none, 6 form. */
export const ASSOCIATION_TYPES = { 1: '事件', 2: '工单', 5: '无', 6: '表单' } as const;

/** Flow message kinds: an action of the machine (written with the change) or a conversation entry (IM types). */
export const EVENT_MESSAGE_KINDS = [
  'action',
  'text',
  'image',
  'voice',
  'video',
  'file',
  'link',
  'miniprogram',
  'msgmenu',
  'location',
  'business_card',
] as const;
export type EventMessageKind = (typeof EVENT_MESSAGE_KINDS)[number];

/** Event SLA overdue types 1–5 (only numbered where the rules come from; docs/decisions.md defines them). */
export const EVENT_OVERDUE_TYPES = { 1: '分配超时', 2: '响应超时', 3: '处理超时', 4: '暂停超时', 5: '完成超时' } as const;

/** Action names as the flow and the buttons show them. */
export const EVENT_ACTION_LABELS = {
  assign: '分配',
  claim: '认领',
  start: '开始处理',
  escalate: '升级',
  pause: '暂停',
  resume: '恢复',
  complete: '完成',
  close: '关闭',
  reopen: '重新打开',
  create: '创建事件',
  toOrder: '转工单',
  delete: '删除',
} as const;
