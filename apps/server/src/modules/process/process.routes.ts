import { processContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { afterOrderCreated } from '../../platform/signals';
import { setProcessResolver } from '../orders/index';
import { processOf } from '../orders/index';
import { listSetting, saveListSetting } from './list-settings.service';
import { noDispatchStage, pinnedProcess, publishedProcessSql, serveAllByCreator, serveByCreator, unservedProcesses } from './process.repo';
import { dispatchSettings, getProcess, publishedProcess, publishedProcessOf, publishProcess } from './process.service';

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
      const row = await pinnedProcess(o.tx, o.enterpriseId, o.orderId);
      if (!row || processOf(row).dispatch) return;
      await serveByCreator(o.tx, o.enterpriseId, o.orderId);
    },
    async (b) => {
      const found = await unservedProcesses(
        b.tx,
        b.enterpriseId,
        b.orders.map((o) => o.orderId),
      );
      const mine = found.filter((r) => !processOf(r).dispatch).map((r) => r.id);
      if (mine.length === 0) return;
      await serveAllByCreator(b.tx, b.enterpriseId, mine);
    },
    // processOf's merge: the pinned process's own `dispatch`, else the default's.
    noDispatchStage,
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
