import { moneyItemContract as M, preferencesContract as P } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import type { Actor } from '../../platform/actor';
import * as money from './money.service';
import * as prefs from './preferences.service';

const item = (b: { name: string; price: number; unit: string }) => ({ name: b.name, price: b.price, unit: b.unit });
const me = (u: Actor): prefs.Me => ({ enterpriseId: u.enterpriseId, userId: u.id, timeZone: u.timeZone });

/** Table configuration, saved search plans (per user) and money items. */
export function registerPreferences(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, P, {
    tableParams: async ({ actor, query }) => prefs.tableColumns(db, me(actor), query.tableKey),
    tableList: async ({ actor }) => prefs.tableList(db, me(actor)),
    tableUpdate: async ({ actor, body }) => {
      await prefs.saveTable(db, me(actor), body.tableKey, body.columns);
      return withMessage(null, '保存成功');
    },
    planCount: async ({ actor, query }) => prefs.planCount(db, me(actor), query.pageKey),
    planList: async ({ actor, query }) => prefs.planList(db, me(actor), query.pageKey),
    planDetail: async ({ actor, query }) => prefs.planDetail(db, me(actor), query.id),
    planSave: async ({ actor, body }) => withMessage({ id: await prefs.savePlan(db, me(actor), body) }, '保存成功'),
    planDelete: async ({ actor, body }) => {
      await prefs.deletePlan(db, me(actor), body.id);
      return withMessage(null, '删除成功');
    },
    planDefault: async ({ actor, query }) => prefs.planDefault(db, me(actor), query.pageKey),
    planSetDefault: async ({ actor, body }) => {
      await prefs.setDefault(db, me(actor), body.pageKey, body.id);
      return withMessage(null, '设置成功');
    },
  });
  registerAll(app, deps, M, {
    list: async ({ actor, query }) => money.listItems(db, actor.enterpriseId, actor.timeZone, query.tmpId),
    save: async ({ actor, body }) => withMessage({ id: await money.addItem(db, actor.enterpriseId, body.tmpId, item(body)) }, '保存成功'),
    update: async ({ actor, body }) => {
      await money.updateItem(db, actor.enterpriseId, body.id, item(body));
      return withMessage(null, '保存成功');
    },
    delete: async ({ actor, body }) => {
      await money.deleteItems(db, actor.enterpriseId, actor.id, body.ids);
      return withMessage(null, '删除成功');
    },
    tmpDeleteList: async ({ actor, query }) => money.listDeleted(db, actor.enterpriseId, actor.timeZone, query.tmpId, query),
    tmpDeleteListCount: async ({ actor, query }) => money.countDeleted(db, actor.enterpriseId, query.tmpId),
    returnTmp: async ({ actor, body }) => {
      await money.restoreItems(db, actor.enterpriseId, body.ids);
      return withMessage(null, '恢复成功');
    },
  });
}
