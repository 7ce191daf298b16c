// Queries of the quotations: the list and its one row shape, the snapshot a version keeps, the detail's extras, and the
// statements the service's rules write through (docs/commerce.md). The list's columns are aliased to the contract's
// names, so a row as read is the contract's row: `toQuoteRow` is where that is stated.
import type { QueryOf, QuoteLine, QuoteRow, QuoteSnapshot, quotationContract as Q } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { textContains } from '../../platform/search';
import { apiTime, bigints } from '../../platform/sql';
import { customerScope } from '../customers/index';

/** A quotation as rowSelect reads it: the contract's row, column for column. */
/** A salesperson sees the quotations of his own customers; the page's other holders see all. */
export const quotationScope = (a: Actor, alias = 'q'): SQL => customerScope(a, sql`${sql.identifier(alias)}.customer_id`);

/** An edit's valid_until when none is given: the column keeps its value. */
export const SAME_VALID_UNTIL: SQL = sql`valid_until`;

export type QuoteRaw = QuoteRow;
/** The one place a quotation row becomes the contract's list row. */
export const toQuoteRow = (r: QuoteRaw): QuoteRow => r;

export const rowSelect = (tz: string) => sql`select q.id::int, q.quote_no as "quoteNo", q.title, q.customer_id::int as "customerId", c.name as "customerName",
    q.installed_product_id::int as "installedProductId", p.name as "productName", q.order_id::int as "orderId", o.order_no as "orderNo",
    to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil", q.gross_cents::int as "grossCents", q.discount_cents::int as "discountCents",
    q.total_cents::int as "totalCents", q.state, q.discount_state as "discountState", q.version, s.name as "salesName",
    ${apiTime(sql`q.created_at`, tz)} as create_time
  from quotations q
  join customers c on c.enterprise_id = q.enterprise_id and c.id = q.customer_id
  left join installed_products p on p.enterprise_id = q.enterprise_id and p.id = q.installed_product_id
  left join orders o on o.enterprise_id = q.enterprise_id and o.id = q.order_id
  left join users s on s.enterprise_id = q.enterprise_id and s.id = q.sales_id`;

type QuoteFilter = Omit<QueryOf<typeof Q.list>, 'pageIndex' | 'pageSize'>;

/** The list's condition: the enterprise, the caller's scope (`scope`, on alias q) and the filters. */
export function quoteWhere(ep: number, scope: SQL, f: Partial<QuoteFilter>): SQL {
  const conds: SQL[] = [sql`q.enterprise_id = ${ep}`, scope];
  if (f.state) conds.push(sql`q.state = ${f.state}`);
  if (f.customerId) conds.push(sql`q.customer_id = ${f.customerId}`);
  if (f.orderId) conds.push(sql`q.order_id = ${f.orderId}`);
  if (f.keyword) conds.push(sql`q.quote_no = ${f.keyword}`);
  return sql.join(conds, sql` and `);
}

/** The statement of one page of quotations, newest first (commerce.sql.snap). */
export const quotePageSql = (a: Pick<Actor, 'enterpriseId' | 'timeZone'>, scope: SQL, f: Partial<QuoteFilter>, page: PageRequest): SQL =>
  sql`${rowSelect(a.timeZone)} where ${quoteWhere(a.enterpriseId, scope, f)} order by q.created_at desc, q.id desc ${pageSql(page)}`;

export function quotePage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, scope: SQL, f: QueryOf<typeof Q.list>) {
  return listPage(
    f,
    async () => (await rows<QuoteRaw>(ex, quotePageSql(a, scope, f, f))).map(toQuoteRow),
    () => countOf(ex, sql`quotations q`, quoteWhere(a.enterpriseId, scope, f)),
  );
}

/** The quotation as a version keeps it (header and lines), under `guard`; undefined when not found. */
export async function snapshotRow(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'timeZone'>,
  id: number,
  guard: SQL = sql`true`,
): Promise<QuoteSnapshot | undefined> {
  const [q] = await rows<QuoteRaw & { remark: string; warehouseId: number | null }>(
    ex,
    sql`select * from (${rowSelect(a.timeZone)} where q.enterprise_id = ${a.enterpriseId} and q.id = ${id} and ${guard}) x,
      lateral (select remark, warehouse_id::int as "warehouseId" from quotations where enterprise_id = ${a.enterpriseId} and id = ${id}) y`,
  );
  if (!q) return undefined;
  const lines = await rows<QuoteLine>(
    ex,
    sql`select line, kind, item_id::int as "itemId", name, unit, quantity, unit_cents::int as "unitCents", amount_cents::int as "amountCents",
        cover_reason as "coverReason"
      from quotation_lines where enterprise_id = ${a.enterpriseId} and quotation_id = ${id} order by line`,
  );
  return { ...toQuoteRow(q), remark: q.remark, warehouseId: q.warehouseId, lines };
}

