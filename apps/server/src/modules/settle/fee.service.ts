import { centsText, type FeeStandardRow, type OrderFee, pickStandard, pricedCents } from '@sk/shared';
import { distanceMeters } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { logOperation } from '../activity/index';
import type { PageRequest } from '../../platform/list';
import {
  candidateStandards,
  deleteStandard,
  feeRow,
  insertOrderFee,
  insertStandard,
  lockedStandard,
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

/** The operation log's module for every fee-standard write. */
export const FEE_LOG_MODULE = '服务费标准';

type Logged = StandardColumns & { template_name: string | null };

/** A standard's fields as its log entry shows them (money in yuan from the stored cents). */
function view(s: Logged): [label: string, value: string][] {
  return [
    ['服务类型', s.template_id == null ? '全部类型' : (s.template_name ?? String(s.template_id))],
    ['产品分类', s.product_category ?? '全部产品'],
    ['区域', s.region_code == null ? '全部区域' : (s.region_name ?? s.region_code)],
    ['距离', `${s.distance_from_km}–${s.distance_to_km ?? '不限'}公里`],
    ['服务费', `${centsText(s.amount_cents)}元`],
    ['状态', s.enabled ? '启用' : '停用'],
    ['备注', s.remark || '（空）'],
  ];
}
const described = (s: Logged) =>
  view(s)
    .map(([label, value]) => `${label} ${value}`)
    .join('；');

async function lockedOrMissing(ex: Executor, enterpriseId: number, id: number): Promise<Logged> {
  const s = await lockedStandard(ex, enterpriseId, id);
  if (!s) throw new AppError('NOT_FOUND');
  return s;
}

/** Creates the standard and its log entry in one transaction. */
export async function createStandard(db: Db, actor: Actor, v: StandardInput, ip?: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTemplate(tx, actor.enterpriseId, v.templateId);
    const id = await insertStandard(tx, actor.enterpriseId, columnsOf(v));
    const saved = await lockedOrMissing(tx, actor.enterpriseId, id);
    await logOperation(tx, actor, { module: FEE_LOG_MODULE, action: '新增', detail: `新增服务费标准#${id}：${described(saved)}`, ip });
    return id;
  });
}

/** Changes the row only: orders already priced keep the amount they were priced at (provider_order_fees holds a copy). The log names each field's old → new. */
export async function updateStandard(db: Db, actor: Actor, id: number, v: StandardInput, ip?: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await checkTemplate(tx, actor.enterpriseId, v.templateId);
    const before = await lockedOrMissing(tx, actor.enterpriseId, id);
    const n = await updateStandardRow(tx, actor.enterpriseId, id, columnsOf(v));
    if (n !== 1) throw new AppError('NOT_FOUND');
    const after = view(await lockedOrMissing(tx, actor.enterpriseId, id));
    const diff = view(before).flatMap(([label, old], i) => (old === after[i]![1] ? [] : [`${label} ${old} → ${after[i]![1]}`]));
    await logOperation(tx, actor, {
      module: FEE_LOG_MODULE,
      action: '编辑',
      detail: `编辑服务费标准#${id}${diff.length ? `：${diff.join('；')}` : '：无变化'}`,
      ip,
    });
  });
}

export async function removeStandard(db: Db, actor: Actor, id: number, ip?: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockStandard(tx, actor.enterpriseId, id))) throw new AppError('NOT_FOUND');
    if (await standardUsed(tx, actor.enterpriseId, id)) throw new AppError('FEE_STANDARD_USED');
    const gone = await lockedOrMissing(tx, actor.enterpriseId, id);
    await deleteStandard(tx, actor.enterpriseId, id);
    await logOperation(tx, actor, { module: FEE_LOG_MODULE, action: '删除', detail: `删除服务费标准#${id}：${described(gone)}`, ip });
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
