import type { SessionUser } from '../../platform/session';

/** LIMIT/OFFSET of a zero-based page. Paid-only page sizes are refused earlier, in platform/endpoint.ts. */
export function pageOf(_u: SessionUser, q: { pageIndex: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: q.pageIndex * q.pageSize };
}
