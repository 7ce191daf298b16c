import { z } from 'zod';
import { endpoint } from '../common/contract';
import { calendarDayText } from '../common/dates';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogRowSchema } from '../common/state-log';
import { id, L } from '../common/zod';
import { optionalId, optionalText, requiredText } from '../customers/fields';
import { FEE_STANDARD_POWER, SETTLE_POWER } from './settle.constants';

const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });
/** Integer cents, as every amount of the settlement area travels. */
const centsField = (label: string, min = 0) =>
  L(
    coerceInt('bigint', `${label}不正确`)
      .min(min, `${label}不能小于${min / 100}元`)
      .max(100_000_000_00, `${label}不能超过1亿元`),
    label,
  );
/**
 * A form's value in larger units checked by a contract field in smaller ones, with the field's own messages: the web
 * asks yuan for cents (`yuanOf`) and kilometres for metres; a number is scaled and rounded first, anything else is
 * left to the field.
 */
export const scaledBy = (factor: number, field: z.ZodType) => z.preprocess((v) => (typeof v === 'number' ? Math.round(v * factor) : v), field);
export const yuanOf = (cents: z.ZodType) => scaledBy(100, cents);
const km = (label: string) => L(coerceInt('integer', `${label}不正确`).min(0, `${label}不能小于0`).max(100_000, `${label}过大`), label);
const flag = (label: string) => L(z.enum(['0', '1']).optional(), label);

