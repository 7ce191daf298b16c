import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { id, idList, L, MOBILE } from '../common/zod';
import { extInput, optionalText, requiredText } from '../customers/fields';

/** A yuan amount with at most two decimals (stored as numeric, summed in cents). */
const yuan = (label: string) =>
  L(
    z.coerce
      .number({ error: `${label}请输入数字` })
      .min(0, `${label}不能小于0`)
      .max(99_999_999, `${label}过大`)
      .multipleOf(0.01, `${label}最多两位小数`),
    label,
  );
const quantity = L(
  z.coerce.number({ error: '数量请输入数字' }).positive('数量必须大于0').max(9999.99, '数量不能超过9999.99').multipleOf(0.01, '数量最多两位小数'),
  '数量',
);
const orderId = L(id, '工单');

const serviceLineInput = z.object({ serviceItemId: L(id, '服务项目'), quantity: quantity.default(1), price: yuan('单价').optional() });
const feeLineInput = z.object({ moneyItemId: L(id, '收费项目'), quantity: quantity.default(1), price: yuan('单价').optional() });

/** Setting an order's fees (the expense form kind): its lines and amounts; the totals are the server's. */
export const saveFeesBody = z.object({
  orderId,
  /** Replaces the order's service-item lines when given. */
  serviceItems: L(z.array(serviceLineInput).max(100, '服务项目最多100项').optional(), '服务项目'),
  fees: L(z.array(feeLineInput).max(100, '收费项目最多100项').default([]), '收费项目'),
  spareAmount: yuan('备件金额').default(0),
  otherAmount: yuan('其他金额').default(0),
  discountAmount: yuan('优惠金额').default(0),
  /** The expense form's custom fields. */
  ext: extInput,
});
export type SaveFeesBody = z.infer<typeof saveFeesBody>;

const line = z.object({
  id: z.number(),
  itemId: z.number().nullable(),
  name: z.string(),
  unit: z.string(),
  price: z.number(),
  quantity: z.number(),
  amount: z.number(),
});
export const orderFeesView = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  state: z.number(),
  /** The viewer may change the fees now. */
  editable: z.boolean(),
  serviceItems: z.array(line),
  fees: z.array(line),
  serviceAmount: z.number(),
  feeAmount: z.number(),
  spareAmount: z.number(),
  otherAmount: z.number(),
  discountAmount: z.number(),
  receivableAmount: z.number(),
  paidAmount: z.number(),
  paymentMethod: z.number().nullable(),
  paid: z.boolean(),
  ext: z.record(z.string(), z.unknown()),
  /** The order type's live money items, to add as fee lines. */
  moneyItems: z.array(z.object({ id: z.number(), name: z.string(), price: z.number(), unit: z.string() })),
});
export type OrderFeesView = z.infer<typeof orderFeesView>;

const score = L(z.coerce.number({ error: '评分请输入1到5' }).int('评分请输入1到5').min(1, '评分请输入1到5').max(5, '评分请输入1到5'), '评分');
export const evaluateBody = z.object({
  orderId,
  /** Scores of dimensions 0–3 (服务质量, 服务态度, 服务速度, 问题解决率), each 1–5. */
  scores: L(z.array(score).length(4, '请为四项评价全部打分'), '评分'),
  comment: optionalText('评价内容', 500),
  ext: extInput,
});
export const evaluationView = z.object({
  orderId: z.number(),
  evaluated: z.boolean(),
  canEvaluate: z.boolean(),
  scores: z.array(z.number()).nullable(),
  comment: z.string().nullable(),
  evaluateTime: z.string().nullable(),
  evaluatorName: z.string().nullable(),
});
export type EvaluationView = z.infer<typeof evaluationView>;

export const receiveAccountRow = z.object({
  id: z.number(),
  name: z.string(),
  /** Payment method 1–5. */
  method: z.number(),
  account: z.string(),
  enabled: z.boolean(),
  /** Order types it serves; empty means every type. */
  templateIds: z.array(z.number()),
  templateNames: z.array(z.string()),
});
export type ReceiveAccountRow = z.infer<typeof receiveAccountRow>;
export const saveReceiveBody = z.object({
  id: L(id.optional(), '收款账户'),
  name: requiredText('账户名称', 30),
  method: L(z.coerce.number({ error: '请选择收款方式' }).int().min(1, '请选择收款方式').max(5, '请选择收款方式'), '收款方式'),
  account: optionalText('收款账号', 100),
  enabled: L(z.boolean().default(true), '启用'),
  templateIds: L(idList.pipe(z.array(z.number()).max(200, '最多200个工单类型')).default([]), '适用工单类型'),
});

export const paymentQrView = z.object({
  orderId: z.number(),
  amount: z.number(),
  /** The provider that made the code. */
  provider: z.string(),
  /** A data: URL of the QR image, null when no online provider is configured. */
  qrCode: z.string().nullable(),
  /** What the code holds (or the offline instructions). */
  content: z.string(),
  /** Methods this provider can record: 1 offline and 5 signed bill by default. */
  methods: z.array(z.number()),
  notice: z.string(),
});
export type PaymentQrView = z.infer<typeof paymentQrView>;

const SET = POWERS.systemSetting;

/** Money and documents of an order (fees, collection accounts, evaluation, the service report and payment). */
export const orderMoneyContract = {
  fees: endpoint({ method: 'GET', path: '/v2/order/fees', query: z.object({ orderId }), response: orderFeesView }),
  saveFees: endpoint({ method: 'POST', path: '/v2/order/fees/save', body: saveFeesBody, response: orderFeesView }),
  evaluation: endpoint({ method: 'GET', path: '/v2/order/evaluation', query: z.object({ orderId }), response: evaluationView }),
  evaluate: endpoint({ method: 'POST', path: '/v2/order/evaluate', body: evaluateBody, response: evaluationView }),
  receiveByTemplate: endpoint({
    method: 'GET',
    path: '/receive/list/orderTmpl',
    query: z.object({ orderTmplId: L(id, '工单类型') }),
    response: z.array(z.object({ name: z.string(), fk_t_ep_receive_payment_id: z.number(), method: z.number(), account: z.string() })),
  }),
  receiveList: endpoint({ method: 'GET', path: '/receive/list', power: SET, response: z.array(receiveAccountRow) }),
  receiveSave: endpoint({ method: 'POST', path: '/receive/save', power: SET, body: saveReceiveBody, response: z.object({ id: z.number() }) }),
  receiveDelete: endpoint({
    method: 'DELETE',
    path: '/receive/delete',
    power: SET,
    body: z.object({ ids: L(idList.pipe(z.array(z.number()).min(1, '请选择收款账户').max(100)), '收款账户') }),
    response: z.null(),
  }),
  /** Answers the PDF itself (application/pdf), not the envelope. */
  orderPdf: endpoint({ method: 'POST', path: '/export/orderPdf', body: z.object({ orderId }), response: z.null() }),
  pdfSend: endpoint({
    method: 'POST',
    path: '/order/pdfSend',
    body: z.object({
      orderId,
      mobile: L(z.string().trim().regex(MOBILE, '请输入正确的手机号').optional(), '手机号'),
    }),
    response: z.object({ mobile: z.string(), expireTime: z.string() }),
  }),
  /** The customer's link: no login, only the token (answers the PDF). */
  publicReport: endpoint({ method: 'GET', path: '/report/order/:token', auth: 'public', response: z.null() }),
  paymentQrCode: endpoint({ method: 'GET', path: '/v2/order/paymentQrCode', query: z.object({ orderId }), response: paymentQrView }),
};
