import { hasPower, visitsContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { registerBadgeCount } from '../menu/badges';
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
    planList: async ({ user, query }) => plans.listPlans(db, actorOf(user), query),
    planDetail: async ({ user, query }) => plans.getPlan(db, actorOf(user), query.id),
    planCreate: async ({ user, body }) => withMessage({ id: await plans.createPlan(db, actorOf(user), body) }, '保存成功'),
    planUpdate: async ({ user, body }) => {
      const { id, ...b } = body;
      await plans.updatePlan(db, actorOf(user), id, b);
      return withMessage(null, '保存成功');
    },
    planRemove: async ({ user, body }) => {
      await plans.deletePlan(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    list: async ({ user, query }) => tasks.listAll(db, actorOf(user), query),
    myList: async ({ user, query }) => tasks.listMine(db, actorOf(user), query),
    count: async ({ user, query }) => tasks.counts(db, actorOf(user), query.dataType),
    detail: async ({ user, query }) => tasks.detail(db, actorOf(user), query.taskId),
    visitOrderDetail: async ({ user, query }) => tasks.visitOrderDetail(db, actorOf(user), query.taskId),
    submit: async ({ user, body }) => withMessage(await tasks.submit(db, actorOf(user), body), '提交成功'),
    grab: async ({ user, body }) => {
      await tasks.grab(db, actorOf(user), body);
      return withMessage(null, '领取成功');
    },
    sendSms: async ({ user, body, req }) =>
      withMessage(await sendSms(db, service<SmsSender>(deps, 'sms'), actorOf(user), body, linkBase(deps.config, req), user.enterprise.name), '发送成功'),
    survey: async ({ query }) => survey(db, query.token),
    surveySubmit: async ({ body }) => {
      await surveySubmit(db, body);
      return withMessage(null, '提交成功，感谢您的评价');
    },
    report: async ({ user, query }) => report(db, actorOf(user), query),
    devSweep: async ({ user, body, req }) => {
      if (!outboxAllowed(deps.config, req)) throw new AppError('NOT_FOUND');
      return { made: (await runVisitSweep(db, new Date(Date.now() + body.minutes * 60_000), user.enterpriseId)).length };
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireVisitsRoutes(): void {
  // 回访工单's badge: my tasks to visit and to visit again, behind the page's own power.
  registerBadgeCount('/v2/order/getAllVisitCount', async ({ user, deps }) => {
    if (!hasPower(user.powers, 'menu_ReturnVisitOrder')) throw new AppError('NO_POWER');
    return tasks.badgeCount(deps.db, actorOf(user));
  });
}
