import type { MenuEntryView } from '@sk/shared';
import { Drawer, Menu } from 'antd';
import { menuIcon } from './icons';
import { useBadges, useOpenEntry } from './menu';
import type { Section } from './sections';
import { entryItems } from './SideMenu';

/** Phones: every section as a collapsible group in a drawer. */
export default function MobileMenu({
  sections,
  open,
  onClose,
  selected,
  active,
}: {
  sections: Section[];
  open: boolean;
  onClose: () => void;
  selected?: string;
  active: string;
}) {
  const openEntry = useOpenEntry();
  const all: MenuEntryView[] = sections.flatMap((s) => s.entries);
  const counts = useBadges(all);
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={260} title="菜单" styles={{ body: { padding: 0 } }}>
      <Menu
        mode="inline"
        tooltip={false}
        defaultOpenKeys={[active]}
        selectedKeys={selected ? [selected] : []}
        items={sections.map((s) => ({ key: s.key, icon: menuIcon(s.icon), label: s.name, children: entryItems(s.entries, counts) }))}
        onClick={({ key }) => {
          const e = all.find((x) => x.routerName === key);
          if (!e) return;
          openEntry(e);
          if (!e.locked) onClose();
        }}
      />
    </Drawer>
  );
}
