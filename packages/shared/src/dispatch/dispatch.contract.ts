import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { ids, optionalId, optionalIds, optionalText, requiredId, requiredText } from '../customers/fields';
import { ORDER_ACTION_POWERS } from '../orders/order.actions.contract';
import { orderRowSchema } from '../orders/order.list.contract';
import { DEFAULT_TARGET_IDS, MAX_BATCH, RULE_KIND_IDS, RULE_TARGET_IDS } from './dispatch.constants';

/**
 * Assigning orders: the pending-assignment desk (/assignOrder), batch designate, the candidates
 * beside it, who a new order would go to, the default dispatch and the dispatch rules (/orderingRule).
 */

const RULE_POWER = 'menu_OrderingRule';
const ASSIGN_POWER = ORDER_ACTION_POWERS.assign;

const oneOf = <T extends readonly number[]>(label: string, values: T) =>
  L(coerceInt('smallint', `${label}不正确`).refine((n) => values.includes(n), `${label}不正确`) as unknown as z.ZodType<T[number]>, label);
const keyword = L(z.string().trim().max(50, '搜索内容不能超过50个字').optional(), '关键字');

/** GET /order/unDeliverOrderList (and the count's filters): orders waiting for assignment. */
export const unDeliverFilters = z.object({
  keyword,
  orderType: optionalId('工单类型'),
  serviceGroupId: optionalId('服务团队'),
  priority: L(oneOf('优先级', [1, 2, 3] as const).optional(), '优先级'),
});
export const unDeliverQuery = unDeliverFilters.extend(pageQuery.shape);
export type UnDeliverFilters = z.infer<typeof unDeliverFilters>;
export type UnDeliverQuery = z.infer<typeof unDeliverQuery>;

/** A pending order as the desk shows it: the order list's row plus its service group (the candidates' filter). */
export const unDeliverRow = orderRowSchema.extend({ serviceGroupId: z.number().nullable() });
export type UnDeliverRow = z.infer<typeof unDeliverRow>;

/** A service person beside the desk: their open orders and today's appointments. */
export const candidateRow = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  /** Outsourced engineers name their provider. */
  providerName: z.string().nullable(),
  groups: z.array(z.string()),
  openCount: z.number(),
  todayCount: z.number(),
  /** 'HH:mm 标题' of today's appointments, earliest first (at most 5). */
  today: z.array(z.string()),
});
export type CandidateRow = z.infer<typeof candidateRow>;
export const candidateQuery = pageQuery.extend({ keyword, serviceGroupId: optionalId('服务团队') });

/** POST /worker/batchDesignate: several pending orders to one engineer (or provider), all or none. */
export const batchDesignateBody = z
  .object({
    orderIds: ids('工单', MAX_BATCH),
    serviceUserId: optionalId('服务人员'),
    providerId: optionalId('服务商'),
    coordinationUserId: optionalIds('协作人员', 20),
    note: optionalText('备注', 500),
  })
  .refine((b) => !!b.serviceUserId !== !!b.providerId, { message: '请选择服务人员或服务商（二选一）', path: ['serviceUserId'] });
export type BatchDesignateBody = z.infer<typeof batchDesignateBody>;

/**
 * POST /v2/order/batchDispatch (全部工单's 批量派单): each order is dispatched on its own through the single dispatch
 * (its own transaction and log row), so one refusal leaves the others done; the answer says how each went.
 * `expectedStates` are the states the list showed (same order as `orderIds`): an order moved since answers 数据已变更.
 */
export const batchDispatchBody = z
  .object({
    orderIds: ids('工单', MAX_BATCH),
    expectedStates: L(
      z.array(coerceInt('smallint', '工单状态不正确').min(0, '工单状态不正确').max(7, '工单状态不正确')).max(MAX_BATCH, `一次最多${MAX_BATCH}项`).optional(),
      '工单状态',
    ),
    serviceUserId: optionalId('服务人员'),
    providerId: optionalId('服务商'),
    coordinationUserId: optionalIds('协作人员', 20),
    note: optionalText('备注', 500),
  })
  .refine((b) => !!b.serviceUserId !== !!b.providerId, { message: '请选择服务人员或服务商（二选一）', path: ['serviceUserId'] })
  .refine((b) => !b.expectedStates || b.expectedStates.length === b.orderIds.length, {
    message: '工单状态与工单数量不一致',
    path: ['expectedStates'],
  });
