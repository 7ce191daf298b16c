import { type FeeStandardRow, type OrderFee, pickStandard, pricedCents } from '@sk/shared';
import { distanceMeters } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import {
  candidateStandards,
  deleteStandard,
  feeRow,
  insertOrderFee,
  insertStandard,
  lockStandard,
  orderFacts,
  orderTemplateExists,
  type StandardColumns,
  standardPage,
  standardUsed,
  updateStandardRow,
} from './fee.repo';

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

export function listStandards(
  db: Db,
  enterpriseId: number,
  timeZone: string,
  f: { templateId?: number | null; enabled?: '0' | '1' },
  page: PageRequest,
): Promise<{ list: FeeStandardRow[]; count: number }> {
  return standardPage(db, enterpriseId, timeZone, f, page);
}

/** The order type must be one of the enterprise's order types (another enterprise's id reads as not found). */
async function checkTemplate(ex: Executor, enterpriseId: number, templateId: number | null | undefined): Promise<void> {
  if (templateId == null) return;
  if (!(await orderTemplateExists(ex, enterpriseId, templateId))) throw new AppError('VALIDATION', { detail: '服务类型：该工单类型不存在' });
}

const columnsOf = (v: StandardInput): StandardColumns => ({
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
  return insertStandard(db, enterpriseId, columnsOf(v));
}

/** Changes the row only: orders already priced keep the amount they were priced at (provider_order_fees holds a copy). */
export async function updateStandard(db: Db, enterpriseId: number, id: number, v: StandardInput): Promise<void> {
  await checkTemplate(db, enterpriseId, v.templateId);
  const n = await updateStandardRow(db, enterpriseId, id, columnsOf(v));
  if (n !== 1) throw new AppError('NOT_FOUND');
}

export async function removeStandard(db: Db, enterpriseId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockStandard(tx, enterpriseId, id))) throw new AppError('NOT_FOUND');
    if (await standardUsed(tx, enterpriseId, id)) throw new AppError('FEE_STANDARD_USED');
    await deleteStandard(tx, enterpriseId, id);
  });
}

/**
 * Prices a provider's order that has just completed (or whose completion was approved): once — an order already
 * priced keeps its fee. Reads the facts, picks the most specific enabled standard, and stores a copy of the amount and
 * the coefficient. No-op for an order without a provider.
 */
export async function priceOrder(ex: Executor, enterpriseId: number, orderId: number): Promise<void> {
  const f = await orderFacts(ex, enterpriseId, orderId);
  if (!f) return;
  const rules = await candidateStandards(ex, enterpriseId, f.template_id, f.category);
  const distanceM =
    f.latitude != null && f.longitude != null && f.base_lat != null && f.base_lng != null
      ? Math.round(distanceMeters(f.base_lat, f.base_lng, f.latitude, f.longitude))
      : null;
  const rule = pickStandard(rules, {
    templateId: f.template_id,
    productCategory: f.category,
    regionCodes: [f.province_code, f.city_code, f.district_code],
    distanceM,
  });
  const base = rule?.amountCents ?? 0;
  const pct = f.coefficient_pct;
  await insertOrderFee(ex, enterpriseId, orderId, {
    providerId: f.provider_id,
    standardId: rule?.id ?? null,
    baseCents: base,
    coefficientPct: pct,
    amountCents: pricedCents(base, pct),
    distanceM,
  });
}

/** The fee of one order, with the statement it sits on. */
export function feeOf(ex: Executor, enterpriseId: number, timeZone: string, orderId: number): Promise<OrderFee | null> {
  return feeRow(ex, enterpriseId, timeZone, orderId);
}
