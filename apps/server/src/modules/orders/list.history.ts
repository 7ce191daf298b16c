import { ORDER_INVALID_LABEL, ORDER_STATES } from '@sk/shared';
import { addProductHistorySource } from '../customers/index';
import { orderListWhere } from './list.filters';
import { historyOrders } from './list-reads.repo';

/** How many of a product's orders its service history shows (newest first); the full list is the product scope of the order list. */
const HISTORY_MAX = 50;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireListHistory(): void {
  /** The installed product's service history lists its orders, as the viewer's order lists would show them. */
  addProductHistorySource(async (ex, v, product) => {
    const found = await historyOrders(ex, v.timeZone, orderListWhere(v, { fk_t_production_id: product.id }), HISTORY_MAX);
    return found.map((o) => ({
      type: '工单',
      id: o.id,
      no: o.order_no,
      title: o.title,
      state: o.invalid ? ORDER_INVALID_LABEL : (ORDER_STATES[o.state as keyof typeof ORDER_STATES]?.label ?? ''),
      time: o.time,
    }));
  }, 'orders.history');
}
