// The customer portal (docs/portal.md): a home account's own session, phone-first pages under /portal.
// Every endpoint but the logins is `auth: 'portal'`: the portal session's enterprise and customer scope it.
import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { currentPassword, newPassword } from '../common/password';
import { id, L, mobile } from '../common/zod';
import { optionalId, optionalIds, optionalText, requiredText } from '../customers/fields';
import { coverageSchema, quoteLine } from '../commerce/commerce.contract';

/** How long a one-time login link lives, in minutes. */
export const PORTAL_LINK_MINUTES = 30;
/** Where an SMS link lands: the page that spends the token. */
export const PORTAL_LINK_PATH = '/portal/link';
/** Order source of a fault the customer reported on the portal (ORDER_SOURCES 3). */
export const PORTAL_ORDER_SOURCE = 3;
/** Return-visit channel of a rating given on the portal (1 phone, 2 SMS survey). */
export const PORTAL_VISIT_CHANNEL = 3;

const page = {
  pageIndex: L(coerceInt().min(0, '页码不能小于0').default(0), '页码'),
  pageSize: L(coerceInt().min(1, '每页条数不正确').max(50, '每页最多50条').default(20), '每页条数'),
};
const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });

const chooseEnterprise = z.object({ needChoose: z.literal(true), epList: z.array(z.object({ id: z.number(), name: z.string() })) });
const loginResult = z.union([z.object({ needChoose: z.literal(false) }), chooseEnterprise]);

export const portalMe = z.object({
  name: z.string(),
  mobile: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  enterpriseName: z.string(),
  csrfToken: z.string(),
});
export type PortalMe = z.infer<typeof portalMe>;

export const portalProduct = z.object({
  id: z.number(),
  name: z.string(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  address: z.string().nullable(),
  installDate: z.string().nullable(),
  coverage: coverageSchema,
  openOrders: z.number(),
});
export type PortalProduct = z.infer<typeof portalProduct>;

export const portalOrderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  productName: z.string().nullable(),
  engineerName: z.string().nullable(),
  appointment: z.string().nullable(),
  create_time: z.string(),
});
export type PortalOrderRow = z.infer<typeof portalOrderRow>;

export const portalRating = z.object({ stars: z.number(), comment: z.string().nullable(), create_time: z.string() });

export const portalOrderDetail = portalOrderRow.extend({
  detailDesc: z.string().nullable(),
  serialNumber: z.string().nullable(),
  address: z.string().nullable(),
  engineerPhone: z.string().nullable(),
  finishTime: z.string().nullable(),
  receivableCents: z.number(),
  timeline: z.array(z.object({ state: z.number(), label: z.string(), create_time: z.string() })),
  quotations: z.array(z.object({ id: z.number(), quoteNo: z.string(), state: z.number(), totalCents: z.number() })),
  /** The service report can be downloaded (the order is completed). */
  hasReport: z.boolean(),
  canRate: z.boolean(),
  rating: portalRating.nullable(),
});
export type PortalOrderDetail = z.infer<typeof portalOrderDetail>;

export const portalQuoteRow = z.object({
  id: z.number(),
  quoteNo: z.string(),
  title: z.string(),
  state: z.number(),
  productName: z.string().nullable(),
  orderNo: z.string().nullable(),
  validUntil: z.string(),
  totalCents: z.number(),
  create_time: z.string(),
});
export type PortalQuoteRow = z.infer<typeof portalQuoteRow>;

export const portalQuoteDetail = portalQuoteRow.extend({
  grossCents: z.number(),
  discountCents: z.number(),
  remark: z.string(),
  salesName: z.string().nullable(),
  lines: z.array(quoteLine),
  acceptedName: z.string().nullable(),
  accepted_time: z.string().nullable(),
  /** Still waiting for the customer: sent and not past its date. */
  canAnswer: z.boolean(),
  expired: z.boolean(),
});
export type PortalQuoteDetail = z.infer<typeof portalQuoteDetail>;

/** A PNG or JPEG as a data URL (the signature pad, a photo read on the phone). */
export const dataUrl = (label: string) =>
  L(
    z
      .string()
      .max(8_000_000, `${label}过大`)
      .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, `${label}格式不正确`),
    label,
  );

const ok = z.null();

/** How long a quotation's signature link sent by SMS lives, in hours. */
export const QUOTE_SIGN_LINK_HOURS = 72;
/** Where a quotation's signature link lands (a public phone page; the token in the query). */
export const QUOTE_SIGN_PATH = '/portal/sign';
const signToken = L(z.string().trim().min(20, '链接不正确').max(100, '链接不正确'), '签字链接');
export const portalSignView = portalQuoteDetail.extend({ enterpriseName: z.string(), customerName: z.string(), contactName: z.string().nullable() });
export type PortalSignView = z.infer<typeof portalSignView>;

