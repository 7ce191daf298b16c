// Queries of the case list, detail and the cases of an order (docs/knowledge.md). Filters read `cases` alone, each on its index.
import type { CaseQuery, CaseRow, CaseView } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageRows } from '../../platform/list';
import { contains } from '../../platform/search';
import { and, bigints, timeOf } from '../../platform/sql';
import { uploadsOf } from '../files/index';

type Tz = Pick<Actor, 'timeZone'>;

/** An outsourced provider's user sees only the cases of his provider's orders (like complaints). */
export const caseScope = (a: Pick<Actor, 'providerId'>, alias = 'k'): SQL =>
  a.providerId == null ? sql`true` : sql`${sql.raw(alias)}.provider_id = ${a.providerId}`;

export const caseTexts = [sql`k.title`, sql`k.case_no`, sql`coalesce(k.description, '')`, sql`coalesce(k.remedy, '')`, sql`coalesce(k.dealer_name, '')`];

export function caseFilters(q: Partial<CaseQuery>): SQL[] {
  return [
    q.keyword ? sql`(k.case_no = ${q.keyword} or ${contains(sql`k.search_grams`, caseTexts, q.keyword)})` : null,
    q.state ? sql`k.state = ${q.state}` : null,
    q.source ? sql`k.source = ${q.source}` : null,
    q.productModelId ? sql`k.product_model_id = ${q.productModelId}` : null,
    q.faultModeId ? sql`k.fault_mode_id = ${q.faultModeId}` : null,
  ].filter((c): c is SQL => c !== null);
}

export interface Row {
  id: number;
  case_no: string;
  title: string;
  state: number;
  source: number;
  scope: number | null;
  dealer_name: string | null;
  customer_name: string | null;
  product_name: string | null;
  fault_mode_name: string | null;
  order_id: number | null;
  order_no: string | null;
  converted_order_id: number | null;
  converted_order_no: string | null;
  create_time: string;
  publish_time: string | null;
}
/** The one place a case row becomes the contract's list row. */
export const toCaseRow = (r: Row): CaseRow => ({
  id: r.id,
  caseNo: r.case_no,
  title: r.title,
  state: r.state,
  source: r.source,
  scope: r.scope,
  dealerName: r.dealer_name,
  customerName: r.customer_name,
  productName: r.product_name,
  faultModeName: r.fault_mode_name,
  orderId: r.order_id,
  orderNo: r.order_no,
  convertedOrderId: r.converted_order_id,
  convertedOrderNo: r.converted_order_no,
  create_time: r.create_time,
  publish_time: r.publish_time,
});

const rowColumns = (v: Tz) => sql`k.id, k.case_no, k.title, k.state, k.source, k.scope, k.dealer_name, cu.name as customer_name,
  pm.name as product_name, fm.name as fault_mode_name, k.order_id, o.order_no, k.converted_order_id, co.order_no as converted_order_no,
  ${timeOf(sql`k.created_at`, v)} as create_time, ${timeOf(sql`k.published_at`, v)} as publish_time`;
const rowJoins = sql`left join customers cu on cu.enterprise_id = k.enterprise_id and cu.id = k.customer_id
  left join product_models pm on pm.enterprise_id = k.enterprise_id and pm.id = k.product_model_id
  left join fault_modes fm on fm.enterprise_id = k.enterprise_id and fm.id = k.fault_mode_id
  left join orders o on o.enterprise_id = k.enterprise_id and o.id = k.order_id
  left join orders co on co.enterprise_id = k.enterprise_id and co.id = k.converted_order_id`;

type ListScope = Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>;

/** The case list's condition: the enterprise, the caller's scope and the filters (alias k). */
export const caseWhere = (a: ListScope, q: Partial<CaseQuery>): SQL => and([sql`k.enterprise_id = ${a.enterpriseId}`, caseScope(a), ...caseFilters(q)]);

/** The statement of one page of cases, newest first (knowledge.sql.snap). */
export const casePageSql = (a: ListScope, q: Partial<CaseQuery>, page: PageRequest): SQL =>
  sql`select ${rowColumns(a)} from (${pageRows('cases', 'k', a.enterpriseId, caseWhere(a, q), sql`k.created_at desc, k.id desc`, page)}) k ${rowJoins}
            order by k.created_at desc, k.id desc`;

