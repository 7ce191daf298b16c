import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout as AntLayout } from 'antd';
import { lazy, memo, Suspense } from 'react';
import { useAfterFirstScreen } from '../lib/afterFirstScreen';
import { useMedia, WIDE_QUERY } from '../lib/phone';
import { useUser } from '../lib/session';
import { slot } from '../lib/slots';
import { DownloadCenter } from './DownloadCenter';
import { HelpDropdown } from './HelpDropdown';
import { ImDrawer } from './ImDrawer';
import type { Section } from './sections';
import { StatusDropdown } from './StatusDropdown';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

// The keyboard shortcuts load just after the shell, as do the search box and the call centre's screen pop that
// app/slots.tsx puts in the header's slots (their widgets stay out of the first load).
const Shortcuts = lazy(() => import('./Shortcuts').then((m) => ({ default: m.Shortcuts })));

/** Memoised: the header shows nothing that a change of page alters unless its section changes. */
export const Header = memo(function Header({
  sections,
  active,
  onSelect,
  mobile,
  onMenu,
  navigate,
}: {
  sections: Section[];
  active: string;
  onSelect: (key: string) => void;
  mobile: boolean;
  onMenu: () => void;
  navigate: (to: string) => void;
}) {
  const user = useUser();
  // The search box only where the top menu keeps room for every group beside it (≥ 1600 px); narrower, a button.
  const wide = useMedia(WIDE_QUERY);
  // The status, notices, downloads, chat, help and account menus come a moment after the page and its rows.
  const tools = useAfterFirstScreen();
  const Listener = slot('headerListener');
  return (
    <AntLayout.Header className="sk-header">
      {mobile && <Button type="text" className="sk-burger" icon={<MenuOutlined />} aria-label="打开菜单" onClick={onMenu} />}
      <div className="sk-brand">
        <span className="sk-logo">服务管家</span>
        <span className="sk-ep-name" title={user.enterpriseName}>
          {user.enterpriseName}
        </span>
      </div>
      {!mobile && <TopMenu sections={sections} active={active} onSelect={onSelect} navigate={navigate} />}
      <div className="sk-header-tools">{tools && <HeaderTools mobile={mobile} wide={wide} />}</div>
      <Suspense fallback={null}>
        <Shortcuts />
        <Listener />
      </Suspense>
    </AntLayout.Header>
  );
});

function HeaderTools({ mobile, wide }: { mobile: boolean; wide: boolean }) {
  const Search = slot('headerSearch');
  const Notices = slot('headerNotices');
  return (
    <>
      <Suspense fallback={null}>
        <Search compact={mobile || !wide} />
      </Suspense>
      <StatusDropdown compact={mobile} />
      <Notices compact={mobile} />
      <DownloadCenter />
      <ImDrawer />
      <HelpDropdown />
      <UserMenu compact={mobile} />
    </>
  );
}