export type BatchDispatchBody = z.infer<typeof batchDispatchBody>;

/** How one order of a batch dispatch went: '派单成功' or the refusal's message. */
export const batchDispatchRow = z.object({ orderId: z.number(), orderNo: z.string(), success: z.boolean(), message: z.string() });
export type BatchDispatchRow = z.infer<typeof batchDispatchRow>;
export const batchDispatchResult = z.object({ successCount: z.number(), failCount: z.number(), results: z.array(batchDispatchRow) });
export type BatchDispatchResult = z.infer<typeof batchDispatchResult>;

/** At most this many refusals are named in the summary; the rest are counted. */
const NAMED_FAILURES = 3;

/** The batch's summary as the user reads it: '3 条成功，1 条失败：GD0001 该工单已完成，不能派单'. */
export function batchDispatchSummary(r: Pick<BatchDispatchResult, 'successCount' | 'failCount' | 'results'>): string {
  if (r.failCount === 0) return `${r.successCount} 条成功`;
  const failed = r.results.filter((x) => !x.success);
  const named = failed.slice(0, NAMED_FAILURES).map((x) => `${x.orderNo} ${x.message}`);
  const more = failed.length > NAMED_FAILURES ? `等 ${failed.length} 条` : '';
  return `${r.successCount} 条成功，${r.failCount} 条失败：${named.join('；')}${more}`;
}

/** Who a new order goes to, and why. */
export const defaultUserResult = z.object({
  source: z.enum(['rule', 'default', 'none']),
  ruleId: z.number().nullable(),
  ruleName: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  providerId: z.number().nullable(),
  providerName: z.string().nullable(),
});
export type DefaultUserResult = z.infer<typeof defaultUserResult>;

const target = {
  targetUserId: optionalId('服务人员'),
  targetGroupId: optionalId('服务团队'),
  targetProviderId: optionalId('服务商'),
};
type Target = { targetType: number; targetUserId?: number | null; targetGroupId?: number | null; targetProviderId?: number | null };
/** The target's own id must be given: a person, a team or a provider (type 4 needs none). */
const targetGiven = (t: Target): boolean =>
  (t.targetType === 1 && !!t.targetUserId) || (t.targetType === 2 && !!t.targetGroupId) || (t.targetType === 3 && !!t.targetProviderId) || t.targetType === 4;
const TARGET_MISSING = { message: '请选择派给的服务人员、服务团队或服务商', path: ['targetType'] };

export const defaultDispatchBody = z
  .object({ enabled: L(z.boolean({ error: '请选择是否启用' }), '启用默认派单'), targetType: oneOf('派单对象', DEFAULT_TARGET_IDS), ...target })
  .refine((b) => !b.enabled || targetGiven(b), TARGET_MISSING);
export type DefaultDispatchBody = z.infer<typeof defaultDispatchBody>;
export const defaultDispatchRow = z.object({
  enabled: z.boolean(),
  targetType: z.number(),
  targetUserId: z.number().nullable(),
  targetUserName: z.string().nullable(),
  targetGroupId: z.number().nullable(),
  targetGroupName: z.string().nullable(),
  targetProviderId: z.number().nullable(),
  targetProviderName: z.string().nullable(),
});
export type DefaultDispatchRow = z.infer<typeof defaultDispatchRow>;

