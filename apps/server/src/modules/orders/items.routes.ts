import { orderCreateContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { actorOf } from '../../platform/actor';
import { pickCustomers } from '../customers/customers.repo';
import { customerContext, duplicateOrders, orderCustomerContext } from './duplicate.service';
import { deleteItems, deleteType, listItems, listTypes, saveItem, saveType } from './items.service';

/** The create page's calls: the service-item catalogue (/v2/serverItem/*), the duplicate check and the customer's records. */
export function registerCreateRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, K, {
    itemList: async ({ user, query }) => listItems(db, actorOf(user), query, query),
    itemTypeList: async ({ user }) => listTypes(db, actorOf(user)),
    itemSave: async ({ user, body }) => withMessage({ id: await saveItem(db, actorOf(user), body) }, '保存成功'),
    itemDelete: async ({ user, body }) => {
      await deleteItems(db, actorOf(user), body.ids);
      return withMessage(null, '删除成功');
    },
    itemTypeSave: async ({ user, body }) => withMessage({ id: await saveType(db, actorOf(user), body) }, '保存成功'),
    itemTypeDelete: async ({ user, body }) => {
      await deleteType(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    duplicateCheck: async ({ user, query }) => duplicateOrders(db, actorOf(user), query.customerId, query.templateId),
    customerOptions: async ({ user, query }) =>
      pickCustomers(db, actorOf(user), { keyword: query.keyword, ids: query.ids }, { pageIndex: 0, pageSize: query.ids?.length ? 100 : 50 }),
    customerContext: async ({ user, query }) => customerContext(db, actorOf(user), query.customerId),
    orderCustomerContext: async ({ user, query }) => orderCustomerContext(db, actorOf(user), query.orderId),
  });
}
