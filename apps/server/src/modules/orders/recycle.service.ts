import type { Db } from '../../db/client';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { moveOrder } from './order.state';
import { lockBinned, purge } from './recycle.repo';
import type { SystemActor } from '../../platform/actor';

/**
 * The recycle bin: delete (to the bin) and restore are machine actions, each logged per order;
 * purge removes orders from the bin for good. A batch is all or nothing: one order refused (not
 * found, moved, not allowed) refuses the batch and changes none.
 */

const ascending = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Moves each order in id order (so two batches over the same orders cannot deadlock). */
async function batch(db: Db, v: SystemActor, ids: number[], action: 'delete' | 'restore'): Promise<{ count: number }> {
  const list = ascending(ids);
  await db.transaction(async (tx) => {
    for (const id of list) await moveOrder(tx, v, id, action);
  });
  return { count: list.length };
}

export const deleteOrders = (db: Db, v: SystemActor, ids: number[]) => batch(db, v, ids, 'delete');
export const restoreOrders = (db: Db, v: SystemActor, ids: number[]) => batch(db, v, ids, 'restore');

/** Deletes orders of the bin for good (administrators); their people, logs, items, fees and messages go with them. */
export async function purgeOrders(db: Db, v: SystemActor, ids: number[], ip?: string): Promise<{ count: number }> {
  if (!v.admin) throw new AppError('ORDER_ACTOR');
  const list = ascending(ids);
  return db.transaction(async (tx) => {
    const found = await lockBinned(tx, v.enterpriseId, list);
    if (found.length !== list.length) throw new AppError('NOT_FOUND');
    await purge(tx, v.enterpriseId, list);
    await audit(tx, { action: 'order_purged', enterpriseId: v.enterpriseId, userId: v.id, ip, detail: { orderNos: found.map((o) => o.order_no) } });
    return { count: list.length };
  });
}
