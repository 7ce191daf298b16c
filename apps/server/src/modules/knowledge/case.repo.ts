// Queries of the case list, detail and the cases of an order (docs/knowledge.md). Filters read `cases` alone, each on its index.
import type { CaseQuery, CaseRow, CaseView } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, pageRows } from '../../platform/list';
import { contains } from '../../platform/search';
import { and, timeOf } from '../../platform/sql';
import { uploadsOf } from '../files/uploads.repo';

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

export function casePage(ex: Executor, a: Actor, q: CaseQuery) {
  const w = and([sql`k.enterprise_id = ${a.enterpriseId}`, caseScope(a), ...caseFilters(q)]);
  return listPage(
    q,
    async () =>
      (
        await rows<Row>(
          ex,
          sql`select ${rowColumns(a)} from (${pageRows('cases', 'k', a.enterpriseId, w, sql`k.created_at desc, k.id desc`, q)}) k ${rowJoins}
            order by k.created_at desc, k.id desc`,
        )
      ).map(toCaseRow),
    () => countOf(ex, sql`cases k`, w),
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