// ---- fee standards (/service/fee/standard) ----
export const feeStandardRow = z.object({
  id: z.number(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  productCategory: z.string().nullable(),
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
  distanceFromKm: z.number(),
  distanceToKm: z.number().nullable(),
  amountCents: z.number(),
  remark: z.string().nullable(),
  enabled: z.boolean(),
  update_time: z.string(),
});
export type FeeStandardRow = z.infer<typeof feeStandardRow>;

const standardFields = z
  .object({
    templateId: optionalId('服务类型'),
    productCategory: optionalText('产品分类', 50),
    regionCode: optionalText('区域编码', 12),
    regionName: optionalText('区域', 50),
    distanceFromKm: km('距离下限').default(0),
    distanceToKm: L(km('距离上限').nullish(), '距离上限'),
    amountCents: centsField('服务费'),
    remark: optionalText('备注', 200),
    enabled: L(z.boolean().default(true), '启用'),
  })
  .refine((b) => b.distanceToKm == null || b.distanceToKm > b.distanceFromKm, { message: '距离上限须大于距离下限', path: ['distanceToKm'] });

export const orderFeeSchema = z.object({
  orderId: z.number(),
  providerId: z.number(),
  providerName: z.string(),
  standardId: z.number().nullable(),
  baseCents: z.number(),
  coefficientPct: z.number(),
  amountCents: z.number(),
  distanceM: z.number().nullable(),
  pricedAt: z.string(),
  /** The statement it sits on, if any. */
  settlementId: z.number().nullable(),
  settleNo: z.string().nullable(),
});
export type OrderFee = z.infer<typeof orderFeeSchema>;

export const feeStandardContract = {
  list: endpoint({
    method: 'GET',
    path: '/service/fee/standard/list',
    power: FEE_STANDARD_POWER,
    query: pageQuery.extend({ templateId: optionalId('服务类型'), enabled: flag('启用') }),
    response: listOf(feeStandardRow),
  }),
  create: endpoint({ method: 'POST', path: '/service/fee/standard', power: FEE_STANDARD_POWER, body: standardFields, response: z.object({ id: z.number() }) }),
  update: endpoint({
    method: 'PUT',
    path: '/service/fee/standard',
    power: FEE_STANDARD_POWER,
    body: z.intersection(z.object({ id: L(id, '服务费标准') }), standardFields),
    response: z.null(),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/service/fee/standard',
    power: FEE_STANDARD_POWER,
    body: z.object({ id: L(id, '服务费标准') }),
    response: z.null(),
  }),
  /** The fee priced on one order (null when it has none): for anyone who may open the order. */
  orderFee: endpoint({ method: 'GET', path: '/service/fee/order', query: z.object({ orderId: L(id, '工单') }), response: orderFeeSchema.nullable() }),
};

// ---- statements (/settleAccounts) ----
export const settlementRow = z.object({
  id: z.number(),
  settleNo: z.string(),
  providerId: z.number(),
  providerName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  state: z.number(),
  totalCents: z.number(),
  lineCount: z.number(),
  disputedCount: z.number(),
  remark: z.string().nullable(),
  create_time: z.string(),
});
export type SettlementRow = z.infer<typeof settlementRow>;

export const settlementLineRow = z.object({
  id: z.number(),
  kind: z.number(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  description: z.string(),
  amountCents: z.number(),
  originalCents: z.number(),
  disputeState: z.number(),
  disputeReason: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type SettlementLineRow = z.infer<typeof settlementLineRow>;

export const settlementDetail = settlementRow.extend({
  abilities: z.array(z.string()),
  /** May the viewer dispute lines / resolve disputed lines now. */
  canDispute: z.boolean(),
  canResolve: z.boolean(),
  /**
   * Who decides the confirmed statement's approval (names): the flow's current approvers while an instance waits, else
   * finance other than the issuer and the administrators. Empty before confirmation and after the decision.
   */
  deciders: z.array(z.string()),
  logs: z.array(stateLogRowSchema),
});
export type SettlementDetail = z.infer<typeof settlementDetail>;

/** What a statement of the provider for the period would take now (新建结算单's preview). */
export const pendingRow = z.object({
  providerId: z.number(),
  providerName: z.string(),
  orderCount: z.number(),
  orderCents: z.number(),
  claimCount: z.number(),
  claimCents: z.number(),
  rewardCount: z.number(),
  /** Rewards less penalties. */
  rewardCents: z.number(),
  totalCents: z.number(),
});
export type PendingRow = z.infer<typeof pendingRow>;

/** A statement's period: two calendar days, the end not before the start. */
const periodFields = {
  periodStart: L(calendarDayText('结算开始日期格式不正确'), '结算开始日期'),
  periodEnd: L(calendarDayText('结算结束日期格式不正确'), '结算结束日期'),
};
const endNotBeforeStart = { message: '结算结束日期不能早于开始日期', path: ['periodEnd'] };

const settleId = L(id, '结算单');
const note = optionalText('备注', 200);

export const settleContract = {
  list: endpoint({
    method: 'GET',
    path: '/settleAccounts/list',
    power: SETTLE_POWER,
    query: pageQuery.extend({
      providerId: optionalId('服务商'),
      state: L(coerceInt('smallint').min(1, '状态不正确').max(6, '状态不正确').optional(), '状态'),
    }),
    response: listOf(settlementRow),
  }),
  detail: endpoint({ method: 'GET', path: '/settleAccounts/detail', power: SETTLE_POWER, query: z.object({ id: settleId }), response: settlementDetail }),
  lines: endpoint({
    method: 'GET',
    path: '/settleAccounts/lines',
    power: SETTLE_POWER,
    query: pageQuery.extend({ id: settleId, disputed: flag('只看有异议') }),
    response: listOf(settlementLineRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/settleAccounts/create',
    power: SETTLE_POWER,
    body: z.object({ providerId: L(id, '服务商'), ...periodFields, remark: note }).refine((b) => b.periodEnd >= b.periodStart, endNotBeforeStart),
    response: z.object({ id: z.number(), lineCount: z.number(), totalCents: z.number() }),
  }),
  /** The providers a statement of the period would take anything of, and what (finance only). */
  pending: endpoint({
    method: 'GET',
    path: '/settleAccounts/pending',
    power: SETTLE_POWER,
    query: z
      .object({ providerId: optionalId('服务商'), ...periodFields, uncovered: flag('只看未建结算单的服务商') })
      .refine((b) => b.periodEnd >= b.periodStart, endNotBeforeStart),
    response: z.array(pendingRow),
  }),
  remove: endpoint({ method: 'DELETE', path: '/settleAccounts', power: SETTLE_POWER, body: z.object({ id: settleId }), response: z.null() }),
  /** issue / confirm / approve / pay. */
  action: endpoint({
    method: 'POST',
    path: '/settleAccounts/action',
    power: SETTLE_POWER,
    body: z.object({
      id: settleId,
      action: L(z.enum(['issue', 'confirm', 'approve', 'pay'], { error: '操作不正确' }), '操作'),
      note,
    }),
    response: z.object({ state: z.number() }),
  }),
  dispute: endpoint({
    method: 'POST',
    path: '/settleAccounts/dispute',
    power: SETTLE_POWER,
    body: z.object({ id: settleId, lineId: L(id, '结算明细'), reason: requiredText('异议原因', 200) }),
    response: z.object({ state: z.number() }),
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/settleAccounts/resolve',
    power: SETTLE_POWER,
    body: z.object({
      id: settleId,
      lineId: L(id, '结算明细'),
      amountCents: centsField('调整后金额', -100_000_000_00),
      resolution: requiredText('处理意见', 200),
    }),
    response: z.object({ state: z.number(), totalCents: z.number() }),
  }),
  /** The statement's lines to Excel through the download centre. */
  export: endpoint({
    method: 'POST',
    path: '/settleAccounts/export',
    power: SETTLE_POWER,
    body: z.object({ id: settleId, fileName: optionalText('文件名', 100) }),
    response: z.object({ id: z.number() }),
  }),
};
