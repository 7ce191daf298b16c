/** What a dispatch rule matches on the new order. */
export const RULE_KINDS = { 1: '工单类型', 2: '服务区域', 3: '服务团队', 4: '产品分类' } as const;
export type RuleKind = keyof typeof RULE_KINDS;
export const RULE_KIND_IDS = [1, 2, 3, 4] as const;

/** Whom a rule or the default dispatch assigns: 4 (the order's own team) only for the default. */
export const TARGET_TYPES = { 1: '指定服务人员', 2: '团队中负载最低的工程师', 3: '外包服务商', 4: '工单所属团队中负载最低的工程师' } as const;
export type TargetType = keyof typeof TARGET_TYPES;
export const RULE_TARGET_IDS = [1, 2, 3] as const;
export const DEFAULT_TARGET_IDS = [1, 2, 3, 4] as const;

/** Providers that may take orders (partner types 1 外包, 3 授权服务商, 4 授权服务平台). */
export const ASSIGNABLE_PARTNER_TYPES = [1, 3, 4] as const;

/** At most this many rules per enterprise; orders per batch designate. */
export const MAX_RULES = 200;
export const MAX_BATCH = 100;

/** The log's name for automatic actions (user_id null). */
export const SYSTEM_ACTOR_NAME = '系统';
