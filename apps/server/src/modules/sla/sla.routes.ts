import { slaContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { readerOf, visibleOrder } from '../orders/detail.access';
import { hoursOf } from './sla.calendar';
import * as policies from './sla.policies';
import { saveHoursAndRecompute } from './sla.recompute';
import { exceedCount, exceedStatistics, orderClocks } from './sla.report';

export async function slaModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    list: async ({ user }) => policies.listPolicies(db, user.enterpriseId, user.enterprise.timeZone),
    detail: async ({ user, query }) => policies.getPolicy(db, user.enterpriseId, query.id, user.enterprise.timeZone),
    create: async ({ user, body }) => withMessage({ id: await db.transaction((tx) => policies.createPolicy(tx, user.enterpriseId, body)) }, '保存成功'),
    update: async ({ user, body }) => {
      const { id, ...p } = body;
      await db.transaction((tx) => policies.updatePolicy(tx, user.enterpriseId, id, p));
      return withMessage(null, '保存成功');
    },
    remove: async ({ user, query }) => {
      await policies.deletePolicy(db, user.enterpriseId, query.id);
      return withMessage(null, '删除成功');
    },
    calendar: async ({ user }) => hoursOf(db, user.enterpriseId),
    saveCalendar: async ({ user, body }) => {
      await saveHoursAndRecompute(db, user.enterpriseId, body);
      return withMessage(null, '保存成功');
    },
    orderClocks: async ({ actor, user, query }) => {
      await visibleOrder(db, readerOf(actor), query.orderId);
      return orderClocks(db, user.enterpriseId, query.orderId);
    },
    exceedStatistics: async ({ user, query }) => exceedStatistics(db, user.enterpriseId, query, user.enterprise.timeZone),
    exceedStatisticsCount: async ({ user, query }) => exceedCount(db, user.enterpriseId, query, user.enterprise.timeZone),
  });
}
