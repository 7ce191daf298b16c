// The user's menu from GET /v2/menu/listV2, kept in the local cache so the shell draws at once on the next visit.
import { FREE } from '@sk/shared/auth/plans';
import { type MenuEntryView, type MenuList, menuContract } from '@sk/shared/menu/menu.contract';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAfterFirstScreen } from '../lib/afterFirstScreen';
import { call, getPath } from '../lib/api';
import { cache } from '../lib/cache';
import { useBuiltPages } from './builtPages';
import { apiKey, queryClient, SHELL_COUNT, useApi } from '../lib/query';
import { useUser } from '../lib/session';
import { openUpgrade } from './upgrade';

export const MENU_CACHE_KEY = 'menu';
const BADGE_REFRESH_MS = 60_000;

interface CachedMenu {
  userId: number;
  role: number | null;
  menu: MenuList;
}

/**
 * The menu as the web shows it: entries whose page is not built yet are left out on every plan (the answer keeps the
 * spec's full menu), so a free-plan lock only ever stands on a page VIP opens. Groups left empty go.
 */
export function usableMenu(menu: MenuList, built: (path: string) => boolean): MenuList {
  const usable = (e: MenuEntryView) => e.custom || built(e.path);
  const groups = menu.groups.map((g) => ({ ...g, children: g.children.filter(usable) })).filter((g) => g.children.length > 0);
  return { ...menu, groups };
}

export function useMenu(): MenuList | undefined {
  const user = useUser();
  const cached = cache.get<CachedMenu>(MENU_CACHE_KEY);
  const mine = cached && cached.userId === user.id && cached.role === user.sysrole ? cached.menu : undefined;
  const q = useApi(menuContract.listV2, undefined, { initialData: mine, initialDataUpdatedAt: 0, staleTime: 60_000 });
  // An answer of the server (the start-up warm-up's may land before this mounts), not the cached copy (time 0).
  const answered = q.dataUpdatedAt > 0;
  useEffect(() => {
    if (q.data && answered) cache.set(MENU_CACHE_KEY, { userId: user.id, role: user.sysrole, menu: q.data } satisfies CachedMenu);
  }, [q.data, answered, user.id, user.sysrole]);
  const built = useBuiltPages();
  return useMemo(() => (q.data ? usableMenu(q.data, built) : undefined), [q.data, built]);
}

/**
 * Start-up (app/warmup.ts): with no menu in the local cache the shell would wait for the menu until it renders, after
 * the session; ask for it beside the session instead, under the key useMenu reads. A cached menu draws at once and is
 * refreshed by useMenu as before.
 */
export function warmMenu(): void {
  if (cache.get(MENU_CACHE_KEY)) return;
  void queryClient.prefetchQuery({
    queryKey: apiKey(menuContract.listV2, {}),
    queryFn: ({ signal }) => call(menuContract.listV2, undefined, { silent: true, noRedirect: true, signal }),
  });
}

/** Role switch: the cached menu belongs to the old role. */
export async function dropMenu(): Promise<void> {
  cache.remove(MENU_CACHE_KEY);
  queryClient.removeQueries({ queryKey: apiKey(menuContract.listV2) });
}

/** Custom entries without a server path: detail forms and lists under /diy. */
export const entryPath = (e: MenuEntryView): string => e.path || `/diy/${e.parentId}/${e.id}`;

export const allEntries = (menu: MenuList | undefined): MenuEntryView[] => menu?.groups.flatMap((g) => g.children) ?? [];

/** The entry a location belongs to: the longest entry path that prefixes it. */
export function entryOfPath(menu: MenuList | undefined, pathname: string): MenuEntryView | undefined {
  const p = pathname.toLowerCase();
  let best: MenuEntryView | undefined;
  for (const e of allEntries(menu)) {
    const ep = entryPath(e).toLowerCase();
    if (!e.path && !e.custom) continue;
    if ((p === ep || p.startsWith(`${ep}/`)) && (!best || ep.length > entryPath(best).length)) best = e;
  }
  return best;
}

/** Opening an entry: a lock opens the upgrade notice, a disabled one does nothing, form_type 0 opens a new window. */
export function useOpenEntry(): (e: MenuEntryView) => void {
  const navigate = useNavigate();
  return (e) => openEntry(e, navigate);
}

/** Opens a menu entry with the given navigate (the memoised menus take the layout's, which never changes). */
export function openEntry(e: MenuEntryView, navigate: (to: string) => void): void {
  if (e.locked) {
    openUpgrade(e.lockNotice);
    return;
  }
  if (e.disabled) return;
  if (e.form_type === 0) {
    if (e.url) window.open(e.url, '_blank', 'noopener,noreferrer');
    return;
  }
  navigate(entryPath(e));
}

/** Badge counts of the given entries (none on the free plan), refreshed every minute and after each of the user's writes. */
export function useBadges(entries: MenuEntryView[]): Map<string, number> {
  const user = useUser();
  // Their requests and answers were part of the task that shows the page.
  const asking = useAfterFirstScreen();
  const withBadge = user.isChargeUser === FREE ? [] : entries.filter((e) => e.badge && !e.locked);
  const results = useQueries({
    queries: withBadge.map((e) => ({
      enabled: asking,
      queryKey: ['badge', e.badge],
      queryFn: ({ signal }: { signal: AbortSignal }) => call(getPath(e.badge!), undefined, { silent: true, noRedirect: true, signal }),
      refetchInterval: BADGE_REFRESH_MS,
      staleTime: BADGE_REFRESH_MS,
      // The user's own writes refresh the badges at once (lib/query.ts); the poll catches everyone else's.
      meta: SHELL_COUNT,
    })),
  });
  const counts: [string, number][] = [];
  withBadge.forEach((e, i) => {
    const n = Number(results[i]?.data ?? 0);
    if (n > 0) counts.push([e.routerName, n]);
  });
  // The same map while the counts are the same: the menus memoise their items on it.
  const signature = JSON.stringify(counts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the counts
  return useMemo(() => new Map(counts), [signature]);
}
