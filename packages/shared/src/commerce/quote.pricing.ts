import type { Coverage } from './coverage';

/** A quotation line's kind: 1 服务项目, 2 备件, 3 其他费用. */
export const QUOTE_LINE_KINDS = { 1: '服务项目', 2: '备件', 3: '其他费用' } as const;
export type QuoteLineKind = 1 | 2 | 3;

export interface QuoteLineInput {
  kind: QuoteLineKind;
  unitCents: number;
  quantity: number;
  /** For spares: whether the spare is a warranty part (spares.warranty). */
  warrantyPart?: boolean;
}

export interface PricedLine {
  amountCents: number;
  /** Why it is free, shown on the line; null when charged. */
  coverReason: string | null;
}

/**
 * Prices one line against the product's coverage: under the warranty or an extension, service items (labour) and
 * warranty spares are free with the reason shown; other fees and non-warranty spares are charged.
 */
export function priceQuoteLine(l: QuoteLineInput, c: Pick<Coverage, 'state' | 'end'>): PricedLine {
  const full = l.unitCents * l.quantity;
  const coverable = l.kind === 1 || (l.kind === 2 && l.warrantyPart === true);
  if (!coverable || (c.state !== 1 && c.state !== 3)) return { amountCents: full, coverReason: null };
  const until = c.end ? `（至${c.end}）` : '';
  return { amountCents: 0, coverReason: c.state === 1 ? `保修期内${until}，保内免费` : `延保期内${until}，延保免费` };
}

export interface QuoteTotals {
  grossCents: number;
  totalCents: number;
}

/** Gross is the sum of the priced lines; the total takes the discount off; null when the discount is larger. */
export function quoteTotals(lines: readonly PricedLine[], discountCents: number): QuoteTotals | null {
  const grossCents = lines.reduce((a, l) => a + l.amountCents, 0);
  if (discountCents > grossCents) return null;
  return { grossCents, totalCents: grossCents - discountCents };
}

/** Whether a discount needs approval: more than `limitPct` per cent of the gross. */
export const discountOverLimit = (discountCents: number, grossCents: number, limitPct: number): boolean =>
  discountCents > 0 && discountCents * 100 > grossCents * limitPct;
