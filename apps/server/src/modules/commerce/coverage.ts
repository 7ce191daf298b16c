import { type Coverage, coverageOf } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';

/** A product's coverage with both of its ends (the model's warranty and the active extensions). */
export interface ProductCoverage extends Coverage {
  warrantyEnd: string | null;
  extendedEnd: string | null;
}

/** Today in a time zone, 'YYYY-MM-DD'. */
export const todayIn = (tz: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The one warranty status of an installed product today (coverageOf over its stored ends). NOT_FOUND when absent. */
export async function productCoverage(ex: Executor, enterpriseId: number, productId: number, tz: string, lock = false): Promise<ProductCoverage> {
  const [p] = await rows<{ warranty_end: string | null; extended_end: string | null }>(
    ex,
    sql`select to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(extended_end, 'YYYY-MM-DD') as extended_end
      from installed_products where enterprise_id = ${enterpriseId} and id = ${productId} ${lock ? sql`for update` : sql``}`,
  );
  if (!p) throw new AppError('NOT_FOUND');
  return { ...coverageOf(p.warranty_end, p.extended_end, todayIn(tz)), warrantyEnd: p.warranty_end, extendedEnd: p.extended_end };
}

/**
 * The same rule as coverageOf, for a list's WHERE (the product list's 在保 / 过保 filter): 1 in warranty, 3 extended,
 * 2 out; `today` a date expression.
 */
export function coverageStateSql(alias: string, today: SQL): SQL {
  const p = sql.identifier(alias);
  return sql`(case when ${p}.warranty_end >= ${today} then 1 when ${p}.extended_end >= ${today} then 3
    when ${p}.warranty_end is null and ${p}.extended_end is null then 0 else 2 end)`;
}

/** Keeps installed_products.extended_end = the last day of the product's active (生效) extensions; call in the changing transaction. */
export async function refreshExtendedEnd(ex: Executor, enterpriseId: number, productId: number): Promise<void> {
  await ex.execute(sql`update installed_products p set extended_end = (select max(e.end_date) from warranty_extensions e
      where e.enterprise_id = p.enterprise_id and e.installed_product_id = p.id and e.state = 2), updated_at = now()
    where p.enterprise_id = ${enterpriseId} and p.id = ${productId}`);
}
