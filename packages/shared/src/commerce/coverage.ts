/**
 * A product's warranty status (docs/commerce.md): the one computation behind the product list, order creation
 * (orders.warranty_state), parts pricing and quotations. 0 unknown, 1 in warranty (在保), 2 out (过保), 3 covered
 * by an active extended warranty (延保). `warrantyEnd` is the model's coverage (installed_products.warranty_end),
 * `extendedEnd` the last day an active extension covers (installed_products.extended_end); dates 'YYYY-MM-DD'.
 */
export type CoverageState = 0 | 1 | 2 | 3;
export interface Coverage {
  state: CoverageState;
  /** The last day of the coverage in force, or of the latest coverage when out of warranty. */
  end: string | null;
}

export function coverageOf(warrantyEnd: string | null | undefined, extendedEnd: string | null | undefined, today: string): Coverage {
  if (warrantyEnd && warrantyEnd >= today) return { state: 1, end: warrantyEnd };
  if (extendedEnd && extendedEnd >= today) return { state: 3, end: extendedEnd };
  if (!warrantyEnd && !extendedEnd) return { state: 0, end: null };
  const end = [warrantyEnd, extendedEnd].filter((d): d is string => !!d).sort();
  return { state: 2, end: end[end.length - 1] ?? null };
}

/** Covered now: in warranty or in an extension. */
export const isCovered = (s: number | null | undefined): boolean => s === 1 || s === 3;

/** The first day a new extension covers: the day after the current coverage ends, never before today. */
export function extensionStart(warrantyEnd: string | null | undefined, extendedEnd: string | null | undefined, today: string): string {
  const ends = [warrantyEnd, extendedEnd].filter((d): d is string => !!d).sort();
  const last = ends[ends.length - 1];
  if (!last || last < today) return today;
  const d = new Date(`${last}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
