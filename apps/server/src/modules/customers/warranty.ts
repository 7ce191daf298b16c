import { type Coverage, coverageOf, periodsOf } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** A device's warranty answer on a day, with the two stored ends it rests on (docs/commerce.md "One warranty status"). */
export interface ProductWarranty extends Coverage {
  /** The day judged ('YYYY-MM-DD'). */
  day: string;
  /** The model's own warranty end (installed_products.warranty_end). */
  warrantyEnd: string | null;
  /** The last day of the extensions in force (installed_products.extended_end), what a new extension follows. */
  extendedEnd: string | null;
}

/**
 * The one warranty answer of an installed product on a day: coverageOf over the model's warranty end and the product's
 * extension periods. Every place that shows or prices a device's warranty asks it — the product pages (today), an
 * order, its service report and its parts (the order's day: orders' orderWarranty, docs/decisions.md, Commerce).
 * The day is `at`'s (an instant, e.g. the order's created_at) in the zone `tz`, today without it. Undefined when the
 * product is not the enterprise's. `lock` holds the product row (FOR UPDATE).
 */
export async function productWarranty(
  ex: Executor,
  enterpriseId: number,
  productId: number,
  o: { tz: string; at?: string | null; lock?: boolean },
): Promise<ProductWarranty | undefined> {
  const at = o.at ? sql`${o.at}::timestamptz` : sql`now()`;
  const [p] = await rows<{ warranty_end: string | null; extended_end: string | null; extended_periods: unknown; day: string }>(
    ex,
    sql`select to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(extended_end, 'YYYY-MM-DD') as extended_end, extended_periods,
        to_char(${at} at time zone ${o.tz}, 'YYYY-MM-DD') as day
      from installed_products where enterprise_id = ${enterpriseId} and id = ${productId} ${o.lock ? sql`for update` : sql``}`,
  );
  if (!p) return undefined;
  return { ...coverageOf(p.warranty_end, periodsOf(p.extended_periods), p.day), day: p.day, warrantyEnd: p.warranty_end, extendedEnd: p.extended_end };
}
