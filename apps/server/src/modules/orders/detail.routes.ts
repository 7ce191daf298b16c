import { orderDetailContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pathId, readerOf, visibleOrder } from './detail.access';
import { orderDetail, orderTabs, relatedOrders } from './detail.service';
import { orderLogs } from './logs.service';
import { addMessage, deleteMessage, listMessages } from './messages.service';
import { fieldNamesOf, fieldValuesOf, signsOf } from './views.service';

/** The order detail page's reads and its conversation thread (docs/api.md). */
export function orderDetailRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, K, {
    orderDetail: async ({ user, query }) => {
      const r = readerOf(user);
      return orderDetail(db, r, await visibleOrder(db, r, query.orderId));
    },
    getOrderTab: async ({ user, query }) => {
      const r = readerOf(user);
      return orderTabs(db, r, await visibleOrder(db, r, query.orderId));
    },
    getOrderTabById: async ({ user, params }) => {
      const r = readerOf(user);
      return orderTabs(db, r, await visibleOrder(db, r, pathId(params.id, '工单')));
    },
    logs: async ({ user, query }) => {
      const r = readerOf(user);
      await visibleOrder(db, r, query.orderId);
      return orderLogs(db, r, query.orderId);
    },
    messageList: async ({ user, query }) => listMessages(db, readerOf(user), query.orderId, query),
    addMessage: async ({ user, body }) => withMessage(await addMessage(db, readerOf(user), body), '发送成功'),
    delMessage: async ({ user, body }) => {
      await deleteMessage(db, readerOf(user), body.orderId, body.id);
      return withMessage(null, '删除成功');
    },
    relatedList: async ({ user, query }) => {
      const r = readerOf(user);
      return relatedOrders(db, r, await visibleOrder(db, r, query.orderId));
    },
    getSign: async ({ user, query }) => signsOf(db, readerOf(user), query.orderId),
    getfildValue: async ({ user, query }) => fieldValuesOf(db, readerOf(user), query.orderId, query.form),
    getFieldName: async ({ user, query }) => fieldNamesOf(db, readerOf(user), query),
  });
}
