import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout as AntLayout } from 'antd';
import { useUser } from '../lib/session';
import { NoticeBell } from '../features/notices/NoticeBell';
import { GlobalSearch } from '../features/search/GlobalSearch';
import { DownloadCenter } from './DownloadCenter';
import { HelpDropdown } from './HelpDropdown';
import { ImDrawer } from './ImDrawer';
import type { Section } from './sections';
import { Shortcuts } from './Shortcuts';
import { StatusDropdown } from './StatusDropdown';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

export function Header({
  sections,
  active,
  onSelect,
  mobile,
  onMenu,
}: {
  sections: Section[];
  active: string;
  onSelect: (key: string) => void;
  mobile: boolean;
  onMenu: () => void;
}) {
  const user = useUser();
  return (
    <AntLayout.Header className="sk-header">
      {mobile && <Button type="text" className="sk-burger" icon={<MenuOutlined />} aria-label="打开菜单" onClick={onMenu} />}
      <div className="sk-brand">
        <span className="sk-logo">服务管家</span>
        <span className="sk-ep-name" title={user.enterpriseName}>
          {user.enterpriseName}
        </span>
      </div>
      {!mobile && <TopMenu sections={sections} active={active} onSelect={onSelect} />}
      <div className="sk-header-tools">
        <GlobalSearch compact={mobile} />
        <StatusDropdown compact={mobile} />
        <NoticeBell compact={mobile} />
        <DownloadCenter />
        <ImDrawer />
        <HelpDropdown />
        <UserMenu compact={mobile} />
      </div>
      <Shortcuts />
    </AntLayout.Header>
  );
}
