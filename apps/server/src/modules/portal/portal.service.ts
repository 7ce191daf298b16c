// What a portal session reads and does (docs/portal.md). Every query names the session's enterprise AND customer:
// another customer's record (same enterprise or not) answers NOT_FOUND and nothing changes.
import { type PortalOrderDetail, type PortalProduct, type PortalQuoteDetail, PORTAL_ORDER_SOURCE, PORTAL_VISIT_CHANNEL, createOrderBody } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import type { PortalSession } from '../../platform/portal-session';
import { insertStateLog } from '../../platform/state';
import { todayIn } from '../commerce/index';
import { acceptQuotation, rejectQuotation } from '../commerce/index';
import { saveDataUrl } from '../files/index';
import { storageOf } from '../../platform/storage';
import { createOrder } from '../orders/index';
import { ORDER_STATE } from '../orders/index';
import { answerAsCustomer } from '../visits/index';
import {
  customerQuoteGuard,
  deleteUpload,
  notePortalUpload,
  openVisitTask,
  orderDetailRow,
  orderPage,
  orderQuotes,
  orderStateOf,
  orderTimeline,
  ownUploadCount,
  productPage,
  productRow,
  type QuoteReader,
  quoteDetailRow,
  quotePage,
  reportCreator,
  toPortalOrderDetail,
  toPortalProduct,
  writeRating,
} from './portal.repo';

export type { QuoteReader };

/** The enterprise itself, acting for the portal (its orders, the service report), as the SMS report link does. */
const enterpriseActor = (p: PortalSession, id = p.createdBy ?? 0): Actor => ({
  id,
  enterpriseId: p.enterpriseId,
  sysrole: 1,
  admin: true,
  powers: [],
  providerId: null,
  timeZone: p.timeZone,
});

// ---- products ----

export const listProducts = (db: Db, p: PortalSession, page: PageRequest) => productPage(db, p, page);

/** One of the customer's products, by id or by its QR code; another customer's (or none) is NOT_FOUND. */
export async function productFor(ex: Executor, p: PortalSession, by: { id?: number | null; code?: string }): Promise<PortalProduct> {
  const r = await productRow(ex, p, by);
  if (!r) throw new AppError('NOT_FOUND');
  return toPortalProduct(r, p.timeZone);
}

// ---- files ----

/** A photo or a signature from the phone, stored by the upload service and remembered as this account's. */
export async function uploadImage(deps: Deps, p: PortalSession, data: string, name?: string) {
  const f = await saveDataUrl(deps, { enterpriseId: p.enterpriseId, userId: null }, data, name || '照片');
  await notePortalUpload(deps.db, p, f.id);
  return { id: f.id, name: f.name, url: f.url };
}

// ---- fault reports ----

/**
 * 报修: an order through the orders service for the customer's product, model and serial from the archive, source
 * 3 客户门户报修, the account's contact (or its name and mobile), photos the account uploaded.
 */
export async function reportFault(db: Db, p: PortalSession, b: { productId: number; description: string; attachments?: number[] }) {
  const product = await productFor(db, p, { id: b.productId });
  const files = [...new Set(b.attachments ?? [])];
  if (files.length) {
    if ((await ownUploadCount(db, p, files)) !== files.length) throw new AppError('VALIDATION', { detail: '照片：文件不存在或已被删除' });
  }
  const desc = `${b.description}\n设备：${product.name}${product.model ? `（${product.model}）` : ''}${product.serialNumber ? `，序列号：${product.serialNumber}` : ''}`;
  const body = createOrderBody.parse({
    customerId: p.customerId,
    title: `客户报修：${product.name}`.slice(0, 100),
    productId: product.id,
    detailDesc: desc.slice(0, 2000),
    attachments: files,
    source: PORTAL_ORDER_SOURCE,
    ...(p.contactId ? { contactId: p.contactId } : { customLinkPerson: p.name, customPhone: p.mobile }),
  });
  // Shown as made by the staff member who opened the account (else the enterprise's first administrator), as a cycle
  // plan's orders are by the plan's creator; required custom fields are left for the staff, as for cycle plans.
  const creator = await reportCreator(db, p);
  if (!creator) throw new AppError('NOT_FOUND');
  const made = await createOrder(db, enterpriseActor(p, creator.id), body, undefined, undefined, { requiredLater: true });
  return { id: made.id, orderNo: made.orderNo };
}

// ---- orders ----

export const listOrders = (db: Db, p: PortalSession, page: PageRequest) => orderPage(db, p, page);

export async function orderDetail(db: Db, p: PortalSession, id: number): Promise<PortalOrderDetail> {
  const o = await orderDetailRow(db, p, id);
  if (!o) throw new AppError('NOT_FOUND');
  return toPortalOrderDetail(o, await orderTimeline(db, p, id), await orderQuotes(db, p, id));
}

