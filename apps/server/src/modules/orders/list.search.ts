/**
 * The months of a creation range, by which the order lists' text filters look up their grams (docs/lists.md; the
 * conditions: orderContains in list-filters.repo.ts). Without both ends, or over more than 12 months, the plain
 * search_grams index answers.
 */
// A longer range holds most of a common gram's postings anyway, and a state filter's index then does better alone.
const MAX_MONTHS = 12;
const DAY = 86_400_000;

/** 'YYYY-MM-DD' (or with a time, '/' allowed) as a UTC date, moved by `days`; null when unreadable. */
function dayOf(value: string, days: number): Date | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(value.trim());
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(t) ? null : new Date(t + days * DAY);
}

/**
 * The UTC+8 months ('YYYYMM') a creation range in the enterprise's zone can touch, oldest first; null when the range
 * lacks an end, cannot be read or spans more than MAX_MONTHS (12). Another zone than UTC+8 moves a bound by less than a
 * day, so the range is widened by one day each side (a superset: the range condition itself stays exact).
 */
export function createdMonths(timeZone: string, start?: string, end?: string): string[] | null {
  // Both ends: created_at is only a column (an import may set any time), so an open end has no last month.
  if (!start || !end) return null;
  const slack = timeZone === 'Asia/Shanghai' ? 0 : 1;
  const lo = dayOf(start, -slack);
  const hi = dayOf(end, slack);
  if (!lo || !hi || lo > hi) return null;
  const months: string[] = [];
  for (let y = lo.getUTCFullYear(), m = lo.getUTCMonth(); y < hi.getUTCFullYear() || (y === hi.getUTCFullYear() && m <= hi.getUTCMonth()); ) {
    months.push(`${y}${String(m + 1).padStart(2, '0')}`);
    if (months.length > MAX_MONTHS) return null;
    m += 1;
    if (m === 12) [y, m] = [y + 1, 0];
  }
  return months;
}
