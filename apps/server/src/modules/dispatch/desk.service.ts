import type { BatchDesignateBody, CandidateRow, UnDeliverFilters, UnDeliverQuery, UnDeliverRow } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { countAndPick, type PageRequest } from '../../platform/list';
import { listPageIds } from '../../platform/list.snapshot';
import { dispatchLocked, providerOfViewer } from '../orders/index';
import { listRowsOf } from '../orders/index';
import {
  candidateCount,
  candidatePage,
  candidateWhere,
  DESK_MATCH_ORDER,
  DESK_ORDER,
  deskCount,
  deskMatches,
  deskWhere,
  groupsOfOrders,
  lockOrders,
  pendingCount,
} from './desk.repo';

/**
 * The pending-assignment desk (/assignOrder): the orders waiting for an engineer, the engineers beside them with
 * their load, and batch designate. A provider's dispatcher (an outsourced user) sees only the orders given to their
 * provider that still have no engineer.
 */

/** An outsourced user (user type 1, who has a provider) works their provider's orders. */

async function whereOf(ex: Executor, v: Actor, f: UnDeliverFilters): Promise<SQL> {
  return deskWhere(v, f, await providerOfViewer(ex, v));
}

/** GET /order/unDeliverOrderList: newest first, the page picked with its count in one statement (as the order lists). */
export async function unDeliverList(ex: Executor, v: Actor, q: UnDeliverQuery): Promise<UnDeliverRow[]> {
  const where = await whereOf(ex, v, q);
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  const { count, ids } = await countAndPick(ex, deskMatches(where), DESK_MATCH_ORDER, page);
  if (count === 0 || ids?.length === 0) return [];
  const pageIds = ids ?? (await listPageIds(ex, true, 'orders', 'o', v.enterpriseId, where, DESK_ORDER, page));
  const list = await listRowsOf(ex, v, pageIds, DESK_ORDER);
  const groupOf = await groupsOfOrders(
    ex,
    v.enterpriseId,
    list.map((r) => r.id),
  );
  return list.map((r) => ({ ...r, serviceGroupId: groupOf.get(r.id) ?? null }));
}

/** /order/unDeliverOrderListCount with the desk's filters (capped like every list count). */
export async function unDeliverCount(ex: Executor, v: Actor, f: UnDeliverFilters): Promise<number> {
  return deskCount(ex, await whereOf(ex, v, f));
}

/**
 * GET /worker/designateUserList: enabled service people (of the viewer's provider, for a provider's dispatcher), each
 * with their open orders (待接单, 待服务, 服务中) and today's appointments in the enterprise's zone; the least loaded first.
 */
export async function candidates(
  ex: Executor,
  v: Actor,
  q: { keyword?: string; serviceGroupId?: number | null } & PageRequest,
): Promise<{ list: CandidateRow[]; count: number }> {
  const where = candidateWhere(v, q, await providerOfViewer(ex, v));
  const list = await candidatePage(ex, v, where, q);
  return { count: await candidateCount(ex, where), list };
}

/**
 * POST /worker/batchDesignate: every order must still be waiting for this viewer (else nothing changes, 数据已变更);
 * the orders are locked in id order, so two batches over the same orders queue instead of deadlocking, and the
 * later one finds them dispatched. Each order is one dispatch with its own log row.
 */
export async function batchDesignate(db: Db, v: Actor, b: BatchDesignateBody): Promise<{ count: number }> {
  const ids = [...new Set(b.orderIds)].sort((x, y) => x - y);
  return db.transaction(async (tx) => {
    const provider = await providerOfViewer(tx, v);
    const locked = await lockOrders(tx, v, ids);
    if (locked.length !== ids.length) throw new AppError('NOT_FOUND');
    if ((await pendingCount(tx, v.enterpriseId, ids, provider)) !== ids.length) throw new AppError('STATE_CHANGED');
    for (const row of locked) await dispatchLocked(tx, v, row, b);
    return { count: locked.length };
  });
}
