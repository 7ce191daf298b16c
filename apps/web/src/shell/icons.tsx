import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CompassOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HomeOutlined,
  PhoneOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// Only the icons the menu names, so the shell does not carry the whole icon set.
const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  AuditOutlined: <AuditOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  CompassOutlined: <CompassOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  FileTextOutlined: <FileTextOutlined />,
  HomeOutlined: <HomeOutlined />,
  PhoneOutlined: <PhoneOutlined />,
  ProjectOutlined: <ProjectOutlined />,
  QuestionCircleOutlined: <QuestionCircleOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  TeamOutlined: <TeamOutlined />,
  ToolOutlined: <ToolOutlined />,
  UnorderedListOutlined: <UnorderedListOutlined />,
};

export const menuIcon = (name: string): ReactNode => ICONS[name] ?? <AppstoreOutlined />;
