// Start-up: what the first screen waits for is requested while the shell's code still runs and renders,
// instead of one after the other (session → layout → menu, page chunk → page's own reads → list).
import { matchPath } from 'react-router';
import { call, getPath } from '../lib/api';
import { apiKey, queryClient } from '../lib/query';
import { waitForFirstPage } from '../lib/firstPage';
import { loadSessionForGate } from '../lib/session';
import { warmMenu } from '../shell/menu';
import { layoutRoutes, PUBLIC_ROUTES } from './routes';

/**
 * For an address inside the layout: the session user, the menu (unless cached), the page's own chunk, its default search plan and the
 * reads it waits for (route.warm), all at once.
 */
export function warmUp(pathname: string): void {
  if (PUBLIC_ROUTES.some((r) => matchPath(r.path, pathname))) return;
  loadSessionForGate().catch(() => {
    // the session gate reports it (and sends a visitor without a session to the login page)
  });
  warmMenu();
  const route = layoutRoutes().find((r) => matchPath({ path: r.path, caseSensitive: false }, pathname));
  if (route) waitForFirstPage(route.page.preload());
  if (route?.searchPlans) warmPlanDefault(route.path);
  for (const path of route?.warm ?? []) warmRead(path);
}

/** A GET read without input, under the key `useApi(ep, {})` (and `useApi(ep)`) reads; failures stay quiet (the page asks again). */
function warmRead(path: string): void {
  const ep = getPath(path);
  void queryClient.prefetchQuery({
    queryKey: apiKey(ep, {}),
    queryFn: ({ signal }) => call(ep, {}, { silent: true, noRedirect: true, signal }),
  });
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
