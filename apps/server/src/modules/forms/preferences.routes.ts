import { moneyItemContract as M, preferencesContract as P } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import type { SessionUser } from '../../platform/session';
import * as money from './money.service';
import * as prefs from './preferences.service';

const item = (b: { name: string; price: number; unit: string }) => ({ name: b.name, price: b.price, unit: b.unit });
const me = (u: SessionUser): prefs.Me => ({ enterpriseId: u.enterpriseId, userId: u.id, timeZone: u.enterprise.timeZone });

/** Table configuration, saved search plans (per user) and money items. */
export function registerPreferences(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, P, {
    tableParams: async ({ user, query }) => prefs.tableColumns(db, me(user), query.tableKey),
    tableList: async ({ user }) => prefs.tableList(db, me(user)),
    tableUpdate: async ({ user, body }) => {
      await prefs.saveTable(db, me(user), body.tableKey, body.columns);
      return withMessage(null, '保存成功');
    },
    planCount: async ({ user, query }) => prefs.planCount(db, me(user), query.pageKey),
    planList: async ({ user, query }) => prefs.planList(db, me(user), query.pageKey),
    planDetail: async ({ user, query }) => prefs.planDetail(db, me(user), query.id),
    planSave: async ({ user, body }) => withMessage({ id: await prefs.savePlan(db, me(user), body) }, '保存成功'),
    planDelete: async ({ user, body }) => {
      await prefs.deletePlan(db, me(user), body.id);
      return withMessage(null, '删除成功');
    },
    planDefault: async ({ user, query }) => prefs.planDefault(db, me(user), query.pageKey),
    planSetDefault: async ({ user, body }) => {
      await prefs.setDefault(db, me(user), body.pageKey, body.id);
      return withMessage(null, '设置成功');
    },
  });
  registerAll(app, deps, M, {
    list: async ({ user, query }) => money.listItems(db, user.enterpriseId, user.enterprise.timeZone, query.tmpId),
    save: async ({ user, body }) => withMessage({ id: await money.addItem(db, user.enterpriseId, body.tmpId, item(body)) }, '保存成功'),
    update: async ({ user, body }) => {
      await money.updateItem(db, user.enterpriseId, body.id, item(body));
      return withMessage(null, '保存成功');
    },
    delete: async ({ user, body }) => {
      await money.deleteItems(db, user.enterpriseId, user.id, body.ids);
      return withMessage(null, '删除成功');
    },
    tmpDeleteList: async ({ user, query }) => money.listDeleted(db, user.enterpriseId, user.enterprise.timeZone, query.tmpId, query),
    tmpDeleteListCount: async ({ user, query }) => money.countDeleted(db, user.enterpriseId, query.tmpId),
    returnTmp: async ({ user, body }) => {
      await money.restoreItems(db, user.enterpriseId, body.ids);
      return withMessage(null, '恢复成功');
    },
  });
}
