import { z } from 'zod';
import { endpoint } from '../common/contract';
import { calendarDayText } from '../common/dates';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogRowSchema } from '../common/state-log';
import { id, L } from '../common/zod';
import { approvalInstanceDetail } from '../approvals/approvals.contract';
import { optionalId, optionalText, requiredId, requiredText } from '../customers/fields';
import { REWARD_POWER } from './rewards.machine';

/**
 * 奖惩管理 (/commissionOrder/list, /commissionOrder/create; the spec's calls /rewards/addRewardsForm, /rewards/list,
 * /rewards/count, /rewards/approvalProcess; detail and actions are ours). docs/settlement.md, "Rewards and penalties".
 */

export const rewardRow = z.object({
  id: z.number(),
  rewardNo: z.string(),
  providerId: z.number(),
  providerName: z.string(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  /** 1 奖励, 2 处罚. */
  kind: z.number(),
  /** Always positive; the kind says whether it adds or deducts. */
  amountCents: z.number(),
  reason: z.string(),
  /** 0 by hand, 1 SLA breach, 2 failed return visit, 3 old part overdue. */
  causeType: z.number(),
  state: z.number(),
  /** 0 未结算, 1 on a statement not paid, 2 on a paid statement. */
  settleState: z.number(),
  settlementId: z.number().nullable(),
  settleNo: z.string().nullable(),
  creatorName: z.string().nullable(),
  submitterName: z.string().nullable(),
  create_time: z.string(),
  approve_time: z.string().nullable(),
});
export type RewardRow = z.infer<typeof rewardRow>;

export const rewardDetail = rewardRow.extend({
  attachments: z.array(z.string()),
  abilities: z.array(z.string()),
  /** The waiting approval instance, when an approval flow decides it. */
  approvalId: z.number().nullable(),
  logs: z.array(stateLogRowSchema),
});
export type RewardDetail = z.infer<typeof rewardDetail>;

const rewardId = L(id, '奖惩单');
const day = (label: string) => L(calendarDayText(`${label}格式不正确`).optional(), label);
const filters = z.object({
  kind: L(coerceInt('smallint').min(1, '类型不正确').max(2, '类型不正确').optional(), '类型'),
  state: L(coerceInt('smallint').min(0, '状态不正确').max(4, '状态不正确').optional(), '状态'),
  providerId: optionalId('服务商'),
  causeType: L(coerceInt('smallint').min(0, '来源不正确').max(3, '来源不正确').optional(), '来源'),
  /** Creation day range. */
  startDay: day('开始日期'),
  endDay: day('结束日期'),
  /** 奖惩单号 (prefix), the order number or the reason. */
  keyword: optionalText('关键字', 50),
}).shape;
const endAfterStart = (q: { startDay?: string; endDay?: string }) => !q.startDay || !q.endDay || q.endDay >= q.startDay;

export const rewardsContract = {
  /** The list (the spec's split list: the rows here, the number from /rewards/count). */
  list: endpoint({
    method: 'GET',
    path: '/rewards/list',
    power: REWARD_POWER,
    query: pageQuery.extend(filters).refine(endAfterStart, { message: '结束日期不能早于开始日期', path: ['endDay'] }),
    response: z.array(rewardRow),
  }),
  count: endpoint({
    method: 'GET',
    path: '/rewards/count',
    power: REWARD_POWER,
    query: z.object(filters).refine(endAfterStart, { message: '结束日期不能早于开始日期', path: ['endDay'] }),
    response: z.number(),
  }),
  detail: endpoint({ method: 'GET', path: '/rewards/detail', power: REWARD_POWER, query: z.object({ id: rewardId }), response: rewardDetail }),
  /** Finance records a reward or a penalty by hand: it goes straight into approval (the creator is its applicant). */
  create: endpoint({
    method: 'POST',
    path: '/rewards/addRewardsForm',
    power: REWARD_POWER,
    body: z.object({
      providerId: requiredId('服务商'),
      orderId: optionalId('关联工单'),
      kind: L(z.union([z.literal(1), z.literal(2)], { error: '请选择奖惩类型' }), '奖惩类型'),
      amountCents: L(coerceInt('bigint', '金额不正确').min(1, '金额须大于0').max(10_000_000, '金额不能超过10万元'), '金额'),
      reason: requiredText('奖惩原因', 500),
      attachments: L(z.array(z.string().trim().min(1).max(500)).max(9, '附件最多9个').default([]), '附件'),
    }),
    response: z.object({ id: z.number(), state: z.number(), rewardNo: z.string() }),
  }),
  /** submit (a rule's proposal), approve, reject (with a reason), cancel. */
  action: endpoint({
    method: 'POST',
    path: '/rewards/action',
    power: REWARD_POWER,
    body: z
      .object({
        id: rewardId,
        action: L(z.enum(['submit', 'approve', 'reject', 'cancel'], { error: '操作不正确' }), '操作'),
        note: optionalText('说明', 200),
      })
      .refine((b) => b.action !== 'reject' || !!b.note, { message: '请输入驳回理由', path: ['note'] }),
    response: z.object({ state: z.number() }),
  }),
  /** The record's approval flow (its latest instance), null when it never went through one. */
  approvalProcess: endpoint({
    method: 'GET',
    path: '/rewards/approvalProcess',
    power: REWARD_POWER,
    query: z.object({ id: rewardId }),
    response: approvalInstanceDetail.nullable(),
  }),
};
