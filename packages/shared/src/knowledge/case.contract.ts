import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { optionalId, optionalIds, optionalText, requiredId, requiredText } from '../customers/fields';
import { uploadedFileSchema } from '../files/files.contract';
import { CASE_POWER } from './knowledge.constants';

const smallFilter = (label: string, max: number) =>
  L(
    z.preprocess(
      (v) => (v === '' || v === '0' || v === 0 ? undefined : v),
      coerceInt('smallint').min(1, `${label}不正确`).max(max, `${label}不正确`).optional(),
    ),
    label,
  );

export const caseQuery = z.object({
  /** Number, title, symptom, remedy or dealer. */
  keyword: optionalText('关键字', 50),
  state: smallFilter('案例状态', 3),
  source: smallFilter('案例来源', 2),
  productModelId: optionalId('产品型号'),
  faultModeId: optionalId('故障模式'),
  ...pageQuery.shape,
});
export type CaseQuery = z.infer<typeof caseQuery>;

export const caseRowSchema = z.object({
  id: z.number(),
  caseNo: z.string(),
  title: z.string(),
  state: z.number(),
  source: z.number(),
  /** 1 internal, 2 public (published cases). */
  scope: z.number().nullable(),
  dealerName: z.string().nullable(),
  customerName: z.string().nullable(),
  productName: z.string().nullable(),
  faultModeName: z.string().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  convertedOrderId: z.number().nullable(),
  convertedOrderNo: z.string().nullable(),
  create_time: z.string(),
  publish_time: z.string().nullable(),
});
export type CaseRow = z.infer<typeof caseRowSchema>;

export const casePartSchema = z.object({ name: z.string(), code: z.string(), quantity: z.number(), unit: z.string().nullable() });

/** What every reader of a published case sees (the knowledge base shows the same). */
export const caseViewSchema = caseRowSchema.extend({
  description: z.string().nullable(),
  remedy: z.string().nullable(),
  faultModePath: z.string().nullable(),
  parts: z.array(casePartSchema),
  photos: z.array(uploadedFileSchema),
});
export type CaseView = z.infer<typeof caseViewSchema>;

export const caseDetailSchema = caseViewSchema.extend({
  customerId: z.number().nullable(),
  installedProductId: z.number().nullable(),
  productModelId: z.number().nullable(),
  faultModeId: z.number().nullable(),
  version: z.number(),
  /** publish / withdraw (the machine), edit, convert (a dealer case not yet converted). */
  abilities: z.array(z.string()),
  log: z.array(z.object({ action: z.string(), note: z.string().nullable(), userName: z.string().nullable(), time: z.string() })),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const dealerCaseBody = z.object({
  dealerName: requiredText('经销商', 50),
  customerId: requiredId('客户'),
  installedProductId: optionalId('产品'),
  title: requiredText('案例标题', 100),
  description: optionalText('故障描述', 2000),
  photos: optionalIds('照片', 20),
});

export const caseUpdateBody = z.object({
  id: requiredId('案例'),
  version: L(coerceInt('integer').min(0).optional(), '版本'),
  title: requiredText('案例标题', 100),
  description: optionalText('故障描述', 2000),
  remedy: optionalText('处理措施', 2000),
  faultModeId: optionalId('故障模式'),
  photos: optionalIds('照片', 20),
});

export const caseActionBody = z
  .object({
    id: requiredId('案例'),
    action: L(z.enum(['publish', 'withdraw'], { error: '操作不正确' }), '操作'),
    /** The state the caller saw. */
    state: L(coerceInt('smallint').min(1).max(3).optional(), '状态'),
    /** Publishing: 1 internal, 2 public. */
    scope: L(z.union([z.literal(1), z.literal(2)], { error: '发布范围只能是1（内部）或2（公开）' }).optional(), '发布范围'),
    note: optionalText('备注', 500),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'publish' && !b.scope) ctx.addIssue({ code: 'custom', path: ['scope'], message: '请选择发布范围' });
  });

/** A case tied to an order: generated from it, or converted into it. */
export const orderCaseSchema = z.object({
  id: z.number(),
  caseNo: z.string(),
  title: z.string(),
  state: z.number(),
  relation: z.enum(['generated', 'converted']),
});

export const caseContract = {
  list: endpoint({
    method: 'GET',
    path: '/case/list',
    power: CASE_POWER,
    query: caseQuery,
    response: z.object({ list: z.array(caseRowSchema), count: z.number() }),
  }),
  detail: endpoint({ method: 'GET', path: '/case/detail', power: CASE_POWER, query: z.object({ id: requiredId('案例') }), response: caseDetailSchema }),
  /** 生成案例: a draft case from a completed order (one per order; a second call answers the first case). */
  fromOrder: endpoint({
    method: 'POST',
    path: '/case/fromOrder',
    power: CASE_POWER,
    body: z.object({ orderId: requiredId('工单') }),
    response: z.object({ id: z.number(), created: z.boolean() }),
  }),
  /** A dealer's case, entered for it. */
  create: endpoint({ method: 'POST', path: '/case', power: CASE_POWER, body: dealerCaseBody, response: z.object({ id: z.number() }) }),
  update: endpoint({ method: 'PUT', path: '/case', power: CASE_POWER, body: caseUpdateBody, response: z.null() }),
  action: endpoint({ method: 'POST', path: '/case/action', power: CASE_POWER, body: caseActionBody, response: z.object({ state: z.number() }) }),
  /** A dealer case becomes an order of source type 2 (经销商案例转化), once; the two link to each other. */
  convert: endpoint({
    method: 'POST',
    path: '/case/convert',
    power: CASE_POWER,
    body: z.object({ id: requiredId('案例') }),
    response: z.object({ orderId: z.number(), orderNo: z.string() }),
  }),
  /** The cases of an order (anyone who may open the order). */
  ofOrder: endpoint({ method: 'GET', path: '/case/ofOrder', query: z.object({ orderId: requiredId('工单') }), response: z.array(orderCaseSchema) }),
};
