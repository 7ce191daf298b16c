import type { MenuEntryView, MenuList } from '@sk/shared/menu/menu.contract';
import { describe, expect, it } from 'vitest';
import { activeTabOf, phoneTabsOf } from './bottomNav';

const entry = (routerName: string, name: string, path: string, extra: Partial<MenuEntryView> = {}): MenuEntryView => ({
  id: routerName.length,
  routerName,
  name,
  icon: '',
  parentId: 1,
  form_type: 2,
  path,
  url: null,
  disabled: false,
  locked: false,
  lockNotice: null,
  custom: false,
  ...extra,
});
const menuOf = (...groups: MenuEntryView[][]): MenuList => ({
  home: { id: 0, routerName: 'guideOne', name: '首页', icon: 'HomeOutlined', path: '/guideOne' },
  systemSetting: null,
  groups: groups.map((children, i) => ({ id: i + 1, routerName: `g${i}`, name: `组${i}`, icon: '', children })),
  versionMessage: null,
});

const ENGINEER = menuOf(
  [entry('AllOrder', '全部工单', '/allOrder'), entry('OrderHighSeas', '工单公海', '/orderHighSeas'), entry('MyOrder', '我的工单', '/myOrder')],
  [entry('SpareMine', '我的备件', '/spareMine'), entry('Myevent', '我的事件', '/Myevent')],
);

describe('the phone’s bottom tab bar', () => {
  it('is 首页, the main entries the user holds in their order of preference, then 我的', () => {
    const tabs = phoneTabsOf(ENGINEER);
    expect(tabs.map((t) => t.name)).toEqual(['首页', '我的工单', '工单公海', '我的备件', '我的']);
    expect(tabs.map((t) => t.path)).toEqual(['/guideOne', '/myOrder', '/orderHighSeas', '/spareMine', '/userDetail']);
    expect(tabs[1]?.entry?.routerName).toBe('MyOrder');
  });

  it('comes from the menu held, not the role: without the pool and parts, the next entries fill in', () => {
    const desk = menuOf([
      entry('MyOrder', '我的工单', '/myOrder'),
      entry('AllOrder', '全部工单', '/allOrder'),
      entry('AllCustomer', '全部客户', '/allCustomer'),
    ]);
    expect(phoneTabsOf(desk).map((t) => t.name)).toEqual(['首页', '我的工单', '全部工单', '全部客户', '我的']);
    expect(phoneTabsOf(menuOf([])).map((t) => t.name)).toEqual(['首页', '我的']);
    expect(phoneTabsOf(undefined)).toEqual([]);
  });

  it('leaves out entries locked by the plan, disabled by seats, or opening another site', () => {
    const menu = menuOf([
      entry('MyOrder', '我的工单', '/myOrder', { locked: true }),
      entry('OrderHighSeas', '工单公海', '/orderHighSeas', { disabled: true }),
      entry('SpareMine', '我的备件', '', { form_type: 0, url: 'https://example.com' }),
      entry('Myevent', '我的事件', '/Myevent'),
    ]);
    expect(phoneTabsOf(menu).map((t) => t.name)).toEqual(['首页', '我的事件', '我的']);
  });

  it('marks the tab of the page, or of the menu entry the page was opened under', () => {
    const tabs = phoneTabsOf(ENGINEER);
    expect(activeTabOf(tabs, '/myOrder', '/myOrder')).toBe('MyOrder');
    expect(activeTabOf(tabs, '/spareMine', '/spareMine')).toBe('SpareMine');
    expect(activeTabOf(tabs, '/userDetail', '/userDetail')).toBe('me');
    expect(activeTabOf(tabs, '/allOrder/orderDetail/5', '/myOrder')).toBe('MyOrder');
    expect(activeTabOf(tabs, '/allOrder/orderDetail/5', '/allOrder')).toBeUndefined();
  });
});
