import {
  ALL_POWERS,
  dispatchContract as D,
  defaultPowersOfRole,
  menuContract as M,
  type MenuList,
  rolePowerContract as C,
  type RolePowerView,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DISPATCHER = 1;
const names = (m: MenuList) => m.groups.flatMap((g) => g.children.map((c) => c.routerName));
const without = (role: number, ...codes: string[]) => defaultPowersOfRole(role).filter((p) => !codes.includes(p));

/** An administrator (VIP plan) and a dispatcher of the same enterprise, both logged in. */
async function enterprise() {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const d = await makeUser(t.deps.db, admin.enterpriseId, { roles: [DISPATCHER] });
  const login = () => new Client(t.app).login(d.mobile, TEST_PASSWORD, admin.enterpriseId);
  return { admin: admin.client, enterpriseId: admin.enterpriseId, dispatcher: await login(), login };
}

const stored = (enterpriseId: number) =>
  rows<{ role: number; added: string[]; removed: string[] }>(
    t.deps.db,
    sql`select role, added, removed from role_powers where enterprise_id = ${enterpriseId} order by role`,
  );

describe('角色权限: editing a role', () => {
  it('lists the ten roles with their defaults, none edited', async () => {
    const { admin } = await enterprise();
    const r = await admin.send(C.rolePowerList);
    expect(r.success).toBe(true);
    expect(r.data.map((x) => x.roleName)).toEqual([
      '派单员',
      '服务人员',
      '系统管理员',
      '普通员工',
      '销售人员',
      '受理客服',
      '回访客服',
      '财务人员',
      '仓库管理员',
      '管理总监',
    ]);
    expect(r.data.every((x) => !x.edited && x.update_time === null)).toBe(true);
    expect(r.data.find((x) => x.role === DISPATCHER)?.powers.sort()).toEqual([...new Set(defaultPowersOfRole(DISPATCHER))].sort());
    expect(r.data.find((x) => x.role === 3)?.powers.sort()).toEqual([...ALL_POWERS].sort());
  });

  it('takes a power away: the route answers NO_POWER and the menu entry goes; reset restores both', async () => {
    const { admin, dispatcher, login } = await enterprise();
    expect((await dispatcher.send(D.unDeliverOrderList, {})).success).toBe(true);
    expect(names((await dispatcher.send(M.listV2)).data)).toContain('AssignOrder');

    const saved = await admin.send(C.rolePowerSave, { role: DISPATCHER, powers: without(DISPATCHER, 'menu_AssignOrder') });
    expect(saved).toMatchObject({ success: true, message: '保存成功', data: { role: DISPATCHER, edited: true } });
    expect(saved.data.powers).not.toContain('menu_AssignOrder');
    expect(saved.data.update_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // The very next request of a session already logged in reads the edit (powers are computed per request).
    expect(await dispatcher.send(D.unDeliverOrderList, {})).toMatchObject({ success: false, code: 'NO_POWER', message: '您没有该功能的操作权限' });
    const again = await login();
    expect(names((await again.send(M.listV2)).data)).not.toContain('AssignOrder');
    expect(names((await again.send(M.listV2)).data)).toContain('AllOrder');
    expect((await again.get('/v2/sessionUser/info')).data.powers).not.toContain('menu_AssignOrder');

    const reset = await admin.send(C.rolePowerReset, { role: DISPATCHER });
    expect(reset.data).toMatchObject({ edited: false, update_time: null });
    expect(reset.data.powers).toContain('menu_AssignOrder');
    expect((await dispatcher.send(D.unDeliverOrderList, {})).success).toBe(true);
    expect(names((await dispatcher.send(M.listV2)).data)).toContain('AssignOrder');
  });

  it('gives a power the role lacks by default, stored as the difference from the defaults', async () => {
    const { admin, dispatcher, enterpriseId } = await enterprise();
    expect(names((await dispatcher.send(M.listV2)).data)).not.toContain('CostCheck');
    await admin.send(C.rolePowerSave, { role: DISPATCHER, powers: [...without(DISPATCHER, 'menu_OrderRubbish'), 'menu_CostCheck'] });
    expect(await stored(enterpriseId)).toEqual([{ role: DISPATCHER, added: ['menu_CostCheck'], removed: ['menu_OrderRubbish'] }]);
    const m = (await dispatcher.send(M.listV2)).data;
    expect(names(m)).toContain('CostCheck');
    expect(names(m)).not.toContain('OrderRubbish');
    // Saving the defaults themselves leaves no edit behind.
    const back = await admin.send(C.rolePowerSave, { role: DISPATCHER, powers: defaultPowersOfRole(DISPATCHER) });
    expect(back.data.edited).toBe(false);
    expect(await stored(enterpriseId)).toEqual([]);
  });

  it('never lets the administrator role lose the role editor or the settings group', async () => {
    const { admin, enterpriseId } = await enterprise();
    for (const gone of ['menu_RolePower', 'sh_system_setting']) {
      const r = await admin.send(C.rolePowerSave, { role: 3, powers: ALL_POWERS.filter((p) => p !== gone) });
      expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(r.message).toContain('系统管理员必须保留');
    }
    expect(await stored(enterpriseId)).toEqual([]);
    // Anything else may go, and the editor still opens for him.
    const ok = await admin.send(C.rolePowerSave, { role: 3, powers: ALL_POWERS.filter((p) => p !== 'menu_CostCheck') });
    expect(ok.success).toBe(true);
    expect((await admin.send(C.rolePowerList)).success).toBe(true);
  });

  it('refuses unknown power codes and roles in Chinese, writing nothing', async () => {
    const { admin, enterpriseId } = await enterprise();
    const bad = await admin.call(C.rolePowerSave, { role: DISPATCHER, powers: ['menu_AllOrder', 'no_such_power'] });
    expect(bad).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(bad.message).toContain('权限编码不存在：no_such_power');
    for (const role of [0, 11, 'x', 2.5]) {
      const r = await admin.call(C.rolePowerSave, { role, powers: [] });
      expect(r, String(role)).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(r.message).toContain('角色');
    }
    expect((await admin.call(C.rolePowerReset, { role: 42 })).message).toContain('角色不存在');
    expect((await admin.call(C.rolePowerSave, { role: DISPATCHER, powers: 'menu_AllOrder' })).success).toBe(false);
    expect(await stored(enterpriseId)).toEqual([]);
  });

  it('refuses the editor to roles without its power and on the free plan', async () => {
    const { dispatcher } = await enterprise();
    expect((await dispatcher.send(C.rolePowerList)).code).toBe('NO_POWER');
    expect((await dispatcher.send(C.rolePowerSave, { role: DISPATCHER, powers: ALL_POWERS })).code).toBe('NO_POWER');
    const free = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    const r = await free.client.send(C.rolePowerList);
    expect(r).toMatchObject({ success: false, code: 'PLAN_FREE' });
    expect(r.message).toContain('免费版不支持权限管理');
  });

  it('keeps one enterprise’s edit inside it', async () => {
    const a = await enterprise();
    const b = await enterprise();
    await b.admin.send(C.rolePowerSave, { role: DISPATCHER, powers: without(DISPATCHER, 'menu_AssignOrder') });
    expect((await a.dispatcher.send(D.unDeliverOrderList, {})).success).toBe(true);
    expect(names((await a.dispatcher.send(M.listV2)).data)).toContain('AssignOrder');
    expect((await a.admin.send(C.rolePowerList)).data.every((x: RolePowerView) => !x.edited)).toBe(true);
    expect(await stored(a.enterpriseId)).toEqual([]);
    // A reset here does not touch the other enterprise's edit.
    await a.admin.send(C.rolePowerReset, { role: DISPATCHER });
    expect((await b.dispatcher.send(D.unDeliverOrderList, {})).code).toBe('NO_POWER');
  });

  it('ends parallel saves of one role in exactly one of the saved sets', async () => {
    const { admin, enterpriseId } = await enterprise();
    const sets = Array.from({ length: 8 }, (_, i) => without(DISPATCHER, defaultPowersOfRole(DISPATCHER)[i] as string));
    const answers = await race(sets.length, (i) => admin.send(C.rolePowerSave, { role: DISPATCHER, powers: sets[i] }));
    expect(tally(answers)).toEqual({ ok: sets.length });
    const rowsNow = await stored(enterpriseId);
    expect(rowsNow).toHaveLength(1);
    const now = (await admin.send(C.rolePowerList)).data.find((x: RolePowerView) => x.role === DISPATCHER)?.powers.sort();
    expect(sets.map((s) => [...new Set(s)].sort())).toContainEqual(now);
  });
});
