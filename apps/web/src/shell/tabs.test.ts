import { describe, expect, it } from 'vitest';
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, HOME_TAB, openTab, type Tab } from './tabs';

const t = (key: string, url = key): Omit<Tab, 'closable'> => ({ key, title: key, url });
const keys = (tabs: Tab[]) => tabs.map((x) => x.key);

function five(): Tab[] {
  let tabs: Tab[] = [HOME_TAB];
  for (const k of ['/a', '/b', '/c', '/d']) tabs = openTab(tabs, t(k));
  return tabs;
}

describe('tabs', () => {
  it('opening adds a tab, and the same route again replaces it', () => {
    let tabs = openTab([HOME_TAB], t('/detail/:id', '/detail/1'));
    tabs = openTab(tabs, t('/detail/:id', '/detail/2'));
    expect(keys(tabs)).toEqual(['/guideOne', '/detail/:id']);
    expect(tabs[1]?.url).toBe('/detail/2');
  });

  it('the home tab is always first and cannot be closed', () => {
    const tabs = five();
    expect(tabs[0]?.closable).toBe(false);
    expect(closeTab(tabs, '/guideOne', '/guideOne').tabs).toBe(tabs);
    expect(keys(closeOthers(tabs, '/c', '/c').tabs)).toEqual(['/guideOne', '/c']);
  });

  it('closing the active tab goes to the one before it; closing another stays', () => {
    const tabs = five();
    expect(closeTab(tabs, '/c', '/c')).toEqual({ tabs: tabs.filter((x) => x.key !== '/c'), go: '/b' });
    expect(closeTab(tabs, '/c', '/a').go).toBeUndefined();
    expect(closeTab(tabs, '/a', '/a').go).toBe('/guideOne');
  });

  it('close left and right keep the clicked tab and go to it when the active one closed', () => {
    const tabs = five();
    expect(keys(closeLeft(tabs, '/c', '/d').tabs)).toEqual(['/guideOne', '/c', '/d']);
    expect(closeLeft(tabs, '/c', '/d').go).toBeUndefined();
    expect(closeLeft(tabs, '/c', '/a').go).toBe('/c');
    expect(keys(closeRight(tabs, '/b', '/a').tabs)).toEqual(['/guideOne', '/a', '/b']);
    expect(closeRight(tabs, '/b', '/d').go).toBe('/b');
  });

  it('close others keeps home and the clicked tab; close all returns home', () => {
    const tabs = five();
    expect(closeOthers(tabs, '/b', '/d')).toEqual({ tabs: [HOME_TAB, tabs[2]], go: '/b' });
    expect(closeAll()).toEqual({ tabs: [HOME_TAB], go: '/guideOne' });
  });
});
