import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogRowSchema } from '../common/state-log';
import { id, L, mobile } from '../common/zod';
import { optionalId, optionalText, requiredDate, requiredText } from '../customers/fields';
import { QUOTE_POWER, WARRANTY_EXT_POWER } from './commerce.machine';

const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });
const cents = (label: string, min = 0) =>
  L(
    coerceInt('bigint', `${label}不正确`)
      .min(min, `${label}不能小于${min / 100}元`)
      .max(100_000_000, `${label}不能超过100万元`),
    label,
  );
const logRow = stateLogRowSchema;
const stateFilter = (max: number) =>
  L(
    z.preprocess((v) => (v === '' ? undefined : v), coerceInt('smallint', '状态不正确').min(1, '状态不正确').max(max, '状态不正确').optional()),
    '状态',
  );
const keyword = L(z.string().trim().max(50, '关键字不能超过50个字').optional(), '关键字');

/** A product's coverage as everything shows it (coverageOf). */
export const coverageSchema = z.object({
  state: z.number(),
  end: z.string().nullable(),
  warrantyEnd: z.string().nullable(),
  extendedEnd: z.string().nullable(),
});

// ---- extended warranty (/extend/warranty) ----
export const warrantyExtRow = z.object({
  id: z.number(),
  extNo: z.string(),
  installedProductId: z.number(),
  productName: z.string(),
  serialNumber: z.string().nullable(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  period: z.number(),
  unit: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  priceCents: z.number(),
  state: z.number(),
  creatorName: z.string().nullable(),
  remark: z.string(),
  create_time: z.string(),
});
export type WarrantyExtRow = z.infer<typeof warrantyExtRow>;
export const warrantyExtDetail = warrantyExtRow.extend({
  abilities: z.array(z.string()),
  approvalId: z.number().nullable(),
  coverage: coverageSchema,
  logs: z.array(logRow),
});
export type WarrantyExtDetail = z.infer<typeof warrantyExtDetail>;

const extBody = z.object({
  installedProductId: L(id, '设备'),
  period: L(coerceInt('integer', '延保时长不正确').min(1, '延保时长须大于0').max(3650, '延保时长过长'), '延保时长'),
  unit: L(
    coerceInt('smallint', '延保单位只能是天、月或年')
      .min(1, '延保单位只能是天、月或年')
      .max(3, '延保单位只能是天、月或年')
      .transform((v) => v as 1 | 2 | 3),
    '延保单位',
  ),
  priceCents: cents('延保价格'),
  remark: optionalText('备注', 200),
});

export const warrantyExtContract = {
  list: endpoint({
    method: 'GET',
    path: '/extend/warranty/list',
    power: WARRANTY_EXT_POWER,
    query: pageQuery.extend({ state: stateFilter(4), keyword, installedProductId: optionalId('设备'), customerId: optionalId('客户') }),
    response: listOf(warrantyExtRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/extend/warranty/detail',
    power: WARRANTY_EXT_POWER,
    query: z.object({ id: L(id, '延保单') }),
    response: warrantyExtDetail,
  }),
  /** What a new extension of the product would cover: it starts the day after the current coverage ends. */
  preview: endpoint({
    method: 'GET',
    path: '/extend/warranty/preview',
    power: WARRANTY_EXT_POWER,
    query: extBody.pick({ installedProductId: true, period: true, unit: true }),
    response: z.object({ coverage: coverageSchema, startDate: z.string(), endDate: z.string() }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/extend/warranty',
    power: WARRANTY_EXT_POWER,
    body: extBody,
    response: z.object({ id: z.number(), state: z.number() }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/extend/warranty/cancel',
    power: WARRANTY_EXT_POWER,
    body: z.object({ id: L(id, '延保单'), note: requiredText('作废原因', 200) }),
    response: z.object({ state: z.number() }),
  }),
};

// ---- quotations (/quotationList, /quotation/detail/{id}) ----
export const quoteLineInput = z.object({
  kind: L(
    coerceInt('smallint', '明细类型不正确')
      .min(1, '明细类型不正确')
      .max(3, '明细类型不正确')
      .transform((v) => v as 1 | 2 | 3),
    '明细类型',
  ),
  /** The service item (kind 1) or spare (kind 2); other fees (3) have none. */
  itemId: optionalId('项目'),
  /** Other fees: the name typed. */
  name: optionalText('名称', 50),
  quantity: L(coerceInt('integer', '数量不正确').min(1, '数量须大于0').max(9999, '数量过大'), '数量'),
  /** Other fees: the price typed; catalogue lines take the catalogue's unless given. */
  unitCents: cents('单价').optional(),
});
export type QuoteLineBody = z.infer<typeof quoteLineInput>;

export const quoteLine = z.object({
  line: z.number(),
  kind: z.number(),
  itemId: z.number().nullable(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitCents: z.number(),
  amountCents: z.number(),
  coverReason: z.string().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

export const quoteRow = z.object({
  id: z.number(),
  quoteNo: z.string(),
  title: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  installedProductId: z.number().nullable(),
  productName: z.string().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  validUntil: z.string(),
  grossCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  state: z.number(),
  discountState: z.number(),
  version: z.number(),
  salesName: z.string().nullable(),
  create_time: z.string(),
});
export type QuoteRow = z.infer<typeof quoteRow>;

export const quoteSnapshot = quoteRow.extend({ remark: z.string(), lines: z.array(quoteLine), warehouseId: z.number().nullable() });
export type QuoteSnapshot = z.infer<typeof quoteSnapshot>;

export const quoteDetail = quoteSnapshot.extend({
  coverage: coverageSchema.nullable(),
  abilities: z.array(z.string()),
  approvalId: z.number().nullable(),
  discountLimitPct: z.number(),
  acceptedName: z.string().nullable(),
  signatureFileId: z.string().nullable(),
  accepted_time: z.string().nullable(),
  versions: z.array(z.object({ version: z.number(), state: z.number(), action: z.string(), userName: z.string().nullable(), create_time: z.string() })),
  logs: z.array(logRow),
});
export type QuoteDetail = z.infer<typeof quoteDetail>;

const quoteBody = z.object({
  title: requiredText('报价标题', 50),
  customerId: L(id, '客户'),
  installedProductId: optionalId('设备'),
  orderId: optionalId('工单'),
  warehouseId: optionalId('备件仓库'),
  validUntil: requiredDate('有效期至').optional(),
  discountCents: cents('折扣金额').default(0),
  remark: optionalText('备注', 500),
  lines: L(z.array(quoteLineInput).min(1, '请添加报价明细').max(100, '报价明细最多100行'), '报价明细'),
});
export type QuoteBody = z.infer<typeof quoteBody>;

export const quoteItemOption = z.object({
  kind: z.number(),
  id: z.number(),
  name: z.string(),
  unit: z.string(),
  unitCents: z.number(),
  warrantyPart: z.boolean(),
});

export const quotationContract = {
  list: endpoint({
    method: 'GET',
    path: '/quotation/list',
    power: QUOTE_POWER,
    query: pageQuery.extend({ state: stateFilter(6), keyword, customerId: optionalId('客户'), orderId: optionalId('工单') }),
    response: listOf(quoteRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/quotation/detail',
    power: QUOTE_POWER,
    query: z.object({ id: L(id, '报价单') }),
    response: quoteDetail,
  }),
  /** One earlier version as it was. */
  version: endpoint({
    method: 'GET',
    path: '/quotation/version',
    power: QUOTE_POWER,
    query: z.object({ id: L(id, '报价单'), version: L(coerceInt('integer', '版本不正确').min(1, '版本不正确'), '版本') }),
    response: z.object({ version: z.number(), state: z.number(), action: z.string(), snapshot: quoteSnapshot }),
  }),
  /** Service items and spares with their prices, for the lines. */
  items: endpoint({
    method: 'GET',
    path: '/quotation/items',
    power: QUOTE_POWER,
    query: z.object({ keyword }),
    response: z.array(quoteItemOption),
  }),
  /** Prices lines against the product's coverage without saving (the form shows the ¥0 lines as they are typed). */
  price: endpoint({
    method: 'POST',
    path: '/quotation/price',
    power: QUOTE_POWER,
    body: quoteBody.pick({ customerId: true, installedProductId: true, discountCents: true, lines: true }),
    response: z.object({ lines: z.array(quoteLine), grossCents: z.number(), totalCents: z.number(), coverage: coverageSchema.nullable() }),
  }),
  create: endpoint({ method: 'POST', path: '/quotation', power: QUOTE_POWER, body: quoteBody, response: z.object({ id: z.number() }) }),
  update: endpoint({
    method: 'PUT',
    path: '/quotation',
    power: QUOTE_POWER,
    body: quoteBody.extend({ id: L(id, '报价单') }),
    response: z.object({ id: z.number(), version: z.number() }),
  }),
  /**
   * send (a discount past the limit waits for its approval), revise (back to draft), reject (the customer declined),
   * accept (on the customer's behalf: who accepted and the signature file), convert (into the chosen order, or a new one
   * when none is chosen: `orderId` answers it).
   */
  action: endpoint({
    method: 'POST',
    path: '/quotation/action',
    power: QUOTE_POWER,
    body: z
      .object({
        id: L(id, '报价单'),
        action: L(z.enum(['send', 'revise', 'reject', 'accept', 'convert'], { error: '操作不正确' }), '操作'),
        note: optionalText('备注', 200),
        acceptedName: optionalText('接受人', 50),
        signatureFileId: optionalText('签名', 500),
        orderId: optionalId('工单'),
      })
      .refine((b) => b.action !== 'accept' || !!b.acceptedName, { message: '请填写接受人', path: ['acceptedName'] }),
    response: z.object({ state: z.number(), message: z.string().optional(), orderId: z.number().optional() }),
  }),
  /**
   * Sends the contact a one-time signature link by SMS (a sent quotation, for a customer without a portal account):
   * the phone given, or the customer's primary contact's. The link opens /portal/sign on the phone.
   */
  signLink: endpoint({
    method: 'POST',
    path: '/quotation/signLink',
    power: QUOTE_POWER,
    body: z.object({ id: L(id, '报价单'), mobile: L(mobile.optional(), '手机号'), name: optionalText('联系人', 50) }),
    response: z.object({ mobile: z.string(), hours: z.number() }),
  }),
};
