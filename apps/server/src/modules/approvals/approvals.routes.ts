import { approvalsContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerBadgeCount } from '../menu/index';
import { decide } from './engine';
import * as flows from './flows.service';
import * as inbox from './inbox.service';

export async function approvalsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    flowList: ({ actor, query }) => flows.listFlows(db, actor.enterpriseId, actor.timeZone, query.kind),
    typeOptions: ({ actor, query }) => flows.typeOptions(db, actor.enterpriseId, query.kind),
    flowSave: async ({ actor, body }) => withMessage(await flows.saveFlow(db, actor.enterpriseId, body), '保存成功'),
    flowRemove: async ({ actor, body }) => {
      await flows.removeFlow(db, actor.enterpriseId, body.id);
      return withMessage(null, '删除成功');
    },
    deptHeadSave: async ({ actor, body }) => {
      await flows.setDeptHead(db, actor.enterpriseId, body.deptId, body.userId);
      return withMessage(null, '保存成功');
    },
    list: async ({ actor, query }) => {
      inbox.guardInbox(actor);
      return inbox.listInbox(db, actor, query);
    },
    counts: async ({ actor }) => {
      inbox.guardInbox(actor);
      return inbox.inboxCounts(db, actor);
    },
    detail: async ({ actor, query }) => {
      inbox.guardInbox(actor);
      return inbox.instanceDetail(db, actor, query.id);
    },
    documentFlow: ({ actor, query }) => inbox.documentFlow(db, actor, query.kind, query.docId),
    approve: async ({ actor, body }) => {
      inbox.guardInbox(actor);
      return withMessage(
        await decide(db, { enterpriseId: actor.enterpriseId, actorId: actor.id, id: body.id, action: 'approve', comment: body.comment }),
        '审批成功',
      );
    },
    reject: async ({ actor, body }) => {
      inbox.guardInbox(actor);
      return withMessage(
        await decide(db, { enterpriseId: actor.enterpriseId, actorId: actor.id, id: body.id, action: 'reject', comment: body.comment }),
        '已驳回',
      );
    },
    withdraw: async ({ actor, body }) => {
      inbox.guardInbox(actor);
      return withMessage(
        await decide(db, { enterpriseId: actor.enterpriseId, actorId: actor.id, id: body.id, action: 'withdraw', comment: body.comment }),
        '已撤回',
      );
    },
    transfer: async ({ actor, body }) => {
      inbox.guardInbox(actor);
      const r = await decide(db, {
        enterpriseId: actor.enterpriseId,
        actorId: actor.id,
        id: body.id,
        action: 'transfer',
        comment: body.comment,
        transferTo: body.userId,
      });
      return withMessage(r, '转交成功');
    },
    delegations: async ({ actor }) => {
      inbox.guardInbox(actor);
      return inbox.listDelegations(db, actor);
    },
    delegationSave: async ({ actor, body }) => {
      inbox.guardInbox(actor);
      return withMessage(await inbox.saveDelegation(db, actor, body), '保存成功');
    },
    delegationRemove: async ({ actor, body }) => {
      inbox.guardInbox(actor);
      await inbox.removeDelegation(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireApprovalsRoutes(): void {
  registerBadgeCount('/approvalProcess/todoCount', ({ actor, deps }) => inbox.todoCount(deps.db, actor));
}
