import { cycleContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as plans from './plans.service';
import * as tmpls from './templates.service';

/** Cycle templates and plans: preventive maintenance that generates orders on time (docs/cycle.md). */
export async function cycleModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    tmplList: async ({ actor, query }) => tmpls.listTmpls(db, actor, query),
    tmplDetail: async ({ actor, query }) => tmpls.getTmpl(db, actor, query.id),
    tmplAdd: async ({ actor, body }) => withMessage({ id: await tmpls.createTmpl(db, actor, body) }, '保存成功'),
    tmplUpdate: async ({ actor, body }) => {
      const { id, ...b } = body;
      await tmpls.updateTmpl(db, actor, id, b);
      return withMessage(null, '保存成功');
    },
    tmplDelete: async ({ actor, body }) => {
      await tmpls.deleteTmpl(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    tmplOptions: async ({ actor }) => tmpls.tmplOptions(db, actor),
    planList: async ({ actor, query }) => plans.listPlans(db, actor, query),
    planDetail: async ({ actor, query }) => plans.getPlan(db, actor, query.id),
    planAdd: async ({ actor, body }) => withMessage({ id: await plans.createPlan(db, actor, body) }, '保存成功'),
    planUpdate: async ({ actor, body }) => {
      const { id, ...b } = body;
      await plans.updatePlan(db, actor, id, b);
      return withMessage(null, '保存成功');
    },
    planChangeState: async ({ actor, body }) => withMessage(await plans.changePlanState(db, actor, body), '操作成功'),
  });
}
