import type { OrderLog } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { OrderReader } from './detail.access';
import { logRows, toOrderLog } from './logs.repo';

/** GET /v2/order/logs: the order's timeline, oldest first. */
export async function orderLogs(ex: Executor, r: OrderReader, orderId: number): Promise<OrderLog[]> {
  return (await logRows(ex, r.timeZone, r.enterpriseId, orderId)).map(toOrderLog);
}
