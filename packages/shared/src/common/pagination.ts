import { z } from 'zod';
import { coerceInt } from './ints';
import { L } from './zod';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const PAID_PAGE_SIZES = [500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Zero-based paging as every list takes it. Paid-only sizes are checked by the server against the plan. */
export const pageQuery = z.object({
  pageIndex: L(coerceInt().min(0, '页码不能小于0').default(0), '页码'),
  pageSize: L(
    coerceInt()
      .refine(
        (n) => (PAGE_SIZES as readonly number[]).includes(n) || (PAID_PAGE_SIZES as readonly number[]).includes(n),
        '每页条数只能是10、20、50、100、500或1000',
      )
      .default(DEFAULT_PAGE_SIZE),
    '每页条数',
  ),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const allowedPageSizes = (paid: boolean): number[] => (paid ? [...PAGE_SIZES, ...PAID_PAGE_SIZES] : [...PAGE_SIZES]);

/**
 * How far a list counts its matches (docs/lists.md): a filtered count stops at one past it, so LIST_WINDOW + 1
 * (COUNT_CAPPED) means "more than LIST_WINDOW", shown as "10000+". Counts a list reads from maintained totals (every
 * order, a state) are exact at any size. Every page is served, past the window too.
 */
export const LIST_WINDOW = 10_000;

/** The count a list answers when its matches pass the window and their exact number is not known. */
export const COUNT_CAPPED = LIST_WINDOW + 1;

/** Whether a list's count is "more than LIST_WINDOW" rather than an exact number. */
export const countCapped = (count: number): boolean => count === COUNT_CAPPED;

/** A list count as shown to people: "10000+" when it is capped. */
export const countText = (count: number): string => (countCapped(count) ? `${LIST_WINDOW}+` : String(count));

/**
 * The rows a pager offers: an exact count as it is. A capped count offers the window and, while the page shown is
 * full, one page past it, so the pager walks on page by page (or by the jumper) as far as the rows go.
 */
export const reachableRows = (count: number, shown?: { pageIndex: number; pageSize: number; rows: number }): number => {
  if (!countCapped(count) || !shown) return count;
  const start = shown.pageIndex * shown.pageSize;
  if (shown.rows === shown.pageSize) return Math.max(count, start + shown.rows + 1);
  return start >= LIST_WINDOW ? Math.max(start + shown.rows, start + 1) : count;
};
