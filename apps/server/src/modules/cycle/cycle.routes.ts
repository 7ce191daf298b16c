import { cycleContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as plans from './plans.service';
import * as tmpls from './templates.service';

/** Cycle templates and plans: preventive maintenance that generates orders on time (docs/cycle.md). */
export async function cycleModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    tmplList: async ({ user, query }) => tmpls.listTmpls(db, actorOf(user), query),
    tmplDetail: async ({ user, query }) => tmpls.getTmpl(db, actorOf(user), query.id),
    tmplAdd: async ({ user, body }) => withMessage({ id: await tmpls.createTmpl(db, actorOf(user), body) }, '保存成功'),
    tmplUpdate: async ({ user, body }) => {
      const { id, ...b } = body;
      await tmpls.updateTmpl(db, actorOf(user), id, b);
      return withMessage(null, '保存成功');
    },
    tmplDelete: async ({ user, body }) => {
      await tmpls.deleteTmpl(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    tmplOptions: async ({ user }) => tmpls.tmplOptions(db, actorOf(user)),
    planList: async ({ user, query }) => plans.listPlans(db, actorOf(user), query),
    planDetail: async ({ user, query }) => plans.getPlan(db, actorOf(user), query.id),
    planAdd: async ({ user, body }) => withMessage({ id: await plans.createPlan(db, actorOf(user), body) }, '保存成功'),
    planUpdate: async ({ user, body }) => {
      const { id, ...b } = body;
      await plans.updatePlan(db, actorOf(user), id, b);
      return withMessage(null, '保存成功');
    },
    planChangeState: async ({ user, body }) => withMessage(await plans.changePlanState(db, actorOf(user), body), '操作成功'),
  });
}
