import { Menu } from 'antd';
import { useNavigate } from 'react-router';
import { menuIcon } from './icons';
import { entryPath } from './menu';
import type { Section } from './sections';
import { openUpgrade } from './upgrade';

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
        if (!s) return;
        const to = sectionLanding(s);
        if (to) return navigate(to);
        // Every entry locked on the free plan: the first one's upgrade notice, rather than nothing.
        const lock = s.entries.find((e) => e.locked);
        if (lock) openUpgrade(lock.lockNotice);
      }}
    />
  );
}
