import type { MenuEntryView } from '@sk/shared';
import { Badge, Menu } from 'antd';
import { memo, useMemo } from 'react';
import { useAfterFirstScreen } from '../lib/afterFirstScreen';
import { menuIcon } from './icons';
import { BADGE_OVERFLOW, MenuLabel } from './MenuLabel';
import { openEntry, useBadges } from './menu';
import type { Section } from './sections';

/** The menu's items; a collapsed menu hides the labels, so the count sits on the entry's icon instead. */
export function entryItems(entries: MenuEntryView[], counts: Map<string, number>, collapsed = false) {
  return entries.map((e) => {
    const count = counts.get(e.routerName);
    const icon = menuIcon(e.icon);
    return {
      key: e.routerName,
      icon:
        collapsed && count ? (
          <Badge count={count} size="small" overflowCount={BADGE_OVERFLOW} className="sk-icon-badge" data-count={count}>
            {icon}
          </Badge>
        ) : (
          icon
        ),
      disabled: e.disabled,
      label: <MenuLabel entry={e} count={count} />,
      title: e.name,
    };
  });
}

/** The active section's entries; selected is the entry the current page belongs to. */
/** Memoised, with its items kept while the section and its counts stay: a click elsewhere re-renders nothing here. */
export const SideMenu = memo(function SideMenu({
  section,
  selected,
  collapsed,
  navigate,
}: {
  section: Section;
  selected?: string;
  collapsed: boolean;
  /** The layout's navigate: a menu calling useNavigate itself re-rendered on every change of page (it reads the route). */
  navigate: (to: string) => void;
}) {
  const counts = useBadges(section.entries);
  const items = useMemo(() => entryItems(section.entries, counts, collapsed), [section, counts, collapsed]);
  // After the page and its rows (its twenty-odd items took about 0.18 s at 4× CPU); the sider keeps its width meanwhile.
  const ready = useAfterFirstScreen();
  if (!ready) return null;
  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      // An entry's name as a tooltip only where the collapsed menu hides it: antd otherwise renders an empty tooltip
      // (its trigger and its hooks) around every entry, again on every change of page.
      tooltip={collapsed ? undefined : false}
      selectedKeys={selected ? [selected] : []}
      items={items}
      onClick={({ key }) => {
        const e = section.entries.find((x) => x.routerName === key);
        if (e) openEntry(e, navigate);
      }}
    />
  );
});
