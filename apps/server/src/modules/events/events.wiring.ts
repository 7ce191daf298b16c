import { wireSettings } from './settings';
import { wireSlaHooks } from './sla.hooks';
import { wireHistory } from './history';
import { wireExport as wireEventsExport } from './export';
import { registerEventBadges } from './events.badges';

/**
 * Every subscriber of the events module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireEvents(): void {
  wireSettings();
  wireSlaHooks();
  wireHistory();
  wireEventsExport();
  registerEventBadges();
}