/** The row the service report prints, for an order of this customer; the report is the staff's own PDF. */
export async function reportOrderFor(db: Db, p: PortalSession, id: number): Promise<{ viewer: Actor; orderId: number }> {
  const o = await orderStateOf(db, p, id);
  if (!o) throw new AppError('NOT_FOUND');
  if (o.state !== 5 || o.invalid) throw new AppError('VALIDATION', { detail: '工单完成后才能下载服务报告' });
  return { viewer: enterpriseActor(p), orderId: id };
}

/**
 * 评价: stars and a comment on a completed order of the customer, once. The order's evaluation is written under a
 * guarded update (evaluated_at is null), so of parallel ratings one wins; the order's open return visit, if any, is
 * filled with the stars for every dimension (channel 3 客户门户评价).
 */
export async function rateOrder(db: Db, p: PortalSession, b: { orderId: number; stars: number; comment?: string | null }) {
  return db.transaction(async (tx) => {
    const o = await orderStateOf(tx, p, b.orderId, true);
    if (!o) throw new AppError('NOT_FOUND');
    if (o.evaluated) throw new AppError('PORTAL_RATED');
    if (o.state !== 5 || o.invalid) throw new AppError('PORTAL_NOT_DONE');
    const comment = b.comment?.trim() || null;
    const stored = { scores: [b.stars, b.stars, b.stars, b.stars], comment, by: null, portal: { accountId: p.accountId, stars: b.stars } };
    const won = await writeRating(tx, p, b.orderId, stored);
    if (won == null) throw new AppError('PORTAL_RATED');
    await insertStateLog(tx, ORDER_STATE, {
      enterpriseId: p.enterpriseId,
      id: b.orderId,
      from: 5,
      to: 5,
      action: 'evaluate',
      note: `客户门户评价（${p.name}）：${b.stars}星${comment ? `，${comment}` : ''}`,
      actorId: null,
    });
    const task = await openVisitTask(tx, p.enterpriseId, b.orderId);
    if (task) await answerAsCustomer(tx, p.enterpriseId, task.id, { scoreOf: () => b.stars, comment, channel: PORTAL_VISIT_CHANNEL, label: '客户门户评价' });
    return { stars: b.stars, comment, create_time: won };
  });
}

// ---- quotations ----

export const listQuotes = (db: Db, p: PortalSession, page: PageRequest) => quotePage(db, p, page);

export async function quoteDetail(db: Db, p: QuoteReader, id: number): Promise<PortalQuoteDetail> {
  const found = await quoteDetailRow(db, p, id);
  if (!found) throw new AppError('NOT_FOUND');
  const { q, lines } = found;
  const expired = q.state === 5 || (q.state === 2 && q.validUntil < todayIn(p.timeZone));
  const { accepted, ...rest } = q;
  return { ...rest, lines, accepted_time: accepted, expired, canAnswer: q.state === 2 && !expired };
}

const quoteGuard = (p: PortalSession) => customerQuoteGuard(p.customerId);

/** 接受 with the signature drawn on the phone: stored, then the commerce seam (acceptQuotation) under this customer's guard. */
export async function acceptQuote(deps: Deps, p: PortalSession, b: { id: number; signature: string }) {
  // Another customer's quotation is NOT_FOUND, an expired or answered one refused, before anything is stored.
  const q = await quoteDetail(deps.db, p, b.id);
  if (q.expired) throw new AppError('QUOTE_EXPIRED');
  if (!q.canAnswer) throw new AppError('QUOTE_NOT_SENT');
  const file = await uploadImage(deps, p, b.signature, '客户签名');
  try {
    return await acceptQuotation(deps.db, {
      enterpriseId: p.enterpriseId,
      timeZone: p.timeZone,
      id: b.id,
      acceptedName: p.name,
      userId: null,
      signatureFileId: String(file.id),
      guard: quoteGuard(p),
    });
  } catch (err) {
    // Another accept won (or the quotation changed meanwhile): the signature of the losing attempt is not kept.
    await dropUpload(deps, p.enterpriseId, file.id);
    throw err;
  }
}

export async function dropUpload(deps: Deps, enterpriseId: number, id: number): Promise<void> {
  const path = await deleteUpload(deps.db, enterpriseId, id);
  if (path) await storageOf(deps).delete(path);
}

export async function rejectQuote(db: Db, p: PortalSession, b: { id: number; note?: string | null }) {
  const note = `客户拒绝（${p.name}）${b.note ? `：${b.note}` : ''}`;
  return rejectQuotation(db, { enterpriseId: p.enterpriseId, timeZone: p.timeZone, id: b.id, note, guard: quoteGuard(p) });
}
