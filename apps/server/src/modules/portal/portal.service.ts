// What a portal session reads and does (docs/portal.md). Every query names the session's enterprise AND customer:
// another customer's record (same enterprise or not) answers NOT_FOUND and nothing changes.
import {
  coverageOf,
  ORDER_STATES,
  type PortalOrderDetail,
  type PortalOrderRow,
  type PortalProduct,
  type PortalQuoteDetail,
  type PortalQuoteRow,
  type QuoteLine,
  PORTAL_ORDER_SOURCE,
  PORTAL_VISIT_CHANNEL,
  createOrderBody,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import type { PortalSession } from '../../platform/portal-session';
import { apiTime, bigints } from '../../platform/sql';
import { insertStateLog } from '../../platform/state';
import { todayIn } from '../commerce/coverage';
import { acceptQuotation, rejectQuotation } from '../commerce/quotation.service';
import { saveDataUrl } from '../files/uploads.service';
import { storageOf } from '../../platform/storage';
import { createOrder } from '../orders/create.service';
import { ORDER_STATE } from '../orders/order.state';
import { answerAsCustomer } from '../visits/survey.service';

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

const mine = (p: Pick<PortalSession, 'enterpriseId' | 'customerId'>, alias: string): SQL =>
  sql`${sql.identifier(alias)}.enterprise_id = ${p.enterpriseId} and ${sql.identifier(alias)}.customer_id = ${p.customerId}`;

// ---- products ----

interface ProductRaw {
  id: number;
  name: string;
  model: string | null;
  serial_number: string | null;
  address: string | null;
  install_date: string | null;
  warranty_end: string | null;
  extended_end: string | null;
  open_orders: number;
}

const productSelect = sql`select p.id::int, p.name, m.model, p.serial_number, a.full_address as address,
    to_char(p.install_date, 'YYYY-MM-DD') as install_date, to_char(p.warranty_end, 'YYYY-MM-DD') as warranty_end,
    to_char(p.extended_end, 'YYYY-MM-DD') as extended_end,
    (select count(*)::int from orders o where o.enterprise_id = p.enterprise_id and o.installed_product_id = p.id
      and o.customer_id = p.customer_id and o.state < 5 and o.deleted_at is null) as open_orders
  from installed_products p
  left join product_models m on m.enterprise_id = p.enterprise_id and m.id = p.product_id
  left join customer_addresses a on a.enterprise_id = p.enterprise_id and a.id = p.address_id`;

function productOf(r: ProductRaw, tz: string): PortalProduct {
  // The one warranty status (commerce coverageOf): the model's warranty, then an extension in force.
  const c = coverageOf(r.warranty_end, r.extended_end, todayIn(tz));
  return {
    id: r.id,
    name: r.name,
    model: r.model,
    serialNumber: r.serial_number,
    address: r.address,
    installDate: r.install_date,
    coverage: { state: c.state, end: c.end, warrantyEnd: r.warranty_end, extendedEnd: r.extended_end },
    openOrders: Number(r.open_orders),
  };
}

export async function listProducts(db: Db, p: PortalSession, page: PageRequest) {
  const where = mine(p, 'p');
  return listPage(
    page,
    async () =>
      (await rows<ProductRaw>(db, sql`${productSelect} where ${where} order by p.created_at desc, p.id desc ${pageSql(page)}`)).map((r) =>
        productOf(r, p.timeZone),
      ),
    () => countOf(db, sql`installed_products p`, where),
  );
}

/** One of the customer's products, by id or by its QR code; another customer's (or none) is NOT_FOUND. */
export async function productFor(ex: Executor, p: PortalSession, by: { id?: number | null; code?: string }): Promise<PortalProduct> {
  const key = by.id != null ? sql`p.id = ${by.id}` : sql`p.qr_code = ${by.code ?? ''}`;
  const [r] = await rows<ProductRaw>(ex, sql`${productSelect} where ${mine(p, 'p')} and ${key}`);
  if (!r) throw new AppError('NOT_FOUND');
  return productOf(r, p.timeZone);
}

// ---- files ----

/** A photo or a signature from the phone, stored by the upload service and remembered as this account's. */
export async function uploadImage(deps: Deps, p: PortalSession, data: string, name?: string) {
  const f = await saveDataUrl(deps, { enterpriseId: p.enterpriseId, userId: null }, data, name || '照片');
  await deps.db.execute(sql`insert into portal_uploads (enterprise_id, upload_id, account_id) values (${p.enterpriseId}, ${f.id}, ${p.accountId})`);
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
    const own = await rows<{ id: number }>(
      db,
      sql`select upload_id::int as id from portal_uploads where enterprise_id = ${p.enterpriseId} and account_id = ${p.accountId}
        and upload_id = any(${bigints(files)})`,
    );
    if (own.length !== files.length) throw new AppError('VALIDATION', { detail: '照片：文件不存在或已被删除' });
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
  const [creator] = await rows<{ id: number }>(
    db,
    sql`select id::int from users where enterprise_id = ${p.enterpriseId} and (id = ${p.createdBy ?? 0} or admin) and deleted_at is null
      order by (id = ${p.createdBy ?? 0}) desc, id limit 1`,
  );
  if (!creator) throw new AppError('NOT_FOUND');
  const made = await createOrder(db, enterpriseActor(p, creator.id), body, undefined, undefined, { requiredLater: true });
  return { id: made.id, orderNo: made.orderNo };
}

// ---- orders ----

const orderSelect = (tz: string) => sql`select o.id::int, o.order_no as "orderNo", o.title, o.state::int, ip.name as "productName",
    u.name as "engineerName", case when o.appointment_at is null then null else ${apiTime(sql`o.appointment_at`, tz)} end as appointment,
    ${apiTime(sql`o.created_at`, tz)} as create_time
  from orders o
  left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
  left join users u on u.enterprise_id = o.enterprise_id and u.id = o.service_user_id`;

const visibleOrder = (p: PortalSession) => sql`${mine(p, 'o')} and o.deleted_at is null`;

export async function listOrders(db: Db, p: PortalSession, page: PageRequest) {
  const where = visibleOrder(p);
  return listPage(
    page,
    () => rows<PortalOrderRow>(db, sql`${orderSelect(p.timeZone)} where ${where} order by o.created_at desc, o.id desc ${pageSql(page)}`),
    () => countOf(db, sql`orders o`, where),
  );
}

interface Stored {
  scores?: number[];
  comment?: string | null;
  portal?: { stars: number };
}

export async function orderDetail(db: Db, p: PortalSession, id: number): Promise<PortalOrderDetail> {
  const tz = p.timeZone;
  const [o] = await rows<
    PortalOrderRow & {
      detailDesc: string | null;
      serialNumber: string | null;
      address: string | null;
      engineerPhone: string | null;
      finishTime: string | null;
      receivable: string;
      invalid: boolean;
      evaluation: Stored | null;
      evaluated: string | null;
    }
  >(
    db,
    sql`select x.*, o.detail_desc as "detailDesc", ip.serial_number as "serialNumber", o.full_address as address, u.mobile as "engineerPhone",
        case when o.finished_at is null then null else ${apiTime(sql`o.finished_at`, tz)} end as "finishTime",
        (o.receivable_amount * 100)::bigint::text as receivable, o.invalid, o.evaluation,
        case when o.evaluated_at is null then null else ${apiTime(sql`o.evaluated_at`, tz)} end as evaluated
      from (${orderSelect(tz)} where ${visibleOrder(p)} and o.id = ${id}) x
      join orders o on o.enterprise_id = ${p.enterpriseId} and o.id = x.id
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join users u on u.enterprise_id = o.enterprise_id and u.id = o.service_user_id`,
  );
  if (!o) throw new AppError('NOT_FOUND');
  const logs = await rows<{ state: number; create_time: string }>(
    db,
    sql`select l.to_state::int as state, ${apiTime(sql`l.created_at`, tz)} as create_time from order_logs l
      where l.enterprise_id = ${p.enterpriseId} and l.order_id = ${id} and (l.from_state is null or l.from_state <> l.to_state)
      order by l.created_at, l.id`,
  );
  const quotes = await rows<{ id: number; quoteNo: string; state: number; totalCents: number }>(
    db,
    sql`select q.id::int, q.quote_no as "quoteNo", q.state::int, q.total_cents::int as "totalCents" from quotations q
      where ${mine(p, 'q')} and q.order_id = ${id} and q.state <> 1 order by q.created_at desc`,
  );
  const e = o.evaluation;
  const done = Number(o.state) === 5 && !o.invalid;
  return {
    id: o.id,
    orderNo: o.orderNo,
    title: o.title,
    state: o.state,
    productName: o.productName,
    engineerName: o.engineerName,
    appointment: o.appointment,
    create_time: o.create_time,
    detailDesc: o.detailDesc,
    serialNumber: o.serialNumber,
    address: o.address,
    engineerPhone: o.engineerName ? o.engineerPhone : null,
    finishTime: o.finishTime,
    receivableCents: Number(o.receivable),
    timeline: logs.map((l) => ({
      state: l.state,
      label: ORDER_STATES[l.state as keyof typeof ORDER_STATES]?.label ?? String(l.state),
      create_time: l.create_time,
    })),
    quotations: quotes,
    hasReport: done,
    canRate: done && o.evaluated == null,
    rating:
      o.evaluated == null
        ? null
        : {
            stars: e?.portal?.stars ?? Math.round((e?.scores ?? []).reduce((s, v) => s + v, 0) / Math.max(1, e?.scores?.length ?? 1)),
            comment: e?.comment ?? null,
            create_time: o.evaluated,
          },
  };
}

/** The row the service report prints, for an order of this customer; the report is the staff's own PDF. */
export async function reportOrderFor(db: Db, p: PortalSession, id: number): Promise<{ viewer: Actor; orderId: number }> {
  const [o] = await rows<{ state: number; invalid: boolean }>(db, sql`select o.state::int, o.invalid from orders o where ${visibleOrder(p)} and o.id = ${id}`);
  if (!o) throw new AppError('NOT_FOUND');
  if (Number(o.state) !== 5 || o.invalid) throw new AppError('VALIDATION', { detail: '工单完成后才能下载服务报告' });
  return { viewer: enterpriseActor(p), orderId: id };
}

/**
 * 评价: stars and a comment on a completed order of the customer, once. The order's evaluation is written under a
 * guarded update (evaluated_at is null), so of parallel ratings one wins; the order's open return visit, if any, is
 * filled with the stars for every dimension (channel 3 客户门户评价).
 */
export async function rateOrder(db: Db, p: PortalSession, b: { orderId: number; stars: number; comment?: string | null }) {
  return db.transaction(async (tx) => {
    const [o] = await rows<{ state: number; invalid: boolean; evaluated: boolean }>(
      tx,
      sql`select o.state::int, o.invalid, o.evaluated_at is not null as evaluated from orders o where ${visibleOrder(p)} and o.id = ${b.orderId} for update`,
    );
    if (!o) throw new AppError('NOT_FOUND');
    if (o.evaluated) throw new AppError('PORTAL_RATED');
    if (Number(o.state) !== 5 || o.invalid) throw new AppError('PORTAL_NOT_DONE');
    const comment = b.comment?.trim() || null;
    const stored = { scores: [b.stars, b.stars, b.stars, b.stars], comment, by: null, portal: { accountId: p.accountId, stars: b.stars } };
    const [won] = await rows<{ t: string }>(
      tx,
      sql`update orders set evaluation = ${JSON.stringify(stored)}::jsonb, evaluated_at = now(), version = version + 1, updated_at = now()
        where enterprise_id = ${p.enterpriseId} and id = ${b.orderId} and evaluated_at is null and state = 5
        returning ${apiTime(sql`evaluated_at`, p.timeZone)} as t`,
    );
    if (!won) throw new AppError('PORTAL_RATED');
    await insertStateLog(tx, ORDER_STATE, {
      enterpriseId: p.enterpriseId,
      id: b.orderId,
      from: 5,
      to: 5,
      action: 'evaluate',
      note: `客户门户评价（${p.name}）：${b.stars}星${comment ? `，${comment}` : ''}`,
      actorId: null,
    });
    const [task] = await rows<{ id: number }>(
      tx,
      sql`select id::int from return_visit_tasks where enterprise_id = ${p.enterpriseId} and visit_type = 1 and order_id = ${b.orderId}
        and state in (1, 4) order by id limit 1`,
    );
    if (task) await answerAsCustomer(tx, p.enterpriseId, task.id, { scoreOf: () => b.stars, comment, channel: PORTAL_VISIT_CHANNEL, label: '客户门户评价' });
    return { stars: b.stars, comment, create_time: won.t };
  });
}

// ---- quotations ----

const quoteSelect = (tz: string) => sql`select q.id::int, q.quote_no as "quoteNo", q.title, q.state::int, ip.name as "productName", o.order_no as "orderNo",
    to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil", q.total_cents::int as "totalCents", ${apiTime(sql`q.created_at`, tz)} as create_time
  from quotations q
  left join installed_products ip on ip.enterprise_id = q.enterprise_id and ip.id = q.installed_product_id
  left join orders o on o.enterprise_id = q.enterprise_id and o.id = q.order_id`;

/** Drafts are the salesperson's: the customer sees a quotation once it is sent. */
/** Who reads a customer's quotations: a portal session, or a quotation's signature link (portal.sign.ts). */
export type QuoteReader = Pick<PortalSession, 'enterpriseId' | 'customerId' | 'timeZone'>;
const visibleQuote = (p: QuoteReader, alias = 'q') => sql`${mine(p, alias)} and ${sql.identifier(alias)}.state <> 1`;

export async function listQuotes(db: Db, p: PortalSession, page: PageRequest) {
  const where = visibleQuote(p);
  return listPage(
    page,
    () => rows<PortalQuoteRow>(db, sql`${quoteSelect(p.timeZone)} where ${where} order by q.created_at desc, q.id desc ${pageSql(page)}`),
    () => countOf(db, sql`quotations q`, where),
  );
}

export async function quoteDetail(db: Db, p: QuoteReader, id: number): Promise<PortalQuoteDetail> {
  const tz = p.timeZone;
  const [q] = await rows<
    PortalQuoteRow & {
      grossCents: number;
      discountCents: number;
      remark: string;
      salesName: string | null;
      acceptedName: string | null;
      accepted: string | null;
    }
  >(
    db,
    sql`select x.*, q.gross_cents::int as "grossCents", q.discount_cents::int as "discountCents", q.remark, s.name as "salesName",
        q.accepted_name as "acceptedName", case when q.accepted_at is null then null else ${apiTime(sql`q.accepted_at`, tz)} end as accepted
      from (${quoteSelect(tz)} where ${visibleQuote(p)} and q.id = ${id}) x
      join quotations q on q.enterprise_id = ${p.enterpriseId} and q.id = x.id
      left join users s on s.enterprise_id = q.enterprise_id and s.id = q.sales_id`,
  );
  if (!q) throw new AppError('NOT_FOUND');
  const lines = await rows<QuoteLine>(
    db,
    sql`select line, kind, item_id::int as "itemId", name, unit, quantity, unit_cents::int as "unitCents", amount_cents::int as "amountCents",
        cover_reason as "coverReason"
      from quotation_lines where enterprise_id = ${p.enterpriseId} and quotation_id = ${id} order by line`,
  );
  const expired = Number(q.state) === 5 || (Number(q.state) === 2 && q.validUntil < todayIn(tz));
  const { accepted, ...rest } = q;
  return { ...rest, lines, accepted_time: accepted, expired, canAnswer: Number(q.state) === 2 && !expired };
}

const quoteGuard = (p: PortalSession) => sql`quotations.customer_id = ${p.customerId} and quotations.state <> 1`;

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
  const [u] = await rows<{ path: string }>(deps.db, sql`delete from uploads where enterprise_id = ${enterpriseId} and id = ${id} returning path`);
  if (u) await storageOf(deps).delete(u.path);
}

export async function rejectQuote(db: Db, p: PortalSession, b: { id: number; note?: string | null }) {
  const note = `客户拒绝（${p.name}）${b.note ? `：${b.note}` : ''}`;
  return rejectQuotation(db, { enterpriseId: p.enterpriseId, timeZone: p.timeZone, id: b.id, note, guard: quoteGuard(p) });
}
