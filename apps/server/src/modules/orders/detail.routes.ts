import { orderDetailContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pathId, readerOf, visibleOrder } from './detail.access';
import { orderDetailOf, orderTabs, relatedOrders } from './detail.service';
import { orderLogs } from './logs.service';
import { addMessage, deleteMessage, listMessages } from './messages.service';
import { fieldNamesOf, fieldValuesOf, signsOf } from './views.service';

/** The order detail page's reads and its conversation thread (docs/api.md). */
export function orderDetailRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, K, {
    orderDetail: async ({ actor, query }) => orderDetailOf(db, readerOf(actor), query.orderId),
    getOrderTab: async ({ actor, query }) => {
      const r = readerOf(actor);
      return orderTabs(db, r, await visibleOrder(db, r, query.orderId));
    },
    getOrderTabById: async ({ actor, params }) => {
      const r = readerOf(actor);
      return orderTabs(db, r, await visibleOrder(db, r, pathId(params.id, '工单')));
    },
    logs: async ({ actor, query }) => {
      const r = readerOf(actor);
      await visibleOrder(db, r, query.orderId);
      return orderLogs(db, r, query.orderId);
    },
    messageList: async ({ actor, query }) => listMessages(db, readerOf(actor), query.orderId, query),
    addMessage: async ({ actor, body }) => withMessage(await addMessage(db, readerOf(actor), body), '发送成功'),
    delMessage: async ({ actor, body }) => {
      await deleteMessage(db, readerOf(actor), body.orderId, body.id);
      return withMessage(null, '删除成功');
    },
    relatedList: async ({ actor, query }) => {
      const r = readerOf(actor);
      return relatedOrders(db, r, await visibleOrder(db, r, query.orderId));
    },
    getSign: async ({ actor, query }) => signsOf(db, readerOf(actor), query.orderId),
    getfildValue: async ({ actor, query }) => fieldValuesOf(db, readerOf(actor), query.orderId, query.form),
    getFieldName: async ({ actor, query }) => fieldNamesOf(db, readerOf(actor), query),
  });
}
