import { hasPower, visitsContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { registerBadgeCount } from '../menu/index';
import type { Deps } from '../../platform/deps';
import { service } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { outboxAllowed } from '../../platform/origin';
import type { SmsSender } from '../../platform/sms';
import * as plans from './plans.service';
import { report } from './report.service';
import { sendSms, survey, surveySubmit } from './survey.service';
import * as tasks from './tasks.service';
import { runVisitSweep } from './tasks.job';
import { linkBase } from '../../platform/origin';

/** Return visits: plans, tasks, visits by phone and SMS, the survey page's endpoints, the report. */
export async function visitsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    planList: async ({ actor, query }) => plans.listPlans(db, actor, query),
    planDetail: async ({ actor, query }) => plans.getPlan(db, actor, query.id),
    planCreate: async ({ actor, body }) => withMessage({ id: await plans.createPlan(db, actor, body) }, '保存成功'),
    planUpdate: async ({ actor, body }) => {
      const { id, ...b } = body;
      await plans.updatePlan(db, actor, id, b);
      return withMessage(null, '保存成功');
    },
    planRemove: async ({ actor, body }) => {
      await plans.deletePlan(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    list: async ({ actor, query }) => tasks.listAll(db, actor, query),
    myList: async ({ actor, query }) => tasks.listMine(db, actor, query),
    count: async ({ actor, query }) => tasks.counts(db, actor, query.dataType),
    detail: async ({ actor, query }) => tasks.detail(db, actor, query.taskId),
    visitOrderDetail: async ({ actor, query }) => tasks.visitOrderDetail(db, actor, query.taskId),
    submit: async ({ actor, body }) => withMessage(await tasks.submit(db, actor, body), '提交成功'),
    grab: async ({ actor, body }) => {
      await tasks.grab(db, actor, body);
      return withMessage(null, '领取成功');
    },
    sendSms: async ({ actor, body, req }) =>
      withMessage(await sendSms(db, service<SmsSender>(deps, 'sms'), actor, body, linkBase(deps.config, req), actor.enterpriseName), '发送成功'),
    survey: async ({ query }) => survey(db, query.token),
    surveySubmit: async ({ body }) => {
      await surveySubmit(db, body);
      return withMessage(null, '提交成功，感谢您的评价');
    },
    report: async ({ actor, query }) => report(db, actor, query),
    devSweep: async ({ actor, body, req }) => {
      if (!outboxAllowed(deps.config, req)) throw new AppError('NOT_FOUND');
      return { made: (await runVisitSweep(db, new Date(Date.now() + body.minutes * 60_000), actor.enterpriseId)).length };
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireVisitsRoutes(): void {
  // 回访工单's badge: my tasks to visit and to visit again, behind the page's own power.
  registerBadgeCount('/v2/order/getAllVisitCount', async ({ actor, deps }) => {
    if (!hasPower(actor.powers, 'menu_ReturnVisitOrder')) throw new AppError('NO_POWER');
    return tasks.badgeCount(deps.db, actor);
  });
}
