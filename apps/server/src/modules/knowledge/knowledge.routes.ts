import { caseContract as CC, knowledgeContract as KC } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { casePage } from './case.repo';
import * as cases from './case.service';
import * as kb from './kb.service';

/** Cases and the knowledge base (docs/knowledge.md). */
export async function knowledgeModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, CC, {
    list: async ({ actor, query }) => casePage(db, actor, query),
    detail: async ({ actor, query }) => cases.detail(db, actor, query.id),
    fromOrder: async ({ actor, body }) => {
      const r = await cases.fromOrder(db, actor, body.orderId);
      return withMessage(r, r.created ? '案例已生成' : '该工单已生成过案例');
    },
    create: async ({ actor, body }) => withMessage({ id: await cases.createDealer(db, actor, body) }, '保存成功'),
    update: async ({ actor, body }) => {
      await cases.update(db, actor, body);
      return withMessage(null, '保存成功');
    },
    action: async ({ actor, body }) => withMessage({ state: await cases.act(db, actor, body) }, '操作成功'),
    convert: async ({ actor, body }) => withMessage(await cases.convert(db, actor, body.id), '已转为工单'),
    ofOrder: async ({ actor, query }) => cases.ofOrder(db, actor, query.orderId),
  });
  registerAll(app, deps, KC, {
    categories: async ({ actor }) => kb.categories(db, actor),
    saveCategory: async ({ actor, body }) => withMessage({ id: await kb.saveCategory(db, actor, body) }, '保存成功'),
    removeCategory: async ({ actor, body }) => {
      await kb.removeCategory(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    search: async ({ actor, query }) => kb.search(db, actor, query),
    article: async ({ actor, query }) => kb.article(db, actor, query.id),
    articleVersion: async ({ actor, query }) => kb.articleVersion(db, actor, query.id, query.version),
    createArticle: async ({ actor, body }) => withMessage({ id: await kb.createArticle(db, actor, body) }, '保存成功'),
    updateArticle: async ({ actor, body }) => withMessage({ version: await kb.updateArticle(db, actor, body) }, '保存成功'),
    removeArticle: async ({ actor, body }) => {
      await kb.removeArticle(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    caseView: async ({ actor, query }) => kb.caseView(db, actor, query.id),
    suggest: async ({ actor, query }) => kb.suggest(db, actor, query),
  });
}
