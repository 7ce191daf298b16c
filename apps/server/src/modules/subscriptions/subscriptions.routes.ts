import { noticesContract, subscriptionsContract } from '@sk/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { addDemoStep } from '../../db/seed';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerDigests } from './digest';
import { addNotices } from './notices.repo';
import * as svc from './subscriptions.service';

registerDigests();

/** Demo only: an announcement for everyone, so the notice centre has something to show. */
async function demoWelcome(tx: Tx, enterpriseId: number): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), isNull(users.deletedAt)));
  await addNotices(tx, {
    enterpriseId,
    userIds: people.map((p) => p.id),
    category: 2,
    kind: 'announcement',
    title: '欢迎使用服务管家',
    content: '在右上角的订阅设置中开启待办事项和统计事项，每天8:00和8:30将收到提醒。',
    dedupeKey: 'demo:welcome',
  });
}
addDemoStep({ name: 'notices.demo', run: demoWelcome });

const PERSONAL = 1;
const ENTERPRISE = 2;

export async function subscriptionsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, subscriptionsContract, {
    getSubscribeStatus: async ({ user, query }) => svc.status(db, user, query.type),
    getSubscribeContentStatus: async ({ user, query }) => svc.contentStatus(db, user, query.type),
    updateSubscribeStatus: async ({ user, body }) => {
      await svc.setStatus(db, user, body.type, body.state);
      return withMessage(null, body.state === 1 ? '订阅成功' : '取订成功');
    },
    updateSubscribeContentStatus: async ({ user, body }) => {
      await svc.setContent(db, user, body.code, body.value);
      return withMessage(null, body.value === 1 ? '订阅成功' : '取订成功');
    },
  });

  registerAll(app, deps, noticesContract, {
    notifyCount: async ({ user }) => svc.unread(db, user, PERSONAL),
    enterpriseNoticeCount: async ({ user }) => svc.unread(db, user, ENTERPRISE),
    notifyClearUnread: async ({ user, body }) => {
      await svc.clearUnread(db, user, PERSONAL, body.ids);
      return withMessage(null, '清除成功');
    },
    enterpriseNoticeClearUnread: async ({ user, body }) => {
      await svc.clearUnread(db, user, ENTERPRISE, body.ids);
      return withMessage(null, '清除成功');
    },
    notifyList: async ({ user, query }) => svc.list(db, user, query),
  });
}
