// Queries of the customer portal (docs/portal.md): every one names the session's enterprise AND customer (`mine`), so
// another customer's record (same enterprise or not) is not found. Typed rows and their presenters; the rules are
// portal.service.ts's.
import {
  coverageOf,
  periodsOf,
  type PortalOrderDetail,
  type PortalOrderRow,
  type PortalProduct,
  type PortalQuoteRow,
  type QuoteLine,
  ORDER_STATES,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import type { PortalSession } from '../../platform/portal-session';
import { apiTime, bigints } from '../../platform/sql';
import { todayIn } from '../commerce/index';

/** The customer's own rows of the table aliased `alias`. */
export const mine = (p: Pick<PortalSession, 'enterpriseId' | 'customerId'>, alias: string): SQL =>
  sql`${sql.identifier(alias)}.enterprise_id = ${p.enterpriseId} and ${sql.identifier(alias)}.customer_id = ${p.customerId}`;

// ---- products ----

export interface ProductRaw {
  id: number;
  name: string;
  model: string | null;
  serial_number: string | null;
  address: string | null;
  install_date: string | null;
  warranty_end: string | null;
  extended_end: string | null;
  extended_periods: unknown;
  open_orders: number;
}

const productSelect = sql`select p.id::int, p.name, m.model, p.serial_number, a.full_address as address,
    to_char(p.install_date, 'YYYY-MM-DD') as install_date, to_char(p.warranty_end, 'YYYY-MM-DD') as warranty_end,
    to_char(p.extended_end, 'YYYY-MM-DD') as extended_end, p.extended_periods,
    (select count(*)::int from orders o where o.enterprise_id = p.enterprise_id and o.installed_product_id = p.id
      and o.customer_id = p.customer_id and o.state < 5 and o.deleted_at is null) as open_orders
  from installed_products p
  left join product_models m on m.enterprise_id = p.enterprise_id and m.id = p.product_id
  left join customer_addresses a on a.enterprise_id = p.enterprise_id and a.id = p.address_id`;

/** The one place a product row becomes the portal's product (its coverage as of today in `tz`). */
export function toPortalProduct(r: ProductRaw, tz: string): PortalProduct {
  // The one warranty status (commerce coverageOf): the model's warranty, then an extension in force.
  const c = coverageOf(r.warranty_end, periodsOf(r.extended_periods), todayIn(tz));
  return {
    id: r.id,
    name: r.name,
    model: r.model,
    serialNumber: r.serial_number,
    address: r.address,
    installDate: r.install_date,
    coverage: { state: c.state, end: c.end, warrantyEnd: r.warranty_end, extendedEnd: r.extended_end },
    openOrders: r.open_orders,
  };
}

export function productPage(ex: Executor, p: PortalSession, page: PageRequest) {
  const where = mine(p, 'p');
  return listPage(
    page,
    async () =>
      (await rows<ProductRaw>(ex, sql`${productSelect} where ${where} order by p.created_at desc, p.id desc ${pageSql(page)}`)).map((r) =>
        toPortalProduct(r, p.timeZone),
      ),
    () => countOf(ex, sql`installed_products p`, where),
  );
}

/** One of the customer's products, by id or by its QR code, or undefined. */
export async function productRow(ex: Executor, p: PortalSession, by: { id?: number | null; code?: string }) {
  const key = by.id != null ? sql`p.id = ${by.id}` : sql`p.qr_code = ${by.code ?? ''}`;
  const [r] = await rows<ProductRaw>(ex, sql`${productSelect} where ${mine(p, 'p')} and ${key}`);
  return r;
}

// ---- files ----

/** Remembers an upload as the account's. */
export const notePortalUpload = (ex: Executor, p: PortalSession, uploadId: number) =>
  ex.execute(sql`insert into portal_uploads (enterprise_id, upload_id, account_id) values (${p.enterpriseId}, ${uploadId}, ${p.accountId})`);

/** How many of `ids` the account uploaded. */
export async function ownUploadCount(ex: Executor, p: PortalSession, ids: number[]): Promise<number> {
  const own = await rows<{ id: number }>(
    ex,
    sql`select upload_id::int as id from portal_uploads where enterprise_id = ${p.enterpriseId} and account_id = ${p.accountId}
        and upload_id = any(${bigints(ids)})`,
  );
  return own.length;
}

/** Deletes an upload row; its stored path, or undefined. */
export async function deleteUpload(ex: Executor, enterpriseId: number, id: number) {
  const [u] = await rows<{ path: string }>(ex, sql`delete from uploads where enterprise_id = ${enterpriseId} and id = ${id} returning path`);
  return u?.path;
}

/** The staff member shown as the maker of the customer's reports: who opened the account, else the first administrator. */
export async function reportCreator(ex: Executor, p: PortalSession) {
  const [creator] = await rows<{ id: number }>(
    ex,
    sql`select id::int from users where enterprise_id = ${p.enterpriseId} and (id = ${p.createdBy ?? 0} or admin) and deleted_at is null
      order by (id = ${p.createdBy ?? 0}) desc, id limit 1`,
  );
  return creator;
}

// ---- orders ----

const orderSelect = (tz: string) => sql`select o.id::int, o.order_no as "orderNo", o.title, o.state::int, ip.name as "productName",
    u.name as "engineerName", case when o.appointment_at is null then null else ${apiTime(sql`o.appointment_at`, tz)} end as appointment,
    ${apiTime(sql`o.created_at`, tz)} as create_time
  from orders o
  left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
  left join users u on u.enterprise_id = o.enterprise_id and u.id = o.service_user_id`;

/** The customer's orders not in the recycle bin (alias o). */
export const visibleOrder = (p: PortalSession) => sql`${mine(p, 'o')} and o.deleted_at is null`;

/** The order list's columns are aliased to the contract's names: a row as read is the contract's row. */
export function orderPage(ex: Executor, p: PortalSession, page: PageRequest) {
  const where = visibleOrder(p);
  return listPage(
    page,
    () => rows<PortalOrderRow>(ex, sql`${orderSelect(p.timeZone)} where ${where} order by o.created_at desc, o.id desc ${pageSql(page)}`),
    () => countOf(ex, sql`orders o`, where),
  );
}

interface Stored {
  scores?: number[];
  comment?: string | null;
  portal?: { stars: number };
}

export interface OrderDetailRaw extends PortalOrderRow {
  detailDesc: string | null;
  serialNumber: string | null;
  address: string | null;
  engineerPhone: string | null;
  finishTime: string | null;
  /** Cents, as text (numeric). */
  receivable: string;
  invalid: boolean;
  evaluation: Stored | null;
  evaluated: string | null;
}

/** One of the customer's orders with what its detail shows, or undefined. */
export async function orderDetailRow(ex: Executor, p: PortalSession, id: number) {
  const tz = p.timeZone;
  const [o] = await rows<OrderDetailRaw>(
    ex,
    sql`select x.*, o.detail_desc as "detailDesc", ip.serial_number as "serialNumber", o.full_address as address, u.mobile as "engineerPhone",
        case when o.finished_at is null then null else ${apiTime(sql`o.finished_at`, tz)} end as "finishTime",
        (o.receivable_amount * 100)::bigint::text as receivable, o.invalid, o.evaluation,
        case when o.evaluated_at is null then null else ${apiTime(sql`o.evaluated_at`, tz)} end as evaluated
      from (${orderSelect(tz)} where ${visibleOrder(p)} and o.id = ${id}) x
      join orders o on o.enterprise_id = ${p.enterpriseId} and o.id = x.id
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join users u on u.enterprise_id = o.enterprise_id and u.id = o.service_user_id`,
  );
  return o;
}

/** The order's state changes, oldest first. */
export function orderTimeline(ex: Executor, p: PortalSession, id: number) {
  return rows<{ state: number; create_time: string }>(
    ex,
    sql`select l.to_state::int as state, ${apiTime(sql`l.created_at`, p.timeZone)} as create_time from order_logs l
      where l.enterprise_id = ${p.enterpriseId} and l.order_id = ${id} and (l.from_state is null or l.from_state <> l.to_state)
      order by l.created_at, l.id`,
  );
}

/** The order's quotations the customer sees (sent or later), newest first. */
export function orderQuotes(ex: Executor, p: PortalSession, id: number) {
  return rows<{ id: number; quoteNo: string; state: number; totalCents: number }>(
    ex,
    sql`select q.id::int, q.quote_no as "quoteNo", q.state::int, q.total_cents::int as "totalCents" from quotations q
      where ${mine(p, 'q')} and q.order_id = ${id} and q.state <> 1 order by q.created_at desc`,
  );
}

/** The one place an order's detail row (with its timeline and quotations) becomes the portal's order detail. */
export function toPortalOrderDetail(
  o: OrderDetailRaw,
  logs: { state: number; create_time: string }[],
  quotes: PortalOrderDetail['quotations'],
): PortalOrderDetail {
  const e = o.evaluation;
  const done = o.state === 5 && !o.invalid;
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

/** The customer's order's state and validity (locked for a rating), or undefined. */
export async function orderStateOf(ex: Executor, p: PortalSession, id: number, lock = false) {
  const [o] = await rows<{ state: number; invalid: boolean; evaluated: boolean }>(
    ex,
    sql`select o.state::int, o.invalid, o.evaluated_at is not null as evaluated from orders o where ${visibleOrder(p)} and o.id = ${id}${lock ? sql` for update` : sql``}`,
  );
  return o;
}

/** Writes the rating once (guarded: not rated yet, still completed); its time, or undefined when another came first. */
export async function writeRating(ex: Executor, p: PortalSession, orderId: number, stored: unknown) {
  const [won] = await rows<{ t: string }>(
    ex,
    sql`update orders set evaluation = ${JSON.stringify(stored)}::jsonb, evaluated_at = now(), version = version + 1, updated_at = now()
        where enterprise_id = ${p.enterpriseId} and id = ${orderId} and evaluated_at is null and state = 5
        returning ${apiTime(sql`evaluated_at`, p.timeZone)} as t`,
  );
  return won?.t;
}

/** The order's open return-visit task (order visit, 1 or 4), or undefined. */
export async function openVisitTask(ex: Executor, ep: number, orderId: number) {
  const [task] = await rows<{ id: number }>(
    ex,
    sql`select id::int from return_visit_tasks where enterprise_id = ${ep} and visit_type = 1 and order_id = ${orderId}
        and state in (1, 4) order by id limit 1`,
  );
  return task;
}

// ---- quotations ----

const quoteSelect = (tz: string) => sql`select q.id::int, q.quote_no as "quoteNo", q.title, q.state::int, ip.name as "productName", o.order_no as "orderNo",
    to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil", q.total_cents::int as "totalCents", ${apiTime(sql`q.created_at`, tz)} as create_time
  from quotations q
  left join installed_products ip on ip.enterprise_id = q.enterprise_id and ip.id = q.installed_product_id
  left join orders o on o.enterprise_id = q.enterprise_id and o.id = q.order_id`;

/** Who reads a customer's quotations: a portal session, or a quotation's signature link (portal.sign.ts). */
export type QuoteReader = Pick<PortalSession, 'enterpriseId' | 'customerId' | 'timeZone'>;

/** The guard an answer (接受, 拒绝) runs under in the quotation's state change: the customer's own, once sent. */
export const customerQuoteGuard = (customerId: number): SQL => sql`quotations.customer_id = ${customerId} and quotations.state <> 1`;
/** Drafts are the salesperson's: the customer sees a quotation once it is sent. */
export const visibleQuote = (p: QuoteReader, alias = 'q') => sql`${mine(p, alias)} and ${sql.identifier(alias)}.state <> 1`;

/** The quotation list's columns are aliased to the contract's names: a row as read is the contract's row. */
export function quotePage(ex: Executor, p: PortalSession, page: PageRequest) {
  const where = visibleQuote(p);
  return listPage(
    page,
    () => rows<PortalQuoteRow>(ex, sql`${quoteSelect(p.timeZone)} where ${where} order by q.created_at desc, q.id desc ${pageSql(page)}`),
    () => countOf(ex, sql`quotations q`, where),
  );
}

export interface QuoteDetailRaw extends PortalQuoteRow {
  grossCents: number;
  discountCents: number;
  remark: string;
  salesName: string | null;
  acceptedName: string | null;
  accepted: string | null;
}

/** One of the customer's quotations (sent or later) with its lines, or undefined. */
export async function quoteDetailRow(ex: Executor, p: QuoteReader, id: number): Promise<{ q: QuoteDetailRaw; lines: QuoteLine[] } | undefined> {
  const tz = p.timeZone;
  const [q] = await rows<QuoteDetailRaw>(
    ex,
    sql`select x.*, q.gross_cents::int as "grossCents", q.discount_cents::int as "discountCents", q.remark, s.name as "salesName",
        q.accepted_name as "acceptedName", case when q.accepted_at is null then null else ${apiTime(sql`q.accepted_at`, tz)} end as accepted
      from (${quoteSelect(tz)} where ${visibleQuote(p)} and q.id = ${id}) x
      join quotations q on q.enterprise_id = ${p.enterpriseId} and q.id = x.id
      left join users s on s.enterprise_id = q.enterprise_id and s.id = q.sales_id`,
  );
  if (!q) return undefined;
  const lines = await rows<QuoteLine>(
    ex,
    sql`select line, kind, item_id::int as "itemId", name, unit, quantity, unit_cents::int as "unitCents", amount_cents::int as "amountCents",
        cover_reason as "coverReason"
      from quotation_lines where enterprise_id = ${p.enterpriseId} and quotation_id = ${id} order by line`,
  );
  return { q, lines };
}

// ---- signature links ----

/** What sending a signature link checks, the quotation locked (under the caller's scope on alias q), or undefined. */
export async function quoteForLink(ex: Executor, ep: number, id: number, today: string, scope: SQL) {
  const [q] = await rows<{ state: number; past: boolean; quote_no: string; title: string; customer_id: number; enterprise_name: string }>(
    ex,
    sql`select q.state, q.valid_until < ${today}::date as past, q.quote_no, q.title, q.customer_id::int, e.name as enterprise_name
        from quotations q join enterprises e on e.id = q.enterprise_id
        where q.enterprise_id = ${ep} and q.id = ${id} and ${scope} for update of q`,
  );
  return q;
}

/** The customer's first contact with a mobile number (the primary first), or undefined. */
export async function contactWithMobile(ex: Executor, ep: number, customerId: number) {
  const [c] = await rows<{ phone: string | null; name: string }>(
    ex,
    sql`select phone, name from customer_contacts where enterprise_id = ${ep} and customer_id = ${customerId}
          and phone ~ '^1[3-9][0-9]{9}$' order by is_primary desc, id limit 1`,
  );
  return c;
}

/** Whether a link of the quotation was made in the last `seconds`. */
export async function linkMadeWithin(ex: Executor, ep: number, quotationId: number, seconds: number): Promise<boolean> {
  const [recent] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from quotation_sign_links where enterprise_id = ${ep} and quotation_id = ${quotationId}
        and created_at > now() - make_interval(secs => ${seconds}) limit 1`,
  );
  return recent != null;
}

/** Removes a link whose text was never delivered. */
export const dropSignLink = (ex: Executor, ep: number, tokenHash: string) =>
  ex.execute(sql`delete from quotation_sign_links where enterprise_id = ${ep} and token_hash = ${tokenHash}`);

export const insertSignLink = (
  ex: Executor,
  l: { enterpriseId: number; quotationId: number; tokenHash: string; mobile: string; name: string | null; hours: number; createdBy: number },
) =>
  ex.execute(sql`insert into quotation_sign_links (enterprise_id, quotation_id, token_hash, mobile, name, expires_at, created_by)
      values (${l.enterpriseId}, ${l.quotationId}, ${l.tokenHash}, ${l.mobile}, ${l.name}, now() + make_interval(hours => ${l.hours}), ${l.createdBy})`);

/** A live link by its token's hash (spent in the caller's transaction when `spend`), or undefined. */
export async function liveLink(ex: Executor, tokenHash: string, spend: boolean) {
  const found = spend
    ? sql`update quotation_sign_links set used_at = now() where token_hash = ${tokenHash} and used_at is null and expires_at > now()
        returning enterprise_id, quotation_id`
    : sql`select enterprise_id, quotation_id from quotation_sign_links where token_hash = ${tokenHash} and used_at is null and expires_at > now()`;
  const [k] = await rows<{ enterprise_id: number; quotation_id: number }>(ex, found);
  return k;
}

export interface SignLink {
  enterprise_id: number;
  quotation_id: number;
  customer_id: number;
  mobile: string;
  name: string | null;
  time_zone: string;
  enterprise_name: string;
  customer_name: string;
}

/** The link with its quotation's customer and enterprise, or undefined. */
export async function signLinkOf(ex: Executor, tokenHash: string) {
  const [l] = await rows<SignLink>(
    ex,
    sql`select l.enterprise_id::int, l.quotation_id::int, q.customer_id::int, l.mobile, l.name, e.time_zone, e.name as enterprise_name, c.name as customer_name
      from quotation_sign_links l join quotations q on q.enterprise_id = l.enterprise_id and q.id = l.quotation_id
      join enterprises e on e.id = l.enterprise_id join customers c on c.enterprise_id = q.enterprise_id and c.id = q.customer_id
      where l.token_hash = ${tokenHash}`,
  );
  return l;
}
