import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogRowSchema } from '../common/state-log';
import { id, L } from '../common/zod';
import { optionalId, optionalText, requiredText } from '../customers/fields';
import { CLAIM_POWER, COST_CHECK_POWER } from './claims.machine';

const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });
const cents = (label: string) => L(coerceInt('bigint', `${label}不正确`).min(1, `${label}须大于0`).max(10_000_000, `${label}不能超过10万元`), label);

export const feeClaimRow = z.object({
  id: z.number(),
  claimNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  providerId: z.number(),
  providerName: z.string(),
  applicantName: z.string(),
  kind: z.number(),
  amountCents: z.number(),
  claimedM: z.number().nullable(),
  computedM: z.number().nullable(),
  computedCents: z.number(),
  tolerancePct: z.number(),
  overTolerance: z.boolean(),
  state: z.number(),
  checkState: z.number(),
  checkChoice: z.number().nullable(),
  checkReason: z.string().nullable(),
  finalCents: z.number(),
  note: z.string().nullable(),
  /** The statement it sits on. */
  settleNo: z.string().nullable(),
  create_time: z.string(),
});
export type FeeClaimRow = z.infer<typeof feeClaimRow>;

export const feeClaimDetail = feeClaimRow.extend({
  attachments: z.array(z.string()),
  checkNote: z.string().nullable(),
  abilities: z.array(z.string()),
  /** The waiting approval instance, when an approval flow decides it. */
  approvalId: z.number().nullable(),
  logs: z.array(stateLogRowSchema),
});
export type FeeClaimDetail = z.infer<typeof feeClaimDetail>;

const claimId = L(id, '费用申请');

export const claimsContract = {
  list: endpoint({
    method: 'GET',
    path: '/transportation/fee/approval/list',
    power: CLAIM_POWER,
    query: pageQuery.extend({
      state: L(coerceInt('smallint').min(1, '状态不正确').max(3, '状态不正确').optional(), '状态'),
      providerId: optionalId('服务商'),
      orderId: optionalId('工单'),
    }),
    response: listOf(feeClaimRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/transportation/fee/approval/detail',
    power: CLAIM_POWER,
    query: z.object({ id: claimId }),
    response: feeClaimDetail,
  }),
  /** A provider's user claims a fee on one of his provider's completed orders. */
  create: endpoint({
    method: 'POST',
    path: '/transportation/fee/approval',
    power: CLAIM_POWER,
    body: z
      .object({
        orderId: L(id, '工单'),
        kind: L(z.union([z.literal(1), z.literal(2)], { error: '费用类型不正确' }), '费用类型'),
        amountCents: cents('申请金额'),
        /** Claimed distance in metres (transport fees). */
        claimedM: L(coerceInt('integer', '申请里程不正确').min(1, '申请里程须大于0').max(2_000_000, '申请里程过大').nullish(), '申请里程'),
        note: optionalText('说明', 500),
        attachments: L(z.array(z.string().trim().min(1).max(500)).max(9, '附件最多9个').default([]), '附件'),
      })
      .refine((b) => b.kind !== 1 || b.claimedM != null, { message: '交通费请填写申请里程', path: ['claimedM'] }),
    response: z.object({ id: z.number(), state: z.number(), overTolerance: z.boolean(), computedM: z.number().nullable() }),
  }),
  /** Finance's one-step decision (or, while a flow's instance waits, the caller's decision in the engine). */
  decide: endpoint({
    method: 'POST',
    path: '/transportation/fee/approval/decide',
    power: CLAIM_POWER,
    body: z
      .object({ id: claimId, action: L(z.enum(['approve', 'reject'], { error: '操作不正确' }), '操作'), note: optionalText('审批意见', 200) })
      .refine((b) => b.action !== 'reject' || !!b.note, { message: '请输入驳回理由', path: ['note'] }),
    response: z.object({ state: z.number() }),
  }),
  /** 费用审核: approved claims whose claimed and computed fees differ. */
  checkList: endpoint({
    method: 'GET',
    path: '/CostCheck/list',
    power: COST_CHECK_POWER,
    query: pageQuery.extend({
      checkState: L(coerceInt('smallint').min(1, '审核状态不正确').max(2, '审核状态不正确').default(1), '审核状态'),
      providerId: optionalId('服务商'),
    }),
    response: listOf(feeClaimRow),
  }),
  check: endpoint({
    method: 'POST',
    path: '/CostCheck/check',
    power: COST_CHECK_POWER,
    body: z
      .object({
        id: claimId,
        choice: L(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '审核结果不正确' }), '审核结果'),
        amountCents: L(coerceInt('bigint', '审核金额不正确').min(0, '审核金额不能小于0').max(10_000_000, '审核金额不能超过10万元').nullish(), '审核金额'),
        reason: requiredText('审核原因', 50),
        note: optionalText('备注', 200),
      })
      .refine((b) => b.choice !== 3 || b.amountCents != null, { message: '请填写审核金额', path: ['amountCents'] }),
    response: z.object({ finalCents: z.number() }),
  }),
};
