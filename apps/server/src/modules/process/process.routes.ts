import { DEFAULT_ORDER_PROCESS, type OrderProcess, processContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { afterOrderCreated } from '../../platform/signals';
import { setProcessResolver } from '../orders/order.hooks';
import { processOf } from '../orders/order.state';
import { rows } from '../../db/client';
import { bigints } from '../../platform/sql';
import { listSetting, saveListSetting } from './list-settings.service';
import { dispatchSettings, getProcess, publishedProcess, publishedProcessOf, publishedProcessSql, publishProcess } from './process.service';

/** New orders pin their type's published process; without the dispatch stage the creator serves the order. */
export function installOrderSeams(): void {
  setProcessResolver(
    async (tx, enterpriseId, templateId) => {
      const p = await publishedProcess(tx, enterpriseId, templateId);
      return { process: p.process, processVersionId: p.versionId };
    },
    {
      select: publishedProcessSql,
      read: (value) => {
        const p = publishedProcessOf(value);
        return { process: p.process, processVersionId: p.versionId };
      },
    },
  );
  afterOrderCreated(
    async (o) => {
      const [row] = await rows<{ process: Partial<OrderProcess> | null }>(
        o.tx,
        sql`select process from orders where enterprise_id = ${o.enterpriseId} and id = ${o.orderId}`,
      );
      if (!row || processOf(row).dispatch) return;
      await o.tx.execute(
        sql`update orders set service_user_id = created_by where enterprise_id = ${o.enterpriseId} and id = ${o.orderId} and service_user_id is null`,
      );
    },
    async (b) => {
      const found = await rows<{ id: number; process: Partial<OrderProcess> | null }>(
        b.tx,
        sql`select id, process from orders where enterprise_id = ${b.enterpriseId} and id = any(${bigints(b.orders.map((o) => o.orderId))}) and service_user_id is null`,
      );
      const mine = found.filter((r) => !processOf(r).dispatch).map((r) => r.id);
      if (mine.length === 0) return;
      await b.tx.execute(
        sql`update orders set service_user_id = created_by where enterprise_id = ${b.enterpriseId} and id = any(${bigints(mine)}) and service_user_id is null`,
      );
    },
    // processOf's merge: the pinned process's own `dispatch`, else the default's.
    () => sql`not coalesce((n.process->>'dispatch')::boolean, ${DEFAULT_ORDER_PROCESS.dispatch})`,
    'process.serveByCreator',
  );
}

export async function processModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    get: async ({ actor, query }) => getProcess(db, actor, query.tid),
    publish: async ({ actor, body }) => withMessage(await publishProcess(db, actor, body), '发布成功'),
    queryDispatchOrder: async ({ actor, query }) => dispatchSettings(db, actor, query.tid),
    queryOrderListSetting: async ({ actor, query }) => listSetting(db, actor, query.tid),
    updateOrderListSetting: async ({ actor, body }) => {
      await saveListSetting(db, actor, body);
      return withMessage(null, '保存成功');
    },
  });
}
