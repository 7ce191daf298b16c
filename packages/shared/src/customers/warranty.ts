import dayjs from 'dayjs';
import type { WarrantyStartType, WarrantyUnit } from './customers.constants';

const UNIT = { 1: 'day', 2: 'month', 3: 'year' } as const;

/**
 * Last day of warranty: the start date plus the period, minus one day (a one-year warranty bought on
 * 2024-03-01 runs through 2025-02-28). Null when the start date or the period is missing.
 */
export function warrantyEnd(start: string | null | undefined, period: number | null | undefined, unit: WarrantyUnit | null | undefined): string | null {
  if (!start || !period || period <= 0 || !unit) return null;
  const d = dayjs(start);
  if (!d.isValid()) return null;
  return d.add(period, UNIT[unit]).subtract(1, 'day').format('YYYY-MM-DD');
}

/** The start date the model's start type picks: purchase time (2) or install time (3). */
export function warrantyStart(
  startType: WarrantyStartType | null | undefined,
  dates: { purchaseDate?: string | null; installDate?: string | null },
): string | null {
  if (startType === 2) return dates.purchaseDate ?? null;
  if (startType === 3) return dates.installDate ?? null;
  return null;
}

/** 0 unknown, 1 in warranty, 2 expired, as of `today` ('YYYY-MM-DD'). */
export function warrantyState(end: string | null | undefined, today: string): 0 | 1 | 2 {
  if (!end) return 0;
  return end >= today ? 1 : 2;
}
