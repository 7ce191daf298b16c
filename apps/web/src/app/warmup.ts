// Start-up: what the first screen waits for is requested while the shell's code still runs and renders,
// instead of one after the other (session → layout → page chunk).
import { matchPath } from 'react-router';
import { loadSessionForGate } from '../lib/session';
import { layoutRoutes, PUBLIC_ROUTES } from './routes';

/** For an address inside the layout: the session user, the page's own chunk and its default search plan, all at once. */
export function warmUp(pathname: string): void {
  if (PUBLIC_ROUTES.some((r) => matchPath(r.path, pathname))) return;
  loadSessionForGate().catch(() => {
    // the session gate reports it (and sends a visitor without a session to the login page)
  });
  const route = layoutRoutes().find((r) => matchPath({ path: r.path, caseSensitive: false }, pathname));
  route?.page.preload();
  // Loaded on demand: the plan contract is not part of the first load.
  if (route?.searchPlans) void import('../components/list/planDefault').then((m) => m.warmPlanDefault(route.path));
}
