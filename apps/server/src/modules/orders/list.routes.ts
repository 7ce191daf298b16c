import { freeNotice, orderListContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { startExport } from '../../platform/exports';
import { ORDER_EXPORT } from './export';
import { guardScope, listOrders } from './list.service';

/** The order lists (one call, a scope per page) and their download-centre export. */
export function orderListRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const hotline = deps.config.CUSTOMER_SERVICE_PHONE;
  registerAll(app, deps, K, {
    getAllOrderList: async ({ actor, user, query }) => {
      guardScope(user, query.scope, hotline);
      // The free plan keeps the default order (free users cannot change sorting).
      if (query.sortType !== 1 && user.enterprise.isChargeUser === 0) throw new AppError('PLAN_FREE', {}, freeNotice('sortChange', hotline));
      return listOrders(db, actor, query);
    },
    exportOrder: async ({ user, body }) => {
      guardScope(user, body.scope, hotline);
      const { fileName, ...params } = body;
      return withMessage(await startExport(db, user, { kind: ORDER_EXPORT, name: fileName, params }), '导出任务已创建，请在下载中心查看');
    },
  });
}
