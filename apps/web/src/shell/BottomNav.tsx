import {
  AlertOutlined,
  AppstoreOutlined,
  HomeOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuList } from '@sk/shared/menu/menu.contract';
import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { activeTabOf, phoneTabsOf } from './bottomNav';
import { useBadges, useOpenEntry } from './menu';

const ICONS: Record<string, ReactNode> = {
  guideOne: <HomeOutlined />,
  MyOrder: <ProfileOutlined />,
  OrderHighSeas: <ShopOutlined />,
  SpareMine: <ToolOutlined />,
  AllOrder: <UnorderedListOutlined />,
  Myevent: <AlertOutlined />,
  MyProjectTask: <ProjectOutlined />,
  AllCustomer: <TeamOutlined />,
  me: <UserOutlined />,
};

/** Phones: the main entries one tap away at the foot of every page (shell/bottomNav.ts says which). */
export default function BottomNav({ menu, pathname, menuPath }: { menu: MenuList | undefined; pathname: string; menuPath: string }) {
  const navigate = useNavigate();
  const openEntry = useOpenEntry();
  const tabs = phoneTabsOf(menu);
  const counts = useBadges(tabs.flatMap((t) => (t.entry ? [t.entry] : [])));
  const active = activeTabOf(tabs, pathname, menuPath);
  if (!tabs.length) return null;
  return (
    <nav className="sk-bottom-nav" aria-label="常用入口">
      {tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          className={t.key === active ? 'is-active' : undefined}
          aria-current={t.key === active ? 'page' : undefined}
          onClick={() => (t.entry ? openEntry(t.entry) : navigate(t.path))}
        >
          <Badge count={t.entry ? (counts.get(t.entry.routerName) ?? 0) : 0} size="small" offset={[6, 0]}>
            <span className="sk-bottom-nav-icon">{ICONS[t.key] ?? <AppstoreOutlined />}</span>
          </Badge>
          <span className="sk-bottom-nav-label">{t.name}</span>
        </button>
      ))}
    </nav>
  );
}
