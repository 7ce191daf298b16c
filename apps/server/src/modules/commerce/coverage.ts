import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { type ProductWarranty, productWarranty } from '../customers/index';

/** A product's coverage with both of its ends (the model's warranty and the active extensions). */
export type ProductCoverage = ProductWarranty;

/** Today in a time zone, 'YYYY-MM-DD'. */
export const todayIn = (tz: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The one warranty answer of an installed product today (customers' productWarranty). NOT_FOUND when absent. */
export async function productCoverage(ex: Executor, enterpriseId: number, productId: number, tz: string, lock = false): Promise<ProductCoverage> {
  const p = await productWarranty(ex, enterpriseId, productId, { tz, lock });
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}
