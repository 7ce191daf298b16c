import { announcementsContract, noticesContract } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as ann from './announcements.service';
import * as svc from './notices.service';

/** The notification centre (bell, drawer, page) and the enterprise announcements (公告通知). */
export async function noticesModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, noticesContract, {
    notifyCount: async ({ actor }) => svc.unread(db, actor, svc.PERSONAL),
    enterpriseNoticeCount: async ({ actor }) => svc.unread(db, actor, svc.ENTERPRISE),
    notifyClearUnread: async ({ actor, body }) => {
      await svc.clearUnread(db, actor, svc.PERSONAL, body.ids);
      return withMessage(null, '清除成功');
    },
    enterpriseNoticeClearUnread: async ({ actor, body }) => {
      await svc.clearUnread(db, actor, svc.ENTERPRISE, body.ids);
      return withMessage(null, '清除成功');
    },
    notifyList: async ({ actor, query }) => svc.list(db, actor, query),
    notifyOpen: async ({ actor, body }) => svc.open(db, actor, body.id),
  });

  registerAll(app, deps, announcementsContract, {
    list: async ({ actor, query }) => ann.list(db, actor, query),
    detail: async ({ actor, query }) => ann.detail(db, actor, query.id),
    publish: async ({ actor, body }) => withMessage(await ann.publish(db, actor, body), '发布成功'),
    pin: async ({ actor, body }) => {
      await ann.setPinned(db, actor, body.id, body.pinned);
      return withMessage(null, body.pinned ? '置顶成功' : '已取消置顶');
    },
    withdraw: async ({ actor, body }) => {
      await ann.withdraw(db, actor, body.id);
      return withMessage(null, '撤回成功');
    },
    readers: async ({ actor, query }) => ann.readers(db, actor, query),
  });
}
