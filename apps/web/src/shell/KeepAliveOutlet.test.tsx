import { act, cleanup, render } from '@testing-library/react';
import { memo, useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useMatches } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeepAliveOutlet, MAX_KEPT_PAGES } from './KeepAliveOutlet';
import { openTab, tabsStore } from './tabs';

// Kept pages stay mounted while hidden, and a render of the shell must not render them again: each hidden list page
// re-rendered about 400 components on every click in the menu while the outlet gave it a new location context per render.

const renders: Record<string, number> = {};
const count = (name: string) => {
  renders[name] = (renders[name] ?? 0) + 1;
};

/** A part of a page that reads the address, as links and list filters do. */
const Reader = memo(function Reader({ name }: { name: string }) {
  count(`reader:${name}`);
  const { pathname } = useLocation();
  return <span>{pathname}</span>;
});

function Page({ name }: { name: string }) {
  count(name);
  useEffect(() => {
    count(`mount:${name}`);
  }, [name]);
  return <Reader name={name} />;
}

const MANY = Array.from({ length: MAX_KEPT_PAGES }, (_, i) => `p${i}`);

function Shell() {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const key = matches[matches.length - 1]?.pathname;
  useEffect(() => {
    if (key) tabsStore.set((tabs) => openTab(tabs, { key, title: key, url: pathname + search }));
  }, [key, pathname, search]);
  return <KeepAliveOutlet activeKey={key} keepAlive />;
}

function setup() {
  const router = createMemoryRouter(
    [{ path: '/', element: <Shell />, children: ['a', 'b', 'c', ...MANY].map((n) => ({ path: n, element: <Page name={n} /> })) }],
    {
      initialEntries: ['/a'],
    },
  );
  render(<RouterProvider router={router} />);
  return (to: string) => act(() => router.navigate(to) as Promise<void>);
}

describe('KeepAliveOutlet', () => {
  beforeEach(() => {
    for (const k of Object.keys(renders)) delete renders[k];
    tabsStore.set([]);
  });
  afterEach(cleanup);

  it('a re-render of the shell without a change of page renders none of the kept pages', async () => {
    const go = setup();
    await go('/b');
    const before = { ...renders };
    // The tab bar's store changes (a title, as a custom page's does), so the outlet renders again: the pages must not.
    act(() => tabsStore.set((tabs) => tabs.map((t) => (t.key === '/a' ? { ...t, title: '改名' } : t))));
    act(() => tabsStore.set((tabs) => [...tabs]));
    expect(renders).toEqual(before);
  });

  it('the shown page follows its address; a hidden one keeps the address it showed', async () => {
    const go = setup();
    await go('/b');
    await go('/a?tab=2');
    const page = (path: string) => document.querySelector<HTMLElement>(`.sk-page[data-path="${path}"]`);
    expect(page('/a')?.hidden).toBe(false);
    expect(page('/b')?.hidden).toBe(true);
    expect(page('/b')?.textContent).toBe('/b');
    await go('/c');
    expect(page('/a')?.hidden).toBe(true);
    expect([...document.querySelectorAll<HTMLElement>('.sk-page')].filter((p) => !p.hidden).map((p) => p.dataset.path)).toEqual(['/c']);
  });

  it('drops a page whose tab was closed', async () => {
    const go = setup();
    await go('/b');
    act(() => tabsStore.set((tabs) => tabs.filter((t) => t.key !== '/a')));
    await go('/c');
    expect(document.querySelector('.sk-page[data-path="/a"]')).toBeNull();
    expect(document.querySelector('.sk-page[data-path="/b"]')).not.toBeNull();
  });

  it(`keeps the ${MAX_KEPT_PAGES} most recently shown pages; an older one opens afresh, its tab still there`, async () => {
    const go = setup();
    for (const n of MANY) await go(`/${n}`);
    // /a was shown first and never since: its page went, its tab stayed.
    expect(document.querySelectorAll('.sk-page')).toHaveLength(MAX_KEPT_PAGES);
    expect(document.querySelector('.sk-page[data-path="/a"]')).toBeNull();
    expect(tabsStore.get().some((t) => t.key === '/a')).toBe(true);
    // Showing /p0 again makes it recent: the next page to go is /p1, not /p0.
    await go('/p0');
    await go('/a');
    expect(renders['mount:a']).toBe(2);
    expect(document.querySelector('.sk-page[data-path="/p0"]')).not.toBeNull();
    expect(document.querySelector('.sk-page[data-path="/p1"]')).toBeNull();
    expect(renders['mount:p0']).toBe(1);
  });
});
