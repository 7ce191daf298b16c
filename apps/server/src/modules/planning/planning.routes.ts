import { planningContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { candidates } from './candidates.service';
import { applyDay, dayPlan } from './day.service';
import * as draft from './draft.service';

/** The dispatch assistant (docs/planning.md). */
export async function planningModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  const log = (m: string) => app.log.warn(m);
  registerAll(app, deps, K, {
    candidates: ({ actor, query }) => candidates(db, config, actor, query, log),
    day: ({ actor, query }) => dayPlan(db, config, actor, query, log),
    applyDay: async ({ actor, body }) => {
      const r = await applyDay(db, actor, body);
      return withMessage(r, r.moved ? `已调整 ${r.moved} 个上门时间` : '上门时间没有变化');
    },
    createDraft: async ({ actor, body }) => withMessage(await draft.createDraft(db, config, actor, body, log), '已生成排班草稿'),
    draft: ({ actor, query }) => draft.readDraft(db, config, actor, query.id, log),
    moveProposal: async ({ actor, body }) => withMessage(await draft.moveProposal(db, config, actor, body, log), '已调整'),
    removeProposal: async ({ actor, body }) => withMessage(await draft.removeProposal(db, config, actor, body, log), '已移除'),
    acceptDraft: async ({ actor, body }) => {
      const r = await draft.acceptDraft(db, config, actor, body, log);
      return withMessage(r, r.failCount ? `${r.successCount} 条已派单，${r.failCount} 条未派单` : `${r.successCount} 条已派单`);
    },
  });
}
