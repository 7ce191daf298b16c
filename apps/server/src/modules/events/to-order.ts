// Event → work order (association type 1 ↔ 2): the order is created pre-filled from the event, in the same
// transaction the event is locked, refused when it already has an order, and linked to the new one.
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { EVENT_STATE, eventScope } from './event.state';
import type { Actor } from '../../platform/actor';

export interface EventToConvert {
  id: number;
  state: number;
  eventNo: string;
}

/** Locks the event the viewer may see; refuses a closed one and one already converted. */
export async function lockEventForOrder(tx: Tx, v: Actor, eventId: number): Promise<EventToConvert> {
  const [e] = await rows<{ id: number; state: number; event_no: string; order_id: number | null; close_state: number }>(
    tx,
    sql`select e.id, e.state, e.event_no, e.order_id, e.close_state from events e
      where e.enterprise_id = ${v.enterpriseId} and e.id = ${eventId} and ${eventScope(v)} for update`,
  );
  if (!e) throw new AppError('NOT_FOUND', { detail: '事件不存在或已被删除' });
  if (e.order_id != null) throw new AppError('VALIDATION', { detail: '该事件已转为工单' });
  if (Number(e.close_state) === 1) throw new AppError('VALIDATION', { detail: '已关闭的事件不能转为工单' });
  return { id: Number(e.id), state: Number(e.state), eventNo: e.event_no };
}

/** Links the event to its new order and logs the conversion on the event (its state stays). */
export async function linkEventToOrder(tx: Tx, v: Actor, e: EventToConvert, order: { id: number; orderNo: string }): Promise<void> {
  await tx.execute(
    sql`update events set order_id = ${order.id}, version = version + 1, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${e.id}`,
  );
  await insertStateLog(tx, EVENT_STATE, {
    enterpriseId: v.enterpriseId,
    id: e.id,
    from: e.state,
    to: e.state,
    action: 'toOrder',
    actorId: v.id,
    note: order.orderNo,
  });
}

/** The event an order was converted from (for the order's detail), or null. */
export async function eventOfOrder(
  ex: Executor,
  enterpriseId: number,
  orderId: number,
): Promise<{ id: number; eventNo: string; title: string; state: number } | null> {
  const [e] = await rows<{ id: number; event_no: string; title: string; state: number }>(
    ex,
    sql`select id, event_no, title, state from events where enterprise_id = ${enterpriseId} and order_id = ${orderId} and deleted_at is null limit 1`,
  );
  return e ? { id: Number(e.id), eventNo: e.event_no, title: e.title, state: Number(e.state) } : null;
}

/** The order an event was converted to (for the event's detail), or null. */
export async function orderOfEvent(ex: Executor, enterpriseId: number, orderId: number | null): Promise<{ id: number; orderNo: string; state: number } | null> {
  if (orderId == null) return null;
  const [o] = await rows<{ id: number; order_no: string; state: number }>(
    ex,
    sql`select id, order_no, state from orders where enterprise_id = ${enterpriseId} and id = ${orderId} and deleted_at is null`,
  );
  return o ? { id: Number(o.id), orderNo: o.order_no, state: Number(o.state) } : null;
}
