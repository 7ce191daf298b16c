import { registerStateHook } from '../../platform/state';
import { syncEventClocks } from '../sla/event.clocks';
import { eventFlagsOf } from './event.state';

/** The event SLA's clocks follow every action on an event (creation calls syncEventClocks itself). */
registerStateHook('event', '*', {
  after: async (h) => {
    await syncEventClocks(h.tx, h.enterpriseId, h.id, Number(h.row.template_id), eventFlagsOf(h.row));
    return undefined;
  },
});
