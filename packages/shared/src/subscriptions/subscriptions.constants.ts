/** Subscription types: the two tabs of the header's subscription dialog. */
export const SUBSCRIBE_TYPES = { 1: '待办事项', 2: '统计事项' } as const;
export type SubscribeType = keyof typeof SUBSCRIBE_TYPES;

/** When each type's daily digest is sent, server time zone. */
export const DIGEST_TIMES: Record<SubscribeType, string> = { 1: '08:00', 2: '08:30' };

export interface SubscribeItem {
  type: SubscribeType;
  code: string;
  descri: string;
}

/** The notice items a user may switch on or off within a type (the spec's 'Subscription item'). */
export const SUBSCRIBE_ITEMS: SubscribeItem[] = [
  { type: 1, code: 'todo_acceptance', descri: '待受理工单' },
  { type: 1, code: 'todo_dispatch', descri: '待派单工单' },
  { type: 1, code: 'todo_service', descri: '我的待服务工单' },
  { type: 1, code: 'todo_examine', descri: '待我审批的工单' },
  { type: 1, code: 'todo_overdue', descri: '超时未完成工单' },
  { type: 1, code: 'todo_event', descri: '待我处理的事件' },
  { type: 1, code: 'todo_spare_warning', descri: '低于安全库存的备件' },
  { type: 2, code: 'stat_order_created', descri: '昨日新建工单数' },
  { type: 2, code: 'stat_order_finished', descri: '昨日完成工单数' },
  { type: 2, code: 'stat_order_overdue', descri: '昨日超时工单数' },
  { type: 2, code: 'stat_event_created', descri: '昨日新建事件数' },
  { type: 2, code: 'stat_evaluation', descri: '昨日客户评价数' },
  { type: 2, code: 'stat_return_visit', descri: '昨日回访' },
];

export const subscribeItem = (code: string): SubscribeItem | undefined => SUBSCRIBE_ITEMS.find((i) => i.code === code);

/** Notice categories: 1 personal notifications (digests, reminders), 2 enterprise announcements. */
export const NOTICE_CATEGORIES = { 1: '个人通知', 2: '企业公告' } as const;
export type NoticeCategory = keyof typeof NOTICE_CATEGORIES;
