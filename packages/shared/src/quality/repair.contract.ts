import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogEntrySchema } from '../common/state-log';
import { L } from '../common/zod';
import { optionalId, optionalText, requiredId, requiredText, timeFilter } from '../customers/fields';
import { EXCHANGE_POWER, REPAIR_POWER } from './repair.constants';

const intFilter = (label: string, min: number, max: number) =>
  L(
    z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      coerceInt('smallint', `${label}不正确`).min(min, `${label}不正确`).max(max, `${label}不正确`).optional(),
    ),
    label,
  );
/** Integer cents, 0 to 100 million yuan. */
const cents = (label: string) => L(coerceInt('bigint', `${label}不正确`).min(0, `${label}不能小于0`).max(10_000_000_000, `${label}过大`).default(0), label);
const version = L(coerceInt('integer').min(0).optional(), '版本');
const logEntry = stateLogEntrySchema;

// ——— Repair-sent orders (寄修单) ———

export const repairQuery = z.object({
  /** Number, customer or serial. */
  keyword: optionalText('关键字', 50),
  state: intFilter('状态', 0, 4),
  sourceType: intFilter('来源', 1, 4),
  complaintId: optionalId('投诉'),
  orderId: optionalId('工单'),
  /** The repair-sent orders raised from a return-visit task (its page lists them). */
  visitTaskId: optionalId('回访任务'),
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
  ...pageQuery.shape,
});

export const repairRowSchema = z.object({
  id: z.number(),
  repairNo: z.string(),
  state: z.number(),
  sourceType: z.number(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  productName: z.string().nullable(),
  serialNumber: z.string(),
  fault: z.string(),
  inCarrier: z.string().nullable(),
  inWaybill: z.string().nullable(),
  outCarrier: z.string().nullable(),
  outWaybill: z.string().nullable(),
  cost: z.number(),
  create_time: z.string(),
});
export type RepairRow = z.infer<typeof repairRowSchema>;

export const repairDetailSchema = repairRowSchema.extend({
  complaintId: z.number().nullable(),
  complaintNo: z.string().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  visitTaskId: z.number().nullable(),
  installedProductId: z.number().nullable(),
  productModelId: z.number().nullable(),
  result: z.string().nullable(),
  unableReason: z.string().nullable(),
  remark: z.string().nullable(),
  /** Where the unit is now: the repair warehouse's name while it is in stock, else null. */
  warehouseName: z.string().nullable(),
  receivedTime: z.string().nullable(),
  completedTime: z.string().nullable(),
  version: z.number(),
  abilities: z.array(z.string()),
  /** The waiting approval instance of the completion, if any. */
  approvalId: z.number().nullable(),
  log: z.array(logEntry),
});
export type RepairDetail = z.infer<typeof repairDetailSchema>;

const repairFields = {
  fault: requiredText('故障描述', 500),
  inCarrier: optionalText('寄入物流公司', 50),
  inWaybill: optionalText('寄入运单号', 50),
  remark: optionalText('备注', 500),
};

export const repairCreateBody = z
  .object({
    /** 1 a complaint, 2 an order, 3 a return-visit task, 4 by hand. */
    sourceType: L(
      z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '来源只能是1（投诉）、2（工单）、3（回访）或4（手工录入）' }),
      '来源',
    ),
    complaintId: optionalId('投诉'),
    orderId: optionalId('工单'),
    visitTaskId: optionalId('回访任务'),
    customerId: optionalId('客户'),
    installedProductId: optionalId('产品'),
    /** Required when the source's product has none. */
    serialNumber: optionalText('序列号', 100),
    ...repairFields,
  })
  .superRefine((b, ctx) => {
    if (b.sourceType === 1 && !b.complaintId) ctx.addIssue({ code: 'custom', path: ['complaintId'], message: '请选择投诉' });
    if (b.sourceType === 2 && !b.orderId) ctx.addIssue({ code: 'custom', path: ['orderId'], message: '请选择工单' });
    if (b.sourceType === 3 && !b.visitTaskId) ctx.addIssue({ code: 'custom', path: ['visitTaskId'], message: '请选择回访任务' });
    if (b.sourceType === 4 && !b.customerId) ctx.addIssue({ code: 'custom', path: ['customerId'], message: '请选择客户' });
  });
export type RepairCreateBody = z.infer<typeof repairCreateBody>;

export const repairUpdateBody = z.object({
  id: requiredId('寄修单'),
  version,
  ...repairFields,
  result: optionalText('维修结果', 2000),
  outCarrier: optionalText('寄回物流公司', 50),
  outWaybill: optionalText('寄回运单号', 50),
  cost: cents('维修费用'),
});
export type RepairUpdateBody = z.infer<typeof repairUpdateBody>;

export const repairActionBody = z.object({
  id: requiredId('寄修单'),
  action: L(z.enum(['confirm', 'complete', 'cancel'], { error: '操作不正确' }), '操作'),
  /** The state the caller saw. */
  state: L(coerceInt('smallint').min(0).max(4).optional(), '状态'),
  /** Cancelling an order in 处理中: the 无法完成原因 (dictionary). */
  unableReason: optionalText('无法完成原因', 50),
  note: optionalText('备注', 500),
});