const areaCode = L(
  z
    .string()
    .trim()
    .regex(/^(\d{2}|\d{4}|\d{6})$/, '服务区域应为省、市或区县的行政区划代码')
    .nullish(),
  '服务区域',
);
const ruleFields = {
  name: requiredText('规则名称', 30),
  kind: oneOf('规则类型', RULE_KIND_IDS),
  templateId: optionalId('工单类型'),
  areaCode,
  groupId: optionalId('服务团队'),
  category: L(z.string().trim().max(50, '产品分类不能超过50个字').nullish(), '产品分类'),
  targetType: oneOf('派单对象', RULE_TARGET_IDS),
  ...target,
  sort: L(coerceInt('integer').min(0, '顺序不能小于0').max(9999, '顺序不能超过9999').default(0), '顺序'),
  enabled: L(z.boolean().default(true), '启用'),
};
type RuleInput = { kind: number; templateId?: number | null; areaCode?: string | null; groupId?: number | null; category?: string | null };
/** Each kind needs its own condition. */
const conditionGiven = (r: RuleInput): boolean =>
  (r.kind === 1 && !!r.templateId) || (r.kind === 2 && !!r.areaCode) || (r.kind === 3 && !!r.groupId) || (r.kind === 4 && !!r.category);
const CONDITION_MISSING = { message: '请填写规则的匹配条件（工单类型、服务区域、服务团队或产品分类）', path: ['kind'] };

export const ruleBody = z.object(ruleFields).refine(conditionGiven, CONDITION_MISSING).refine(targetGiven, TARGET_MISSING);
export const ruleUpdateBody = z
  .object({ id: requiredId('规则'), ...ruleFields })
  .refine(conditionGiven, CONDITION_MISSING)
  .refine(targetGiven, TARGET_MISSING);
export type RuleBody = z.infer<typeof ruleBody>;
export type RuleUpdateBody = z.infer<typeof ruleUpdateBody>;

export const dispatchRuleRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.number(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  category: z.string().nullable(),
  targetType: z.number(),
  targetUserId: z.number().nullable(),
  targetUserName: z.string().nullable(),
  targetGroupId: z.number().nullable(),
  targetGroupName: z.string().nullable(),
  targetProviderId: z.number().nullable(),
  targetProviderName: z.string().nullable(),
  sort: z.number(),
  enabled: z.boolean(),
});
export type DispatchRuleRow = z.infer<typeof dispatchRuleRow>;

export const dispatchContract = {
  unDeliverOrderList: endpoint({
    method: 'GET',
    path: '/order/unDeliverOrderList',
    power: ASSIGN_POWER,
    query: unDeliverQuery,
    response: z.array(unDeliverRow),
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/worker/designateUserList',
    power: ASSIGN_POWER,
    query: candidateQuery,
    response: z.object({ list: z.array(candidateRow), count: z.number() }),
  }),
  batchDesignate: endpoint({
    method: 'POST',
    path: '/worker/batchDesignate',
    power: ASSIGN_POWER,
    body: batchDesignateBody,
    response: z.object({ count: z.number() }),
  }),
  batchDispatch: endpoint({
    method: 'POST',
    path: '/v2/order/batchDispatch',
    power: ASSIGN_POWER,
    body: batchDispatchBody,
    response: batchDispatchResult,
  }),
  defaultUser: endpoint({
    method: 'GET',
    path: '/order/progress/defaultUser',
    power: ASSIGN_POWER,
    query: z.object({ orderId: requiredId('工单') }),
    response: defaultUserResult,
  }),
  getDefaultDispatch: endpoint({ method: 'GET', path: '/v2/processSet/getDefaultDispatch', power: RULE_POWER, response: defaultDispatchRow }),
  updateDefaultDispatch: endpoint({
    method: 'POST',
    path: '/v2/processSet/updateDefaultDispatch',
    power: RULE_POWER,
    quota: true,
    body: defaultDispatchBody,
    response: z.null(),
  }),
  ruleList: endpoint({ method: 'GET', path: '/v2/dispatchRule/list', power: RULE_POWER, response: z.array(dispatchRuleRow) }),
  ruleCreate: endpoint({ method: 'POST', path: '/v2/dispatchRule', power: RULE_POWER, quota: true, body: ruleBody, response: z.object({ id: z.number() }) }),
  ruleUpdate: endpoint({ method: 'PUT', path: '/v2/dispatchRule', power: RULE_POWER, quota: true, body: ruleUpdateBody, response: z.null() }),
  ruleDelete: endpoint({
    method: 'DELETE',
    path: '/v2/dispatchRule',
    power: RULE_POWER,
    quota: true,
    body: z.object({ ids: ids('规则', 200) }),
    response: z.null(),
  }),
};
