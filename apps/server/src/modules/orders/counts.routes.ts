import { hasPower, orderCountsContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/session';
import { type BadgeCountFn, registerBadgeCount } from '../menu/index';
import * as counts from './counts.service';
import { actorOf, type SystemActor } from '../../platform/actor';
import { registrationSite } from '../../platform/registry';

const readerOf = (u: SessionUser): SystemActor => actorOf(u);

/** A badge count needs the power of the list it counts (the menu code of that page). */
const needs = (u: SessionUser, page: string): void => {
  if (!hasPower(u.powers, `menu_${page}`)) throw new AppError('NO_POWER');
};

/** The pool's badge as the pool module counts it (an engineer: the part they may grab); the whole pool until it plugs in. */
type PoolBadge = (ex: Executor, user: SessionUser) => Promise<number>;
let poolBadge: PoolBadge | null = null;
let poolBadgeSite: string | null = null;
export const setPoolBadge = (fn: PoolBadge): void => {
  poolBadge = fn;
  poolBadgeSite = registrationSite();
};
/** Where the pool's badge was plugged in, or null (the wiring snapshot). */
export const poolBadgeEntry = (): string | null => poolBadgeSite;

/**
 * getOrderListCount: orderDue=0 the overdue badge, is_grab=1 the pool's, mine=1 我的工单's (the caller's orders awaiting
 * his service: 待接单, 待服务), otherwise AllOrder's count for its filters.
 */
const orderListCount: BadgeCountFn = async ({ user, query, deps }) => {
  const r = readerOf(user);
  if (String(query.mine ?? '') === '1') {
    needs(user, 'MyOrder');
    return counts.listCount(deps.db, r, counts.listCountFilters({ servicePersonalId: String(r.id), states: '2,3' }));
  }
  if (query.orderDue != null && query.orderDue !== '') {
    needs(user, 'DueOrder');
    return counts.overdueCount(deps.db, r);
  }
  if (String(query.is_grab ?? '') === '1') {
    needs(user, 'OrderHighSeas');
    return poolBadge ? poolBadge(deps.db, user) : counts.poolCount(deps.db, r);
  }
  needs(user, 'AllOrder');
  return counts.listCount(deps.db, r, counts.listCountFilters(query));
};

/** Statistics: counts by state for the home page, and orders by type for a customer or product. */
export async function orderCountsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, K, {
    statusStatistics: async ({ user, query }) => counts.statusStatistics(db, readerOf(user), user.enterprise.timeZone, query),
    serviceTypeList: async ({ user, query }) => counts.serviceTypeList(db, readerOf(user), query),
    serviceTypeCount: async ({ user, query }) => counts.serviceTypeCount(db, readerOf(user), query),
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireCountsRoutes(): void {
  // The shell's order badges, plugged into the menu module's count paths.
  registerBadgeCount('/v2/order/getAllAcceptanceCount', async ({ user, query, deps }) => {
    needs(user, 'AcceptanceOrder');
    return counts.acceptanceCount(deps.db, readerOf(user), query.dataType);
  });

  registerBadgeCount('/order/unDeliverOrderListCount', async ({ user, deps }) => {
    needs(user, 'AssignOrder');
    return counts.unDeliverCount(deps.db, readerOf(user));
  });

  registerBadgeCount('/v2/order/getAbnormalOrderCount', async ({ user, query, deps }) => {
    needs(user, 'AbnormalOrder');
    return counts.abnormalCount(deps.db, readerOf(user), query.type);
  });

  registerBadgeCount('/v2/order/getOrderListCount', orderListCount);

  registerBadgeCount('/v2/order/examineOrderCount', async ({ user, query, deps }) => {
    needs(user, 'ExamineOrder');
    return counts.examineCount(deps.db, readerOf(user), query.type);
  });
}
