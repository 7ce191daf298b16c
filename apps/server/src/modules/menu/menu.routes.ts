import { badgeCountContract as B, menuContract as C, type BadgeCountPath, todoPathOf } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { type BadgeCountCtx, countFor } from './badges';
import * as repo from './menu.repo';
import * as svc from './menu.service';

const count = (path: BadgeCountPath) => async (ctx: BadgeCountCtx) => countFor(path, { actor: ctx.actor, user: ctx.user, query: ctx.query, deps: ctx.deps });

export async function menuModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    listV2: async ({ actor, user }) => svc.menuFor(deps, actor, user),
    customList: async ({ actor, query }) => {
      const page = await repo.pageCustomMenus(db, actor.enterpriseId, actor.timeZone, query);
      return { list: page.list.map(svc.presentCustom), count: page.count };
    },
    customSave: async ({ actor, body }) => {
      const row = await repo.insertCustomMenu(db, actor.enterpriseId, actor.timeZone, svc.toInput(body));
      if (!row) throw new AppError('INTERNAL');
      return withMessage(svc.presentCustom(row), '保存成功');
    },
    customUpdate: async ({ actor, body }) => {
      const row = await repo.updateCustomMenu(db, actor.enterpriseId, actor.timeZone, body.id, svc.toInput(body));
      if (!row) throw new AppError('NOT_FOUND');
      return withMessage(svc.presentCustom(row), '保存成功');
    },
    customDelete: async ({ actor, body }) => withMessage({ deleted: await svc.deleteCustom(deps, actor, body.ids) }, '删除成功'),
    acceptanceCount: count(B.acceptanceCount.path),
    unDeliverOrderCount: count(B.unDeliverOrderCount.path),
    abnormalOrderCount: count(B.abnormalOrderCount.path),
    visitCount: count(B.visitCount.path),
    orderListCount: count(B.orderListCount.path),
    examineOrderCount: count(B.examineOrderCount.path),
    unDeliverEventCount: count(B.unDeliverEventCount.path),
    principalEventCount: count(B.principalEventCount.path),
    personalApprovalCount: count(B.personalApprovalCount.path),
    approvalTodoCount: count(B.approvalTodoCount.path),
    projectExamineCount: count(B.projectExamineCount.path),
    myProjectTaskCount: count(B.myProjectTaskCount.path),
    callbackCount: count(B.callbackCount.path),
    settleTodoCount: count(B.settleTodoCount.path),
    claimTodoCount: count(B.claimTodoCount.path),
    costCheckTodoCount: count(B.costCheckTodoCount.path),
    rewardTodoCount: count(B.rewardTodoCount.path),
    complaintTodoCount: count(B.complaintTodoCount.path),
    repairTodoCount: count(B.repairTodoCount.path),
    spareWarningCount: count(B.spareWarningCount.path),
    oldPartTodoCount: count(B.oldPartTodoCount.path),
    quotationTodoCount: count(B.quotationTodoCount.path),
    renewalTodoCount: count(B.renewalTodoCount.path),
    shelterEventCount: count(B.shelterEventCount.path),
    exchangeTodoCount: count(B.exchangeTodoCount.path),
    mobileCount: async ({ actor, user }) => Object.fromEntries((await svc.menuCounts(deps, actor, user)).map((c) => [c.entry.routerName, c.count])),
    waitToDoList: async ({ actor, user }) =>
      (await svc.menuCounts(deps, actor, user))
        .filter((c) => c.count > 0)
        .map((c) => ({ routerName: c.entry.routerName, name: c.entry.name, path: todoPathOf(c.entry, actor.id), badge: c.entry.badge ?? '', count: c.count })),
  });
}
