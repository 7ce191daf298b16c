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
    ruleList: ({ actor, query }) => svc.listItems(db, actor, 'rule', query.templateId),
    ruleAdd: async ({ actor, body }) => withMessage({ id: await svc.saveItem(db, actor, 'rule', body) }, '保存成功'),
    ruleUpdate: async ({ actor, body }) => {
      await svc.saveItem(db, actor, 'rule', body, body.id);
      return saved;
    },
    ruleDelete: async ({ actor, body }) => {
      await svc.deleteItem(db, actor.enterpriseId, 'rule', body.id);
      return withMessage(null, '删除成功');
    },
    timedList: ({ actor, query }) => svc.listItems(db, actor, 'timed', query.templateId),
    timedAdd: async ({ actor, body }) => withMessage({ id: await svc.saveItem(db, actor, 'timed', body) }, '保存成功'),
    timedUpdate: async ({ actor, body }) => {
      await svc.saveItem(db, actor, 'timed', body, body.id);
      return saved;
    },
    timedDelete: async ({ actor, body }) => {
      await svc.deleteItem(db, actor.enterpriseId, 'timed', body.id);
      return withMessage(null, '删除成功');
    },
    deliveries: ({ actor, query }) => svc.listDeliveries(db, actor, query.pageIndex, query.pageSize),
    resend: async ({ actor, body }) => {
      await svc.resend(db, actor.enterpriseId, body.id);
      return withMessage(null, '已重新发送');
    },
    queryNotify: ({ actor }) => svc.notifySettingsOf(db, actor.enterpriseId),
    updateNotify: async ({ actor, body }) => {
      await svc.saveNotifySettings(db, actor.enterpriseId, body.list);
      return saved;
    },
    robotGet: async ({ actor }) => {
      const r = await svc.robotOf(db, actor.enterpriseId);
      return { robotType: r.robotType, robotUrl: r.robotUrl, hasSecret: r.robotSecret !== '' };
    },
    robotSet: async ({ actor, body }) => {
      await svc.saveRobot(db, actor.enterpriseId, body);
      return saved;
    },
    robotTest: async ({ actor }) => {
      const r = await svc.robotOf(db, actor.enterpriseId);
      if (!r.robotUrl) throw new AppError('VALIDATION', { detail: '机器人地址：请先填写并保存群机器人地址' });
      const body = robotBody(r.robotType, '服务管家测试消息', '群机器人已连接，工单通知将发送到本群。');
      await addDelivery(db, {
        enterpriseId: actor.enterpriseId,
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
