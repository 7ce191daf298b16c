import { reportsContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { startExport } from '../../platform/exports';
import { REPORT_EXPORT } from './reports.export';
import * as repo from './reports.repo';
import { catalogue, runReport } from './reports.service';

/** 运营报表 (docs/reports.md): the catalogue, a report run, saved queries, export. */
export async function reportsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    catalogue: async () => catalogue(),
    run: async ({ actor, query }) => runReport(db, actor, query),
    queries: async ({ actor, query }) => repo.listQueries(db, actor, query),
    queryCreate: async ({ actor, body }) => {
      await runReport(db, actor, body.params); // refuses a report the parameters cannot run, before saving it
      return withMessage({ id: await repo.createQuery(db, actor, body) }, '保存成功');
    },
    queryUpdate: async ({ actor, body }) => {
      const { id, ...b } = body;
      if (b.params) await runReport(db, actor, b.params);
      await repo.updateQuery(db, actor, id, b);
      return withMessage(null, '保存成功');
    },
    queryDelete: async ({ actor, body }) => {
      await repo.deleteQuery(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    export: async ({ actor, user, body }) => {
      const { fileName, ...params } = body;
      await runReport(db, actor, params);
      return withMessage(await startExport(db, user, { kind: REPORT_EXPORT, name: fileName, params }), '导出任务已创建，请到下载中心查看');
    },
  });
}
