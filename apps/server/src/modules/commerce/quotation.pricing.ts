import { type Coverage, priceQuoteLine, type QuoteLine, type QuoteLineBody, quoteTotals } from '@sk/shared';
import type { Executor } from '../../db/client';
import { invalid } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { productCoverage, type ProductCoverage } from './coverage';
import { type CatalogueItem, catalogueItems } from './quotation.repo';

const MAX_CENTS = 2_000_000_000;

async function catalogue(ex: Executor, enterpriseId: number, table: 'service_items' | 'spares', ids: number[]): Promise<Map<number, CatalogueItem>> {
  if (ids.length === 0) return new Map();
  const found = await catalogueItems(ex, enterpriseId, table, ids);
  return new Map(found.map((f) => [f.id, f]));
}

/**
 * Prices a quotation's lines against the product's coverage today: catalogue lines take the catalogue's name and unit
 * (and its price unless one is typed), covered lines are ¥0 with the reason. Answers the lines, totals and coverage.
 */
export async function priceLines(
  ex: Executor,
  a: Actor,
  productId: number | null | undefined,
  input: QuoteLineBody[],
  discountCents: number,
): Promise<{ lines: QuoteLine[]; grossCents: number; totalCents: number; coverage: ProductCoverage | null }> {
  const coverage = productId ? await productCoverage(ex, a.enterpriseId, productId, a.timeZone) : null;
  const none: Coverage = { state: 0, end: null, source: null };
  const services = await catalogue(
    ex,
    a.enterpriseId,
    'service_items',
    input.filter((l) => l.kind === 1 && l.itemId).map((l) => l.itemId as number),
  );
  const spares = await catalogue(
    ex,
    a.enterpriseId,
    'spares',
    input.filter((l) => l.kind === 2 && l.itemId).map((l) => l.itemId as number),
  );
  const lines = input.map((l, i): QuoteLine => {
    const where = `报价明细第${i + 1}行`;
    let name: string;
    let unit = '';
    let unitCents: number;
    let warrantyPart = false;
    if (l.kind === 3) {
      if (!l.name) throw invalid(`${where}：请填写费用名称`);
      if (l.unitCents == null) throw invalid(`${where}：请填写单价`);
      name = l.name;
      unitCents = l.unitCents;
    } else {
      const item = l.itemId ? (l.kind === 1 ? services : spares).get(l.itemId) : undefined;
      if (!item) throw invalid(`${where}：${l.kind === 1 ? '服务项目' : '备件'}不存在或已停用`);
      name = item.name;
      unit = item.unit;
      unitCents = l.unitCents ?? Number(item.unit_cents);
      warrantyPart = item.warranty === true;
    }
    const priced = priceQuoteLine({ kind: l.kind, unitCents, quantity: l.quantity, warrantyPart }, coverage ?? none);
    return { line: i + 1, kind: l.kind, itemId: l.kind === 3 ? null : (l.itemId ?? null), name, unit, quantity: l.quantity, unitCents, ...priced };
  });
  // Amounts stay within 2千万元 a line and in all (integer cents in an int column's range).
  if (lines.some((l) => l.unitCents * l.quantity > MAX_CENTS) || lines.reduce((x, l) => x + l.amountCents, 0) > MAX_CENTS) throw invalid('报价金额过大');
  const totals = quoteTotals(lines, discountCents);
  if (!totals) throw invalid('折扣金额：折扣不能大于报价合计');
  return { lines, ...totals, coverage };
}
