import { eventSlaContract as E } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { eventClocks, eventExceedCount, eventExceedStatistics, eventSla, saveEventSla } from '../sla/index';
import { eventRowOf } from './events.service';

/** The event SLA: template settings, an event's clocks (for those who see the event), the event exceed report. */
export function eventSlaRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, E, {
    sla: async ({ user, query }) => eventSla(db, user.enterpriseId, query.tmpId),
    saveSla: async ({ user, body }) => {
      await saveEventSla(db, user.enterpriseId, user.id, body);
      return withMessage(null, '保存成功');
    },
    clocks: async ({ actor, user, query }) => {
      await eventRowOf(db, actor, query.eventId);
      return eventClocks(db, user.enterpriseId, query.eventId);
    },
    exceedStatistics: async ({ user, query }) => eventExceedStatistics(db, user.enterpriseId, query, user.enterprise.timeZone),
    exceedStatisticsCount: async ({ user, query }) => eventExceedCount(db, user.enterpriseId, query, user.enterprise.timeZone),
  });
}