export function casePage(ex: Executor, a: ListScope, q: CaseQuery) {
  return listPage(
    q,
    async () => (await rows<Row>(ex, casePageSql(a, q, q))).map(toCaseRow),
    () => countOf(ex, sql`cases k`, caseWhere(a, q)),
  );
}

export interface FullRow extends Row {
  description: string | null;
  remedy: string | null;
  parts: { name: string; code: string; quantity: number; unit: string | null }[];
  photos: (number | string)[];
  customer_id: number | null;
  installed_product_id: number | null;
  product_model_id: number | null;
  fault_mode_id: number | null;
  version: number;
}

/** One case with its names (in the caller's scope, optionally only when `also` holds), or undefined. */
export async function caseRow(ex: Executor, a: Actor, id: number, also: SQL = sql`true`): Promise<FullRow | undefined> {
  const [r] = await rows<FullRow>(
    ex,
    sql`select ${rowColumns(a)}, k.description, k.remedy, k.parts, k.photos, k.customer_id, k.installed_product_id, k.product_model_id,
        k.fault_mode_id, k.version
      from cases k ${rowJoins}
      where k.enterprise_id = ${a.enterpriseId} and k.id = ${id} and ${caseScope(a)} and ${also}`,
  );
  return r;
}

/** The read view of a case: its row, fault path, parts and photos. */
export async function presentView(ex: Executor, ep: number, r: FullRow, faultModePath: string | null): Promise<CaseView> {
  return {
    ...toCaseRow(r),
    description: r.description,
    remedy: r.remedy,
    faultModePath,
    parts: (r.parts ?? []).map((p) => ({ name: p.name, code: p.code, quantity: Number(p.quantity), unit: p.unit ?? null })),
    photos: await uploadsOf(ex, ep, (r.photos ?? []).map(Number)),
  };
}

/** What `select *` gives of a case (the edit and the conversion read it locked). */
export interface CaseRecord {
  id: number;
  case_no: string;
  source: number;
  state: number;
  version: number;
  dealer_name: string | null;
  customer_id: number | null;
  installed_product_id: number | null;
  fault_mode_id: number | null;
  converted_order_id: number | null;
  title: string;
  description: string | null;
  remedy: string | null;
  /** bigint[]: the driver gives its elements as text. */
  photos: string[] | null;
}

/** The case in the caller's scope, locked, or undefined. */
export async function lockedCaseRecord(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number) {
  const [r] = await rows<CaseRecord>(ex, sql`select * from cases k where k.enterprise_id = ${a.enterpriseId} and k.id = ${id} and ${caseScope(a)} for update`);
  return r;
}

/** The case generated from an order, or undefined. */
export async function caseOfOrder(ex: Executor, ep: number, orderId: number) {
  const [had] = await rows<{ id: number }>(ex, sql`select id from cases where enterprise_id = ${ep} and order_id = ${orderId}`);
  return had;
}

export async function customerExists(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [c] = await rows<{ id: number }>(ex, sql`select id from customers where enterprise_id = ${ep} and id = ${id}`);
  return c != null;
}

/** The product model of an installed unit (of the customer, when given); undefined when there is no such unit. */
export async function unitModel(ex: Executor, ep: number, installedProductId: number, customerId?: number) {
  const [p] = await rows<{ product_id: number | null }>(
    ex,
    sql`select product_id from installed_products where enterprise_id = ${ep} and id = ${installedProductId}${customerId == null ? sql`` : sql` and customer_id = ${customerId}`}`,
  );
  return p;
}

/** The fault mode recorded on an order, or null. */
export async function orderFaultMode(ex: Executor, ep: number, orderId: number): Promise<number | null> {
  const [f] = await rows<{ fault_mode_id: number }>(ex, sql`select fault_mode_id from order_fault_modes where enterprise_id = ${ep} and order_id = ${orderId}`);
  return f?.fault_mode_id ?? null;
}

