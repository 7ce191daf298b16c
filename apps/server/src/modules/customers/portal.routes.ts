import { homeAccountContract as H } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pageFor } from './common';
import { deleteAccounts, listAccounts, resetAccountPassword, saveAccount, setAccountsEnabled } from './portal.service';

/** Portal accounts (home_account) for customers' people. */
export function portalRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, H, {
    list: async ({ actor, query }) => listAccounts(db, actor, query, pageFor(actor, query)),
    save: async ({ actor, body }) => withMessage({ id: await saveAccount(db, actor, body) }, '保存成功'),
    setEnabled: async ({ actor, body }) => {
      await setAccountsEnabled(db, actor, body.ids, body.enabled);
      return withMessage(null, '修改状态成功');
    },
    resetPassword: async ({ actor, body }) => {
      await resetAccountPassword(db, actor, body.id, body.password);
      return withMessage(null, '密码重置成功');
    },
    remove: async ({ actor, body }) => {
      await deleteAccounts(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
  });
}
