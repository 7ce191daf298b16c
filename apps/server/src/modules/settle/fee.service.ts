import { type FeeStandardRow, type OrderFee, pickStandard, pricedCents } from '@sk/shared';
import { distanceMeters } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { affected, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { countOf, listPage, pageSql, type PageRequest } from '../../platform/list';
import { apiTime } from '../../platform/sql';

export interface StandardInput {
  templateId?: number | null;
  productCategory?: string | null;
  regionCode?: string | null;
  regionName?: string | null;
  distanceFromKm: number;
  distanceToKm?: number | null;
  amountCents: number;
  remark?: string | null;
  enabled: boolean;
}

type StandardRaw = Omit<FeeStandardRow, 'id' | 'templateId' | 'amountCents'> & {
  id: string | number;
  templateId: string | number | null;
  amountCents: string | number;
};
const toStandard = (r: StandardRaw): FeeStandardRow => ({
  ...r,
  id: Number(r.id),
  templateId: r.templateId == null ? null : Number(r.templateId),
  amountCents: Number(r.amountCents),
  distanceFromKm: Number(r.distanceFromKm),
  distanceToKm: r.distanceToKm == null ? null : Number(r.distanceToKm),
});

export async function listStandards(
  db: Db,
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
          db,
          sql`select s.id, s.template_id as "templateId", t.name as "templateName", s.product_category as "productCategory",
            s.region_code as "regionCode", s.region_name as "regionName", s.distance_from_km as "distanceFromKm",
            s.distance_to_km as "distanceToKm", s.amount_cents as "amountCents", s.remark, s.enabled,
            ${apiTime(sql`s.updated_at`, timeZone)} as update_time
          from fee_standards s left join form_templates t on t.enterprise_id = s.enterprise_id and t.id = s.template_id
          where ${where} order by s.id desc ${pageSql(page)}`,
        )
      ).map(toStandard),
    () => countOf(db, sql`fee_standards s`, where),
  );
}

/** The order type must be one of the enterprise's order types (another enterprise's id reads as not found). */
async function checkTemplate(ex: Executor, enterpriseId: number, templateId: number | null | undefined): Promise<void> {
  if (templateId == null) return;
  const [t] = await rows(ex, sql`select 1 from form_templates where enterprise_id = ${enterpriseId} and id = ${templateId} and form_kind = 1`);
  if (!t) throw new AppError('VALIDATION', { detail: '服务类型：该工单类型不存在' });
}

const columnsOf = (v: StandardInput) => ({
  template_id: v.templateId ?? null,
  product_category: v.productCategory ?? null,
  region_code: v.regionCode ?? null,
  region_name: v.regionCode ? (v.regionName ?? null) : null,
  distance_from_km: v.distanceFromKm,
  distance_to_km: v.distanceToKm ?? null,
  amount_cents: v.amountCents,
  remark: v.remark ?? null,
  enabled: v.enabled,
});