/** The parts in use on an order (confirmed), summed per spare, in the order they were added. */
export function orderPartsInUse(ex: Executor, ep: number, orderId: number) {
  return rows<{ name: string; code: string; quantity: number; unit: string | null }>(
    ex,
    sql`select s.name, s.code, sum(p.quantity)::int as quantity, s.unit from order_parts p join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
        where p.enterprise_id = ${ep} and p.order_id = ${orderId} and p.state = 1 group by s.id, s.name, s.code, s.unit order by min(p.id)`,
  );
}

/** The images among an order's attachments and its conversation's pictures (the first 20). */
export async function orderPhotos(ex: Executor, ep: number, orderId: number, attachments: readonly number[]): Promise<number[]> {
  const photos = await rows<{ id: number }>(
    ex,
    sql`select u.id from uploads u where u.enterprise_id = ${ep} and u.kind = 'image' and u.id in (
          select unnest(${bigints(attachments)})
          union select unnest(m.upload_ids) from order_messages m where m.enterprise_id = ${ep} and m.order_id = ${orderId} and m.kind = 2)
        order by u.id limit 20`,
  );
  return photos.map((x) => x.id);
}

export interface CaseInsert {
  tmpNo: string;
  source: 1 | 2;
  orderId: number | null;
  dealerName: string | null;
  customerId: number | null;
  installedProductId: number | null;
  productModelId: number | null;
  faultModeId: number | null;
  providerId: number | null;
  title: string;
  description: string | null;
  remedy: string | null;
  parts: { name: string; code: string; quantity: number; unit: string | null }[];
  photos: number[];
  createdBy: number;
}

/** Inserts a case under a temporary number; its id. */
export async function insertCase(ex: Executor, ep: number, c: CaseInsert): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into cases (enterprise_id, case_no, source, order_id, dealer_name, customer_id, installed_product_id, product_model_id, fault_mode_id, provider_id,
          title, description, remedy, parts, photos, created_by)
        values (${ep}, ${c.tmpNo}, ${c.source}, ${c.orderId}, ${c.dealerName}, ${c.customerId}, ${c.installedProductId}, ${c.productModelId}, ${c.faultModeId},
          ${c.providerId}, ${c.title}, ${c.description}, ${c.remedy}, ${JSON.stringify(c.parts)}::jsonb, ${bigints(c.photos)}, ${c.createdBy})
        returning id`,
  );
  return (r as { id: number }).id;
}

/** Gives a new case its number and grams. */
export const numberCase = (ex: Executor, ep: number, id: number, no: string, grams: SQL) =>
  ex.execute(sql`update cases set case_no = ${no}, search_grams = ${grams} where enterprise_id = ${ep} and id = ${id}`);

/** Writes an edit of a case (version + 1). */
export const updateCaseRow = (
  ex: Executor,
  ep: number,
  id: number,
  c: { title: string; description: string | null; remedy: string | null; faultModeId: number | null; photos: number[]; grams: SQL },
) =>
  ex.execute(sql`update cases set title = ${c.title}, description = ${c.description}, remedy = ${c.remedy},
        fault_mode_id = ${c.faultModeId}, photos = ${bigints(c.photos)}, version = version + 1, updated_at = now(),
        search_grams = ${c.grams}
      where enterprise_id = ${ep} and id = ${id}`);

/** The case keeps the order it was converted into. */
export const setConvertedOrder = (ex: Executor, ep: number, id: number, orderId: number) =>
  ex.execute(sql`update cases set converted_order_id = ${orderId}, version = version + 1, updated_at = now() where enterprise_id = ${ep} and id = ${id}`);

/** A case's log, oldest first. */
export function caseLog(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number) {
  return rows<{ action: string; note: string | null; user_name: string | null; time: string }>(
    ex,
    sql`select l.action, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
      from case_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.case_id = ${id} order by l.id`,
  );
}

/** The cases generated from an order or converted into it. */
export function casesOfOrder(ex: Executor, ep: number, orderId: number) {
  return rows<{ id: number; case_no: string; title: string; state: number; order_id: number | null }>(
    ex,
    sql`select id, case_no, title, state, order_id from cases where enterprise_id = ${ep} and order_id = ${orderId}
      union select id, case_no, title, state, order_id from cases where enterprise_id = ${ep} and converted_order_id = ${orderId}
      order by id`,
  );
}
