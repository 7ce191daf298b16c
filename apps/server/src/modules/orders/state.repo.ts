// The statements around an order's state change (order.state.ts, examine.flow.ts) besides the row itself
// (orders.repo.ts): the viewer's parts on the order, the rows an action may change, the state after an engine decision.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor, SystemActor } from '../../platform/actor';
import { openableOrders } from './scope';

/** The name of viewerPartsColumn's column (order.state.ts withViewerParts takes it off the row). */
export const VIEWER_PARTS = '__sk_viewer_parts';

/** A select-list column of an orders row `o`: the viewer's order_people parts, read with the row (withViewerParts). */
export const viewerPartsColumn = (v: Pick<Actor, 'id'>): SQL =>
  sql`array(select p.part from order_people p where p.enterprise_id = o.enterprise_id and p.order_id = o.id and p.user_id = ${v.id}) as ${sql.identifier(VIEWER_PARTS)}`;

/** The viewer's order_people parts on the order. */
export function viewerPartsOf(ex: Executor, v: SystemActor, orderId: number): Promise<{ part: number }[]> {
  return rows<{ part: number }>(ex, sql`select part from order_people where enterprise_id = ${v.enterpriseId} and order_id = ${orderId} and user_id = ${v.id}`);
}

/** The rows of `orders` an action of the viewer may change: in the one order scope, and out of the recycle bin unless `binned`. */
export const movableOrders = (v: SystemActor, binned: boolean): SQL =>
  binned ? openableOrders(v, 'orders') : sql`deleted_at is null and ${openableOrders(v, 'orders')}`;

/** The rows of `orders` out of the recycle bin (what an approval flow's decision may still move). */
export const notDeleted: SQL = sql`deleted_at is null`;

/** The order's state now (after an engine decision). */
export async function orderStateOf(ex: Executor, enterpriseId: number, orderId: number): Promise<number> {
  const [r] = await rows<{ state: number }>(ex, sql`select state from orders where enterprise_id = ${enterpriseId} and id = ${orderId}`);
  return r?.state ?? Number.NaN;
}
