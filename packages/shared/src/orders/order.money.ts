/**
 * Order money in integer cents (分). Amounts travel as yuan with at most two decimals; every sum is
 * made on cents so no float ever reaches a total (0.1 + 0.2 stays 0.30).
 */

/** Yuan with at most two decimals → cents. The contracts have already refused a third decimal. */
export const toCents = (yuan: number): number => Math.round(yuan * 100);
/** Cents → yuan for the API (exact at two decimals). */
export const toYuan = (cents: number): number => cents / 100;
/** ¥1,234.50 */
export const formatYuan = (cents: number): string => `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** price × quantity, the quantity in hundredths (1.5 → 150), rounded half up to a cent; BigInt so no product overflows. */
export function lineCents(priceCents: number, quantityHundredths: number): number {
  const p = BigInt(priceCents) * BigInt(quantityHundredths);
  return Number((p + 50n) / 100n);
}

export interface FeeParts {
  /** Service-item lines and money-item (fee) lines, each in cents. */
  serviceLines: readonly number[];
  feeLines: readonly number[];
  spare: number;
  other: number;
  discount: number;
}

export interface FeeTotals {
  service: number;
  fee: number;
  gross: number;
  receivable: number;
}

/** Receivable = service items + fee items + spare parts + other − discount; null when the discount is larger than the rest. */
export function feeTotals(p: FeeParts): FeeTotals | null {
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const service = sum(p.serviceLines);
  const fee = sum(p.feeLines);
  const gross = service + fee + p.spare + p.other;
  if (p.discount > gross) return null;
  return { service, fee, gross, receivable: gross - p.discount };
}

/** Evaluation dimensions 0–3, each scored 1–5. */
export const EVALUATION_DIMENSIONS = ['服务质量', '服务态度', '服务速度', '问题解决率'] as const;
