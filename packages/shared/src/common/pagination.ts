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
 * How many rows of any list paging can reach (docs/lists.md). A list's count stops at one past it:
 * a count above LIST_WINDOW means "more than LIST_WINDOW", shown as "10000+".
 */
export const LIST_WINDOW = 10_000;

/** A list count as shown to people: "10000+" once it passes the window. */
export const countText = (count: number): string => (count > LIST_WINDOW ? `${LIST_WINDOW}+` : String(count));

/** The rows a pager may offer: the count, but never past the window. */
export const reachableRows = (count: number): number => Math.min(count, LIST_WINDOW);
