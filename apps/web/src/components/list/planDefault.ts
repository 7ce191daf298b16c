// The query of a list page's default search plan, shared by the plan gate and the start-up warm-up
// (a small module of its own, so the warm-up does not pull the plan menus into the first load).
import { preferencesContract as P } from '@sk/shared/forms/preferences.contract';
import { call } from '../../lib/api';
import { apiKey, queryClient } from '../../lib/query';

export const planDefaultKey = (pageKey: string) => apiKey(P.planDefault, { pageKey });

/** Read when the page opens; an answer younger than this (the warm-up's) is not asked for again. */
export const PLAN_DEFAULT_STALE_MS = 5_000;

export const planDefaultQuery = (pageKey: string) => ({
  queryKey: planDefaultKey(pageKey),
  queryFn: ({ signal }: { signal?: AbortSignal }) => call(P.planDefault, { pageKey }, { silent: true, noRedirect: true, signal }),
  staleTime: PLAN_DEFAULT_STALE_MS,
});

/** Starts the lookup before the page renders; the gate then finds it in flight or answered. */
export function warmPlanDefault(pageKey: string): void {
  void queryClient.prefetchQuery(planDefaultQuery(pageKey));
}
