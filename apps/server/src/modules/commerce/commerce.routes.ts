import { quotationContract as Q, warrantyExtContract as W } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as quotes from './quotation.service';
import { priceLines } from './quotation.pricing';
import * as ext from './warranty.service';
import { visibleCustomer } from '../customers/common';
import { linkBase } from '../../platform/origin';
import { sendSignLink } from '../portal/portal.sign';

const ACTION_DONE: Record<string, string> = { send: '已发送', revise: '已退回草稿', reject: '已标记为客户拒绝', accept: '客户已接受', convert: '已转工单' };

/** Quotations and extended warranties (docs/commerce.md). */
export async function commerceModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, W, {
    list: ({ user, query }) => ext.listExtensions(db, actorOf(user), query),
    detail: ({ user, query }) => ext.extensionDetail(db, actorOf(user), query.id),
    preview: ({ user, query }) => ext.previewExtension(db, actorOf(user), query),
    create: async ({ user, body }) => {
      const r = await ext.createExtension(db, actorOf(user), body);
      return withMessage(r, r.state === 1 ? '已提交，等待审批' : '延保已生效');
    },
    cancel: async ({ user, body }) => withMessage(await ext.cancelExtension(db, actorOf(user), body.id, body.note), '已作废'),
  });
  registerAll(app, deps, Q, {
    list: ({ user, query }) => quotes.listQuotes(db, actorOf(user), query),
    detail: ({ user, query }) => quotes.quoteDetail(db, actorOf(user), query.id),
    version: ({ user, query }) => quotes.quoteVersion(db, actorOf(user), query.id, query.version),
    items: ({ user, query }) => quotes.itemOptions(db, actorOf(user), query.keyword),
    price: async ({ user, body }) => {
      const a = actorOf(user);
      await visibleCustomer(db, a, body.customerId);
      return priceLines(db, a, body.installedProductId, body.lines, body.discountCents);
    },
    create: async ({ user, body }) => withMessage(await quotes.createQuote(db, actorOf(user), body), '保存成功'),
    update: async ({ user, body }) => withMessage(await quotes.updateQuote(db, actorOf(user), body), '保存成功'),
    action: async ({ user, body }) => {
      const r = await quotes.act(db, actorOf(user), body);
      return withMessage(r, r.message ?? ACTION_DONE[body.action] ?? '操作成功');
    },
    signLink: async ({ user, body, req }) => {
      const r = await sendSignLink(deps, actorOf(user), body, linkBase(deps.config, req));
      return withMessage(r, `签字链接已发送至${r.mobile}`);
    },
  });
}
