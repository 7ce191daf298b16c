import type { FeeStandardRow, FeeStandardRule, OrderFee } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { affected, type Executor, rows } from '../../db/client';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';

/**
 * The statements of the fee standards and of an order's priced fee. Ids and cents are bigint (numbers), distances and
 * the coefficient integers, coordinates double precision: every column arrives as the number it is.
 */

/** A standard as listStandards reads it: already the contract's row (its columns aliased to its fields). */
type StandardRaw = FeeStandardRow;

const toStandard = (r: StandardRaw): FeeStandardRow => r;

export function standardPage(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  f: { templateId?: number | null; enabled?: '0' | '1' },
  page: PageRequest,
): Promise<{ list: FeeStandardRow[]; count: number }> {
  const conds: SQL[] = [sql`s.enterprise_id = ${enterpriseId}`];
  if (f.templateId) conds.push(sql`s.template_id = ${f.templateId}`);
  if (f.enabled) conds.push(sql`s.enabled = ${f.enabled === '1'}`);
  const where = sql.join(conds, sql` and `);
  return listPage(
    page,
    async () =>
      (
        await rows<StandardRaw>(
          ex,
          sql`select s.id, s.template_id as "templateId", t.name as "templateName", s.product_category as "productCategory",
            s.region_code as "regionCode", s.region_name as "regionName", s.distance_from_km as "distanceFromKm",
            s.distance_to_km as "distanceToKm", s.amount_cents as "amountCents", s.remark, s.enabled,
            ${apiTime(sql`s.updated_at`, timeZone)} as update_time
          from fee_standards s left join form_templates t on t.enterprise_id = s.enterprise_id and t.id = s.template_id
          where ${where} order by s.id desc ${pageSql(page)}`,
        )
      ).map(toStandard),
    () => countOf(ex, sql`fee_standards s`, where),
  );
}

/** Whether the template is one of the enterprise's order types. */
export async function orderTemplateExists(ex: Executor, enterpriseId: number, templateId: number): Promise<boolean> {
  const [t] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${enterpriseId} and id = ${templateId} and form_kind = 1`,
  );
  return !!t;
}

/** The columns a standard is written with. */
export interface StandardColumns {
  template_id: number | null;
  product_category: string | null;
  region_code: string | null;
  region_name: string | null;
  distance_from_km: number;
  distance_to_km: number | null;
  amount_cents: number;
  remark: string | null;
  enabled: boolean;
}

export async function insertStandard(ex: Executor, enterpriseId: number, c: StandardColumns): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into fee_standards (enterprise_id, ${sql.join(
      Object.keys(c).map((k) => sql.identifier(k)),
      sql`, `,
    )}) values (${enterpriseId}, ${sql.join(
      Object.values(c).map((x) => sql`${x}`),
      sql`, `,
    )}) returning id`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}

/** Updates a standard; how many rows changed (0: none of the enterprise's). */
export function updateStandardRow(ex: Executor, enterpriseId: number, id: number, c: StandardColumns): Promise<number> {
  return affected(
    ex,
    sql`update fee_standards set ${sql.join(
      Object.entries(c).map(([k, x]) => sql`${sql.identifier(k)} = ${x}`),
      sql`, `,
    )}, updated_at = now() where enterprise_id = ${enterpriseId} and id = ${id}`,
  );
}

/** A standard's columns with its order type's name, locked for a write that logs them; null: none of the enterprise's. */
export async function lockedStandard(ex: Executor, enterpriseId: number, id: number): Promise<(StandardColumns & { template_name: string | null }) | null> {
  const [s] = await rows<StandardColumns & { template_name: string | null }>(
    ex,
    sql`select s.template_id, t.name as template_name, s.product_category, s.region_code, s.region_name, s.distance_from_km,
        s.distance_to_km, s.amount_cents, s.remark, s.enabled
      from fee_standards s left join form_templates t on t.enterprise_id = s.enterprise_id and t.id = s.template_id
      where s.enterprise_id = ${enterpriseId} and s.id = ${id} for update of s`,
  );
  return s ?? null;
}

/** Locks a standard for its removal; whether it exists. */
export async function lockStandard(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const [s] = await rows<{ one: number }>(ex, sql`select 1 as one from fee_standards where enterprise_id = ${enterpriseId} and id = ${id} for update`);
  return !!s;
}

