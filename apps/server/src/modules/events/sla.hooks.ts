import { registerStateHook } from '../../platform/state';
import { syncEventClocks } from '../sla/index';
import { slaOnSql } from '../sla/index';
import { eventFlagsOf } from './event.state';
import type { EventRecord } from './events.types';

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSlaHooks(): void {
  /**
   * The event SLA's clocks follow every action on an event (creation calls syncEventClocks itself). Asked in the
   * update's own statement: with SLA off (the default) the action reads nothing more.
   */
  registerStateHook(
    'event',
    '*',
    {
      probe: () => slaOnSql('u.enterprise_id'),
      after: async (h) => {
        await syncEventClocks(h.tx, h.enterpriseId, h.id, (h.row as Pick<EventRecord, 'template_id'>).template_id, eventFlagsOf(h.row), undefined, true);
        return undefined;
      },
    },
    'events.sla',
  );
}