/** Keeps a version's snapshot. */
export const insertVersion = (ex: Executor, ep: number, id: number, snap: QuoteSnapshot, action: string, userId: number | null) =>
  ex.execute(sql`insert into quotation_versions (enterprise_id, quotation_id, version, state, action, snapshot, user_id)
    values (${ep}, ${id}, ${snap.version}, ${snap.state}, ${action}, ${JSON.stringify(snap)}::jsonb, ${userId})`);

/** Replaces a quotation's lines. */
export async function replaceLines(ex: Executor, ep: number, id: number, lines: QuoteLine[]): Promise<void> {
  await ex.execute(sql`delete from quotation_lines where enterprise_id = ${ep} and quotation_id = ${id}`);
  const values = lines.map(
    (l) => sql`(${ep}, ${id}, ${l.line}, ${l.kind}, ${l.itemId}, ${l.name}, ${l.unit}, ${l.quantity}, ${l.unitCents}, ${l.amountCents}, ${l.coverReason})`,
  );
  await ex.execute(sql`insert into quotation_lines (enterprise_id, quotation_id, line, kind, item_id, name, unit, quantity, unit_cents, amount_cents, cover_reason)
    values ${sql.join(values, sql`, `)}`);
}

export interface QuoteInsert {
  no: string;
  title: string;
  customerId: number;
  installedProductId: number | null;
  orderId: number | null;
  warehouseId: number | null;
  validUntil: string;
  grossCents: number;
  discountCents: number;
  totalCents: number;
  remark: string;
  salesId: number;
}

