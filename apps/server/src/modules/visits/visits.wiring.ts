import { wireVisitsRoutes } from './visits.routes';
import { installVisitJobs } from './tasks.job';

/**
 * Every subscriber of the visits module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireVisits(): void {
  wireVisitsRoutes();
  installVisitJobs();
}
