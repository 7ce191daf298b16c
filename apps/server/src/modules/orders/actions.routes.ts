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
  const V = act.actionViewerOf;
  registerAll(app, deps, K, {
    acceptance: async ({ user, body }) => withMessage(await act.acceptance(db, V(user), body), OK),
    keepDate: async ({ user, body }) => withMessage(await act.bespoke(db, V(user), 'keepDate', body), '预约成功'),
    workerBespokeDate: async ({ user, body }) => withMessage(await act.bespoke(db, V(user), 'workerBespokeDate', body), '预约成功'),
    accept: async ({ user, body }) => withMessage(await act.simpleAction(db, V(user), 'accept', body), '接单成功'),
    refuseOrder: async ({ user, body }) => withMessage(await act.simpleAction(db, V(user), 'refuseOrder', body, body.reason), OK),
    startService: async ({ user, body }) => withMessage(await act.simpleAction(db, V(user), 'startService', body), OK),
    checkFinish: async ({ user, body }) => act.checkFinish(db, V(user), body.orderId),
    serviceComplete: async ({ user, body }) => withMessage(await act.complete(db, V(user), 'serviceComplete', body), OK),
    applyEndService: async ({ user, body }) => withMessage(await act.complete(db, V(user), 'applyEndService', body), '提交成功'),
    cancel: async ({ user, body }) => withMessage(await act.simpleAction(db, V(user), 'cancel', body, body.reason), '取消成功'),
    employeeCancel: async ({ user, body }) => withMessage(await act.simpleAction(db, V(user), 'employeeCancel', body, body.reason), '取消成功'),
    applyAbnormalOrder: async ({ user, body }) => withMessage(await act.applyAbnormal(db, V(user), body), '提交成功'),
    handleAbnormal: async ({ user, body }) => withMessage(await act.handleAbnormal(db, V(user), body), OK),
    examine: async ({ user, body, req }) => {
      // The 审核 power, or the person the order's process names as this approval's approver (the contract declares no power);
      // while an approval flow decides the order, the engine's tasks are the gate (a caller without one gets its refusal).
      const gate = async () => (await act.namedApprover(db, V(user), body.orderId)) || (await act.onApprovalFlow(db, V(user), body.orderId));
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
      const { next, ...r } = await act.examine(db, V(user), body);
      return withMessage(r, next ? '审核成功，等待下一步审批' : '审核成功');
    },
    archive: async ({ user, body }) => withMessage(await act.simpleAction(db, V(user), 'archive', body), '归档成功'),
    delAllOrder: async ({ user, body }) => withMessage(await deleteOrders(db, V(user), body.orderIds), '删除成功'),
    restore: async ({ user, body }) => withMessage(await restoreOrders(db, V(user), body.orderIds), '还原成功'),
    purge: async ({ user, body, req }) => withMessage(await purgeOrders(db, V(user), body.orderIds, req.ip), '删除成功'),
    edit: async ({ user, body }) => withMessage(await editOrder(db, V(user), body), '保存成功'),
    employeeEdit: async ({ user, body }) => withMessage(await employeeEdit(db, V(user), body), '保存成功'),
    linkCustomer: async ({ user, body }) => withMessage(await linkCustomer(db, V(user), body), '保存成功'),
    dispatch: async ({ user, body }) => withMessage(await act.dispatch(db, V(user), body), '派单成功'),
    receipt: async ({ user, body }) => withMessage(await act.receipt(db, V(user), body), '保存成功'),
    collect: async ({ user, body }) => withMessage(await act.collect(db, V(user), body), '收款成功'),
  });
}
