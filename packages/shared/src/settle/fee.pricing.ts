/**
 * Pricing a provider's order by the fee standards (docs/settlement.md). Pure: the server reads the facts and the
 * enabled standards, this picks the row and computes the amount in integer cents.
 */
export interface FeeStandardRule {
  id: number;
  templateId: number | null;
  productCategory: string | null;
  regionCode: string | null;
  distanceFromKm: number;
  distanceToKm: number | null;
  amountCents: number;
}

export interface FeeOrderFacts {
  templateId: number;
  productCategory: string | null;
  /** The order's area codes from the widest: province, city, district (missing ones null). */
  regionCodes: readonly (string | null)[];
  /** Straight-line metres from the engineer's base to the site; null when unknown (counted as 0). */
  distanceM: number | null;
}

/** How precisely a row's region matches: 0 any region, 1 province, 2 city, 3 district; -1 no match. */
function regionLevel(rule: FeeStandardRule, f: FeeOrderFacts): number {
  if (rule.regionCode == null) return 0;
  const i = f.regionCodes.findIndex((c) => c != null && c === rule.regionCode);
  return i < 0 ? -1 : i + 1;
}

function inBand(rule: FeeStandardRule, distanceM: number | null): boolean {
  const m = distanceM ?? 0;
  return m >= rule.distanceFromKm * 1000 && (rule.distanceToKm == null || m < rule.distanceToKm * 1000);
}

/**
 * The most specific matching row: more dimensions set wins, then the finer region, then a bounded distance band over
 * an open one, then the newest row. Null when none matches.
 */
export function pickStandard<R extends FeeStandardRule>(rules: readonly R[], f: FeeOrderFacts): R | null {
  let best: { r: R; key: number[] } | null = null;
  for (const r of rules) {
    if (r.templateId != null && r.templateId !== f.templateId) continue;
    if (r.productCategory != null && r.productCategory !== f.productCategory) continue;
    const level = regionLevel(r, f);
    if (level < 0 || !inBand(r, f.distanceM)) continue;
    const dims = Number(r.templateId != null) + Number(r.productCategory != null) + Number(r.regionCode != null);
    const key = [dims, level, r.distanceToKm != null ? 1 : 0, r.id];
    if (!best || compare(key, best.key) > 0) best = { r, key };
  }
  return best?.r ?? null;
}

const compare = (a: number[], b: number[]): number => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
};

/** The amount: base × coefficient (hundredths), rounded half up to the cent. */
export const pricedCents = (baseCents: number, coefficientPct: number): number => Math.floor((baseCents * coefficientPct + 50) / 100);

/** '1.20' ⇄ 120. */
export const coefficientText = (pct: number): string => (pct / 100).toFixed(2);
export const coefficientPctOf = (v: number): number => Math.round(v * 100);
