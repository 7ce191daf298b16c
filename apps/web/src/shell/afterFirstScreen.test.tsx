import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import { cleanup, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, expect, it } from 'vitest';
import { renderWithApp } from '../components/testing';
import { setSessionUser } from '../lib/session';
import { HOME_ENTRIES } from './sections';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { HOME_TAB, resetTabs, tabsStore } from './tabs';

// The shell's side menu and tab strip render after the first screen (lib/afterFirstScreen.ts): on a slow phone the
// page and its rows come first.

interface Seen {
  menuItems: number;
  tabs: number;
  strips: number;
}

/** What the first screen held when its effects ran (a later sibling: the menu and the strip have committed by then). */
function FirstScreen({ seen }: { seen: (s: Seen) => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first screen
  useEffect(
    () =>
      seen({
        menuItems: document.querySelectorAll('.ant-menu-item').length,
        tabs: document.querySelectorAll('[role="tab"]').length,
        strips: document.querySelectorAll('.sk-tabbar').length,
      }),
    [],
  );
  return null;
}

afterEach(() => {
  cleanup();
  resetTabs();
  setSessionUser(null);
});

it('renders the side menu and the tab strip one render after the first screen, the strip’s box in place meanwhile', async () => {
  setSessionUser({ id: 1, name: '管理员', sysrole: 1, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  tabsStore.set([HOME_TAB, { key: '/allOrder', title: '全部工单', url: '/allOrder', closable: true }]);
  let first: Seen | null = null;
  renderWithApp(
    <>
      <SideMenu section={{ key: 'home', name: '首页', icon: 'HomeOutlined', entries: HOME_ENTRIES }} collapsed={false} navigate={() => {}} />
      <TabBar activeKey="/allOrder" />
      <FirstScreen
        seen={(s) => {
          first = s;
        }}
      />
    </>,
    '/allOrder',
  );
  expect(first).toEqual({ menuItems: 0, tabs: 0, strips: 1 });
  expect(await screen.findByRole('tab', { name: /全部工单/ })).toBeTruthy();
  expect(document.querySelectorAll('.ant-menu-item')).toHaveLength(HOME_ENTRIES.length);
});
