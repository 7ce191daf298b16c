import { approvalsContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerBadgeCount } from '../menu/badges';
import { decide } from './engine';
import * as flows from './flows.service';
import * as inbox from './inbox.service';

export async function approvalsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    flowList: ({ user, query }) => flows.listFlows(db, user.enterpriseId, user.enterprise.timeZone, query.kind),
    typeOptions: ({ user, query }) => flows.typeOptions(db, user.enterpriseId, query.kind),
    flowSave: async ({ user, body }) => withMessage(await flows.saveFlow(db, user.enterpriseId, body), '保存成功'),
    flowRemove: async ({ user, body }) => {
      await flows.removeFlow(db, user.enterpriseId, body.id);
      return withMessage(null, '删除成功');
    },
    deptHeadSave: async ({ user, body }) => {
      await flows.setDeptHead(db, user.enterpriseId, body.deptId, body.userId);
      return withMessage(null, '保存成功');
    },
    list: async ({ user, query }) => {
      inbox.guardInbox(user);
      return inbox.listInbox(db, user, query);
    },
    counts: async ({ user }) => {
      inbox.guardInbox(user);
      return inbox.inboxCounts(db, user);
    },
    detail: async ({ user, query }) => {
      inbox.guardInbox(user);
      return inbox.instanceDetail(db, user, query.id);
    },
    documentFlow: ({ user, query }) => inbox.documentFlow(db, user, query.kind, query.docId),
    approve: async ({ user, body }) => {
      inbox.guardInbox(user);
      return withMessage(
        await decide(db, { enterpriseId: user.enterpriseId, actorId: user.id, id: body.id, action: 'approve', comment: body.comment }),
        '审批成功',
      );
    },
    reject: async ({ user, body }) => {
      inbox.guardInbox(user);
      return withMessage(
        await decide(db, { enterpriseId: user.enterpriseId, actorId: user.id, id: body.id, action: 'reject', comment: body.comment }),
        '已驳回',
      );
    },
    withdraw: async ({ user, body }) => {
      inbox.guardInbox(user);
      return withMessage(
        await decide(db, { enterpriseId: user.enterpriseId, actorId: user.id, id: body.id, action: 'withdraw', comment: body.comment }),
        '已撤回',
      );
    },
    transfer: async ({ user, body }) => {
      inbox.guardInbox(user);
      const r = await decide(db, {
        enterpriseId: user.enterpriseId,
        actorId: user.id,
        id: body.id,
        action: 'transfer',
        comment: body.comment,
        transferTo: body.userId,
      });
      return withMessage(r, '转交成功');
    },
    delegations: async ({ user }) => {
      inbox.guardInbox(user);
      return inbox.listDelegations(db, user);
    },
    delegationSave: async ({ user, body }) => {
      inbox.guardInbox(user);
      return withMessage(await inbox.saveDelegation(db, user, body), '保存成功');
    },
    delegationRemove: async ({ user, body }) => {
      inbox.guardInbox(user);
      await inbox.removeDelegation(db, user, body.id);
      return withMessage(null, '删除成功');
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireApprovalsRoutes(): void {
  registerBadgeCount('/approvalProcess/todoCount', ({ user, deps }) => inbox.todoCount(deps.db, user));
}
