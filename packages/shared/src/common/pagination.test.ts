import { describe, expect, it } from 'vitest';
import { allowedPageSizes, countText, LIST_WINDOW, pageQuery, reachableRows } from './pagination';
import { describeIssue } from './zod';

describe('pageQuery', () => {
  it('defaults to the first page of ten', () => {
    expect(pageQuery.parse({})).toEqual({ pageIndex: 0, pageSize: 10 });
  });
  it('coerces query strings and accepts the listed sizes only', () => {
    expect(pageQuery.parse({ pageIndex: '3', pageSize: '50' })).toEqual({ pageIndex: 3, pageSize: 50 });
    expect(pageQuery.parse({ pageSize: '1000' }).pageSize).toBe(1000);
    const bad = pageQuery.safeParse({ pageSize: '30' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(describeIssue(pageQuery, bad.error)).toContain('每页条数只能是');
    expect(pageQuery.safeParse({ pageIndex: '-1' }).success).toBe(false);
  });
  it('offers 500 and 1000 only to paid plans', () => {
    expect(allowedPageSizes(false)).toEqual([10, 20, 50, 100]);
    expect(allowedPageSizes(true)).toEqual([10, 20, 50, 100, 500, 1000]);
  });
});

describe('pageQuery labels', () => {
  it('names the field in Chinese', () => {
    const bad = pageQuery.safeParse({ pageSize: '7' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(describeIssue(pageQuery, bad.error)).toBe('每页条数：每页条数只能是10、20、50、100、500或1000');
  });
});

describe('the list window', () => {
  it('shows a capped count as 10000+ and an exact one as it is', () => {
    expect(LIST_WINDOW).toBe(10_000);
    expect(countText(0)).toBe('0');
    expect(countText(LIST_WINDOW)).toBe('10000');
    expect(countText(LIST_WINDOW + 1)).toBe('10000+');
    expect(countText(1_000_000)).toBe('1000000');
  });

  it('offers every page of an exact count, and one page past a full page of a capped one', () => {
    expect(reachableRows(35)).toBe(35);
    expect(reachableRows(1_000_000, { pageIndex: 0, pageSize: 10, rows: 10 })).toBe(1_000_000);
    // Capped: the window while inside it; past it, one more page while the page shown is full.
    expect(reachableRows(LIST_WINDOW + 1, { pageIndex: 3, pageSize: 10, rows: 10 })).toBe(LIST_WINDOW + 1);
    expect(reachableRows(LIST_WINDOW + 1, { pageIndex: 1500, pageSize: 10, rows: 10 })).toBe(15_011);
    // The last page (not full) ends the pager there; an empty page past the end still keeps its own number.
    expect(reachableRows(LIST_WINDOW + 1, { pageIndex: 1500, pageSize: 10, rows: 4 })).toBe(15_004);
    expect(reachableRows(LIST_WINDOW + 1, { pageIndex: 1500, pageSize: 10, rows: 0 })).toBe(15_001);
  });
});
