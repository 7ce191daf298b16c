import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { extInput, ids, money, optionalId, optionalIds, optionalText, requiredId, requiredText, timeFilter } from '../customers/fields';
import { orderAddressInput } from './orders.contract';

/**
 * The lifecycle actions of a work order (docs/orders.md has the transition table, docs/api.md
 * each endpoint). Every action answers the order's id and its state after the action.
 */

/** Powers of the actions: the menu codes of the desks that act (docs/api.md, "Work-order actions"). */
export const ORDER_ACTION_POWERS = {
  /** Staff desk: edit, cancel, keep a date, archive, delete, link a customer. */
  desk: 'menu_AllOrder',
  /** The engineer's own orders: accept, refuse, reserve, start, complete, receipt, collect. */
  mine: 'menu_MyOrder',
  /** The creator's own cancel. */
  create: 'menu_CreateOrder',
  acceptance: 'menu_AcceptanceOrder',
  assign: 'menu_AssignOrder',
  abnormal: 'menu_AbnormalOrder',
  examine: 'menu_ExamineOrder',
  recycle: 'menu_OrderRubbish',
} as const;

const orderId = requiredId('工单');
/** The state the user saw on the page: an order that has moved since answers 数据已变更. */
const expectedState = L(coerceInt('smallint', '工单状态不正确').min(0, '工单状态不正确').max(7, '工单状态不正确').optional(), '工单状态');
const note = optionalText('备注', 500);
const reason = (label: string) => requiredText(label, 500);
/** 'YYYY-MM-DD HH:mm[:ss]' in the enterprise's time zone. */
const moment = (label: string) => {
  const valid = timeFilter(label);
  return L(
    z
      .string({ error: `请选择${label}` })
      .trim()
      .min(1, `请选择${label}`)
      .refine((v) => v.includes(' ') && valid.safeParse(v).success, '时间格式应为YYYY-MM-DD HH:mm:ss'),
    label,
  );
};
/** An edit's text: absent keeps the value, '' or null clears it. */
const patchText = (label: string, max: number) =>
  L(
    z
      .string()
      .trim()
      .max(max, `${label}不能超过${max}个字`)
      .nullish()
      .transform((v) => (v === undefined ? undefined : v || null)),
    label,
  );
const oneOf = <T extends readonly number[]>(label: string, values: T) =>
  L(coerceInt('smallint', `${label}不正确`).refine((n) => values.includes(n), `${label}不正确`) as unknown as z.ZodType<T[number]>, label);

/** The order's version the page showed (every action bumps it): an order changed since answers 数据已变更. */
const version = L(coerceInt('integer', '工单版本不正确').min(0, '工单版本不正确').optional(), '工单版本');
const base = { orderId, expectedState, version };
/**
 * The customer's signature drawn on the phone (an image saved through POST /upload/save/str): kept on the order
 * as the proof of service; required at completion when 完成服务时须客户签名确认 is on or the order type's process asks for it.
 */
const signatureId = optionalId('客户签名');

/**
 * The offline queue's idempotency key (docs/phone.md "离线使用"): the device id and the client's operation id,
 * `<device UUID>:<operation UUID>`. A replay of a key answers the first result and changes nothing.
 */
export const OP_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const opKey = L(z.string().regex(OP_KEY_PATTERN, '离线操作编号格式不正确，请放弃该条后重新提交').optional(), '离线操作编号');

/** POST /order/acceptance: 受理 (→ 待派单), or mark the order invalid (stays 0 as 无效工单) with a reason. */
export const acceptanceBody = z
  .object({ ...base, invalid: L(z.boolean().default(false), '是否无效'), reason: optionalText('原因', 500) })
  .refine((b) => !b.invalid || !!b.reason, { message: '请输入无效原因', path: ['reason'] });

/** POST /order/keepDate (staff) and /order/workerBespokeDate (engineer): the appointment time. */
export const bespokeBody = z.object({ ...base, bespokeTime: moment('预约时间'), note });

/** POST /order/accept, /order/startService, /order/progress/checkFinish. */
export const orderActionBody = z.object({ ...base, note });

/** POST /order/refuseOrder, /order/cancel, /order/employee/cancel: with the reason. */
export const refuseBody = z.object({ ...base, reason: reason('拒单原因') });
export const cancelBody = z.object({ ...base, reason: reason('取消原因') });

/**
 * POST /order/serviceComplete and /order/applyEndService: the completion form (the order's custom
 * fields, `ext`) and the receipt form (`receiptExt`, with the customer's signature) as filled in on
 * site; both are saved with the action and checked for required fields first.
 */
export const completeBody = z.object({
  ...base,
  note,
  ext: extInput,
  receiptExt: L(z.record(z.string(), z.unknown()).optional(), '回执'),
  signatureId,
  /** Photos taken at completion (uploads of the enterprise): added to the order's attachments. */
  photoIds: optionalIds('现场照片'),
  opKey,
});

