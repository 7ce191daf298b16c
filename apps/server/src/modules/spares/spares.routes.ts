import { sparesContract as C, goodsContract as G } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerBadgeCount, withPower } from '../menu/index';
import * as cat from './catalogue.service';
import * as docs from './docs.service';
import * as goods from './goods.service';
import * as parts from './parts.service';
import { linkBase } from '../../platform/origin';
import { payOnline, receivePayNotify } from './goods.pay';
import { warningsKeptBy } from './ledger';

const saved = <T>(data: T) => withMessage(data, '保存成功');

export async function sparesModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    typeTree: ({ actor }) => cat.typeTree(db, actor),
    typeSave: async ({ actor, body }) => saved({ id: await cat.saveType(db, actor, body) }),
    typeRemove: async ({ actor, body }) => {
      await cat.removeType(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    spareList: ({ actor, query }) => cat.spareList(db, actor, query),
    spareOptions: ({ actor, query }) => cat.spareOptions(db, actor, query.keyword),
    spareDetail: ({ actor, query }) => cat.spareDetail(db, actor, query.id),
    unitOptions: ({ actor, query }) => cat.unitOptions(db, actor, query),
    spareSave: async ({ actor, body }) => saved({ id: await cat.saveSpare(db, actor, body) }),
    spareRemove: async ({ actor, body }) => {
      await cat.removeSpares(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    warehouseList: ({ actor, query }) => cat.warehouseList(db, actor, query),
    warehouseOptions: ({ actor, query }) => cat.warehouseOptions(db, actor, query.keyword),
    warehouseSave: async ({ actor, body }) => saved({ id: await cat.saveWarehouse(db, actor, body) }),
    stockList: ({ actor, query }) => cat.stockList(db, actor, query),
    warningList: ({ actor, query }) => cat.stockList(db, actor, { ...query, warning: '1' }),
    setSafety: async ({ actor, body }) => {
      await cat.setSafety(db, actor, body);
      return saved(null);
    },
    mine: ({ actor, query }) => cat.mine(db, actor, query),
    mineOptions: ({ actor, query }) => cat.mineOptions(db, actor, query.keyword),
    logList: ({ actor, query }) => cat.logList(db, actor, query),
    stockLogList: ({ actor, query }) => cat.logList(db, actor, query, [3, 4]),
    docList: ({ actor, query }) => docs.docList(db, actor, query),
    docDetail: ({ actor, query }) => docs.docDetail(db, actor, query.id),
    docSave: async ({ actor, body }) => withMessage({ id: await docs.saveDoc(db, actor, body) }, '提交成功'),
    docApprove: async ({ actor, body }) => {
      await docs.decideDoc(db, actor, body.id, 'approve', body.note);
      return withMessage(null, '审批通过');
    },
    docReject: async ({ actor, body }) => {
      await docs.decideDoc(db, actor, body.id, 'reject', body.note);
      return withMessage(null, '已驳回');
    },
    docWithdraw: async ({ actor, body }) => {
      await docs.decideDoc(db, actor, body.id, 'withdraw', body.note);
      return withMessage(null, '已撤回');
    },
    orderParts: ({ actor, query }) => parts.orderParts(db, actor, query.orderId),
    orderUse: async ({ actor, body }) => saved(await parts.usePart(db, actor, body)),
    orderCancel: async ({ actor, body }) => {
      await parts.cancelPart(db, actor, body.id);
      return withMessage(null, '已取消');
    },
    oldParamTmpl: ({ actor }) => parts.oldParamTmpl(db, actor),
    oldList: ({ actor, query }) => parts.oldList(db, actor, query),
    oldDetail: ({ actor, query }) => parts.oldDetail(db, actor, query.id),
    oldSave: async ({ actor, body }) => {
      await parts.oldStep(db, actor, body);
      return saved(null);
    },
    oldSearch: ({ actor, query }) => parts.oldSearch(db, actor, query.serial),
  });
  registerAll(app, deps, G, {
    list: ({ actor, query }) => goods.goodsList(db, actor, query),
    detail: ({ actor, query }) => goods.goodsDetail(db, actor, query.id),
    apply: async ({ actor, body }) => withMessage({ id: await goods.apply(db, actor, body) }, '提交成功'),
    step: async ({ actor, body }) => {
      await goods.goodsStep(db, actor, body);
      return saved(null);
    },
    payOnline: async ({ actor, body, req }) => withMessage(await payOnline(deps, actor, body.id, linkBase(deps.config, req)), '请在支付页面完成付款'),
    payNotify: async ({ params, body }) => receivePayNotify(deps, params.enterpriseId ?? '', body),
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSparesRoutes(): void {
  // With docKinds (the stock-document lists' badges): those documents awaiting approval; the spec's 备件申请 query: the applications.
  registerBadgeCount('/spare/data/personalApprovalList', async ({ actor, query, deps }) => {
    if (query.docKinds == null) return goods.goodsAwaiting(deps.db, actor);
    const kinds = String(query.docKinds)
      .split(',')
      .map(Number)
      .filter((k) => Number.isInteger(k) && k > 0 && k < 100);
    return docs.awaitingApproval(deps.db, actor, kinds);
  });
  // 库存预警: the stocks below their safety stock in the warehouses the caller keeps (the digest's line).
  registerBadgeCount(
    '/spare/warning/todoCount',
    withPower('menu_SpareWarning', async (ex, a) => (await warningsKeptBy(ex, a.enterpriseId, a.id)) ?? 0),
  );
  // 旧件返还: returns shipped to receive or received to refurbish or scrap, and those the caller owes, to ship.
  registerBadgeCount('/old/part/todoCount', withPower('menu_OldPartReturn', parts.oldTodoCount));
}
