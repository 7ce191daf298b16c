import { activityContract as C, hasPower, POWERS } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import * as repo from './activity.repo';

export async function activityModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    point: async ({ actor, query }) => {
      await repo.recordPoint(db, actor, query.code);
      return null;
    },
    saveLog: async ({ actor, body, req }) => {
      await repo.logOperation(db, actor, { ...body, ip: req.ip });
      return null;
    },
    getActivity: async ({ actor, query }) => {
      // Everyone sees their own log; the whole enterprise's needs the system-setting power.
      const all = hasPower(actor.powers, POWERS.systemSetting);
      if (!all && query.userId && query.userId !== actor.id) throw new AppError('NO_POWER');
      const { pageIndex, pageSize, ...f } = query;
      return repo.listActivity(db, { ...f, enterpriseId: actor.enterpriseId, tz: actor.timeZone, userId: all ? f.userId : actor.id }, { pageIndex, pageSize });
    },
  });
}
