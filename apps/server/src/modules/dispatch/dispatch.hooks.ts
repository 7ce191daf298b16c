import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { dispatchLocked } from '../orders/index';
import { lockedOrderById } from '../orders/index';
import { afterOrderCreated, runSingleOn } from '../../platform/signals';
import { systemActor } from '../../platform/actor';
import { defaultAssigneeFor } from './assignee';
import { anyAutoDispatch, autoDispatchProbe } from './assignee.repo';

/**
 * Automatic dispatch: a new order waiting for dispatch (state 1) goes to whom the rules or the default name, as a
 * normal dispatch by the system (the log's user is empty, shown as 系统). Orders that start in acceptance or approval
 * are dispatched by hand later. An order left unassigned is the pool's to take (its hook runs after this one).
 */
/** Dispatches a new order as the system; a refusal (a dispatch-step check of another area) leaves it waiting: answers whether it went. */
async function autoDispatch(tx: Tx, ep: number, orderId: number, to: { userId: number | null; providerId: number | null }, note: string): Promise<boolean> {
  const row = await lockedOrderById(tx, ep, orderId);
  if (!row) return false;
  try {
    await tx.transaction((sp) => dispatchLocked(sp, systemActor(ep), row, { serviceUserId: to.userId, providerId: to.providerId, note }));
    return true;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return false;
  }
}

export function installAutoDispatch(): void {
  afterOrderCreated(
    async ({ tx, enterpriseId, orderId, state, assignee }) => {
      if (state !== 1) return;
      // The engineer the maker names (a cycle plan's) first; refused (disabled since, a clash), the rules decide as for any order.
      if (assignee && (await autoDispatch(tx, enterpriseId, orderId, { userId: assignee, providerId: null }, '自动派单（周期计划指定工程师）'))) return;
      const a = await defaultAssigneeFor(tx, enterpriseId, orderId);
      if (a.source === 'none') return;
      await autoDispatch(tx, enterpriseId, orderId, a, a.source === 'rule' ? `自动派单（规则：${a.ruleName}）` : '自动派单（默认派单）');
    },
    async (b, single) => {
      const waiting = b.orders.filter((o) => o.state === 1);
      if (waiting.length === 0) return;
      // Without a named engineer, an enabled rule or default dispatch nothing is assigned: one statement for the batch.
      const mine = (await anyAutoDispatch(b.tx, b.enterpriseId)) ? waiting : waiting.filter((o) => o.assignee);
      await runSingleOn(
        b,
        single,
        mine.map((o) => o.orderId),
      );
    },
    // A named engineer is dispatched whatever the rules say.
    (o) => (o.state === 1 && o.assignee ? null : autoDispatchProbe(o.state === 1)),
    'dispatch.auto',
  );
}
