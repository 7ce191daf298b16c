import {
  MENU_ENTRIES,
  MENU_GROUPS,
  type MenuEntry,
  type MenuGroup,
  PROVIDER_GROUP,
  PROVIDER_MENU_ROUTERS,
  PROVIDER_ONLY_ENTRIES,
  diyRouterName,
  HOME_MENU,
  SYSTEM_SETTING_MENU,
} from '../auth/menus';
import { FREE, freeNotice } from '../auth/plans';
import { hasPower } from '../auth/powers';
import type { MenuEntryView, MenuGroupView, MenuList } from './menu.contract';

/** A stored custom entry (enabled ones only) as the builder needs it. */
export interface CustomEntryInput {
  id: number;
  name: string;
  parentId: number;
  formType: number;
  url: string | null;
  power: string | null;
}

export interface MenuInput {
  powers: readonly string[];
  /** isChargeUser: 0 free, 1 VIP, 2 trial */
  plan: number;
  /** 1: service-provider side */
  userType: number;
  seatsExceeded: boolean;
  versionMessage: string | null;
  phone: string;
  custom: CustomEntryInput[];
  /**
   * Staff entries shown without their power because of what the user is named on (a project's or task's approver
   * with an approval waiting, a task's principal): the pages themselves list only his own items.
   */
  grants?: readonly string[];
}

const groupPower = new Map(MENU_GROUPS.map((g) => [g.id, g.power]));
const CUSTOM_ICON = 'AppstoreOutlined';

function builtIn(e: MenuEntry, groupId: number, m: MenuInput): MenuEntryView {
  const free = m.plan === FREE;
  const locked = free && !!e.freeLock && !e.comingSoon;
  return {
    id: e.id,
    routerName: e.routerName,
    name: e.name,
    icon: e.icon,
    parentId: groupId,
    form_type: e.formType,
    path: e.path,
    url: null,
    disabled: !!e.disabled || (m.seatsExceeded && !!e.quotaDisabled),
    locked,
    lockNotice: locked && e.freeLock ? freeNotice(e.freeLock, m.phone) : null,
    ...(e.badge && !free ? { badge: e.badge } : {}),
    custom: false,
  };
}

function custom(c: CustomEntryInput, groupId: number): MenuEntryView {
  const routerName = diyRouterName(c.parentId, c.id);
  const formType = (c.formType === 0 || c.formType === 1 ? c.formType : 2) as 0 | 1 | 2;
  return {
    id: c.id,
    routerName,
    name: c.name,
    icon: CUSTOM_ICON,
    parentId: groupId,
    form_type: formType,
    path: formType === 0 ? '' : `/diy/${c.parentId}/${c.id}`,
    url: formType === 0 ? c.url : null,
    disabled: false,
    locked: false,
    lockNotice: null,
    custom: true,
  };
}

/** An entry needs its own code and, inside the settings group, sh_system_setting. */
const mayOpen = (m: MenuInput, power: string | null | undefined, parentId: number) => hasPower(m.powers, power) && hasPower(m.powers, groupPower.get(parentId));

const view = (g: MenuGroup, children: MenuEntryView[]): MenuGroupView => ({ id: g.id, routerName: g.routerName, name: g.name, icon: g.icon, children });

function staffGroups(m: MenuInput): MenuGroupView[] {
  return MENU_GROUPS.map((g) =>
    view(g, [
      ...MENU_ENTRIES.filter((e) => e.parentId === g.id && (mayOpen(m, e.power, g.id) || !!m.grants?.includes(e.routerName))).map((e) => builtIn(e, g.id, m)),
      ...m.custom.filter((c) => c.parentId === g.id && mayOpen(m, c.power, g.id)).map((c) => custom(c, g.id)),
    ]),
  );
}

const PROVIDER_ENTRIES = [...MENU_ENTRIES, ...PROVIDER_ONLY_ENTRIES];

function providerGroup(m: MenuInput): MenuGroupView {
  const id = PROVIDER_GROUP.id;
  const entries = PROVIDER_MENU_ROUTERS.map((r) => PROVIDER_ENTRIES.find((e) => e.routerName === r)).filter((e): e is MenuEntry => !!e);
  return view(PROVIDER_GROUP, [
    ...entries.filter((e) => mayOpen(m, e.power, e.parentId)).map((e) => builtIn(e, id, m)),
    ...m.custom.filter((c) => mayOpen(m, c.power, c.parentId)).map((c) => custom(c, id)),
  ]);
}

/** The menu of GET /v2/menu/listV2. Custom entries must come sorted. */
export function buildMenu(m: MenuInput): MenuList {
  const groups = m.userType === 1 ? [providerGroup(m)] : staffGroups(m);
  const { power, ...setting } = SYSTEM_SETTING_MENU;
  return {
    home: { ...HOME_MENU },
    systemSetting: hasPower(m.powers, power) ? setting : null,
    groups: groups.filter((g) => g.children.length > 0),
    versionMessage: m.seatsExceeded ? m.versionMessage : null,
  };
}

/** Entries of a built menu that carry a badge. */
export const badgeEntries = (menu: MenuList): MenuEntryView[] => menu.groups.flatMap((g) => g.children.filter((c) => !!c.badge));

/** Splits a badge string ('/v2/order/getOrderListCount?orderDue=0') into path and query. */
export function splitBadge(badge: string): { path: string; query: Record<string, string> } {
  const [path = '', qs = ''] = badge.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(qs)) };
}

const BADGES = MENU_ENTRIES.flatMap((e) => (e.badge ? [splitBadge(e.badge)] : []));

/** True when a call to `path` carries one of the spec's badge queries (every parameter of it, same values). */
export function isBadgeQuery(path: string, query: Record<string, unknown>): boolean {
  return BADGES.some((b) => b.path === path && Object.entries(b.query).every(([k, v]) => String(query[k] ?? '') === v));
}

const TODOS = new Map(MENU_ENTRIES.flatMap((e) => (e.todo ? [[e.routerName, e.todo] as const] : [])));

/**
 * Where an entry's home to-do opens for the viewer `me`: its own filtered list (MenuEntry.todo, `{me}` his id), or the
 * entry's page when the page as it opens already shows exactly the rows its badge counts.
 */
export const todoPathOf = (entry: Pick<MenuEntryView, 'routerName' | 'path'>, me: number): string =>
  TODOS.get(entry.routerName)?.replaceAll('{me}', String(me)) ?? entry.path;
