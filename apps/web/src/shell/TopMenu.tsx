import { Menu } from 'antd';
import { useNavigate } from 'react-router';
import { menuIcon } from './icons';
import { entryPath } from './menu';
import type { Section } from './sections';

/** The first page a section opens: its first entry that is neither locked nor disabled. */
export const sectionLanding = (s: Section): string | undefined => {
  const e = s.entries.find((x) => !x.locked && !x.disabled && x.form_type !== 0);
  return e ? entryPath(e) : undefined;
};

export function TopMenu({ sections, active, onSelect }: { sections: Section[]; active: string; onSelect: (key: string) => void }) {
  const navigate = useNavigate();
  return (
    <Menu
      mode="horizontal"
      theme="dark"
      className="sk-top-menu"
      selectedKeys={[active]}
      items={sections.map((s) => ({ key: s.key, icon: menuIcon(s.icon), label: s.name }))}
      onClick={({ key }) => {
        onSelect(key);
        const s = sections.find((x) => x.key === key);
        const to = s && sectionLanding(s);
        if (to) navigate(to);
      }}
    />
  );
}
