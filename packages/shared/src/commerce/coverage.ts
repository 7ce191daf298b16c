import { WARRANTY_STATES } from '../customers/customers.constants';

/**
 * A device's warranty answer (docs/commerce.md "One warranty status"): the one computation behind the product pages,
 * the order (detail, 补充信息, service report), parts pricing, quotations, the call pop and the portal.
 * 0 unknown, 1 in warranty (在保: the model's own, `installed_products.warranty_end`), 3 covered by an extended warranty
 * (延保: one of `installed_products.extended_periods`, the extensions in force or run out), 2 out (过保).
 * Dates 'YYYY-MM-DD'; `day` is the day judged (today for a product, the order's day for an order).
 */
export type CoverageState = 0 | 1 | 2 | 3;
/** What the answer rests on: the model's own warranty, an extended warranty, or nothing known. */
export type CoverageSource = 'warranty' | 'extension' | null;
export interface CoveragePeriod {
  start: string;
  end: string;
}
export interface Coverage {
  state: CoverageState;
  /** The last day of the coverage in force on the day (through back-to-back extensions), or of the latest one lapsed before it. */
  end: string | null;
  source: CoverageSource;
}

const nextDay = (d: string): string => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + 1);
  return x.toISOString().slice(0, 10);
};

/** Reads stored periods (jsonb) defensively: only well-formed ones, by start. */
export function periodsOf(v: unknown): CoveragePeriod[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((p): p is CoveragePeriod => !!p && typeof p.start === 'string' && typeof p.end === 'string' && p.start <= p.end)
    .map((p) => ({ start: p.start.slice(0, 10), end: p.end.slice(0, 10) }))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

export function coverageOf(warrantyEnd: string | null | undefined, periods: readonly CoveragePeriod[] | null | undefined, day: string): Coverage {
  if (warrantyEnd && warrantyEnd >= day) return { state: 1, end: warrantyEnd, source: 'warranty' };
  const ps = periodsOf(periods);
  const current = ps.find((p) => p.start <= day && p.end >= day);
  if (current) {
    // Back-to-back extensions are one coverage: its end is the last day of the run.
    let end = current.end;
    for (const p of ps) if (p.start > current.start && p.start <= nextDay(end) && p.end > end) end = p.end;
    return { state: 3, end, source: 'extension' };
  }
  if (!warrantyEnd && ps.length === 0) return { state: 0, end: null, source: null };
  // Out of warranty on the day: the latest coverage that ended before it (an extension not yet begun does not count).
  const lapsed = [
    ...(warrantyEnd ? [{ end: warrantyEnd, source: 'warranty' as const }] : []),
    ...ps.filter((p) => p.end < day).map((p) => ({ end: p.end, source: 'extension' as const })),
  ].sort((a, b) => (a.end < b.end ? -1 : 1));
  const last = lapsed[lapsed.length - 1];
  return { state: 2, end: last?.end ?? null, source: last?.source ?? null };
}

/** Covered: in warranty or in an extension. */
export const isCovered = (s: number | null | undefined): boolean => s === 1 || s === 3;

/** The answer in words, the same on every page and the service report: 延保（至2027-11-28）, 过保（至2025-01-16）, 未知. */
export function coverageText(c: Pick<Coverage, 'state' | 'end'>): string {
  const name = WARRANTY_STATES[c.state];
  return c.end && c.state !== 0 ? `${name}（至${c.end}）` : name;
}

/** The first day a new extension covers: the day after the current coverage ends, never before today. */
export function extensionStart(warrantyEnd: string | null | undefined, extendedEnd: string | null | undefined, today: string): string {
  const ends = [warrantyEnd, extendedEnd].filter((d): d is string => !!d).sort();
  const last = ends[ends.length - 1];
  if (!last || last < today) return today;
  return nextDay(last);
}
