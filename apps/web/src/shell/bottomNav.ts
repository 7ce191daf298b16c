// The phone's bottom tab bar: 首页, then the user's main entries from the menu he holds, then 我的.
import type { MenuEntryView, MenuList } from '@sk/shared/menu/menu.contract';
import { allEntries, entryPath } from './menu';

/** The entries the bar offers, by preference: an engineer's day first, then a desk's. At most MAX_ENTRIES are shown. */
export const PHONE_TAB_ENTRIES = ['MyOrder', 'OrderHighSeas', 'SpareMine', 'AllOrder', 'Myevent', 'MyProjectTask', 'AllCustomer'] as const;
export const MAX_ENTRIES = 3;
/** 我的: the user's own page (profile, password), reachable by everyone. */
export const ME_PATH = '/userDetail';

export interface PhoneTab {
  key: string;
  name: string;
  path: string;
  /** The menu entry behind the tab (its badge), none for 首页 and 我的. */
  entry?: MenuEntryView;
}

/**
 * The tabs of the bar, from the menu the user holds (never from his role): 首页, up to three of his main entries that
 * open a page (not locked by the plan, not disabled, not an external link), 我的.
 */
export function phoneTabsOf(menu: MenuList | undefined): PhoneTab[] {
  if (!menu) return [];
  const held = new Map(allEntries(menu).map((e) => [e.routerName, e]));
  const entries = PHONE_TAB_ENTRIES.map((name) => held.get(name))
    .filter((e): e is MenuEntryView => !!e && !e.locked && !e.disabled && e.form_type !== 0)
    .slice(0, MAX_ENTRIES);
  return [
    { key: menu.home.routerName, name: menu.home.name, path: menu.home.path },
    ...entries.map((e) => ({ key: e.routerName, name: e.name, path: entryPath(e), entry: e })),
    { key: 'me', name: '我的', path: ME_PATH },
  ];
}

/** The tab the location belongs to: its own path, or the menu entry the page was opened under. */
export function activeTabOf(tabs: PhoneTab[], pathname: string, menuPath: string): string | undefined {
  const lower = (s: string) => s.toLowerCase();
  const hit = (path: string) => tabs.find((t) => lower(t.path) === lower(path))?.key;
  return hit(pathname) ?? hit(menuPath);
}
