import { MENU_ENTRIES, PROVIDER_ONLY_ENTRIES } from '@sk/shared/auth/menus';
import { powersOfRole } from '@sk/shared/auth/powers';
import { buildMenu } from '@sk/shared/menu/menu.build';
import { SPARE_DOC_KINDS } from '@sk/shared/spares/spares.constants';
import { describe, expect, it } from 'vitest';
import { usableMenu } from '../shell/menu';
import { sectionsOf } from '../shell/sections';
import { sectionLanding } from '../shell/TopMenu';
import { hasPage, layoutRoutes, menuOfRoute, routeAllows } from './routes';

const routeOf = (path: string) => layoutRoutes().find((r) => r.path === path)!;

describe('route powers', () => {
  it('opens a path shared by both menu sets with either entry’s power', () => {
    const r = routeOf('/approvalProcess');
    expect(r.anyPower?.sort()).toEqual(['menu_ApprovalProcess', 'menu_ApprovalProcessList']);
    expect(routeAllows(['menu_ApprovalProcessList'], r)).toBe(true);
    expect(routeAllows(['menu_ApprovalProcess'], r)).toBe(true);
    expect(routeAllows(['menu_AllCustomer'], r)).toBe(false);
  });

  it('lets every menu entry of either set open its own page with the entry’s power alone', () => {
    for (const e of [...MENU_ENTRIES, ...PROVIDER_ONLY_ENTRIES]) {
      const r = layoutRoutes().find((x) => x.path.toLowerCase() === e.path.toLowerCase());
      expect(r, e.path).toBeDefined();
      expect(routeAllows([e.power], r!), e.routerName).toBe(true);
    }
  });

  it('keeps a page’s own power when it names one', () => {
    expect(routeOf('/saleContract').power).toBe('menu_AllCustomer');
    expect(routeAllows([], routeOf('/saleContract'))).toBe(false);
  });
});

describe('usable menu', () => {
  const menu = (plan: number, userType = 0) =>
    buildMenu({ powers: powersOfRole(3), plan, userType, seatsExceeded: false, versionMessage: null, phone: '400', custom: [] });

  it('shows a paid plan only entries whose page is built, and no empty group', () => {
    const m = usableMenu(menu(1), hasPage);
    const shown = m.groups.flatMap((g) => g.children);
    expect(shown.every((e) => hasPage(e.path))).toBe(true);
    expect(shown.map((e) => e.routerName)).toEqual(
      expect.arrayContaining(['AllCustomer', 'SaleContract', 'MaintainContract', 'OrganizationalStructure', 'AllOrder', 'MyOrder', 'OrderRubbish']),
    );
    expect(shown.map((e) => e.routerName)).toContain('OrderHighSeas');
    expect(m.groups.every((g) => g.children.length > 0)).toBe(true);
  });

  it('locks on the free plan only pages VIP opens: the 运营 group keeps its built entries, locked', () => {
    const m = usableMenu(menu(0), hasPage);
    const ops = m.groups.find((g) => g.routerName === 'operationGroup');
    expect(ops?.children.map((e) => e.routerName)).toEqual(['StatusStatistics', 'ExceedStatistics', 'OperateReport', 'QualityAnalysis', 'Notice']);
    expect(ops?.children.every((e) => e.locked)).toBe(true);
    const free = m.groups.flatMap((g) => g.children.map((e) => e.routerName));
    const vip = usableMenu(menu(1), hasPage).groups.flatMap((g) => g.children.map((e) => e.routerName));
    expect(free).toEqual(vip);
  });

  it('opens a group whose entries are all locked at its first entry, whose page shows the plan notice', () => {
    const ops = sectionsOf(usableMenu(menu(0), hasPage)).find((s) => s.name === '运营');
    expect(sectionLanding(ops!)).toBe('/report/statusStatistics');
    expect(routeOf('/report/statusStatistics').freeLock).toBe('reports');
  });

  it('marks comingSoon exactly the free-locked entries without a page (so a built page gets its lock back)', () => {
    for (const e of MENU_ENTRIES.filter((x) => x.freeLock)) expect(!!e.comingSoon, e.routerName).toBe(!hasPage(e.path));
  });

  it('treats a path as built only when the route table has a page for it', () => {
    expect(hasPage('/allCustomer')).toBe(true);
    expect(hasPage('/allOrder')).toBe(true);
    expect(hasPage('/orderHighSeas')).toBe(true);
    expect(hasPage('/noSuchPage')).toBe(false);
  });
});

describe('the menu entry a page belongs to', () => {
  const names = new Set([...MENU_ENTRIES, ...PROVIDER_ONLY_ENTRIES].map((e) => e.routerName));

  it('highlights the list a stock document was opened from, and 备件领用 when the link names none', () => {
    const r = routeOf('/spareExamine');
    expect(menuOfRoute(r, '?id=3&kind=2')).toBe('SpareAllotted');
    expect(menuOfRoute(r, '?id=3&kind=5')).toBe('StockTaking');
    expect(menuOfRoute(r, '?id=3&kind=8')).toBe('SpareMine');
    expect(menuOfRoute(r, '?id=3')).toBe('SpareGet');
    expect(menuOfRoute(r, '?id=3&kind=99')).toBe('SpareGet');
    for (const kind of Object.keys(SPARE_DOC_KINDS)) expect(names.has(menuOfRoute(r, `?kind=${kind}`)!), kind).toBe(true);
  });

  it('keeps a fixed entry for pages that name one', () => {
    expect(menuOfRoute(routeOf('/spareList/detail/:id'), '?kind=2')).toBe('SpareList');
  });
});