/** The change an engineer asks for: 1 改约, 2 转派, 3 取消 (ABNORMAL_KINDS). */
export const abnormalKind = oneOf('异常类型', [1, 2, 3] as const);
/** POST /order/applyAbnormalOrder: the order is 异常 until staff handle the request. */
export const applyAbnormalBody = z.object({ ...base, abnormalType: abnormalKind, reason: reason('申请原因') });

/** POST /order/handleAbnormal: staff approve (改约 keeps the state with the new time, 转派 → 待派单, 取消 → 已取消) or reject. */
export const handleAbnormalBody = z
  .object({ ...base, pass: L(z.boolean({ error: '请选择处理结果' }), '处理结果'), bespokeTime: moment('预约时间').optional(), note })
  .refine((b) => b.pass || !!b.note, { message: '请输入驳回原因', path: ['note'] });

/** examineType 1 创建审核, 2 完成审核, 3 回执审核, 4 收款审核; result 1 通过, 2 驳回. */
export const examineTypeField = oneOf('审核类型', [1, 2, 3, 4] as const);
/** POST /order/examine/save: the type must be the one the order waits for. */
export const examineBody = z
  .object({ ...base, examineType: examineTypeField, result: oneOf('审核结果', [1, 2] as const), note })
  .refine((b) => b.result === 1 || !!b.note, { message: '请输入驳回原因', path: ['note'] });

/** POST /v2/order/archive: 归档 a completed or cancelled order (placeState 1). */
export const archiveBody = z.object({ ...base, note });

/** POST /order/delAllOrder (to the recycle bin), /v2/order/restore, /v2/order/purge (for good, only from the bin). */
export const orderIdsBody = z.object({ orderIds: ids('工单', 500) });

/** POST /order/receipt: the receipt form's values (the customer's signature among them). */
export const receiptBody = z.object({ ...base, receiptExt: L(z.record(z.string(), z.unknown(), { error: '请填写回执' }), '回执'), note, signatureId });

/** Payment methods 1 线下支付, 2 支付宝, 3 微信, 4 银联, 5 签单 (PAYMENT_METHODS). */
export const paymentMethodField = oneOf('支付方式', [1, 2, 3, 4, 5] as const);
/** POST /order/collect: 收款 with the method, the collection account and the amount. */
export const collectBody = z.object({ ...base, paymentMethod: paymentMethodField, receivePaymentId: optionalId('收款账户'), amount: money('收款金额'), note });

/**
 * POST /v2/order/dispatch: one service person (role 2) and collaborators (role 2), or an outsourced service provider
 * whose own dispatcher then picks the engineer; the remark goes into the log with 改派/转派.
 */
/** The dispatch fields before the one-of-two check (other bodies extend them). */
export const dispatchFields = z.object({
  ...base,
  serviceUserId: optionalId('服务人员'),
  providerId: optionalId('服务商'),
  coordinationUserId: optionalIds('协作人员', 20),
  note,
});
export const dispatchBody = dispatchFields.refine((b) => !!b.serviceUserId !== !!b.providerId, {
  message: '请选择服务人员或服务商（二选一）',
  path: ['serviceUserId'],
});

/** POST /sh/order/linkCustomer: the order's customer (with its contact and address) changes. */
export const linkCustomerBody = z.object({ ...base, customerId: requiredId('客户'), contactId: optionalId('联系人'), addressId: optionalId('服务地址') });

const level = (label: string) => oneOf(label, [1, 2, 3] as const);

/** A coded value (source, sale channel) that may be cleared; the server checks it is one the enterprise offers. */
const code = (label: string) => L(coerceInt('smallint', `${label}不正确`).min(0, `${label}不正确`).max(99, `${label}不正确`).nullish(), label);

/**
 * What the engineer corrects on site (order.edit.ts ON_SITE): contact, address (a saved one of the customer, `addressId`,
 * or typed with region and coordinates, `gpsAddr`), the installed product, the service items (their lines are replaced
 * and the receivable recomputed), the description, attachments and custom fields. A key left out keeps its value.
 */
const onSiteFields = {
  contactId: optionalId('联系人'),
  customLinkPerson: patchText('联系人', 50),
  customPhone: patchText('联系电话', 30),
  addressId: optionalId('服务地址'),
  gpsAddr: L(orderAddressInput.optional(), '服务地址'),
  productId: optionalId('产品'),
  serviceId: optionalIds('服务项目', 100),
  detailDesc: patchText('详细描述', 2000),
  attachments: optionalIds('附件', 20),
  ext: extInput,
};

/**
 * POST /v2/order/edit: staff and the creator change every field of the create page (order.edit.ts ORDER_EDIT_FIELDS);
 * which ones the order's state allows is `editableFields('staff', …)`. The customer is changed with linkCustomer.
 */
