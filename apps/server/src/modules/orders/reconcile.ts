import { orderReconcileContract as K, type ReconcileBody } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { type ActionResult, act, actionViewerOf } from './actions.service';
import type { OrderViewer } from './order.state';

/**
 * 对账: the `reconcile` action on the locked order (withOrder). Its hook point (reconciliation) runs what the
 * order's process requires there (checks.ts), in the same transaction: a refusal writes nothing.
 */
export const reconcile = (db: Db, v: OrderViewer, b: ReconcileBody): Promise<ActionResult> => act(db, v, 'reconcile', b, { note: b.note ?? null });

export function orderReconcileRoutes(app: FastifyInstance, deps: Deps): void {
  registerAll(app, deps, K, {
    reconcile: async ({ user, body }) => withMessage(await reconcile(deps.db, actionViewerOf(user), body), '对账成功'),
  });
}
