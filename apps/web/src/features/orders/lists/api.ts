// Fetchers and calls of the order lists: GET /v2/order/getAllOrderList by scope, the order export, and the
// recycle-bin batch actions.
import { orderActionsContract } from '@sk/shared/orders/order.actions.contract';
import { type OrderListScope, orderListContract } from '@sk/shared/orders/order.list.contract';
import type { OrderRow } from '@sk/shared/orders/order.list.contract';
import type { ListQuery, ListResult } from '../../../components';
import { call } from '../../../lib/api';
import { withReads } from '../../../components/list/fetchers';
import { staleAfter } from '../../../lib/query';
import { watchDownloads } from '../../../shell/downloads';

export { orderListContract };

// Any order action (accept, dispatch, cancel, edit, delete, restore, purge …) changes the rows of the order lists.
staleAfter(Object.values(orderActionsContract), [orderListContract.getAllOrderList]);

const compact = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A ListPage fetcher over one list page (its scope and fixed fields added to every load). */
export const orderFetcher = (scope: OrderListScope, fixed: Record<string, unknown> = {}) =>
  withReads(
    async (q: ListQuery): Promise<ListResult<OrderRow>> =>
      (await call(orderListContract.getAllOrderList, compact({ ...q, ...fixed, scope }) as never)) as ListResult<OrderRow>,
    orderListContract.getAllOrderList,
  );

/**
 * The download-centre export: the current page's or the selected rows (their ids), or, without ids, every order the
 * list's current filters match; the columns are the list's chosen ones.
 */
export async function exportOrders(
  scope: OrderListScope,
  req: { fileName: string; ids: number[]; query: ListQuery; columns: string[] },
  fixed: Record<string, unknown> = {},
): Promise<void> {
  const { pageIndex: _i, pageSize: _s, sortType: _t, ...filters } = req.query;
  const columns = req.columns.filter((c) => c !== 'actions');
  const body = req.ids.length
    ? { scope, ...fixed, fileName: req.fileName, ids: req.ids, columns }
    : compact({ ...filters, ...fixed, scope, fileName: req.fileName, columns });
  await call(orderListContract.exportOrder, body as never);
  watchDownloads();
}

/** The recycle-bin batch actions (the lifecycle contract's). */
export const orderBatch = {
  delAllOrder: orderActionsContract.delAllOrder,
  restore: orderActionsContract.restore,
  purge: orderActionsContract.purge,
};

export { orderDetailPath } from '../../../lib/orderPaths';
