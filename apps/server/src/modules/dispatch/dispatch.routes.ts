import { batchDispatchSummary, dispatchContract as K, unDeliverFilters } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError, invalid } from '../../platform/errors';
import { registerBadgeCount } from '../menu/index';
import { defaultAssigneeFor } from './assignee';
import { batchDispatch } from './batch.service';
import * as desk from './desk.service';
import { orderInScope } from '../orders/index';
import * as rules from './rules.service';
import { actorOf } from '../../platform/actor';

/** Assigning orders (docs/api.md "Dispatch"). */
export async function dispatchModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, K, {
    unDeliverOrderList: async ({ actor, query }) => desk.unDeliverList(db, actor, query),
    candidates: async ({ actor, query }) => desk.candidates(db, actor, query),
    batchDesignate: async ({ actor, body }) => withMessage(await desk.batchDesignate(db, actor, body), '派单成功'),
    batchDispatch: async ({ actor, body }) => {
      const r = await batchDispatch(db, actor, body);
      return withMessage(r, batchDispatchSummary(r));
    },
    defaultUser: async ({ actor, user, query }) => {
      // Another enterprise's order (or one in the bin) is not found.
      await orderInScope(db, actor, query.orderId);
      return defaultAssigneeFor(db, user.enterpriseId, query.orderId);
    },
    getDefaultDispatch: async ({ user }) => rules.getDefaultDispatch(db, user.enterpriseId),
    updateDefaultDispatch: async ({ user, body }) => {
      await rules.updateDefaultDispatch(db, user.enterpriseId, user.id, body);
      return withMessage(null, '保存成功');
    },
    ruleList: async ({ user }) => rules.listRules(db, user.enterpriseId),
    ruleCreate: async ({ user, body }) => withMessage(await rules.createRule(db, user.enterpriseId, body), '保存成功'),
    ruleUpdate: async ({ user, body }) => {
      await rules.updateRule(db, user.enterpriseId, body);
      return withMessage(null, '保存成功');
    },
    ruleDelete: async ({ user, body }) => {
      await rules.deleteRules(db, user.enterpriseId, body.ids);
      return withMessage(null, '删除成功');
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireDispatchRoutes(): void {
  // The desk's count: the badge with no query, the list's pager with the desk's filters. It takes over the count the
  // orders module plugged in (this module registers after it), adding the filters and the provider's dispatcher view.
  registerBadgeCount('/order/unDeliverOrderListCount', async ({ user, query, deps }) => {
    if (!user.powers.includes('menu_AssignOrder')) throw new AppError('NO_POWER');
    const f = unDeliverFilters.safeParse(query);
    if (!f.success) throw invalid(f.error.issues[0]?.message ?? '筛选条件不正确');
    return desk.unDeliverCount(deps.db, actorOf(user), f.data);
  });
}
