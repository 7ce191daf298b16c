import { complaintContract as CC, exchangeContract as EC, faultContract as FC, repairContract as RC } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { complaintPage, qualityReport } from './complaint.repo';
import * as complaints from './complaint.service';
import { saveTarget } from './complaint.repo';
import { levelTargets } from './complaint.sla';
import * as faults from './fault.service';
import * as exchanges from './exchange.service';
import { dictValueOf } from './quality.dict';
import * as repairs from './repair.service';

/** Quality: fault modes, complaints with their deadlines, the quality-analysis report, repair-sent and exchange/return orders (docs/quality.md). */
export async function qualityModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, FC, {
    list: async ({ actor, query }) => faults.list(db, actor, query.category),
    create: async ({ actor, body }) => withMessage({ id: await faults.create(db, actor, body) }, '保存成功'),
    update: async ({ actor, body }) => {
      await faults.update(db, actor, body);
      return withMessage(null, '保存成功');
    },
    remove: async ({ actor, body }) => {
      await faults.remove(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    ofOrder: async ({ actor, query }) => faults.ofOrder(db, actor, query.orderId),
    ofModel: async ({ actor, query }) => faults.ofModel(db, actor, query),
    setOrder: async ({ actor, body }) => {
      await faults.setOrder(db, actor, body);
      return withMessage(null, '保存成功');
    },
  });
  registerAll(app, deps, CC, {
    list: async ({ actor, query }) => complaintPage(db, actor, query),
    detail: async ({ actor, query }) => complaints.detail(db, actor, query.id),
    create: async ({ actor, body }) => withMessage({ id: await complaints.create(db, actor, body) }, '保存成功'),
    update: async ({ actor, body }) => {
      await complaints.update(db, actor, body);
      return withMessage(null, '保存成功');
    },
    action: async ({ actor, body }) => withMessage({ state: await complaints.act(db, actor, body) }, '操作成功'),
    levels: async ({ actor }) => levelTargets(db, actor.enterpriseId),
    saveLevel: async ({ actor, body }) => {
      await dictValueOf(db, actor.enterpriseId, 'complaint_level', body.level, '投诉等级');
      await saveTarget(db, actor.enterpriseId, body);
      return withMessage(null, '保存成功');
    },
    report: async ({ actor, query }) => qualityReport(db, actor, query.by, query.startTime, query.endTime),
    chartReport: async ({ actor, query }) => qualityReport(db, actor, query.by, query.startTime, query.endTime),
  });
  registerAll(app, deps, RC, {
    list: async ({ actor, query }) => repairs.list(db, actor, query),
    detail: async ({ actor, query }) => repairs.detail(db, actor, query.id),
    create: async ({ actor, body }) => withMessage({ id: await repairs.create(db, actor, body) }, '保存成功'),
    update: async ({ actor, body }) => {
      await repairs.update(db, actor, body);
      return withMessage(null, '保存成功');
    },
    action: async ({ actor, body }) => withMessage({ state: await repairs.act(db, actor, body) }, '操作成功'),
  });
  registerAll(app, deps, EC, {
    list: async ({ actor, query }) => exchanges.list(db, actor, query),
    detail: async ({ actor, query }) => exchanges.detail(db, actor, query.id),
    create: async ({ actor, body }) => withMessage({ id: await exchanges.create(db, actor, body) }, '保存成功'),
    action: async ({ actor, body }) => withMessage({ state: await exchanges.act(db, actor, body) }, '操作成功'),
  });
}
