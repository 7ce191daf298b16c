import { providerConsoleContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll } from '../../platform/endpoint';
import { management, serviceOrders } from './orders.service';
import { platformList } from './platform.service';
import { scorecard } from './scorecard.service';

/** The provider's console and the manufacturer's view of provider orders (docs/settlement.md, "Provider orders"). */
export function providerModule(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, C, {
    serviceOrders: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return serviceOrders(db, actor, f, { pageIndex, pageSize });
    },
    management: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return management(db, actor, f, { pageIndex, pageSize });
    },
    platform: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return platformList(db, actor, f, { pageIndex, pageSize });
    },
    scorecard: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return scorecard(db, actor, f, { pageIndex, pageSize });
    },
  });
}
