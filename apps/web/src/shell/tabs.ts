// The tab bar's state: pure operations (tested) and one store persisted for the browser tab's session.
import { createStore } from '../lib/store';

export interface Tab {
  /** The route pattern: opening the same pattern again replaces the tab. */
  key: string;
  title: string;
  /** The last URL opened in the tab (path + query). */
  url: string;
  closable: boolean;
}

export const HOME_TAB: Tab = { key: '/guideOne', title: '首页', url: '/guideOne', closable: false };

export interface TabChange {
  tabs: Tab[];
  /** Where to go when the active tab was closed. */
  go?: string;
}

const withHome = (tabs: Tab[]): Tab[] => (tabs[0]?.key === HOME_TAB.key ? tabs : [HOME_TAB, ...tabs.filter((t) => t.key !== HOME_TAB.key)]);

export function openTab(tabs: Tab[], tab: Omit<Tab, 'closable'>): Tab[] {
  const i = tabs.findIndex((t) => t.key === tab.key);
  if (i < 0) return withHome([...tabs, { ...tab, closable: tab.key !== HOME_TAB.key }]);
  const cur = tabs[i]!;
  if (cur.url === tab.url && cur.title === tab.title) return tabs;
  return tabs.map((t, j) => (j === i ? { ...t, url: tab.url, title: tab.title } : t));
}

/** Keeps the tabs `keep` answers true for (home always); moves to `fallback` if the active one went. */
function keepOnly(tabs: Tab[], activeKey: string, keep: (t: Tab, i: number) => boolean, fallback: (kept: Tab[]) => Tab): TabChange {
  const kept = tabs.filter((t, i) => !t.closable || keep(t, i));
  const activeGone = !kept.some((t) => t.key === activeKey);
  return { tabs: withHome(kept), go: activeGone ? fallback(withHome(kept)).url : undefined };
}

/** Closing the active tab goes to the tab before it. */
export function closeTab(tabs: Tab[], key: string, activeKey: string): TabChange {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0 || !tabs[i]!.closable) return { tabs };
  const previous = tabs[i - 1] ?? HOME_TAB;
  return keepOnly(
    tabs,
    activeKey,
    (t) => t.key !== key,
    () => previous,
  );
}

export function closeOthers(tabs: Tab[], key: string, activeKey: string): TabChange {
  const target = tabs.find((t) => t.key === key) ?? HOME_TAB;
  return keepOnly(
    tabs,
    activeKey,
    (t) => t.key === key,
    () => target,
  );
}

export function closeLeft(tabs: Tab[], key: string, activeKey: string): TabChange {
  const idx = tabs.findIndex((t) => t.key === key);
  const target = tabs[idx] ?? HOME_TAB;
  return keepOnly(
    tabs,
    activeKey,
    (_t, i) => i >= idx,
    () => target,
  );
}

export function closeRight(tabs: Tab[], key: string, activeKey: string): TabChange {
  const idx = tabs.findIndex((t) => t.key === key);
  const target = tabs[idx] ?? HOME_TAB;
  return keepOnly(
    tabs,
    activeKey,
    (_t, i) => i <= idx,
    () => target,
  );
}

/** Close all returns to the home tab. */
export function closeAll(): TabChange {
  return { tabs: [HOME_TAB], go: HOME_TAB.url };
}

const STORAGE_KEY = 'sk_tabs';

function restore(): Tab[] {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const tabs = raw ? (JSON.parse(raw) as Tab[]) : [];
    return withHome(Array.isArray(tabs) ? tabs.filter((t) => typeof t?.key === 'string' && typeof t.url === 'string') : []);
  } catch {
    return [HOME_TAB];
  }
}

export const tabsStore = createStore<Tab[]>(restore());

tabsStore.subscribe(() => {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabsStore.get()));
  } catch {
    // Not persisting is fine: tabs are a convenience.
  }
});

/** Role switch, log-in and log-out start over with the home tab only. */
export const resetTabs = (): void => tabsStore.set([HOME_TAB]);