export const editOrderBody = z.object({
  ...base,
  ...onSiteFields,
  title: requiredText('标题', 100).optional(),
  customEnterpriseName: patchText('企业名称', 100),
  customApplyTime: L(timeFilter('预约时间').nullable(), '预约时间'),
  priority: level('优先级').optional(),
  serviceLevel: level('服务级别').nullable().optional(),
  orderLabel: optionalIds('工单标签', 20),
  serviceGroupId: optionalId('服务团队'),
  source: code('来源'),
  saleChannel: code('销售渠道'),
  salespersonId: optionalId('销售人员'),
  coordinationUserId: optionalIds('协作人员', 20),
  duplicateUserId: optionalIds('抄送人', 50),
  note,
});

/** POST /v2/order/employee/edit: the engineer and collaborators correct what they find on site (`editableFields('engineer', …)`). */
export const employeeEditBody = z.object({ ...base, ...onSiteFields, note });

/** What every action answers: the order and its state now. */
export const orderActionResult = z.object({ id: z.number(), state: z.number() });
export const orderBatchResult = z.object({ count: z.number() });

/** One thing still missing before completion: a field of the order form or of the receipt form, or the signature. */
export const missingItem = z.object({ form: z.enum(['order', 'receipt', 'signature']), fieldId: z.number().nullable(), name: z.string() });
export const checkFinishResult = z.object({ ready: z.boolean(), missing: z.array(missingItem), message: z.string() });
export type MissingItem = z.infer<typeof missingItem>;

const post = <B extends z.ZodType, R extends z.ZodType>(path: string, power: string, body: B, response: R) =>
  endpoint({ method: 'POST', path, power, body, response });
const P = ORDER_ACTION_POWERS;
const R = orderActionResult;

export const orderActionsContract = {
  acceptance: post('/order/acceptance', P.acceptance, acceptanceBody, R),
  keepDate: post('/order/keepDate', P.desk, bespokeBody, R),
  workerBespokeDate: post('/order/workerBespokeDate', P.mine, bespokeBody, R),
  accept: post('/order/accept', P.mine, orderActionBody, R),
  refuseOrder: post('/order/refuseOrder', P.mine, refuseBody, R),
  startService: post('/order/startService', P.mine, orderActionBody, R),
  checkFinish: post('/order/progress/checkFinish', P.mine, orderActionBody, checkFinishResult),
  serviceComplete: post('/order/serviceComplete', P.mine, completeBody, R),
  applyEndService: post('/order/applyEndService', P.mine, completeBody, R),
  cancel: post('/order/cancel', P.desk, cancelBody, R),
  employeeCancel: post('/order/employee/cancel', P.create, cancelBody, R),
  applyAbnormalOrder: post('/order/applyAbnormalOrder', P.mine, applyAbnormalBody, R),
  handleAbnormal: post('/order/handleAbnormal', P.abnormal, handleAbnormalBody, R),
  /** No declared power: the handler asks for menu_ExamineOrder, or the approver the order's process names by person. */
  examine: post('/order/examine/save', '', examineBody, R),
  archive: post('/v2/order/archive', P.desk, archiveBody, R),
  delAllOrder: post('/order/delAllOrder', P.desk, orderIdsBody, orderBatchResult),
  restore: endpoint({ method: 'POST', path: '/v2/order/restore', power: P.recycle, plan: 'recycleBin', body: orderIdsBody, response: orderBatchResult }),
  purge: endpoint({ method: 'POST', path: '/v2/order/purge', power: P.recycle, plan: 'recycleBin', body: orderIdsBody, response: orderBatchResult }),
  edit: post('/v2/order/edit', P.desk, editOrderBody, R),
  employeeEdit: post('/v2/order/employee/edit', P.mine, employeeEditBody, R),
  linkCustomer: post('/sh/order/linkCustomer', P.desk, linkCustomerBody, R),
  dispatch: post('/v2/order/dispatch', P.assign, dispatchBody, R),
  receipt: post('/order/receipt', P.mine, receiptBody, R),
  collect: post('/order/collect', P.mine, collectBody, R),
};

export type AcceptanceBody = z.infer<typeof acceptanceBody>;
export type BespokeBody = z.infer<typeof bespokeBody>;
export type CompleteBody = z.infer<typeof completeBody>;
export type ApplyAbnormalBody = z.infer<typeof applyAbnormalBody>;
export type HandleAbnormalBody = z.infer<typeof handleAbnormalBody>;
export type ExamineBody = z.infer<typeof examineBody>;
export type ReceiptBody = z.infer<typeof receiptBody>;
export type CollectBody = z.infer<typeof collectBody>;
export type DispatchBody = z.infer<typeof dispatchBody>;
export type LinkCustomerBody = z.infer<typeof linkCustomerBody>;
export type EditOrderBody = z.infer<typeof editOrderBody>;
export type EmployeeEditBody = z.infer<typeof employeeEditBody>;
