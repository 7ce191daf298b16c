import { wireDispatchRoutes } from './dispatch.routes';
import { installAutoDispatch } from './dispatch.hooks';

/**
 * Every subscriber of the dispatch module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireDispatch(): void {
  wireDispatchRoutes();
  installAutoDispatch();
}
