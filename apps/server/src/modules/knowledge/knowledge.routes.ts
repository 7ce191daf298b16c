import { caseContract as CC, knowledgeContract as KC } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { casePage } from './case.repo';
import * as cases from './case.service';
import * as kb from './kb.service';

/** Cases and the knowledge base (docs/knowledge.md). */
export async function knowledgeModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, CC, {
    list: async ({ user, query }) => casePage(db, actorOf(user), query),
    detail: async ({ user, query }) => cases.detail(db, actorOf(user), query.id),
    fromOrder: async ({ user, body }) => {
      const r = await cases.fromOrder(db, actorOf(user), body.orderId);
      return withMessage(r, r.created ? '案例已生成' : '该工单已生成过案例');
    },
    create: async ({ user, body }) => withMessage({ id: await cases.createDealer(db, actorOf(user), body) }, '保存成功'),
    update: async ({ user, body }) => {
      await cases.update(db, actorOf(user), body);
      return withMessage(null, '保存成功');
    },
    action: async ({ user, body }) => withMessage({ state: await cases.act(db, actorOf(user), body) }, '操作成功'),
    convert: async ({ user, body }) => withMessage(await cases.convert(db, actorOf(user), body.id), '已转为工单'),
    ofOrder: async ({ user, query }) => cases.ofOrder(db, actorOf(user), query.orderId),
  });
  registerAll(app, deps, KC, {
    categories: async ({ user }) => kb.categories(db, actorOf(user)),
    saveCategory: async ({ user, body }) => withMessage({ id: await kb.saveCategory(db, actorOf(user), body) }, '保存成功'),
    removeCategory: async ({ user, body }) => {
      await kb.removeCategory(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    search: async ({ user, query }) => kb.search(db, actorOf(user), query),
    article: async ({ user, query }) => kb.article(db, actorOf(user), query.id),
    articleVersion: async ({ user, query }) => kb.articleVersion(db, actorOf(user), query.id, query.version),
    createArticle: async ({ user, body }) => withMessage({ id: await kb.createArticle(db, actorOf(user), body) }, '保存成功'),
    updateArticle: async ({ user, body }) => withMessage({ version: await kb.updateArticle(db, actorOf(user), body) }, '保存成功'),
    removeArticle: async ({ user, body }) => {
      await kb.removeArticle(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    caseView: async ({ user, query }) => kb.caseView(db, actorOf(user), query.id),
    suggest: async ({ user, query }) => kb.suggest(db, actorOf(user), query),
  });
}
