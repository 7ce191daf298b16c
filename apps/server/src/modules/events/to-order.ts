// Event → work order (association type 1 ↔ 2): the order is created pre-filled from the event, in the same
// transaction the event is locked, refused when it already has an order, and linked to the new one.
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { EVENT_STATE } from './event.state';
import { eventOfOrderRow, lockedEventForOrder, orderOfEventRow, setEventOrder } from './events.repo';
import type { Actor } from '../../platform/actor';

export interface EventToConvert {
  id: number;
  state: number;
  eventNo: string;
}

/** Locks the event the viewer may see; refuses a closed one and one already converted. */
export async function lockEventForOrder(tx: Tx, v: Actor, eventId: number): Promise<EventToConvert> {
  const e = await lockedEventForOrder(tx, v, eventId);
  if (!e) throw new AppError('NOT_FOUND', { detail: '事件不存在或已被删除' });
  if (e.order_id != null) throw new AppError('VALIDATION', { detail: '该事件已转为工单' });
  if (e.close_state === 1) throw new AppError('VALIDATION', { detail: '已关闭的事件不能转为工单' });
  return { id: e.id, state: e.state, eventNo: e.event_no };
}

/** Links the event to its new order and logs the conversion on the event (its state stays). */
export async function linkEventToOrder(tx: Tx, v: Actor, e: EventToConvert, order: { id: number; orderNo: string }): Promise<void> {
  await setEventOrder(tx, v.enterpriseId, e.id, order.id);
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
  const e = await eventOfOrderRow(ex, enterpriseId, orderId);
  return e ? { id: e.id, eventNo: e.event_no, title: e.title, state: e.state } : null;
}

/** The order an event was converted to (for the event's detail), or null. */
export async function orderOfEvent(ex: Executor, enterpriseId: number, orderId: number | null): Promise<{ id: number; orderNo: string; state: number } | null> {
  if (orderId == null) return null;
  const o = await orderOfEventRow(ex, enterpriseId, orderId);
  return o ? { id: o.id, orderNo: o.order_no, state: o.state } : null;
}