export const portalContract = {
  login: endpoint({
    method: 'POST',
    path: '/portal/login',
    auth: 'public',
    body: z.object({ mobile: L(mobile, '手机号'), password: currentPassword('密码'), enterpriseId: optionalId('企业') }),
    response: loginResult,
  }),
  /** Sends a one-time login link to the mobile when an enabled account has it; answers the same either way. */
  sendLink: endpoint({
    method: 'POST',
    path: '/portal/link/send',
    auth: 'public',
    body: z.object({ mobile: L(mobile, '手机号') }),
    response: z.object({ seconds: z.number() }),
  }),
  linkLogin: endpoint({
    method: 'POST',
    path: '/portal/link/login',
    auth: 'public',
    body: z.object({ token: L(z.string().trim().min(20, '链接不正确').max(100, '链接不正确'), '登录链接') }),
    response: z.object({ needChoose: z.literal(false) }),
  }),
  logout: endpoint({ method: 'POST', path: '/portal/logout', auth: 'portal', response: ok }),
  me: endpoint({ method: 'GET', path: '/portal/me', auth: 'portal', response: portalMe }),
  /** The customer changes his own password (the staff rules); his other portal sessions end. */
  password: endpoint({
    method: 'POST',
    path: '/portal/password',
    auth: 'portal',
    body: z.object({ oldPassword: currentPassword('原密码'), newPassword: newPassword('新密码') }),
    response: ok,
  }),
  products: endpoint({ method: 'GET', path: '/portal/products', auth: 'portal', query: z.object(page), response: listOf(portalProduct) }),
  /** One product by id, or by the code its QR label carries. */
  product: endpoint({
    method: 'GET',
    path: '/portal/product',
    auth: 'portal',
    query: z
      .object({ id: optionalId('设备'), code: L(z.string().trim().max(64, '二维码不正确').optional(), '二维码') })
      .refine((q) => q.id != null || !!q.code, '请选择设备'),
    response: portalProduct,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/portal/upload',
    auth: 'portal',
    body: z.object({ data: dataUrl('图片'), name: optionalText('文件名', 100) }),
    response: z.object({ id: z.number(), name: z.string(), url: z.string() }),
  }),
  repair: endpoint({
    method: 'POST',
    path: '/portal/repair',
    auth: 'portal',
    body: z.object({
      productId: L(id, '设备'),
      description: requiredText('故障描述', 500),
      attachments: optionalIds('照片', 9),
    }),
    response: z.object({ id: z.number(), orderNo: z.string() }),
  }),
  orders: endpoint({ method: 'GET', path: '/portal/orders', auth: 'portal', query: z.object(page), response: listOf(portalOrderRow) }),
  order: endpoint({ method: 'GET', path: '/portal/order', auth: 'portal', query: z.object({ id: L(id, '工单') }), response: portalOrderDetail }),
  /** The order's service report (the PDF staff print), once the order is completed. */
  report: endpoint({ method: 'GET', path: '/portal/order/report', auth: 'portal', query: z.object({ id: L(id, '工单') }), response: z.null() }),
  rate: endpoint({
    method: 'POST',
    path: '/portal/order/rate',
    auth: 'portal',
    body: z.object({
      orderId: L(id, '工单'),
      stars: L(coerceInt('smallint', '评分不正确').min(1, '请选择评分').max(5, '评分不正确'), '评分'),
      comment: optionalText('评价内容', 500),
    }),
    response: portalRating,
  }),
  quotations: endpoint({ method: 'GET', path: '/portal/quotations', auth: 'portal', query: z.object(page), response: listOf(portalQuoteRow) }),
  quotation: endpoint({ method: 'GET', path: '/portal/quotation', auth: 'portal', query: z.object({ id: L(id, '报价单') }), response: portalQuoteDetail }),
  accept: endpoint({
    method: 'POST',
    path: '/portal/quotation/accept',
    auth: 'portal',
    body: z.object({ id: L(id, '报价单'), signature: dataUrl('签名') }),
    response: z.object({ state: z.number() }),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/portal/quotation/reject',
    auth: 'portal',
    body: z.object({ id: L(id, '报价单'), note: optionalText('拒绝原因', 200) }),
    response: z.object({ state: z.number() }),
  }),
  /** A quotation's one-time signature link (sent by SMS, no account): the quotation it opens; viewing does not spend it. */
  signView: endpoint({ method: 'GET', path: '/portal/sign', auth: 'public', query: z.object({ token: signToken }), response: portalSignView }),
  signAccept: endpoint({
    method: 'POST',
    path: '/portal/sign/accept',
    auth: 'public',
    body: z.object({ token: signToken, signature: dataUrl('签名') }),
    response: z.object({ state: z.number() }),
  }),
  signReject: endpoint({
    method: 'POST',
    path: '/portal/sign/reject',
    auth: 'public',
    body: z.object({ token: signToken, note: optionalText('拒绝原因', 200) }),
    response: z.object({ state: z.number() }),
  }),
};
