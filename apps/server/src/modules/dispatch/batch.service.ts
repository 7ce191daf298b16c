import { type BatchDispatchBody, type BatchDispatchResult, type BatchDispatchRow, formatError } from '@sk/shared';
import type { Db } from '../../db/client';
import { AppError, raceLost } from '../../platform/errors';
import { assignableProvider, dispatch, providerOfViewer, servicePeople } from '../orders/index';
import type { SystemActor } from '../../platform/actor';
import { openableOrderNos } from './batch.repo';

/**
 * POST /v2/order/batchDispatch (全部工单 › 批量派单). The scope comes first and for the whole batch: an id the viewer
 * may not open (another enterprise's, one in the bin) answers NOT_FOUND and nothing changes, as the single dispatch
 * does. So does a bad engineer or provider. Then each order goes through the single dispatch in a transaction of its
 * own (row lock, the machine, compare-and-set through changeState, the log row): an order the machine refuses, or one
 * that moved since the list showed it (数据已变更), is reported in its row and the others are dispatched.
 */
export async function batchDispatch(db: Db, v: SystemActor, b: BatchDispatchBody): Promise<BatchDispatchResult> {
  const seen = new Map<number, number | undefined>();
  b.orderIds.forEach((id, i) => {
    if (!seen.has(id)) seen.set(id, b.expectedStates?.[i]);
  });
  const ids = [...seen.keys()];
  const found = await openableOrderNos(db, v, ids);
  if (found.length !== ids.length) throw new AppError('NOT_FOUND');
  const numberOf = new Map(found.map((r) => [r.id, r.order_no]));

  // The target is checked once: a bad one is bad input, not one refusal per order.
  const mine = await providerOfViewer(db, v);
  if (b.providerId) {
    if (mine != null) throw new AppError('VALIDATION', { detail: '服务商：服务商的工单只能派给本服务商的服务人员' });
    await assignableProvider(db, v, b.providerId);
  } else await servicePeople(db, v, [Number(b.serviceUserId)], '服务人员', mine ?? undefined);

  const results: BatchDispatchRow[] = [];
  for (const id of ids) {
    const orderNo = numberOf.get(id) ?? String(id);
    try {
      await dispatch(db, v, {
        orderId: id,
        expectedState: seen.get(id),
        serviceUserId: b.serviceUserId,
        providerId: b.providerId,
        coordinationUserId: b.coordinationUserId,
        note: b.note,
      });
      results.push({ orderId: id, orderNo, success: true, message: '派单成功' });
    } catch (e) {
      // A refusal (or a concurrent change the locks let through) is this order's answer; anything else is a fault.
      if (e instanceof AppError) results.push({ orderId: id, orderNo, success: false, message: e.message });
      else if (raceLost(e)) results.push({ orderId: id, orderNo, success: false, message: formatError('DATA_CHANGED') });
      else throw e;
    }
  }
  const successCount = results.filter((r) => r.success).length;
  return { successCount, failCount: results.length - successCount, results };
}