export async function createStandard(db: Db, enterpriseId: number, v: StandardInput): Promise<number> {
  await checkTemplate(db, enterpriseId, v.templateId);
  const c = columnsOf(v);
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into fee_standards (enterprise_id, ${sql.join(
      Object.keys(c).map((k) => sql.identifier(k)),
      sql`, `,
    )}) values (${enterpriseId}, ${sql.join(
      Object.values(c).map((x) => sql`${x}`),
      sql`, `,
    )}) returning id`,
  );
  return Number(r?.id);
}

/** Changes the row only: orders already priced keep the amount they were priced at (provider_order_fees holds a copy). */
export async function updateStandard(db: Db, enterpriseId: number, id: number, v: StandardInput): Promise<void> {
  await checkTemplate(db, enterpriseId, v.templateId);
  const c = columnsOf(v);
  const n = await affected(
    db,
    sql`update fee_standards set ${sql.join(
      Object.entries(c).map(([k, x]) => sql`${sql.identifier(k)} = ${x}`),
      sql`, `,
    )}, updated_at = now() where enterprise_id = ${enterpriseId} and id = ${id}`,
  );
  if (n !== 1) throw new AppError('NOT_FOUND');
}

export async function removeStandard(db: Db, enterpriseId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [s] = await rows(tx, sql`select 1 from fee_standards where enterprise_id = ${enterpriseId} and id = ${id} for update`);
    if (!s) throw new AppError('NOT_FOUND');
    const [used] = await rows(tx, sql`select 1 from provider_order_fees where enterprise_id = ${enterpriseId} and standard_id = ${id} limit 1`);
    if (used) throw new AppError('FEE_STANDARD_USED');
    await tx.execute(sql`delete from fee_standards where enterprise_id = ${enterpriseId} and id = ${id}`);
  });
}

interface Facts {
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

/**
 * Prices a provider's order that has just completed (or whose completion was approved): once — an order already
 * priced keeps its fee. Reads the facts, picks the most specific enabled standard, and stores a copy of the amount and
 * the coefficient. No-op for an order without a provider.
 */
export async function priceOrder(ex: Executor, enterpriseId: number, orderId: number): Promise<void> {
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
  if (!f) return;
  const rules = (
    await rows<{
      id: number;
      template_id: number | null;
      product_category: string | null;
      region_code: string | null;
      distance_from_km: number;
      distance_to_km: number | null;
      amount_cents: number;
    }>(
      ex,
      sql`select id, template_id, product_category, region_code, distance_from_km, distance_to_km, amount_cents
        from fee_standards where enterprise_id = ${enterpriseId} and enabled
          and (template_id is null or template_id = ${f.template_id})
          and (product_category is null or product_category = ${f.category})`,
    )
  ).map((r) => ({
    id: Number(r.id),
    templateId: r.template_id == null ? null : Number(r.template_id),
    productCategory: r.product_category,
    regionCode: r.region_code,
    distanceFromKm: Number(r.distance_from_km),
    distanceToKm: r.distance_to_km == null ? null : Number(r.distance_to_km),
    amountCents: Number(r.amount_cents),
  }));
  const located = f.latitude != null && f.longitude != null && f.base_lat != null && f.base_lng != null;
  const distanceM = located ? Math.round(distanceMeters(Number(f.base_lat), Number(f.base_lng), Number(f.latitude), Number(f.longitude))) : null;
  const rule = pickStandard(rules, {
    templateId: Number(f.template_id),
    productCategory: f.category,
    regionCodes: [f.province_code, f.city_code, f.district_code],
    distanceM,
  });
  const base = rule?.amountCents ?? 0;
  const pct = Number(f.coefficient_pct);
  await ex.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, standard_id, base_cents, coefficient_pct, amount_cents, distance_m)
    values (${enterpriseId}, ${orderId}, ${f.provider_id}, ${rule?.id ?? null}, ${base}, ${pct}, ${pricedCents(base, pct)}, ${distanceM})
    on conflict (enterprise_id, order_id) do nothing`);
}

/** The fee of one order, with the statement it sits on. */
export async function feeOf(ex: Executor, enterpriseId: number, timeZone: string, orderId: number): Promise<OrderFee | null> {
  const [r] = await rows<Record<string, unknown>>(
    ex,
    sql`select f.order_id, f.provider_id, p.name as provider_name, f.standard_id, f.base_cents, f.coefficient_pct, f.amount_cents, f.distance_m,
        ${apiTime(sql`f.priced_at`, timeZone)} as priced_at, s.id as settlement_id, s.settle_no
      from provider_order_fees f join service_providers p on p.enterprise_id = f.enterprise_id and p.id = f.provider_id
      left join settlement_lines l on l.enterprise_id = f.enterprise_id and l.order_id = f.order_id
      left join settlements s on s.enterprise_id = l.enterprise_id and s.id = l.settlement_id
      where f.enterprise_id = ${enterpriseId} and f.order_id = ${orderId}`,
  );
  if (!r) return null;
  const n = (v: unknown) => (v == null ? null : Number(v));
  return {
    orderId: Number(r.order_id),
    providerId: Number(r.provider_id),
    providerName: String(r.provider_name),
    standardId: n(r.standard_id),
    baseCents: Number(r.base_cents),
    coefficientPct: Number(r.coefficient_pct),
    amountCents: Number(r.amount_cents),
    distanceM: n(r.distance_m),
    pricedAt: String(r.priced_at),
    settlementId: n(r.settlement_id),
    settleNo: (r.settle_no as string | null) ?? null,
  };
}
