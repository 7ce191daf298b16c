import { sparesContract as C, goodsContract as G } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerBadgeCount } from '../menu/badges';
import * as cat from './catalogue.service';
import * as docs from './docs.service';
import * as goods from './goods.service';
import * as parts from './parts.service';
import { linkBase } from '../../platform/origin';
import { payOnline, receivePayNotify } from './goods.pay';

const saved = <T>(data: T) => withMessage(data, '保存成功');

export async function sparesModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    typeTree: ({ user }) => cat.typeTree(db, user),
    typeSave: async ({ user, body }) => saved({ id: await cat.saveType(db, user, body) }),
    typeRemove: async ({ user, body }) => {
      await cat.removeType(db, user, body.id);
      return withMessage(null, '删除成功');
    },
    spareList: ({ user, query }) => cat.spareList(db, user, query),
    spareOptions: ({ user, query }) => cat.spareOptions(db, user, query.keyword),
    spareDetail: ({ user, query }) => cat.spareDetail(db, user, query.id),
    unitOptions: ({ user, query }) => cat.unitOptions(db, user, query),
    spareSave: async ({ user, body }) => saved({ id: await cat.saveSpare(db, user, body) }),
    spareRemove: async ({ user, body }) => {
      await cat.removeSpares(db, user, body.ids);
      return withMessage(null, '删除成功');
    },
    warehouseList: ({ user, query }) => cat.warehouseList(db, user, query),
    warehouseOptions: ({ user, query }) => cat.warehouseOptions(db, user, query.keyword),
    warehouseSave: async ({ user, body }) => saved({ id: await cat.saveWarehouse(db, user, body) }),
    stockList: ({ user, query }) => cat.stockList(db, user, query),
    warningList: ({ user, query }) => cat.stockList(db, user, { ...query, warning: '1' }),
    setSafety: async ({ user, body }) => {
      await cat.setSafety(db, user, body);
      return saved(null);
    },
    mine: ({ user, query }) => cat.mine(db, user, query),
    mineOptions: ({ user, query }) => cat.mineOptions(db, user, query.keyword),
    logList: ({ user, query }) => cat.logList(db, user, query),
    stockLogList: ({ user, query }) => cat.logList(db, user, query, [3, 4]),
    docList: ({ user, query }) => docs.docList(db, user, query),
    docDetail: ({ user, query }) => docs.docDetail(db, user, query.id),
    docSave: async ({ user, body }) => withMessage({ id: await docs.saveDoc(db, user, body) }, '提交成功'),
    docApprove: async ({ user, body }) => {
      await docs.decideDoc(db, user, body.id, 'approve', body.note);
      return withMessage(null, '审批通过');
    },
    docReject: async ({ user, body }) => {
      await docs.decideDoc(db, user, body.id, 'reject', body.note);
      return withMessage(null, '已驳回');
    },
    docWithdraw: async ({ user, body }) => {
      await docs.decideDoc(db, user, body.id, 'withdraw', body.note);
      return withMessage(null, '已撤回');
    },
    orderParts: ({ user, query }) => parts.orderParts(db, user, query.orderId),
    orderUse: async ({ user, body }) => saved(await parts.usePart(db, user, body)),
    orderCancel: async ({ user, body }) => {
      await parts.cancelPart(db, user, body.id);
      return withMessage(null, '已取消');
    },
    oldParamTmpl: ({ user }) => parts.oldParamTmpl(db, user),
    oldList: ({ user, query }) => parts.oldList(db, user, query),
    oldDetail: ({ user, query }) => parts.oldDetail(db, user, query.id),
    oldSave: async ({ user, body }) => {
      await parts.oldStep(db, user, body);
      return saved(null);
    },
    oldSearch: ({ user, query }) => parts.oldSearch(db, user, query.serial),
  });
  registerAll(app, deps, G, {
    list: ({ user, query }) => goods.goodsList(db, user, query),
    detail: ({ user, query }) => goods.goodsDetail(db, user, query.id),
    apply: async ({ user, body }) => withMessage({ id: await goods.apply(db, user, body) }, '提交成功'),
    step: async ({ user, body }) => {
      await goods.goodsStep(db, user, body);
      return saved(null);
    },
    payOnline: async ({ user, body, req }) => withMessage(await payOnline(deps, user, body.id, linkBase(deps.config, req)), '请在支付页面完成付款'),
    payNotify: async ({ params, body }) => receivePayNotify(deps, params.enterpriseId ?? '', body),
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSparesRoutes(): void {
  // With docKinds (the stock-document lists' badges): those documents awaiting approval; the spec's 备件申请 query: the applications.
  registerBadgeCount('/spare/data/personalApprovalList', async ({ user, query, deps }) => {
    if (query.docKinds == null) return goods.goodsAwaiting(deps.db, user);
    const kinds = String(query.docKinds)
      .split(',')
      .map(Number)
      .filter((k) => Number.isInteger(k) && k > 0 && k < 100);
    return docs.awaitingApproval(deps.db, user, kinds);
  });
}
