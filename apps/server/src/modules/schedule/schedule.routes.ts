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
    dispatchList: ({ actor, query }) => svc.table(db, actor, query),
    dispatchCount: ({ actor, query }) => svc.tableCount(db, actor, query),
    reportList: ({ actor, query }) => svc.report(db, actor, query),
    reportCount: ({ actor, query }) => svc.tableCount(db, actor, query),
    intervals: async ({ actor }) => svc.intervalAnswer(await repo.intervalsOf(db, actor.enterpriseId)),
    saveIntervals: async ({ actor, body }) => withMessage(await svc.saveIntervals(db, actor, body.list), '保存成功'),
    map: ({ actor, query }) => svc.mapData(db, actor, query),
    nearest: ({ actor, query }) => svc.nearest(db, actor, query.orderId),
    unassigned: ({ actor, query }) => svc.unassigned(db, actor, query),
    unassignedCount: ({ actor, query }) => svc.unassignedCount(db, actor, query),
    book: async ({ actor, body }) => withMessage(await svc.book(db, actor, body), '派单成功'),
    workingDays: ({ actor, query }) => svc.calendarDays(db, actor, query),
    myPosition: ({ actor }) => svc.myPosition(db, actor),
    reportPosition: async ({ actor, body }) => {
      await svc.reportPosition(db, actor, body);
      return withMessage(null, '位置已更新');
    },
    withdrawPosition: async ({ actor }) => {
      await svc.withdrawPosition(db, actor);
      return withMessage(null, '已停止共享位置');
    },
  });
}
