import type { Executor } from '../../db/client';
import { type ProductWarranty, productWarranty } from '../customers/index';

/**
 * An order's warranty answer: its product's (customers' productWarranty, the one function) on the day the order was
 * created, in the enterprise's zone (docs/decisions.md, Commerce: the fault is judged as reported, and the order stores
 * no answer of its own). The order detail and 补充信息, the service report and the price of its parts all ask this.
 * Null without a product.
 */
export async function orderWarranty(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  o: { installed_product_id: number | null; created_at: string | Date },
): Promise<ProductWarranty | null> {
  if (o.installed_product_id == null) return null;
  const at = o.created_at instanceof Date ? o.created_at.toISOString() : String(o.created_at);
  return (await productWarranty(ex, enterpriseId, o.installed_product_id, { tz: timeZone, at })) ?? null;
}
