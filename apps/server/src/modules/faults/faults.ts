import { FAULT_LEVELS, type OrderFault } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { categoryOfOrder, nodeRow, orderHasFault, setOrderFault } from './fault.repo';

export const pathText = (path: OrderFault['path']): string => path.map((p) => p.name).join(' / ');

/**
 * Records an order's fault mode inside the caller's transaction (setOrder, and createOrder for the fault chosen on the
 * create page): a remedy of the order's product category, else a clear refusal that rolls the caller back.
 */
export async function recordOrderFault(tx: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>, orderId: number, faultModeId: number): Promise<void> {
  // Key-share lock: the node cannot be deleted before we commit.
  const n = await nodeRow(tx, a.enterpriseId, faultModeId, 'key share');
  if (!n) throw notFound();
  const category = await categoryOfOrder(tx, a.enterpriseId, orderId);
  if (n.category !== category || n.level !== 3) throw invalid(`故障模式：请选择该工单产品分类下的${FAULT_LEVELS[3]}`);
  await setOrderFault(tx, a.enterpriseId, orderId, faultModeId, a.id);
}

/** Whether an order has its fault mode recorded (the process requirement 故障模式). */
export const hasOrderFaultMode = (ex: Executor, ep: number, orderId: number): Promise<boolean> => orderHasFault(ex, ep, orderId);
