// Start-up: what the first screen waits for is requested while the shell's code still runs and renders,
// instead of one after the other (session → layout → page chunk).
import { matchPath } from 'react-router';
import { call, getPath } from '../lib/api';
import { apiKey, queryClient } from '../lib/query';
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
  if (route?.searchPlans) warmPlanDefault(route.path);
}

// preferencesContract.planDefault by its path: importing the contract (or loading it on demand, as before) made the
// plan wait for the page's chunks. The test checks that this lands in the query the plan gate reads.
const PLAN_DEFAULT = getPath('/search/plan/default');

function warmPlanDefault(pageKey: string): void {
  void queryClient.prefetchQuery({
    queryKey: apiKey(PLAN_DEFAULT, { pageKey }),
    queryFn: ({ signal }) => call(PLAN_DEFAULT, { pageKey }, { silent: true, noRedirect: true, signal }),
  });
}
