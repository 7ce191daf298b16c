import type { SQL } from 'drizzle-orm';
import type { Actor } from '../../platform/actor';
import type { StateTable } from '../../platform/state';
import { visibleEvents } from './state.repo';

/** Events on the platform's state change (event.state.ts moves them). */
export const EVENT_STATE: StateTable = {
  table: 'events',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'event_logs', recordColumn: 'event_id' },
};

/** Who looks at events: the actor (a provider's user is never the enterprise's event staff). */

/** Administrators, dispatchers (1), system administrators (3) and acceptance customer service (6) of the enterprise manage every event. */
export const isEventStaff = (v: Actor): boolean => v.providerId == null && (v.admin || v.sysrole === 1 || v.sysrole === 3 || v.sysrole === 6);

/**
 * The events a viewer may see: staff all of the enterprise's; others those they created, handle, dispatched,
 * escalated or collaborate on, and the unclaimed pool. On an `events` row aliased `e` (or unaliased).
 */
export function eventScope(v: Actor, alias = 'e'): SQL {
  // The unclaimed pool is the enterprise's own: a provider's user never claims from it.
  return visibleEvents(alias, v.id, { staff: isEventStaff(v), pool: v.providerId == null });
}