export async function insertQuote(ex: Executor, ep: number, q: QuoteInsert): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into quotations (enterprise_id, quote_no, title, customer_id, installed_product_id, order_id, warehouse_id, valid_until,
          gross_cents, discount_cents, total_cents, remark, sales_id)
        values (${ep}, ${q.no}, ${q.title}, ${q.customerId}, ${q.installedProductId}, ${q.orderId}, ${q.warehouseId},
          ${q.validUntil}, ${q.grossCents}, ${q.discountCents}, ${q.totalCents}, ${q.remark}, ${q.salesId}) returning id::int`,
  );
  return (r as { id: number }).id;
}

/** The customer of an installed unit; undefined when the unit is not the enterprise's. */
export async function unitCustomer(ex: Executor, ep: number, installedProductId: number) {
  const [p] = await rows<{ customer_id: number | null }>(
    ex,
    sql`select customer_id from installed_products where enterprise_id = ${ep} and id = ${installedProductId}`,
  );
  return p;
}

export async function warehouseEnabled(ex: Executor, ep: number, id: number): Promise<boolean> {
  const found = await rows<{ one: number }>(ex, sql`select 1 as one from warehouses where enterprise_id = ${ep} and id = ${id} and enabled`);
  return found.length > 0;
}

/** What 发送 decides on, the quotation locked (under the caller's scope on alias q). */
export async function lockedForSend(ex: Executor, ep: number, id: number, scope: SQL) {
  const [q] = await rows<{ quote_no: string; title: string; gross_cents: number; discount_cents: number; state: number; discount_state: number }>(
    ex,
    sql`select quote_no, title, gross_cents::int, discount_cents::int, state, discount_state from quotations q
      where q.enterprise_id = ${ep} and q.id = ${id} and ${scope} for update`,
  );
  return q;
}

/** The discount's approval state: 0 none, 1 waiting, 2 approved, 3 rejected. */
export const setDiscountState = (ex: Executor, ep: number, id: number, state: 0 | 1 | 2 | 3) =>
  ex.execute(sql`update quotations set discount_state = ${state}, updated_at = now() where enterprise_id = ${ep} and id = ${id}`);

/** What an acceptance checks: the state, whether its date has passed (in `today`), and its order. */
export async function acceptanceOf(ex: Executor, ep: number, id: number, today: string, guard: SQL = sql`true`) {
  const [q] = await rows<{ state: number; past: boolean; order_id: number | null }>(
    ex,
    sql`select state, valid_until < ${today}::date as past, order_id::int from quotations
        where enterprise_id = ${ep} and id = ${id} and ${guard}`,
  );
  return q;
}

/** What 转工单 reads, the quotation locked (under the caller's scope on alias q). */
export async function lockedForConvert(ex: Executor, ep: number, id: number, scope: SQL) {
  const [q] = await rows<{ order_id: number | null; customer_id: number; installed_product_id: number | null; title: string; quote_no: string }>(
    ex,
    sql`select order_id::int, customer_id::int, installed_product_id::int, title, quote_no from quotations q
      where q.enterprise_id = ${ep} and q.id = ${id} and ${scope} for update`,
  );
  return q;
}

/** The detail's acceptance columns. */
export async function acceptedOf(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number) {
  const [extra] = await rows<{ accepted_name: string | null; signature_file_id: string | null; accepted_time: string | null }>(
    ex,
    sql`select accepted_name, signature_file_id, ${apiTime(sql`accepted_at`, a.timeZone)} as accepted_time from quotations
      where enterprise_id = ${a.enterpriseId} and id = ${id}`,
  );
  return extra;
}

/** The versions kept of a quotation, newest first. */
export function versionsOf(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number) {
  return rows<{ version: number; state: number; action: string; userName: string | null; create_time: string }>(
    ex,
    sql`select v.version, v.state, v.action, u.name as "userName", ${apiTime(sql`v.created_at`, a.timeZone)} as create_time
      from quotation_versions v left join users u on u.enterprise_id = v.enterprise_id and u.id = v.user_id
      where v.enterprise_id = ${a.enterpriseId} and v.quotation_id = ${id} order by v.version desc`,
  );
}

/** One kept version (the quotation under the caller's scope on alias q), or undefined. */
export async function versionOf(ex: Executor, ep: number, id: number, version: number, scope: SQL) {
  const [v] = await rows<{ version: number; state: number; action: string; snapshot: QuoteSnapshot }>(
    ex,
    sql`select v.version, v.state, v.action, v.snapshot from quotation_versions v join quotations q on q.enterprise_id = v.enterprise_id and q.id = v.quotation_id
      where v.enterprise_id = ${ep} and v.quotation_id = ${id} and v.version = ${version} and ${scope}`,
  );
  return v;
}

/** Service items and enabled spares whose name (or a spare's code) contains the keyword, 50 of each. */
export function catalogueOptions(ex: Executor, ep: number, keyword: string | undefined) {
  return rows<{ kind: number; id: number; name: string; unit: string; unitCents: number; warrantyPart: boolean }>(
    ex,
    sql`(select 1 as kind, id::int, name, unit, round(price * 100)::int as "unitCents", true as "warrantyPart" from service_items
        where enterprise_id = ${ep} ${keyword ? sql`and ${textContains(sql`name`, keyword)}` : sql``} order by sort, id limit 50)
      union all
      (select 2, id::int, name, unit, round(sale_price * 100)::int, warranty from spares
        where enterprise_id = ${ep} and enabled ${keyword ? sql`and (${textContains(sql`name`, keyword)} or ${textContains(sql`code`, keyword)})` : sql``} order by id limit 50)`,
  );
}

/** Sent quotations past their date in their enterprise's today (one enterprise, or all). */
export function expiredQuotes(ex: Executor, enterpriseId: number | null) {
  return rows<{ enterprise_id: number; id: number; time_zone: string }>(
    ex,
    sql`select q.enterprise_id::int, q.id::int, x.time_zone from quotations q join enterprises x on x.id = q.enterprise_id
      where q.state = 2 and q.valid_until < (now() at time zone x.time_zone)::date ${enterpriseId == null ? sql`` : sql`and q.enterprise_id = ${enterpriseId}`}`,
  );
}

/** The enterprise's time zone. */
export async function timeZoneOf(ex: Executor, ep: number): Promise<string | undefined> {
  const [e] = await rows<{ time_zone: string }>(ex, sql`select time_zone from enterprises where id = ${ep}`);
  return e?.time_zone;
}

// ---- pricing ----

/** A catalogue entry a line is priced from, its price in cents; spares only while enabled. */
export interface CatalogueItem {
  id: number;
  name: string;
  unit: string;
  unit_cents: number;
  warranty: boolean;
}

/** The service items or spares of `ids`. */
export const catalogueItems = (ex: Executor, enterpriseId: number, table: 'service_items' | 'spares', ids: number[]) =>
  rows<CatalogueItem>(
    ex,
    table === 'service_items'
      ? sql`select id::int, name, unit, round(price * 100)::int as unit_cents, true as warranty from service_items
          where enterprise_id = ${enterpriseId} and id = any(${bigints([...new Set(ids)])})`
      : sql`select id::int, name, unit, round(sale_price * 100)::int as unit_cents, warranty from spares
          where enterprise_id = ${enterpriseId} and id = any(${bigints([...new Set(ids)])}) and enabled`,
  );
