import { z } from 'zod';
import { int } from '../common/ints';
import { id, L } from '../common/zod';
import { CHANNEL_KEYS, NOTIFY_EVENT_IDS, OVERDUE_CONDITION_IDS, TIMED_TRIGGER_IDS, TRIGGER_POINT_IDS } from './automation.constants';

const oneOf = (ids: readonly number[], label: string) =>
  L(
    int('smallint').refine((n) => ids.includes(n), `${label}不正确`),
    label,
  );
const ids = (label: string) => L(z.array(L(id, label)).max(200, `${label}最多200个`).default([]), label);

/** A condition on a custom field value (`ext[key]`). */
export const fieldCondition = z.object({
  key: L(z.string().trim().min(1, '请选择字段').max(64, '字段标识过长'), '字段'),
  op: L(z.enum(['eq', 'ne', 'contains', 'empty', 'notEmpty'], { error: '比较方式不正确' }), '比较方式'),
  value: L(z.string().max(200, '比较值不能超过200个字').default(''), '比较值'),
});
export type RuleFieldCondition = z.infer<typeof fieldCondition>;

/** Conditions on order fields; every list given must match (empty lists match any order). */
export const ruleConditions = z.object({
  priorities: L(
    z
      .array(oneOf([1, 2, 3], '紧急程度'))
      .max(3)
      .default([]),
    '紧急程度',
  ),
  tagIds: ids('标签'),
  serviceGroupIds: ids('服务组'),
  fields: L(z.array(fieldCondition).max(20, '字段条件最多20个').default([]), '字段条件'),
});
export type RuleConditions = z.infer<typeof ruleConditions>;

const channel = L(z.enum(CHANNEL_KEYS as [string, ...string[]], { error: '通知方式不正确' }), '通知方式');
const url = L(
  z
    .string()
    .trim()
    .max(500, '地址不能超过500个字')
    .regex(/^https?:\/\/\S+$/, '请输入以 http:// 或 https:// 开头的地址'),
  '地址',
);

/** The tag and webhook actions on their own: the web's action fields take their rules from them. */
export const tagAction = z.object({ type: z.literal('tag'), tagId: L(id, '标签') });
export const webhookAction = z.object({ type: z.literal('webhook'), url, secret: L(z.string().max(200, '签名密钥不能超过200个字').default(''), '签名密钥') });

export const ruleAction = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notify'),
    channels: L(z.array(channel).max(3).default([]), '通知方式'),
    personTypes: L(
      z
        .array(oneOf([0, 1, 2, 3, 4, 5], '人员类型'))
        .max(6)
        .default([]),
      '人员类型',
    ),
    roles: L(
      z
        .array(oneOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], '角色'))
        .max(10)
        .default([]),
      '角色',
    ),
    userIds: ids('人员'),
    template: L(z.string().max(500, '通知模板不能超过500个字').default(''), '通知模板'),
  }),
  z.object({ type: z.literal('copy'), userIds: L(z.array(L(id, '抄送人')).min(1, '请选择抄送人').max(50), '抄送人') }),
  z.object({ type: z.literal('assign'), userId: L(id, '服务人员') }),
  z.object({ type: z.literal('pool') }),
  tagAction,
  z.object({ type: z.literal('visit'), userId: L(id, '回访客服') }),
  webhookAction,
]);
export type RuleAction = z.infer<typeof ruleAction>;
const actions = L(z.array(ruleAction).min(1, '请至少添加一个动作').max(10, '动作最多10个'), '动作');

const name = L(z.string().trim().min(1, '请输入名称').max(50, '名称不能超过50个字'), '名称');

export const ruleInput = z.object({
  templateId: L(id, '工单类型'),
  name,
  trigger: oneOf(TRIGGER_POINT_IDS, '触发时机'),
  enabled: L(z.boolean().default(true), '启用'),
  conditions: L(ruleConditions.default({ priorities: [], tagIds: [], serviceGroupIds: [], fields: [] }), '条件'),
  actions,
});
export type RuleInput = z.infer<typeof ruleInput>;

export const timedEventInput = z.object({
  templateId: L(id, '工单类型'),
  name,
  trigger: oneOf(TIMED_TRIGGER_IDS, '计时起点'),
  amount: L(int().min(1, '时长至少为1').max(10000, '时长不能超过10000'), '时长'),
  unit: oneOf([1, 2, 3], '时间单位'),
  condition: oneOf(OVERDUE_CONDITION_IDS, '未完成条件'),
  enabled: L(z.boolean().default(true), '启用'),
  conditions: L(ruleConditions.default({ priorities: [], tagIds: [], serviceGroupIds: [], fields: [] }), '条件'),
  actions,
});
export type TimedEventInput = z.infer<typeof timedEventInput>;

export const ruleRow = ruleInput.extend({ id: z.number(), createTime: z.string() });
export type RuleRow = z.infer<typeof ruleRow>;
export const timedEventRow = timedEventInput.extend({ id: z.number(), createTime: z.string() });
export type TimedEventRow = z.infer<typeof timedEventRow>;

export const notifyEventSetting = z.object({
  event: oneOf(NOTIFY_EVENT_IDS, '通知事件'),
  channels: L(z.array(channel).max(3).default([]), '通知方式'),
  template: L(z.string().max(500, '通知模板不能超过500个字').default(''), '通知模板'),
});
export type NotifyEventSetting = z.infer<typeof notifyEventSetting>;

export const robotSetting = z.object({
  robotType: oneOf([1, 2], '机器人类型'),
  robotUrl: L(z.union([z.literal(''), url]).default(''), '机器人地址'),
  robotSecret: L(z.string().max(200, '加签密钥不能超过200个字').default(''), '加签密钥'),
});
export type RobotSetting = z.infer<typeof robotSetting>;

export const deliveryRow = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  url: z.string(),
  status: z.number(),
  attempts: z.number(),
  lastCode: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptTime: z.string().nullable(),
  createTime: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;
/** Webhook delivery states. */
export const DELIVERY_STATES = { 0: '待发送', 1: '已送达', 2: '重试中', 3: '失败' } as const;
