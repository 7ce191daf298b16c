import { homeAccountContract as H } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pageFor } from './common';
import { actorOf } from '../../platform/actor';
import { deleteAccounts, listAccounts, resetAccountPassword, saveAccount, setAccountsEnabled } from './portal.service';

/** Portal accounts (home_account) for customers' people. */
export function portalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, H, {
    list: async ({ user, query }) => listAccounts(db, actorOf(user), query, pageFor(user, query)),
    save: async ({ user, body }) => withMessage({ id: await saveAccount(db, actorOf(user), body) }, '保存成功'),
    setEnabled: async ({ user, body }) => {
      await setAccountsEnabled(db, actorOf(user), body.ids, body.enabled);
      return withMessage(null, '修改状态成功');
    },
    resetPassword: async ({ user, body }) => {
      await resetAccountPassword(db, actorOf(user), body.id, body.password);
      return withMessage(null, '密码重置成功');
    },
    remove: async ({ user, body }) => {
      await deleteAccounts(db, actorOf(user), body.ids);
      return withMessage(null, '删除成功');
    },
  });
}
