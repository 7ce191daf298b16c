import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { dispatchLocked } from '../orders/actions.service';
import { afterOrderCreated, runSingleOn } from '../orders/order.hooks';
import { systemViewer } from '../orders/order.state';
import { defaultAssigneeFor } from './assignee';

let installed = false;

/**
 * Automatic dispatch: a new order waiting for dispatch (state 1) goes to whom the rules or the default name, as a
 * normal dispatch by the system (the log's user is empty, shown as 系统). Orders that start in acceptance or approval
 * are dispatched by hand later. An order left unassigned is the pool's to take (its hook runs after this one).
 */
export function installAutoDispatch(): void {
  if (installed) return;
  installed = true;
  afterOrderCreated(
    async ({ tx, enterpriseId, orderId, state }) => {
      if (state !== 1) return;
      const a = await defaultAssigneeFor(tx, enterpriseId, orderId);
      if (a.source === 'none') return;
      const [row] = await rows(tx, sql`select * from orders where enterprise_id = ${enterpriseId} and id = ${orderId} for update`);
      if (!row) return;
      const why = a.source === 'rule' ? `自动派单（规则：${a.ruleName}）` : '自动派单（默认派单）';
      // A refusal (a dispatch-step check of another area) leaves the order waiting instead of failing its creation.
      try {
        await tx.transaction((sp) => dispatchLocked(sp, systemViewer(enterpriseId), row, { serviceUserId: a.userId, providerId: a.providerId, note: why }));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    },
    async (b, single) => {
      // Without an enabled rule or default dispatch nothing is assigned: one statement for the batch.
      const waiting = b.orders.filter((o) => o.state === 1);
      if (waiting.length === 0) return;
      const [any] = await rows(
        b.tx,
        sql`select 1 where exists (select 1 from dispatch_rules where enterprise_id = ${b.enterpriseId} and enabled)
        or exists (select 1 from dispatch_settings where enterprise_id = ${b.enterpriseId} and enabled)`,
      );
      if (any)
        await runSingleOn(
          b,
          single,
          waiting.map((o) => o.orderId),
        );
    },
  );
}
