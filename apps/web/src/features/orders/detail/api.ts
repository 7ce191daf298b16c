// The order detail page's contracts and what its writes make stale.
import type { EndpointDef } from '@sk/shared/common/contract';
import { orderActionsContract } from '@sk/shared/orders/order.actions.contract';
import { orderDetailContract } from '@sk/shared/orders/order.detail.contract';
import { orderReconcileContract } from '@sk/shared/orders/order.reconcile.contract';
import { staleAfter } from '../../../lib/query';

export { orderActionsContract, orderDetailContract };

/** Every read of the detail page: an action, a message or an edit refreshes them all (tab counts, timeline, buttons). */
export const DETAIL_READS: EndpointDef[] = Object.values(orderDetailContract).filter((e) => e.method === 'GET');

staleAfter([...Object.values(orderActionsContract), orderDetailContract.addMessage, orderDetailContract.delMessage], DETAIL_READS);
staleAfter([orderReconcileContract.reconcile], DETAIL_READS);
