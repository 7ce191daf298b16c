import { orderContract as K, slaContract } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { orderClocks } from '../sla/index';
import { orderActionsModule } from './actions.routes';
import { readerOf, visibleOrder } from './detail.access';
import { orderCountsModule } from './counts.routes';
import { createOrder } from './create.service';
import { orderMoneyModule } from './money.routes';
import { registerCreateRoutes } from './items.routes';
import { orderReconcileRoutes } from './reconcile';
import { orderListRoutes } from './list.routes';
import { orderDetailRoutes } from './detail.routes';

/** Work orders: creation so far; the lifecycle actions call moveOrder (order.state.ts). */
export async function ordersModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(
    app,
    deps,
    { orderClocks: slaContract.orderClocks },
    {
      orderClocks: async ({ actor, query }) => {
        await visibleOrder(deps.db, readerOf(actor), query.orderId);
        return orderClocks(deps.db, actor.enterpriseId, query.orderId);
      },
    },
  );
  registerAll(app, deps, K, {
    add: async ({ actor, body }) => withMessage(await createOrder(db, actor, body, actor), '创建成功'),
  });
  await orderMoneyModule(app, deps);
  orderDetailRoutes(app, deps);
  await orderActionsModule(app, deps);
  registerCreateRoutes(app, deps);
  orderListRoutes(app, deps);
  await orderCountsModule(app, deps);
  orderReconcileRoutes(app, deps);
}
