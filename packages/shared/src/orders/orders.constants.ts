import { ORDER_STATES, PRIORITY_LABELS, SERVICE_LEVELS } from '../common/labels';

/** Order states: the table lives in common/labels (shared with the other areas). */
export { ORDER_STATES, SERVICE_LEVELS };
export type OrderState = keyof typeof ORDER_STATES;
export const ORDER_STATE_LIST = Object.keys(ORDER_STATES).map(Number) as OrderState[];
/** A state-0 order marked invalid shows this instead of 待受理. */
export const ORDER_INVALID_LABEL = '无效工单';

/** The AllOrder list's state tabs: 0 unapproved, 1 in progress, 2 completed, -1 all. */
export const ORDER_LIST_TABS = { 0: '未审核', 1: '进行中', 2: '已完成', [-1]: '全部' } as const;

/** Approval kinds (examineType) and results (examineResult). */
export const EXAMINE_TYPES = { 1: '创建审核', 2: '完成审核', 3: '回执审核', 4: '收款审核' } as const;
export type ExamineType = 1 | 2 | 3 | 4;
export const EXAMINE_RESULTS = { 0: '待审核', 1: '审核通过', 2: '审核驳回' } as const;

/** Urgency / priority 1–3: the shared table. */
export const ORDER_PRIORITIES = PRIORITY_LABELS;

/** Stage names 1–9, for the timeline and the hook points. */
export const ORDER_STAGES = { 1: '受理', 2: '派单', 3: '接单', 4: '预约', 5: '服务', 6: '回执', 7: '收款', 8: '异常申请', 9: '回访' } as const;

/** Person types on an order, stored in order_people.part. */
export const ORDER_PERSON_TYPES = { 0: '销售人员', 1: '受理人员', 2: '派单人员', 3: '服务人员', 4: '协作人员', 5: '回访客服' } as const;

/** The kinds of change an engineer may request (applyAbnormalOrder). */
export const ABNORMAL_KINDS = { 1: '改约', 2: '转派', 3: '取消' } as const;
export type AbnormalKind = 1 | 2 | 3;

/** Payment methods 1–5. */
export const PAYMENT_METHODS = { 1: '线下支付', 2: '支付宝', 3: '微信', 4: '银联', 5: '签单' } as const;

/** Archive (placeState). */
export const PLACE_STATES = { 0: '未归档', 1: '已归档' } as const;

/** Parts of order_people (the people an order may have several of): collaborators (spec type 4) and copied-to users. */
export const ORDER_PEOPLE_PARTS = { collaborator: 4, copied: 6 } as const;
