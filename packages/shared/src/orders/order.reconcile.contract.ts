import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { optionalText, requiredId } from '../customers/fields';
import { ORDER_ACTION_POWERS, orderActionResult } from './order.actions.contract';

/**
 * 对账 (reconciliation, a hook point; the finance role 8): finance confirms a completed order's collected fees
 * (docs/decisions.md). The machine action `reconcile`; the process's reconciliation requirements run before it.
 */
export const reconcileBody = z.object({
  orderId: requiredId('工单'),
  /** The order's version the page showed: an order changed since answers 数据已变更. */
  version: L(coerceInt('integer', '工单版本不正确').min(0, '工单版本不正确').optional(), '工单版本'),
  note: optionalText('备注', 500),
});
export type ReconcileBody = z.infer<typeof reconcileBody>;

export const orderReconcileContract = {
  /** (path not named by the spec) Administrators and the finance role, on 已完成 orders collected and not yet reconciled. */
  reconcile: endpoint({ method: 'POST', path: '/order/reconcile', power: ORDER_ACTION_POWERS.desk, body: reconcileBody, response: orderActionResult }),
};
