import { complaintContract as CC, exchangeContract as EC, faultContract as FC, repairContract as RC } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { complaintPage, qualityReport } from './complaint.repo';
import * as complaints from './complaint.service';
import { levelTargets, saveTarget } from './complaint.sla';
import * as faults from './fault.service';
import * as exchanges from './exchange.service';
import { dictValueOf } from './quality.dict';
import * as repairs from './repair.service';

/** Quality: fault modes, complaints with their deadlines, the quality-analysis report, repair-sent and exchange/return orders (docs/quality.md). */
export async function qualityModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, FC, {
    list: async ({ user, query }) => faults.list(db, actorOf(user), query.category),
    create: async ({ user, body }) => withMessage({ id: await faults.create(db, actorOf(user), body) }, '保存成功'),
    update: async ({ user, body }) => {
      await faults.update(db, actorOf(user), body);
      return withMessage(null, '保存成功');
    },
    remove: async ({ user, body }) => {
      await faults.remove(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    ofOrder: async ({ user, query }) => faults.ofOrder(db, actorOf(user), query.orderId),
    ofModel: async ({ user, query }) => faults.ofModel(db, actorOf(user), query),
    setOrder: async ({ user, body }) => {
      await faults.setOrder(db, actorOf(user), body);
      return withMessage(null, '保存成功');
    },
  });
  registerAll(app, deps, CC, {
    list: async ({ user, query }) => complaintPage(db, actorOf(user), query),
    detail: async ({ user, query }) => complaints.detail(db, actorOf(user), query.id),
    create: async ({ user, body }) => withMessage({ id: await complaints.create(db, actorOf(user), body) }, '保存成功'),
    update: async ({ user, body }) => {
      await complaints.update(db, actorOf(user), body);
      return withMessage(null, '保存成功');
    },
    action: async ({ user, body }) => withMessage({ state: await complaints.act(db, actorOf(user), body) }, '操作成功'),
    levels: async ({ user }) => levelTargets(db, user.enterpriseId),
    saveLevel: async ({ user, body }) => {
      await dictValueOf(db, user.enterpriseId, 'complaint_level', body.level, '投诉等级');
      await saveTarget(db, user.enterpriseId, body);
      return withMessage(null, '保存成功');
    },
    report: async ({ user, query }) => qualityReport(db, actorOf(user), query.by, query.startTime, query.endTime),
  });
  registerAll(app, deps, RC, {
    list: async ({ user, query }) => repairs.list(db, actorOf(user), query),
    detail: async ({ user, query }) => repairs.detail(db, actorOf(user), query.id),
    create: async ({ user, body }) => withMessage({ id: await repairs.create(db, actorOf(user), body) }, '保存成功'),
    update: async ({ user, body }) => {
      await repairs.update(db, actorOf(user), body);
      return withMessage(null, '保存成功');
    },
    action: async ({ user, body }) => withMessage({ state: await repairs.act(db, actorOf(user), body) }, '操作成功'),
  });
  registerAll(app, deps, EC, {
    list: async ({ user, query }) => exchanges.list(db, actorOf(user), query),
    detail: async ({ user, query }) => exchanges.detail(db, actorOf(user), query.id),
    create: async ({ user, body }) => withMessage({ id: await exchanges.create(db, actorOf(user), body) }, '保存成功'),
    action: async ({ user, body }) => withMessage({ state: await exchanges.act(db, actorOf(user), body) }, '操作成功'),
  });
}
