import { reportsContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/actor';
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
    run: async ({ user, query }) => runReport(db, actorOf(user), query),
    queries: async ({ user, query }) => repo.listQueries(db, actorOf(user), query),
    queryCreate: async ({ user, body }) => {
      await runReport(db, actorOf(user), body.params); // refuses a report the parameters cannot run, before saving it
      return withMessage({ id: await repo.createQuery(db, actorOf(user), body) }, '保存成功');
    },
    queryUpdate: async ({ user, body }) => {
      const { id, ...b } = body;
      if (b.params) await runReport(db, actorOf(user), b.params);
      await repo.updateQuery(db, actorOf(user), id, b);
      return withMessage(null, '保存成功');
    },
    queryDelete: async ({ user, body }) => {
      await repo.deleteQuery(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    export: async ({ user, body }) => {
      const { fileName, ...params } = body;
      await runReport(db, actorOf(user), params);
      return withMessage(await startExport(db, user, { kind: REPORT_EXPORT, name: fileName, params }), '导出任务已创建，请到下载中心查看');
    },
  });
}
