/** Return visits: states, types, dimensions and the dictionaries they read. */

/** Return-visit states. */
export const RETURN_VISIT_STATES = { 1: '待回访', 2: '回访不通过', 3: '回访通过', 4: '下次回访', 5: '通过未评价' } as const;
export type VisitState = 1 | 2 | 3 | 4 | 5;
export const RETURN_VISIT_STATE_LIST = [1, 2, 3, 4, 5] as const;
export const RETURN_VISIT_STATE_COLORS: Record<VisitState, string> = { 1: '#fa8c16', 2: '#f5222d', 3: '#52c41a', 4: '#1677ff', 5: '#13c2c2' };
/** The states a visitor still has to act on (the menu badge getAllVisitCount). */
export const VISIT_OPEN_STATES = [1, 4] as const;

/**
 * Return-visit types: order 1, event 6, repair-sent 53, service order 201. This edition builds order, event
 * and repair-sent visits; service orders have no records yet, so a plan refuses them (docs/decisions.md).
 */
export const VISIT_TYPES = { 1: '工单回访', 6: '事件回访', 53: '寄修回访', 201: '服务单回访' } as const;
export type VisitType = 1 | 6 | 53 | 201;
export const BUILT_VISIT_TYPES = [1, 6, 53] as const;
/** The form kind of the templates a plan of each built type covers (order types, event templates; a repair-sent plan covers every repair-sent order). */
export const VISIT_TYPE_FORM_KIND: Record<(typeof BUILT_VISIT_TYPES)[number], 1 | 6 | null> = { 1: 1, 6: 6, 53: null };
/** The refusal of a type without records yet. */
export const VISIT_TYPE_NOT_BUILT = '回访类型：服务单回访暂未开放，请选择工单回访、事件回访或寄修回访';

/** Evaluation dimensions 0–3, each scored 1–5. */
export const VISIT_DIMENSIONS = { 0: '服务质量', 1: '服务态度', 2: '服务速度', 3: '问题解决率' } as const;
export const VISIT_DIMENSION_LIST = [0, 1, 2, 3] as const;

/** How the visitors of a plan are chosen: named return-visit staff in rotation, or a pool they grab from. */
export const VISITOR_MODES = { 1: '指定回访客服轮流分配', 2: '回访池（回访客服领取）' } as const;

/** How a visit was made. */
export const VISIT_CHANNELS = { 1: '电话回访', 2: '短信回访', 3: '客户门户评价' } as const;

/** The dictionaries (settings/dict.constants.ts). */
export const NOT_PASSED_REASON_DICT = 'not_passed_reason';
export const NEXT_VISIT_REASON_DICT = 'next_visit_reason';

/** The SMS survey link lives this long and answers once. */
export const SURVEY_TOKEN_DAYS = 7;

/** The report's groupings. */
export const VISIT_REPORT_BY = { plan: '回访计划', engineer: '服务人员', team: '服务团队', template: '工单类型' } as const;
export type VisitReportBy = keyof typeof VISIT_REPORT_BY;

/** The job that makes due tasks and returns next visits whose date has come. */
export const VISIT_SWEEP_JOB = 'visits.sweep';
