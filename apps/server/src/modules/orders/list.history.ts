import { ORDER_INVALID_LABEL, ORDER_STATES } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { addProductHistorySource } from '../customers/installed.service';
import { orderListWhere } from './list.filters';

/** How many of a product's orders its service history shows (newest first); the full list is the product scope of the order list. */
const HISTORY_MAX = 50;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireListHistory(): void {
  /** The installed product's service history lists its orders, as the viewer's order lists would show them. */
  addProductHistorySource(async (ex, v, product) => {
    const viewer = v;
    const found = await rows<{ id: number; order_no: string; title: string; state: number; invalid: boolean; time: string }>(
      ex,
      sql`select o.id, o.order_no, o.title, o.state, o.invalid, to_char(o.created_at at time zone ${v.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as time
          from orders o where ${orderListWhere(viewer, { fk_t_production_id: product.id })}
          order by o.created_at desc, o.id desc limit ${HISTORY_MAX}`,
    );
    return found.map((o) => ({
      type: '工单',
      id: Number(o.id),
      no: o.order_no,
      title: o.title,
      state: o.invalid ? ORDER_INVALID_LABEL : (ORDER_STATES[o.state as keyof typeof ORDER_STATES]?.label ?? ''),
      time: o.time,
    }));
  }, 'orders.history');
}
