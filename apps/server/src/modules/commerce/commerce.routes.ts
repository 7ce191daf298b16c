import { quotationContract as Q, warrantyExtContract as W } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as quotes from './quotation.service';
import { priceLines } from './quotation.pricing';
import * as ext from './warranty.service';
import { visibleCustomer } from '../customers/index';

const ACTION_DONE: Record<string, string> = { send: '已发送', revise: '已退回草稿', reject: '已标记为客户拒绝', accept: '客户已接受', convert: '已转工单' };

/** Quotations and extended warranties (docs/commerce.md). */
export async function commerceModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, W, {
    list: ({ actor, query }) => ext.listExtensions(db, actor, query),
    detail: ({ actor, query }) => ext.extensionDetail(db, actor, query.id),
    preview: ({ actor, query }) => ext.previewExtension(db, actor, query),
    create: async ({ actor, body }) => {
      const r = await ext.createExtension(db, actor, body);
      return withMessage(r, r.state === 1 ? '已提交，等待审批' : '延保已生效');
    },
    cancel: async ({ actor, body }) => withMessage(await ext.cancelExtension(db, actor, body.id, body.note), '已作废'),
  });
  // 发送签字链接 is the portal's (it makes the customer's link): portal.routes.ts registers Q.signLink.
  const { signLink: _portals, ...quotations } = Q;
  registerAll(app, deps, quotations, {
    list: ({ actor, query }) => quotes.listQuotes(db, actor, query),
    detail: ({ actor, query }) => quotes.quoteDetail(db, actor, query.id),
    version: ({ actor, query }) => quotes.quoteVersion(db, actor, query.id, query.version),
    items: ({ actor, query }) => quotes.itemOptions(db, actor, query.keyword),
    price: async ({ actor, body }) => {
      const a = actor;
      await visibleCustomer(db, a, body.customerId);
      return priceLines(db, a, body.installedProductId, body.lines, body.discountCents);
    },
    create: async ({ actor, body }) => withMessage(await quotes.createQuote(db, actor, body), '保存成功'),
    update: async ({ actor, body }) => withMessage(await quotes.updateQuote(db, actor, body), '保存成功'),
    action: async ({ actor, body }) => {
      const r = await quotes.act(db, actor, body);
      return withMessage(r, r.message ?? ACTION_DONE[body.action] ?? '操作成功');
    },
  });
}
