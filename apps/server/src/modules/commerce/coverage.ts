import { type Coverage, coverageOf } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { productEnds } from './warranty.repo';

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
  const p = await productEnds(ex, enterpriseId, productId, lock);
  if (!p) throw new AppError('NOT_FOUND');
  return { ...coverageOf(p.warranty_end, p.extended_end, todayIn(tz)), warrantyEnd: p.warranty_end, extendedEnd: p.extended_end };
}
