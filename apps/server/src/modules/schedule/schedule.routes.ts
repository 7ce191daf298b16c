import { scheduleContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as repo from './schedule.repo';
import * as svc from './schedule.service';

/** Map, schedule table and dispatch board (docs/api.md "Schedule, map and dispatch board"). */
export async function scheduleModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    dispatchList: ({ user, query }) => svc.table(db, user, query),
    dispatchCount: ({ user, query }) => svc.tableCount(db, user, query),
    reportList: ({ user, query }) => svc.report(db, user, query),
    reportCount: ({ user, query }) => svc.tableCount(db, user, query),
    intervals: async ({ user }) => svc.intervalAnswer(await repo.intervalsOf(db, user.enterpriseId)),
    saveIntervals: async ({ user, body }) => withMessage(await svc.saveIntervals(db, user, body.list), '保存成功'),
    map: ({ user, query }) => svc.mapData(db, user, query),
    nearest: ({ user, query }) => svc.nearest(db, user, query.orderId),
    unassigned: ({ user, query }) => svc.unassigned(db, user, query),
    unassignedCount: ({ user, query }) => svc.unassignedCount(db, user, query),
    book: async ({ user, body }) => withMessage(await svc.book(db, user, body), '派单成功'),
    route: ({ user, query }) => svc.route(db, user, query.userId, query.date),
    workingDays: ({ user, query }) => svc.calendarDays(db, user, query),
    myPosition: ({ user }) => svc.myPosition(db, user),
    reportPosition: async ({ user, body }) => {
      await svc.reportPosition(db, user, body);
      return withMessage(null, '位置已更新');
    },
    withdrawPosition: async ({ user }) => {
      await svc.withdrawPosition(db, user);
      return withMessage(null, '已停止共享位置');
    },
  });
}
