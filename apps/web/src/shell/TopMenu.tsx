import { Menu } from 'antd';
import { useMemo } from 'react';
import { menuIcon } from './icons';
import { entryPath } from './menu';
import type { Section } from './sections';

/**
 * The first page a section opens: its first entry that is neither locked nor disabled; when every entry is locked
 * (the free plan), the first locked one, whose page shows the plan's notice beside the group's entries with their locks.
 */
export const sectionLanding = (s: Section): string | undefined => {
  const open = s.entries.filter((x) => !x.disabled && x.form_type !== 0);
  const e = open.find((x) => !x.locked) ?? open[0];
  return e ? entryPath(e) : undefined;
};

export function TopMenu({
  sections,
  active,
  onSelect,
  navigate,
}: {
  sections: Section[];
  active: string;
  onSelect: (key: string) => void;
  /** The layout's navigate, which never changes (useNavigate here re-rendered the menu on every change of page). */
  navigate: (to: string) => void;
}) {
  const items = useMemo(() => sections.map((s) => ({ key: s.key, icon: menuIcon(s.icon), label: s.name })), [sections]);
  return (
    <Menu
      mode="horizontal"
      theme="dark"
      // Its names are always shown: no empty tooltip around each section (see SideMenu).
      tooltip={false}
      className="sk-top-menu"
      selectedKeys={[active]}
      items={items}
      onClick={({ key }) => {
        onSelect(key);
        const s = sections.find((x) => x.key === key);
        if (!s) return;
        const to = sectionLanding(s);
        if (to) navigate(to);
      }}
    />
  );
}
