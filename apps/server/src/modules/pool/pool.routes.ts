import { poolContract as K } from '@sk/shared';
import { setPoolBadge } from '../orders/index';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerJobHandler } from '../../platform/jobs';
import { afterOrderCreated, runSingleOn } from '../../platform/signals';
import { actorOf } from '../../platform/actor';
import * as pool from './pool.service';
import { anyEnabledRule, badgeCount, enabledRuleProbe } from './pool.repo';
import * as settings from './pool.settings';

/** The rule hook, the pool's badge and the unclaimed timer's handlers (by name and kind: wiring again replaces them). */
export function installPoolHooks(): void {
  afterOrderCreated(
    async (o) => {
      if (o.state === 1) await pool.poolByRule(o.tx, o.enterpriseId, o.orderId);
    },
    async (b, single) => {
      const waiting = b.orders.filter((o) => o.state === 1);
      if (waiting.length === 0) return;
      if (await anyEnabledRule(b.tx, b.enterpriseId))
        await runSingleOn(
          b,
          single,
          waiting.map((o) => o.orderId),
        );
    },
    (o) => enabledRuleProbe(o.state === 1),
    'pool.byRule',
  );
  setPoolBadge(async (ex, user) => {
    const { where } = await pool.poolWhere(ex, actorOf(user));
    return badgeCount(ex, where);
  });
  registerJobHandler(pool.UNCLAIMED_JOB, async (job, deps) => {
    const p = job.payload as { orderId: number; version: number; minutes: number };
    if (job.enterpriseId == null) return;
    await pool.expireUnclaimed(deps.db, job.enterpriseId, Number(p.orderId), Number(p.version), Number(p.minutes));
  });
  registerJobHandler(pool.OFFER_JOB, async (job, deps) => {
    const p = job.payload as { orderId: number; version: number };
    if (job.enterpriseId == null) return;
    await pool.notifyOffer(deps.db, job.enterpriseId, Number(p.orderId), Number(p.version));
  });
}

/** The order pool (docs/api.md "Order pool"). Registered after ordersModule (its hooks run after default dispatch). */
export async function poolModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, K, {
    list: async ({ actor, query }) => pool.poolList(db, actor, query),
    mine: async ({ actor }) => pool.myGrabs(db, actor),
    grab: async ({ actor, body }) => withMessage(await pool.grab(db, actor, body.orderId, body.version, body.bespokeTime), '抢单成功'),
    freeSlots: async ({ actor, query }) => pool.freeSlots(db, actor, query.orderId, query),
    revokeGrab: async ({ actor, body }) => withMessage(await pool.revokeGrab(db, actor, body.orderId, body.reason), '已退回工单池'),
    visitUserGrab: async ({ actor, body }) => withMessage(await pool.visitUserGrab(db, actor, body.orderId, body.version), '领取成功'),
    candidates: async ({ actor, query }) => pool.poolCandidateList(db, actor, query.keyword),
    put: async ({ actor, body }) => withMessage({ count: await pool.putInPool(db, actor, body.orderIds, body.skills) }, '已放入工单池'),
    take: async ({ actor, body }) => withMessage({ count: await pool.takeFromPool(db, actor, body.orderIds) }, '已移出工单池'),
    rules: async ({ user }) => settings.listRules(db, user.enterpriseId),
    saveRule: async ({ user, body }) => withMessage(await settings.saveRule(db, user.enterpriseId, body), '保存成功'),
    deleteRule: async ({ user, body }) => withMessage(await settings.deleteRule(db, user.enterpriseId, body.id).then(() => null), '删除成功'),
    profiles: async ({ user }) => settings.listProfiles(db, user.enterpriseId),
    saveProfile: async ({ user, body }) => withMessage(await settings.saveProfile(db, user.enterpriseId, body).then(() => null), '保存成功'),
  });
}