export const repairContract = {
  list: endpoint({
    method: 'GET',
    path: '/repairOrder/list',
    power: REPAIR_POWER,
    query: repairQuery,
    response: z.object({ list: z.array(repairRowSchema), count: z.number() }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/repairOrder/detail',
    power: REPAIR_POWER,
    query: z.object({ id: requiredId('寄修单') }),
    response: repairDetailSchema,
  }),
  create: endpoint({ method: 'POST', path: '/repairOrder', power: REPAIR_POWER, body: repairCreateBody, response: z.object({ id: z.number() }) }),
  update: endpoint({ method: 'PUT', path: '/repairOrder', power: REPAIR_POWER, body: repairUpdateBody, response: z.null() }),
  action: endpoint({ method: 'POST', path: '/repairOrder/action', power: REPAIR_POWER, body: repairActionBody, response: z.object({ state: z.number() }) }),
};

// ——— Exchange/return orders (退换货单) ———

export const exchangeQuery = z.object({
  keyword: optionalText('关键字', 50),
  state: intFilter('状态', 0, 3),
  kind: intFilter('类型', 1, 2),
  complaintId: optionalId('投诉'),
  orderId: optionalId('工单'),
  repairId: optionalId('寄修单'),
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
  ...pageQuery.shape,
});

export const exchangeRowSchema = z.object({
  id: z.number(),
  exchangeNo: z.string(),
  kind: z.number(),
  state: z.number(),
  sourceType: z.number(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  productName: z.string().nullable(),
  serialNumbers: z.array(z.string()),
  reason: z.string(),
  amount: z.number(),
  applicantName: z.string().nullable(),
  create_time: z.string(),
});
export type ExchangeRow = z.infer<typeof exchangeRowSchema>;

export const exchangeDetailSchema = exchangeRowSchema.extend({
  complaintId: z.number().nullable(),
  complaintNo: z.string().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  repairId: z.number().nullable(),
  repairNo: z.string().nullable(),
  installedProductId: z.number().nullable(),
  remark: z.string().nullable(),
  deciderName: z.string().nullable(),
  decidedTime: z.string().nullable(),
  abilities: z.array(z.string()),
  /** The waiting approval instance (a flow of 退换货审批 applies), if any. */
  approvalId: z.number().nullable(),
  replacementSerial: z.string().nullable(),
  /** What the approval moved: returned units into the 寄修仓 (入库), the replacement out (出库). */
  stock: z.array(z.object({ type: z.string(), serial: z.string().nullable(), warehouseName: z.string().nullable(), change: z.number(), time: z.string() })),
  log: z.array(logEntry),
});
export type ExchangeDetail = z.infer<typeof exchangeDetailSchema>;

export const exchangeCreateBody = z
  .object({
    /** 1 a complaint, 2 an order, 3 a repair-sent order, 4 by hand. */
    sourceType: L(
      z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '来源只能是1（投诉）、2（工单）、3（寄修单）或4（手工录入）' }),
      '来源',
    ),
    complaintId: optionalId('投诉'),
    orderId: optionalId('工单'),
    repairId: optionalId('寄修单'),
    customerId: optionalId('客户'),
    installedProductId: optionalId('产品'),
    kind: L(z.union([z.literal(1), z.literal(2)], { error: '类型只能是1（换货）或2（退货）' }), '类型'),
    /** The units exchanged or returned, by serial (the source's own when empty). */
    serialNumbers: L(z.array(z.string().trim().min(1, '序列号不能为空').max(100, '序列号不能超过100个字')).max(50, '最多50个序列号').default([]), '序列号'),
    reason: requiredText('退换原因', 500),
    amount: cents('金额'),
    remark: optionalText('备注', 500),
    /** 换货: the serial of the unit sent to the customer (in stock as the model's 寄修品); it leaves the stock at approval. */
    replacementSerial: optionalText('换新序列号', 100),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 2 && b.replacementSerial) ctx.addIssue({ code: 'custom', path: ['replacementSerial'], message: '退货不发换新机，请勿填写换新序列号' });
    if (b.sourceType === 1 && !b.complaintId) ctx.addIssue({ code: 'custom', path: ['complaintId'], message: '请选择投诉' });
    if (b.sourceType === 2 && !b.orderId) ctx.addIssue({ code: 'custom', path: ['orderId'], message: '请选择工单' });
    if (b.sourceType === 3 && !b.repairId) ctx.addIssue({ code: 'custom', path: ['repairId'], message: '请选择寄修单' });
    if (b.sourceType === 4 && !b.customerId) ctx.addIssue({ code: 'custom', path: ['customerId'], message: '请选择客户' });
  });
export type ExchangeCreateBody = z.infer<typeof exchangeCreateBody>;

export const exchangeActionBody = z.object({
  id: requiredId('退换货单'),
  action: L(z.enum(['approve', 'reject', 'cancel'], { error: '操作不正确' }), '操作'),
  /** A rejection's reason (required), or a note. */
  note: optionalText('审批意见', 500),
});

export const exchangeContract = {
  list: endpoint({
    method: 'GET',
    path: '/exchangeOrder/list',
    power: EXCHANGE_POWER,
    query: exchangeQuery,
    response: z.object({ list: z.array(exchangeRowSchema), count: z.number() }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/exchangeOrder/detail',
    power: EXCHANGE_POWER,
    query: z.object({ id: requiredId('退换货单') }),
    response: exchangeDetailSchema,
  }),
  create: endpoint({ method: 'POST', path: '/exchangeOrder', power: EXCHANGE_POWER, body: exchangeCreateBody, response: z.object({ id: z.number() }) }),
  action: endpoint({
    method: 'POST',
    path: '/exchangeOrder/action',
    power: EXCHANGE_POWER,
    body: exchangeActionBody,
    response: z.object({ state: z.number() }),
  }),
};
