import { subscriptionsContract } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as svc from './subscriptions.service';

export async function subscriptionsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, subscriptionsContract, {
    getSubscribeStatus: async ({ user, query }) => svc.status(db, user, query.type),
    getSubscribeContentStatus: async ({ user, query }) => svc.contentStatus(db, user, query.type),
    updateSubscribeStatus: async ({ user, body }) => {
      await svc.setStatus(db, user, body.type, body.state);
      return withMessage(null, body.state === 1 ? '订阅成功' : '取订成功');
    },
    updateSubscribeContentStatus: async ({ user, body }) => {
      await svc.setContent(db, user, body.code, body.value);
      return withMessage(null, body.value === 1 ? '订阅成功' : '取订成功');
    },
  });
}
