// Calls of the dispatch desk: the pending list with its count, candidates, dispatch and batch designate.
import { badgeCountContract } from '@sk/shared/menu/badge.contract';
import { dispatchContract } from '@sk/shared/dispatch/dispatch.contract';
import type { UnDeliverRow } from '@sk/shared/dispatch/dispatch.contract';
import { orderActionsContract } from '@sk/shared/orders/order.actions.contract';
import { orderListContract } from '@sk/shared/orders/order.list.contract';
import { planningContract } from '@sk/shared/planning/planning.contract';
import { scheduleContract } from '@sk/shared/schedule/schedule.contract';
import { withReads } from '../../components/list/fetchers';
import type { ListQuery, ListResult } from '../../components/list/useListData';
import { call } from '../../lib/api';
import { staleAfter } from '../../lib/query';

export { dispatchContract, orderActionsContract, planningContract, scheduleContract };

// A dispatch changes the desk, its badge, every engineer's load beside it and the order lists.
// A booking from a suggestion (the board's booking) does the same, and changes every engineer's suggested slot.
staleAfter(
  [orderActionsContract.dispatch, dispatchContract.batchDesignate, dispatchContract.batchDispatch, scheduleContract.book, planningContract.acceptDraft],
  [
    dispatchContract.unDeliverOrderList,
    dispatchContract.candidates,
    badgeCountContract.unDeliverOrderCount,
    orderListContract.getAllOrderList,
    planningContract.candidates,
  ],
);

/**
 * The desk's pages: the list answers the rows, /order/unDeliverOrderListCount the count with the same filters. On the
 * free plan the shell's badge calls answer 0, so the pager then counts at least the rows it has seen.
 */
export const unDeliverFetcher = withReads(
  async (q: ListQuery): Promise<ListResult<UnDeliverRow>> => {
    const { pageIndex: _i, pageSize: _s, sortType: _t, ...filters } = q;
    const [list, count] = await Promise.all([
      call(dispatchContract.unDeliverOrderList, q as never),
      call(badgeCountContract.unDeliverOrderCount, filters as never),
    ]);
    return { list, count: Math.max(Number(count), Number(q.pageIndex) * Number(q.pageSize) + list.length) };
  },
  dispatchContract.unDeliverOrderList,
  badgeCountContract.unDeliverOrderCount,
);
