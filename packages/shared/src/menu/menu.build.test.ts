import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES } from '../auth/menus';
import { hasPower, powersOfRole } from '../auth/powers';
import { ROLE_IDS } from '../auth/roles';
import { badgeEntries, buildMenu, isBadgeQuery, type MenuInput, splitBadge } from './menu.build';

const input = (o: Partial<MenuInput> = {}): MenuInput => ({
  powers: powersOfRole(3),
  plan: 1,
  userType: 0,
  seatsExceeded: false,
  versionMessage: '超出',
  phone: '400',
  custom: [],
  ...o,
});

describe('buildMenu', () => {
  it('shows every role only entries whose code it holds, and never an empty group', () => {
    for (const role of ROLE_IDS) {
      const powers = powersOfRole(role);
      const m = buildMenu(input({ powers }));
      for (const g of m.groups) {
        expect(g.children.length).toBeGreaterThan(0);
        for (const c of g.children) {
          const def = MENU_ENTRIES.find((e) => e.routerName === c.routerName);
          expect(hasPower(powers, def?.power), `${role} ${c.routerName}`).toBe(true);
        }
      }
      expect(m.systemSetting === null).toBe(!powers.includes('sh_system_setting'));
      expect(m.groups.some((g) => g.routerName === 'settingGroup')).toBe(powers.includes('sh_system_setting'));
    }
  });

  it('answers the version message only while seats are exceeded', () => {
    expect(buildMenu(input()).versionMessage).toBeNull();
    expect(buildMenu(input({ seatsExceeded: true })).versionMessage).toBe('超出');
  });

  it('keeps custom entries in their group, in the given order, and hides those whose power is missing', () => {
    const custom = [
      { id: 7, name: '甲', parentId: 1, formType: 0, url: 'https://a.example', power: null },
      { id: 3, name: '乙', parentId: 1, formType: 1, url: 'https://dropped', power: 'menu_AllOrder' },
      { id: 5, name: '丙', parentId: 8, formType: 2, url: null, power: null },
    ];
    const m = buildMenu(input({ powers: powersOfRole(4), custom }));
    const order = m.groups.find((g) => g.id === 1)?.children.filter((c) => c.custom);
    expect(order?.map((c) => [c.routerName, c.form_type, c.url])).toEqual([['DIY|1|7', 0, 'https://a.example']]);
    expect(m.groups.some((g) => g.id === 8)).toBe(false);
  });

  it('lists the badges of the built menu', () => {
    const names = badgeEntries(buildMenu(input())).map((e) => e.routerName);
    expect(names).toContain('AcceptanceOrder');
    expect(badgeEntries(buildMenu(input({ plan: 0 })))).toEqual([]);
  });
});

describe('badge queries', () => {
  it('splits a badge into path and query', () => {
    expect(splitBadge('/v2/event/getPrincipalEventListCount?sortType=1&processStates=0,1&close_state=0')).toEqual({
      path: '/v2/event/getPrincipalEventListCount',
      query: { sortType: '1', processStates: '0,1', close_state: '0' },
    });
  });

  it('matches a call only when it carries every parameter of one of the spec badge queries', () => {
    expect(isBadgeQuery('/v2/order/getOrderListCount', { orderDue: '0' })).toBe(true);
    expect(isBadgeQuery('/v2/order/getOrderListCount', { is_grab: '1', title: 'x' })).toBe(true);
    expect(isBadgeQuery('/v2/order/getOrderListCount', { title: 'x' })).toBe(false);
    expect(isBadgeQuery('/v2/order/getOrderListCount', { orderDue: '1' })).toBe(false);
    expect(isBadgeQuery('/order/unDeliverOrderListCount', {})).toBe(true);
    expect(isBadgeQuery('/no/such', {})).toBe(false);
  });
});
