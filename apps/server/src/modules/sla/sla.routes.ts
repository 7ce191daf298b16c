import { slaContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { hoursOf } from './sla.calendar';
import * as policies from './sla.policies';
import { saveHoursAndRecompute } from './sla.recompute';
import { exceedCount, exceedStatistics } from './sla.report';

export async function slaModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  // An order's clocks are read where the order's visibility is known: orders.routes.ts registers C.orderClocks.
  const { orderClocks: _orders, ...slaPages } = C;
  registerAll(app, deps, slaPages, {
    list: async ({ actor }) => policies.listPolicies(db, actor.enterpriseId, actor.timeZone),
    detail: async ({ actor, query }) => policies.getPolicy(db, actor.enterpriseId, query.id, actor.timeZone),
    create: async ({ actor, body }) => withMessage({ id: await db.transaction((tx) => policies.createPolicy(tx, actor.enterpriseId, body)) }, '保存成功'),
    update: async ({ actor, body }) => {
      const { id, ...p } = body;
      await db.transaction((tx) => policies.updatePolicy(tx, actor.enterpriseId, id, p));
      return withMessage(null, '保存成功');
    },
    remove: async ({ actor, query }) => {
      await policies.deletePolicy(db, actor.enterpriseId, query.id);
      return withMessage(null, '删除成功');
    },
    calendar: async ({ actor }) => hoursOf(db, actor.enterpriseId),
    saveCalendar: async ({ actor, body }) => {
      await saveHoursAndRecompute(db, actor.enterpriseId, body);
      return withMessage(null, '保存成功');
    },
    exceedStatistics: async ({ actor, query }) => exceedStatistics(db, actor.enterpriseId, query, actor.timeZone),
    exceedStatisticsCount: async ({ actor, query }) => exceedCount(db, actor.enterpriseId, query, actor.timeZone),
  });
}
