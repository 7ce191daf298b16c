// Free-plan locks match what the paid plans really have: a lock only on an entry whose page exists
// in this edition (VIP opens it) and whose feature is in the spec's free list; nothing else is locked.
import { FREE_LOCKED_FEATURES, MENU_ENTRIES, menuContract as M, type MenuList } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const menuOf = async (c: Client): Promise<MenuList> => (await c.send(M.listV2)).data;
const all = (m: MenuList) => m.groups.flatMap((g) => g.children);
const lockedNames = (m: MenuList) =>
  all(m)
    .filter((e) => e.locked)
    .map((e) => e.routerName);

describe('free-plan locks', () => {
  it('locks only entries that VIP opens and whose feature the free plan lacks', async () => {
    const free = await menuOf((await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 })).client);
    const vip = await menuOf((await loggedIn(t.app, t.deps.db, { roles: [3], plan: 1 })).client);
    const locked = lockedNames(free);
    // Features in the spec's free list that VIP does have stay locked.
    for (const r of [
      'MyOrder',
      'CyclePlan',
      'CycleTmpl',
      'OrderHighSeas',
      'ExceedStatistics',
      'Notice',
      'SlaManage',
      'RolePower',
      'TemplateView',
      'SpareGet',
      'ReturnVisitReport',
      // 工单统计 and 运营报表 are reports: locked on the free plan.
      'StatusStatistics',
      'OperateReport',
    ])
      expect(locked, r).toContain(r);
    expect(locked.sort()).toEqual(
      MENU_ENTRIES.filter((e) => e.freeLock && !e.comingSoon)
        .map((e) => e.routerName)
        .sort(),
    );
    for (const e of all(free).filter((x) => x.locked)) {
      const def = MENU_ENTRIES.find((x) => x.routerName === e.routerName);
      expect(Object.keys(FREE_LOCKED_FEATURES), e.routerName).toContain(def?.freeLock);
      expect(e.lockNotice).toContain('免费版不支持');
    }
    // VIP opens every entry the free plan shows locked, with no lock of its own.
    expect(lockedNames(vip)).toEqual([]);
    for (const r of locked)
      expect(
        all(vip).map((e) => e.routerName),
        r,
      ).toContain(r);
  });

  it('keeps the 运营 group’s entries on the free plan, locked ones included, so the group opens to them', async () => {
    const free = await menuOf((await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 })).client);
    const ops = free.groups.find((g) => g.routerName === 'operationGroup');
    const shown = ops?.children.map((e) => [e.routerName, e.locked]);
    expect(shown).toEqual([
      ['StatusStatistics', true],
      ['ExceedStatistics', true],
      ['OperateReport', true],
      ['QualityAnalysis', true],
      ['Notice', true],
    ]);
  });
});
