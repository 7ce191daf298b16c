import type { MenuList } from '@sk/shared/menu/menu.contract';
import { Alert, Layout as AntLayout } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { menuOfRoute, type PageRoute, routeAllows } from '../lib/route';
import { usePhone } from '../lib/phone';
import { useUser } from '../lib/session';
import { Header } from './Header';
import { InviteBanner } from './InviteBanner';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { allEntries, entryOfPath, entryPath, useMenu } from './menu';
import { NoviceGuide } from './NoviceGuide';
import { OfflineSync } from './OfflineSync';
import { type Section, sectionOfPath, sectionsOf } from './sections';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { openTab, tabsStore } from './tabs';
import { openUpgrade, upgradeStore } from './upgrade';
import { VersionNotice } from './VersionNotice';

const UpgradeModal = lazy(() => import('./UpgradeModal'));
const MobileMenu = lazy(() => import('./MobileMenu'));
const BottomNav = lazy(() => import('./BottomNav'));

const DIY_ROUTE = '/diy/:parentId/:id';

/** Each custom page gets its own tab; every other route pattern has one tab that later URLs replace. */
const tabKeyOf = (route: PageRoute, pathname: string) => (route.path === DIY_ROUTE ? pathname : route.path);

function titleOf(route: PageRoute, menu: MenuList | undefined, pathname: string): string {
  if (route.path !== DIY_ROUTE) return route.title;
  return entryOfPath(menu, pathname)?.name ?? route.title;
}

function selectedEntry(section: Section, menu: MenuList | undefined, pathname: string): string | undefined {
  const p = pathname.toLowerCase();
  return (section.entries.find((e) => entryPath(e).toLowerCase() === p) ?? entryOfPath(menu, pathname))?.routerName;
}

export function Layout() {
  const user = useUser();
  const menu = useMenu();
  const location = useLocation();
  // The same function for the layout's life (a data router's navigate): handed to the memoised menus.
  const navigate = useNavigate();
  const matches = useMatches();
  const route = matches[matches.length - 1]?.handle as PageRoute | undefined;
  const mobile = usePhone();
  const [collapsed, setCollapsed] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [chosen, setChosen] = useState('home');
  const upgrade = upgradeStore.use();

  // Kept while the menu is the same, so that the header and the menus re-render only when what they show changes.
  const sections = useMemo(() => sectionsOf(menu), [menu]);
  const openDrawer = useCallback(() => setDrawer(true), []);
  // A page outside the menu may name the entry it belongs to (the customer detail sits under /allOrder).
  const menuName = route ? menuOfRoute(route, location.search) : undefined;
  const pinned = menuName ? allEntries(menu).find((e) => e.routerName === menuName) : undefined;
  const menuPath = pinned ? entryPath(pinned) : location.pathname;
  const bySection = sectionOfPath(sections, menu, menuPath);
  const active = bySection?.key ?? chosen;
  const section = sections.find((s) => s.key === active) ?? sections[0]!;
  const activeKey = route ? tabKeyOf(route, location.pathname) : undefined;
  const allowed = !!route && routeAllows(user.powers, route);

  useEffect(() => {
    if (bySection) setChosen(bySection.key);
  }, [bySection]);

  // Free-plan notices (shown by lazily loaded pages) offer the upgrade modal.
  useEffect(() => {
    const load = import('../components/freeNotice');
    load.then((m) => m.setUpgradeHandler(() => openUpgrade()));
    return () => {
      load.then((m) => m.setUpgradeHandler(null));
    };
  }, []);

  // A tab follows the address only: a menu or user reload (role switch) must not reopen a tab that was just cleared.
  const menuRef = useRef(menu);
  menuRef.current = menu;
  useEffect(() => {
    if (!route || !activeKey || !allowed || route.noTab) return;
    const title = titleOf(route, menuRef.current, location.pathname);
    tabsStore.set((tabs) => openTab(tabs, { key: activeKey, title, url: location.pathname + location.search }));
  }, [route, activeKey, allowed, location.pathname, location.search]);

  return (
    <AntLayout className={mobile ? 'sk-shell sk-shell--phone' : 'sk-shell'}>
      <Header sections={sections} active={active} onSelect={setChosen} mobile={mobile} onMenu={openDrawer} navigate={navigate} />
      <AntLayout>
        {!mobile && (
          <AntLayout.Sider className="sk-sider" theme="light" width={160} collapsedWidth={60} collapsible collapsed={collapsed} onCollapse={setCollapsed}>
            <SideMenu section={section} selected={selectedEntry(section, menu, menuPath)} collapsed={collapsed} navigate={navigate} />
          </AntLayout.Sider>
        )}
        <AntLayout.Content className="sk-main">
          <InviteBanner />
          {menu?.versionMessage && <Alert type="warning" banner showIcon title={menu.versionMessage} />}
          <TabBar activeKey={activeKey} />
          <div className="sk-content">
            <KeepAliveOutlet activeKey={activeKey} keepAlive={!!route?.keepAlive} />
          </div>
        </AntLayout.Content>
      </AntLayout>
      <Suspense fallback={null}>
        {mobile && <BottomNav menu={menu} pathname={location.pathname} menuPath={menuPath} />}
        {mobile && (
          <MobileMenu sections={sections} open={drawer} onClose={() => setDrawer(false)} active={active} selected={selectedEntry(section, menu, menuPath)} />
        )}
        {upgrade.open && <UpgradeModal />}
      </Suspense>
      <NoviceGuide />
      <VersionNotice />
      <OfflineSync />
    </AntLayout>
  );
}
