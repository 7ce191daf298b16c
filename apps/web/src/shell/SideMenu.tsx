import type { MenuEntryView } from '@sk/shared';
import { Menu } from 'antd';
import { menuIcon } from './icons';
import { MenuLabel } from './MenuLabel';
import { useBadges, useOpenEntry } from './menu';
import type { Section } from './sections';

export function entryItems(entries: MenuEntryView[], counts: Map<string, number>) {
  return entries.map((e) => ({
    key: e.routerName,
    icon: menuIcon(e.icon),
    disabled: e.disabled,
    label: <MenuLabel entry={e} count={counts.get(e.routerName)} />,
    title: e.name,
  }));
}

/** The active section's entries; selected is the entry the current page belongs to. */
export function SideMenu({ section, selected, collapsed }: { section: Section; selected?: string; collapsed: boolean }) {
  const open = useOpenEntry();
  const counts = useBadges(section.entries);
  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      selectedKeys={selected ? [selected] : []}
      items={entryItems(section.entries, counts)}
      onClick={({ key }) => {
        const e = section.entries.find((x) => x.routerName === key);
        if (e) open(e);
      }}
    />
  );
}
