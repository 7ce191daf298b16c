import { invalid } from '../../platform/errors';
import { eventCreated } from '../events/index';
import { orderFromCall } from '../orders/index';
import { linkCallEvent, linkCallOrder } from './calls.repo';
import { registerCallJobs } from './calls.stale';
import { wireCallsRoutes } from './calls.routes';

/**
 * Every subscriber of the calls module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireCalls(): void {
  registerCallJobs();
  wireCallsRoutes();
  // An event made from a call's pop: the call record links back to it, in the event's transaction.
  eventCreated.subscribe('calls.link-event', async (tx, e) => {
    if (e.callRecordId && !(await linkCallEvent(tx, e.enterpriseId, e.callRecordId, e.eventId))) throw invalid('通话记录：通话记录不存在或已被删除');
  });
  // An order taken from a call's pop (新建工单): the call record links to it, in the order's transaction.
  orderFromCall.subscribe('calls.link-order', async (tx, e) => {
    if (!(await linkCallOrder(tx, e.enterpriseId, e.callRecordId, e.orderId))) throw invalid('通话记录：通话记录不存在或已被删除');
  });
}
