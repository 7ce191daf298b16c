import { orderCreateContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pickCustomers } from '../customers/index';
import { customerContext, duplicateOrders, orderCustomerContext } from './duplicate.service';
import { deleteItems, deleteType, listItems, listTypes, saveItem, saveType } from './items.service';

/** The create page's calls: the service-item catalogue (/v2/serverItem/*), the duplicate check and the customer's records. */
export function registerCreateRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, K, {
    itemList: async ({ actor, query }) => listItems(db, actor, query, query),
    itemTypeList: async ({ actor }) => listTypes(db, actor),
    itemSave: async ({ actor, body }) => withMessage({ id: await saveItem(db, actor, body) }, '保存成功'),
    itemDelete: async ({ actor, body }) => {
      await deleteItems(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    itemTypeSave: async ({ actor, body }) => withMessage({ id: await saveType(db, actor, body) }, '保存成功'),
    itemTypeDelete: async ({ actor, body }) => {
      await deleteType(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    duplicateCheck: async ({ actor, query }) => duplicateOrders(db, actor, query.customerId, query.templateId),
    customerOptions: async ({ actor, query }) =>
      pickCustomers(db, actor, { keyword: query.keyword, ids: query.ids }, { pageIndex: 0, pageSize: query.ids?.length ? 100 : 50 }),
    customerContext: async ({ actor, query }) => customerContext(db, actor, query.customerId),
    orderCustomerContext: async ({ actor, query }) => orderCustomerContext(db, actor, query.orderId),
  });
}
