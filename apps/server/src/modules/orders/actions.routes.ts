import { hasPower, ORDER_ACTION_POWERS, orderActionsContract as K } from '@sk/shared';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as act from './actions.service';
import { editOrder, employeeEdit, linkCustomer } from './edit.service';
import { deleteOrders, purgeOrders, restoreOrders } from './recycle.service';

const OK = '操作成功';

/** The lifecycle endpoints of a work order (docs/api.md "Work-order actions"). */
export async function orderActionsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, K, {
    acceptance: async ({ actor, body }) => withMessage(await act.acceptance(db, actor, body), OK),
    keepDate: async ({ actor, body }) => withMessage(await act.bespoke(db, actor, 'keepDate', body), '预约成功'),
    workerBespokeDate: async ({ actor, body }) => withMessage(await act.bespoke(db, actor, 'workerBespokeDate', body), '预约成功'),
    accept: async ({ actor, body }) => withMessage(await act.simpleAction(db, actor, 'accept', body), '接单成功'),
    refuseOrder: async ({ actor, body }) => withMessage(await act.simpleAction(db, actor, 'refuseOrder', body, body.reason), OK),
    startService: async ({ actor, body }) => withMessage(await act.simpleAction(db, actor, 'startService', body), OK),
    checkFinish: async ({ actor, body }) => act.checkFinish(db, actor, body.orderId),
    serviceComplete: async ({ actor, body }) => withMessage(await act.complete(db, actor, 'serviceComplete', body), OK),
    applyEndService: async ({ actor, body }) => withMessage(await act.complete(db, actor, 'applyEndService', body), '提交成功'),
    cancel: async ({ actor, body }) => withMessage(await act.simpleAction(db, actor, 'cancel', body, body.reason), '取消成功'),
    employeeCancel: async ({ actor, body }) => withMessage(await act.simpleAction(db, actor, 'employeeCancel', body, body.reason), '取消成功'),
    applyAbnormalOrder: async ({ actor, body }) => withMessage(await act.applyAbnormal(db, actor, body), '提交成功'),
    handleAbnormal: async ({ actor, body }) => withMessage(await act.handleAbnormal(db, actor, body), OK),
    examine: async ({ actor, user, body, req }) => {
      // The 审核 power, or the person the order's process names as this approval's approver (the contract declares no power);
      // while an approval flow decides the order, the engine's tasks are the gate (a caller without one gets its refusal).
      const gate = async () => (await act.namedApprover(db, actor, body.orderId)) || (await act.onApprovalFlow(db, actor, body.orderId));
      if (!hasPower(user.powers, ORDER_ACTION_POWERS.examine) && !(await gate())) {
        await audit(db, {
          action: 'power_denied',
          enterpriseId: user.enterpriseId,
          userId: user.id,
          ip: req.ip,
          detail: { path: K.examine.path, power: ORDER_ACTION_POWERS.examine },
        });
        throw new AppError('NO_POWER');
      }
      const { next, ...r } = await act.examine(db, actor, body);
      return withMessage(r, next ? '审核成功，等待下一步审批' : '审核成功');
    },
    archive: async ({ actor, body }) => withMessage(await act.simpleAction(db, actor, 'archive', body), '归档成功'),
    delAllOrder: async ({ actor, body }) => withMessage(await deleteOrders(db, actor, body.orderIds), '删除成功'),
    restore: async ({ actor, body }) => withMessage(await restoreOrders(db, actor, body.orderIds), '还原成功'),
    purge: async ({ actor, body, req }) => withMessage(await purgeOrders(db, actor, body.orderIds, req.ip), '删除成功'),
    edit: async ({ actor, body }) => withMessage(await editOrder(db, actor, body), '保存成功'),
    employeeEdit: async ({ actor, body }) => withMessage(await employeeEdit(db, actor, body), '保存成功'),
    linkCustomer: async ({ actor, body }) => withMessage(await linkCustomer(db, actor, body), '保存成功'),
    dispatch: async ({ actor, body }) => withMessage(await act.dispatch(db, actor, body), '派单成功'),
    receipt: async ({ actor, body }) => withMessage(await act.receipt(db, actor, body), '保存成功'),
    collect: async ({ actor, body }) => withMessage(await act.collect(db, actor, body), '收款成功'),
  });
}
