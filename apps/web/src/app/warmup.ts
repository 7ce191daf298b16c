// Start-up: what the first screen waits for is requested while the shell's code still runs and renders,
// instead of one after the other (session → layout → menu, page chunk → page's own reads → list).
import { matchPath } from 'react-router';
import { call, getPath } from '../lib/api';
import { apiKey, queryClient } from '../lib/query';
import { waitForFirstPage } from '../lib/firstPage';
import { loadSessionForGate } from '../lib/session';
import { warmMenu } from '../shell/menu';
import { warmFirstList } from '../components/list/useListData';
import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { type PageRoute, pageOpens } from '../lib/route';
import { layoutRoutes, PUBLIC_ROUTES } from './routes';

/**
 * For an address inside the layout: the session user, the menu (unless cached), the page's own chunk, its default search plan and the
 * reads it waits for (route.warm), all at once.
 */
export function warmUp(pathname: string, search = ''): void {
  if (PUBLIC_ROUTES.some((r) => matchPath(r.path, pathname))) return;
  const session = loadSessionForGate();
  session.catch(() => {
    // the session gate reports it (and sends a visitor without a session to the login page)
  });
  warmMenu();
  const route = layoutRoutes().find((r) => matchPath({ path: r.path, caseSensitive: false }, pathname));
  const plan = route?.searchPlans ? warmPlanDefault(route.path) : Promise.resolve(null);
  const ready = Promise.all([session, plan]);
  ready.catch(() => {
    // as above; the page's plan gate asks again
  });
  if (route) waitForFirstPage(route.page.preload(), warmList(route, pathname, search, ready), session);
  for (const path of route?.warm ?? []) warmRead(path);
}

/**
 * A list page's first page (route.firstList), asked for once the session (the user, the page size) is known, beside
 * the page's chunks. Not when a default search plan applies: the page turns the plan into filters itself.
 */
async function warmList(route: PageRoute, pathname: string, search: string, ready: Promise<[SessionUserInfo, unknown]>): Promise<void> {
  if (!route.firstList) return;
  try {
    const [user, plan] = await ready;
    if (!pageOpens(user, route)) return;
    const list = plan ? null : await route.firstList(new URLSearchParams(search), user);
    if (list) await warmFirstList(list.routeKey ?? pathname, list, queryClient);
  } catch {
    // the page asks again when it renders, and reports its own failures
  }
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

/** The page's default search plan (null: none), under the key the plan gate reads. */
function warmPlanDefault(pageKey: string): Promise<unknown> {
  return queryClient.fetchQuery({
    queryKey: apiKey(PLAN_DEFAULT, { pageKey }),
    queryFn: ({ signal }) => call(PLAN_DEFAULT, { pageKey }, { silent: true, noRedirect: true, signal }),
  });
}