/** Whether an order was priced by the standard. */
export async function standardUsed(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const [used] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from provider_order_fees where enterprise_id = ${enterpriseId} and standard_id = ${id} limit 1`,
  );
  return !!used;
}

export async function deleteStandard(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  await ex.execute(sql`delete from fee_standards where enterprise_id = ${enterpriseId} and id = ${id}`);
}

/** What pricing an order reads: its provider's coefficient, its type, product category, region and the engineer's base. */
export interface Facts {
  provider_id: number | null;
  template_id: number;
  category: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  latitude: number | null;
  longitude: number | null;
  base_lat: number | null;
  base_lng: number | null;
  coefficient_pct: number;
}

export async function orderFacts(ex: Executor, enterpriseId: number, orderId: number): Promise<Facts | undefined> {
  const [f] = await rows<Facts>(
    ex,
    sql`select o.provider_id, o.template_id, m.category, o.province_code, o.city_code, o.district_code, o.latitude, o.longitude,
        pp.base_lat, pp.base_lng, p.coefficient_pct
      from orders o
      join service_providers p on p.enterprise_id = o.enterprise_id and p.id = o.provider_id
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join product_models m on m.enterprise_id = ip.enterprise_id and m.id = ip.product_id
      left join pool_profiles pp on pp.enterprise_id = o.enterprise_id and pp.user_id = o.service_user_id
      where o.enterprise_id = ${enterpriseId} and o.id = ${orderId} and o.provider_id is not null`,
  );
  return f;
}

/** The enabled standards that may apply to an order of the type and product category. */
export function candidateStandards(ex: Executor, enterpriseId: number, templateId: number, category: string | null): Promise<FeeStandardRule[]> {
  return rows<FeeStandardRule>(
    ex,
    sql`select id, template_id as "templateId", product_category as "productCategory", region_code as "regionCode",
        distance_from_km as "distanceFromKm", distance_to_km as "distanceToKm", amount_cents as "amountCents"
        from fee_standards where enterprise_id = ${enterpriseId} and enabled
          and (template_id is null or template_id = ${templateId})
          and (product_category is null or product_category = ${category})`,
  );
}

export interface PricedFee {
  providerId: number | null;
  standardId: number | null;
  baseCents: number;
  coefficientPct: number;
  amountCents: number;
  distanceM: number | null;
}

/** Stores an order's fee once (an order already priced keeps its fee). */
export async function insertOrderFee(ex: Executor, enterpriseId: number, orderId: number, f: PricedFee): Promise<void> {
  await ex.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, standard_id, base_cents, coefficient_pct, amount_cents, distance_m)
    values (${enterpriseId}, ${orderId}, ${f.providerId}, ${f.standardId}, ${f.baseCents}, ${f.coefficientPct}, ${f.amountCents}, ${f.distanceM})
    on conflict (enterprise_id, order_id) do nothing`);
}

/** An order's fee as feeRow reads it. */
interface FeeRaw {
  order_id: number;
  provider_id: number;
  provider_name: string;
  standard_id: number | null;
  base_cents: number;
  coefficient_pct: number;
  amount_cents: number;
  distance_m: number | null;
  priced_at: string;
  settlement_id: number | null;
  settle_no: string | null;
}

const toOrderFee = (r: FeeRaw): OrderFee => ({
  orderId: r.order_id,
  providerId: r.provider_id,
  providerName: r.provider_name,
  standardId: r.standard_id,
  baseCents: r.base_cents,
  coefficientPct: r.coefficient_pct,
  amountCents: r.amount_cents,
  distanceM: r.distance_m,
  pricedAt: r.priced_at,
  settlementId: r.settlement_id,
  settleNo: r.settle_no,
});

/** The fee of one order, with the statement it sits on. */
export async function feeRow(ex: Executor, enterpriseId: number, timeZone: string, orderId: number): Promise<OrderFee | null> {
  const [r] = await rows<FeeRaw>(
    ex,
    sql`select f.order_id, f.provider_id, p.name as provider_name, f.standard_id, f.base_cents, f.coefficient_pct, f.amount_cents, f.distance_m,
        ${apiTime(sql`f.priced_at`, timeZone)} as priced_at, s.id as settlement_id, s.settle_no
      from provider_order_fees f join service_providers p on p.enterprise_id = f.enterprise_id and p.id = f.provider_id
      left join settlement_lines l on l.enterprise_id = f.enterprise_id and l.order_id = f.order_id
      left join settlements s on s.enterprise_id = l.enterprise_id and s.id = l.settlement_id
      where f.enterprise_id = ${enterpriseId} and f.order_id = ${orderId}`,
  );
  return r ? toOrderFee(r) : null;
}
