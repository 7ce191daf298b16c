import { subscriptionsContract } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as svc from './subscriptions.service';

export async function subscriptionsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, subscriptionsContract, {
    getSubscribeStatus: async ({ actor, query }) => svc.status(db, actor, query.type),
    getSubscribeContentStatus: async ({ actor, query }) => svc.contentStatus(db, actor, query.type),
    updateSubscribeStatus: async ({ actor, body }) => {
      await svc.setStatus(db, actor, body.type, body.state);
      return withMessage(null, body.state === 1 ? '订阅成功' : '取订成功');
    },
    updateSubscribeContentStatus: async ({ actor, body }) => {
      await svc.setContent(db, actor, body.code, body.value);
      return withMessage(null, body.value === 1 ? '订阅成功' : '取订成功');
    },
  });
}
