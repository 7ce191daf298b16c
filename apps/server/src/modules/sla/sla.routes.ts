import { slaContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import { registerStateHook } from '../../platform/state';
import { readerOf, visibleOrder } from '../orders/detail.access';
import { afterOrderCreated, runSingleOn } from '../orders/order.hooks';
import { slaEnabled } from './sla.enabled';
import { sweepEventSla } from './event.sweep';
import { hoursOf } from './sla.calendar';
import { syncClocks } from './sla.clocks';
import * as policies from './sla.policies';
import { saveHoursAndRecompute } from './sla.recompute';
import { exceedCount, exceedStatistics, orderClocks } from './sla.report';
import { sweepSla } from './sla.sweep';
import './sla.demo';

export const SLA_SWEEP_JOB = 'sla.sweep';

let installed = false;
/** Clocks follow every order (created, then each action), and the sweep (orders, then events) runs every 30 s (once per process). */
export function installSlaClocks(): void {
  if (installed) return;
  installed = true;
  afterOrderCreated(
    async (o) => {
      const [order] = await rows(o.tx, sql`select * from orders where enterprise_id = ${o.enterpriseId} and id = ${o.orderId}`);
      if (order) await syncClocks(o.tx, o.enterpriseId, { action: 'create', from: null, to: o.state, order });
    },
    async (b, single) => {
      // SLA off (the default): no clock starts.
      if (await slaEnabled(b.tx, b.enterpriseId))
        await runSingleOn(
          b,
          single,
          b.orders.map((o) => o.orderId),
        );
    },
  );
  registerStateHook('order', '*', {
    after: async (h) => {
      await syncClocks(h.tx, h.enterpriseId, { action: h.action, from: h.from, to: h.to, order: h.row });
      return undefined;
    },
  });
  registerJobHandler(SLA_SWEEP_JOB, async (_job, deps) => {
    await sweepSla(deps.db);
    await sweepEventSla(deps.db);
  });
  addSweep({ name: SLA_SWEEP_JOB, everySeconds: 30, kind: SLA_SWEEP_JOB });
}

export async function slaModule(app: FastifyInstance, deps: Deps): Promise<void> {
  installSlaClocks();
  const { db } = deps;
  registerAll(app, deps, C, {
    list: async ({ user }) => policies.listPolicies(db, user.enterpriseId, user.enterprise.timeZone),
    detail: async ({ user, query }) => policies.getPolicy(db, user.enterpriseId, query.id, user.enterprise.timeZone),
    create: async ({ user, body }) => withMessage({ id: await db.transaction((tx) => policies.createPolicy(tx, user.enterpriseId, body)) }, '保存成功'),
    update: async ({ user, body }) => {
      const { id, ...p } = body;
      await db.transaction((tx) => policies.updatePolicy(tx, user.enterpriseId, id, p));
      return withMessage(null, '保存成功');
    },
    remove: async ({ user, query }) => {
      await policies.deletePolicy(db, user.enterpriseId, query.id);
      return withMessage(null, '删除成功');
    },
    calendar: async ({ user }) => hoursOf(db, user.enterpriseId),
    saveCalendar: async ({ user, body }) => {
      await saveHoursAndRecompute(db, user.enterpriseId, body);
      return withMessage(null, '保存成功');
    },
    orderClocks: async ({ user, query }) => {
      await visibleOrder(db, readerOf(user), query.orderId);
      return orderClocks(db, user.enterpriseId, query.orderId);
    },
    exceedStatistics: async ({ user, query }) => exceedStatistics(db, user.enterpriseId, query, user.enterprise.timeZone),
    exceedStatisticsCount: async ({ user, query }) => exceedCount(db, user.enterpriseId, query, user.enterprise.timeZone),
  });
}
