import { automationContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { addDelivery, robotBody } from './automation.deliver';
import * as svc from './automation.service';

const saved = withMessage(null, '保存成功');

export async function automationModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    ruleList: ({ user, query }) => svc.listItems(db, user, 'rule', query.templateId),
    ruleAdd: async ({ user, body }) => withMessage({ id: await svc.saveItem(db, user, 'rule', body) }, '保存成功'),
    ruleUpdate: async ({ user, body }) => {
      await svc.saveItem(db, user, 'rule', body, body.id);
      return saved;
    },
    ruleDelete: async ({ user, body }) => {
      await svc.deleteItem(db, user.enterpriseId, 'rule', body.id);
      return withMessage(null, '删除成功');
    },
    timedList: ({ user, query }) => svc.listItems(db, user, 'timed', query.templateId),
    timedAdd: async ({ user, body }) => withMessage({ id: await svc.saveItem(db, user, 'timed', body) }, '保存成功'),
    timedUpdate: async ({ user, body }) => {
      await svc.saveItem(db, user, 'timed', body, body.id);
      return saved;
    },
    timedDelete: async ({ user, body }) => {
      await svc.deleteItem(db, user.enterpriseId, 'timed', body.id);
      return withMessage(null, '删除成功');
    },
    deliveries: ({ user, query }) => svc.listDeliveries(db, user, query.pageIndex, query.pageSize),
    resend: async ({ user, body }) => {
      await svc.resend(db, user.enterpriseId, body.id);
      return withMessage(null, '已重新发送');
    },
    queryNotify: ({ user }) => svc.notifySettingsOf(db, user.enterpriseId),
    updateNotify: async ({ user, body }) => {
      await svc.saveNotifySettings(db, user.enterpriseId, body.list);
      return saved;
    },
    robotGet: async ({ user }) => {
      const r = await svc.robotOf(db, user.enterpriseId);
      return { robotType: r.robotType, robotUrl: r.robotUrl, hasSecret: r.robotSecret !== '' };
    },
    robotSet: async ({ user, body }) => {
      await svc.saveRobot(db, user.enterpriseId, body);
      return saved;
    },
    robotTest: async ({ user }) => {
      const r = await svc.robotOf(db, user.enterpriseId);
      if (!r.robotUrl) throw new AppError('VALIDATION', { detail: '机器人地址：请先填写并保存群机器人地址' });
      const body = robotBody(r.robotType, '服务管家测试消息', '群机器人已连接，工单通知将发送到本群。');
      await addDelivery(db, {
        enterpriseId: user.enterpriseId,
        kind: 2,
        orderId: null,
        ruleId: null,
        url: r.robotUrl,
        secret: r.robotSecret,
        robotType: r.robotType,
        body,
      });
      return withMessage(null, '测试消息已发送');
    },
  });
}
