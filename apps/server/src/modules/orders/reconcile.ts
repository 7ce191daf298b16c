import { orderReconcileContract as K, type ReconcileBody } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { type ActionResult, act } from './actions.service';
import type { SystemActor } from '../../platform/actor';

/**
 * 对账: the `reconcile` action on the locked order (withOrder). Its hook point (reconciliation) runs what the
 * order's process requires there (checks.ts), in the same transaction: a refusal writes nothing.
 */
export const reconcile = (db: Db, v: SystemActor, b: ReconcileBody): Promise<ActionResult> => act(db, v, 'reconcile', b, { note: b.note ?? null });

export function orderReconcileRoutes(app: FastifyInstance, deps: Deps): void {
  registerAll(app, deps, K, {
    reconcile: async ({ actor, body }) => withMessage(await reconcile(deps.db, actor, body), '对账成功'),
  });
}
