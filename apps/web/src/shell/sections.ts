// The top menu's sections and the side menu entries of each.
import type { MenuEntryView, MenuList } from '@sk/shared';
import { entryOfPath, entryPath } from './menu';

export interface Section {
  key: string;
  name: string;
  icon: string;
  entries: MenuEntryView[];
}

const page = (id: number, routerName: string, name: string, icon: string, path: string): MenuEntryView => ({
  id,
  routerName,
  name,
  icon,
  parentId: 0,
  form_type: 2,
  path,
  url: null,
  disabled: false,
  locked: false,
  lockNotice: null,
  custom: false,
});

/** The home section's own pages. */
export const HOME_ENTRIES: MenuEntryView[] = [
  page(-1, 'guideOne', '首页', 'HomeOutlined', '/guideOne'),
  page(-2, 'personIndex', '功能导航', 'UnorderedListOutlined', '/personIndex'),
  page(-3, 'navigation', '探索', 'CompassOutlined', '/navigation'),
  page(-4, 'help', '帮助中心', 'QuestionCircleOutlined', '/help'),
];

export const SETTING_GROUP_ID = 8;

/** Home, the groups, and System settings (which holds the settings group's entries). */
export function sectionsOf(menu: MenuList | undefined): Section[] {
  const home: Section = { key: 'home', name: menu?.home.name ?? '首页', icon: 'HomeOutlined', entries: HOME_ENTRIES };
  if (!menu) return [home];
  const groups = menu.groups.filter((g) => g.id !== SETTING_GROUP_ID).map((g) => ({ key: `g${g.id}`, name: g.name, icon: g.icon, entries: g.children }));
  const settingGroup = menu.groups.find((g) => g.id === SETTING_GROUP_ID);
  const settingPage = menu.systemSetting ? [page(-9, menu.systemSetting.routerName, menu.systemSetting.name, 'SettingOutlined', menu.systemSetting.path)] : [];
  const settingEntries = [...settingPage, ...(settingGroup?.children ?? [])];
  const setting: Section[] = settingEntries.length
    ? [{ key: 'setting', name: menu.systemSetting?.name ?? '系统设置', icon: 'SettingOutlined', entries: settingEntries }]
    : [];
  return [home, ...groups, ...setting];
}

/** The section a location belongs to, if any. */
export function sectionOfPath(sections: Section[], menu: MenuList | undefined, pathname: string): Section | undefined {
  const p = pathname.toLowerCase();
  const direct = sections.find((s) => s.entries.some((e) => entryPath(e).toLowerCase() === p));
  if (direct) return direct;
  const entry = entryOfPath(menu, pathname);
  return entry ? sections.find((s) => s.entries.some((e) => e.id === entry.id)) : undefined;
}
