import { freeNotice, MENU_ENTRIES, menuContract as C, type MenuList, seatMessage } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeEnterprise, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { refreshSeats } from '../org/seats';

let t: TestApp;
const PHONE = '400-111-2222';
beforeAll(async () => {
  t = await createTestApp({ CUSTOMER_SERVICE_PHONE: PHONE });
});
afterAll(async () => t.close());

const entries = (m: MenuList) => m.groups.flatMap((g) => g.children);
const entry = (m: MenuList, routerName: string) => entries(m).find((e) => e.routerName === routerName);
const menuOf = async (c: Client): Promise<MenuList> => {
  const r = await c.call(C.listV2);
  expect(r.success).toBe(true);
  return r.data;
};

describe('GET /v2/menu/listV2', () => {
  it('gives an administrator home, system settings and all eight groups with every built-in entry', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const m = await menuOf(client);
    expect(m.home).toMatchObject({ routerName: 'guideOne', name: '首页' });
    expect(m.systemSetting).toMatchObject({ name: '系统设置' });
    expect(m.groups.map((g) => g.name)).toEqual(['工单', '客户', '会话', '办公', '库存', '财务', '运营', '设置']);
    expect(entries(m)).toHaveLength(MENU_ENTRIES.length);
    expect(entry(m, 'AcceptanceOrder')).toMatchObject({
      parentId: 1,
      form_type: 2,
      path: '/acceptanceOrder',
      locked: false,
      disabled: false,
      badge: '/v2/order/getAllAcceptanceCount?dataType=1',
    });
    expect(m.versionMessage).toBeNull();
  });

  it('shows a dispatcher only the entries its powers hold and drops the settings group and charts', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [1] });
    const m = await menuOf(client);
    expect(m.systemSetting).toBeNull();
    expect(m.groups.map((g) => g.routerName)).not.toContain('settingGroup');
    expect(m.groups.map((g) => g.routerName)).not.toContain('operationGroup');
    expect(entry(m, 'AssignOrder')).toBeDefined();
    expect(entry(m, 'CostCheck')).toBeUndefined();
    expect(m.groups.every((g) => g.children.length > 0)).toBe(true);
  });

  it('shows chart entries to the management director, who holds chart_manage', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const m = await menuOf(client);
    expect(entry(m, 'StatusStatistics')).toBeDefined();
    expect(m.systemSetting).toBeNull();
    // 质量分析 is its own page of 运营: the director opens the report, though the complaint list is not his.
    expect(entry(m, 'QualityAnalysis')).toMatchObject({ parentId: 7, path: '/report/quality', locked: false });
    expect(entry(m, 'CustomerComplaintList')).toBeUndefined();
    expect(await client.get('/report/quality', { by: 'productModel' })).toMatchObject({ success: true, data: { total: 0, rows: [] } });
    expect((await client.get('/customerComplaint/report', { by: 'productModel' })).code).toBe('NO_POWER');
    // A dispatcher holds no reports: neither the entry nor the report.
    const dispatcher = (await loggedIn(t.app, t.deps.db, { roles: [1] })).client;
    expect(entry(await menuOf(dispatcher), 'QualityAnalysis')).toBeUndefined();
    expect((await dispatcher.get('/report/quality', { by: 'productModel' })).code).toBe('NO_POWER');
    expect(await dispatcher.get('/report/quality', { by: 'colour' })).toMatchObject({ success: false });
  });

  it('locks free-plan features with the notice text and shows no badges on the free plan', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    const m = await menuOf(client);
    expect(entry(m, 'MyOrder')).toMatchObject({ locked: true, lockNotice: `免费版不支持我的工单，建议升级为VIP版本，咨询热线：${PHONE}` });
    expect(entry(m, 'AllOrder')).toMatchObject({ locked: false, lockNotice: null });
    for (const e of MENU_ENTRIES.filter((x) => x.freeLock && !x.comingSoon)) expect(entry(m, e.routerName)?.lockNotice).toBe(freeNotice(e.freeLock!, PHONE));
    expect(entries(m).some((e) => e.badge)).toBe(false);
  });

  it('disables quota entries and answers the version message while a paid plan has more users than seats', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3], buyPersonNum: 1 });
    expect(entry(await menuOf(client), 'ServiceGroup')?.disabled).toBe(false);
    await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    await refreshSeats(t.deps.db, enterpriseId);
    const m = await menuOf(client);
    expect(entry(m, 'ServiceGroup')?.disabled).toBe(true);
    expect(entry(m, 'PersonTag')?.disabled).toBe(true);
    expect(entry(m, 'AllOrder')?.disabled).toBe(false);
    expect(m.versionMessage).toBe(seatMessage(2, 1));
  });

  it('gives a service-provider user the second menu set', async () => {
    const { client, user, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await t.deps.db.execute(sql`update users set user_type = 1 where enterprise_id = ${enterpriseId} and id = ${user.id}`);
    const m = await menuOf(client);
    expect(m.groups.map((g) => g.routerName)).toEqual(['providerGroup']);
    const names = entries(m).map((e) => e.routerName);
    expect(names).toContain('ApprovalProcessList');
    expect(names).toContain('SettleAccountsList');
    expect(names).not.toContain('AllOrder');
    expect(names).toContain('AssignOrder');
    expect(names).toContain('MyOrder');
    expect(names).toContain('Knowledge');
    expect(names).toHaveLength(26);
    expect(entries(m).every((e) => e.parentId === 10)).toBe(true);
  });

  it('filters the provider set by powers too', async () => {
    const { client, user, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    await t.deps.db.execute(sql`update users set user_type = 1 where enterprise_id = ${enterpriseId} and id = ${user.id}`);
    const names = entries(await menuOf(client)).map((e) => e.routerName);
    // An engineer reads the knowledge base (staff-and-provider articles) on the provider side too.
    expect(names.sort()).toEqual(['ApprovalProcessList', 'Knowledge', 'MyOrder', 'ServiceOrder']);
  });

  it('adds enabled custom entries as DIY|{parentId}|{id}, filtered by their power, and never another enterprise’s', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const link = await client.call(C.customSave, { name: '官网', parentId: 2, form_type: 0, url: 'https://example.com', sort: 1 });
    const list = await client.call(C.customSave, { name: '巡检表', parentId: 2, form_type: 2, sort: 2 });
    await client.call(C.customSave, { name: '停用', parentId: 2, form_type: 1, enabled: false });
    await client.call(C.customSave, { name: '仅财务', parentId: 2, form_type: 1, power: 'menu_CostCheck', sort: 3 });
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await other.client.call(C.customSave, { name: '别家菜单', parentId: 2, form_type: 2 });

    const m = await menuOf(client);
    const customs = entries(m).filter((e) => e.custom);
    expect(customs.map((e) => e.name)).toEqual(['官网', '巡检表', '仅财务']);
    expect(customs[0]).toMatchObject({ routerName: `DIY|2|${link.data.id}`, form_type: 0, url: 'https://example.com', parentId: 2 });
    expect(customs[1]).toMatchObject({ routerName: `DIY|2|${list.data.id}`, form_type: 2, url: null });

    const dispatcher = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId });
    expect(
      entries(await menuOf(dispatcher.client))
        .filter((e) => e.custom)
        .map((e) => e.name),
    ).toEqual(['官网', '巡检表']);
    expect(
      entries(await menuOf(other.client))
        .filter((e) => e.custom)
        .map((e) => e.name),
    ).toEqual(['别家菜单']);
  });

  it('answers 未登录 without a session, NO_ROLE without roles and SERVICE_EXPIRED past the service end', async () => {
    expect((await new Client(t.app).call(C.listV2)).message).toBe('未登录');
    expect((await (await loggedIn(t.app, t.deps.db, { roles: [] })).client.call(C.listV2)).code).toBe('NO_ROLE');
    expect((await (await loggedIn(t.app, t.deps.db, { plan: 1, expireDays: -1 })).client.call(C.listV2)).code).toBe('SERVICE_EXPIRED');
  });
});

describe('custom menu entries', () => {
  const count = async (ep: number) =>
    Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from custom_menus where enterprise_id = ${ep}`))[0]?.n);

  it('creates, lists, updates and deletes', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const created = await client.call(C.customSave, { name: '知识库', parentId: 4, form_type: 0, url: 'https://kb.example.com' });
    expect(created).toMatchObject({ success: true, message: '保存成功' });
    expect(created.data).toMatchObject({ name: '知识库', parentId: 4, form_type: 0, enabled: true, sort: 0, routerName: `DIY|4|${created.data.id}` });
    expect(created.data.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const updated = await client.call(C.customUpdate, {
      id: created.data.id,
      name: '知识中心',
      parentId: 5,
      form_type: 2,
      url: 'https://dropped.example.com',
      sort: 3,
    });
    expect(updated.data).toMatchObject({ name: '知识中心', parentId: 5, form_type: 2, url: null, sort: 3, routerName: `DIY|5|${created.data.id}` });

    const list = await client.call(C.customList, { parentId: 5 });
    expect(list.data).toMatchObject({ count: 1, list: [{ id: created.data.id, name: '知识中心' }] });
    expect((await client.call(C.customList, { parentId: 4 })).data.count).toBe(0);

    const del = await client.call(C.customDelete, { ids: [created.data.id] });
    expect(del).toMatchObject({ success: true, message: '删除成功', data: { deleted: 1 } });
    expect((await client.call(C.customList)).data.count).toBe(0);
  });

  it('pages the list', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    for (let i = 0; i < 12; i++) await client.call(C.customSave, { name: `菜单${i}`, parentId: 1, form_type: 2, sort: i });
    const p2 = await client.call(C.customList, { pageIndex: 1, pageSize: 10 });
    expect(p2.data.count).toBe(12);
    expect(p2.data.list.map((x: { name: string }) => x.name)).toEqual(['菜单10', '菜单11']);
  });

  it('refuses without a session, without CSRF and without sh_system_setting, writing nothing', async () => {
    expect((await new Client(t.app).call(C.customSave, { name: 'x', parentId: 1, form_type: 2 })).message).toBe('未登录');
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const noCsrf = await client.call(C.customSave, { name: 'x', parentId: 1, form_type: 2 }, { csrf: false });
    expect(noCsrf.message).toBe('操作失败，无效的CsrfToken');
    const dispatcher = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId });
    expect((await dispatcher.client.call(C.customSave, { name: 'x', parentId: 1, form_type: 2 })).code).toBe('NO_POWER');
    expect((await dispatcher.client.call(C.customList)).code).toBe('NO_POWER');
    expect(await count(enterpriseId)).toBe(0);
    const denied = await rows(t.deps.db, sql`select detail from security_log where enterprise_id = ${enterpriseId} and action = 'power_denied'`);
    expect(denied.length).toBeGreaterThan(0);
  });

  it('answers NOT_FOUND for another enterprise’s entry and leaves it unchanged', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const b = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const theirs = (await b.client.call(C.customSave, { name: '乙的菜单', parentId: 1, form_type: 2 })).data;
    const mine = (await a.client.call(C.customSave, { name: '甲的菜单', parentId: 1, form_type: 2 })).data;
    const upd = await a.client.call(C.customUpdate, { id: theirs.id, name: '改掉', parentId: 1, form_type: 2 });
    expect(upd.code).toBe('NOT_FOUND');
    const del = await a.client.call(C.customDelete, { ids: [mine.id, theirs.id] });
    expect(del.code).toBe('NOT_FOUND');
    expect(await count(a.enterpriseId)).toBe(1);
    const left = await b.client.call(C.customList);
    expect(left.data.list).toMatchObject([{ id: theirs.id, name: '乙的菜单' }]);
    expect((await a.client.call(C.customList)).data.list.map((x: { id: number }) => x.id)).toEqual([mine.id]);
  });

  it('rejects bad input with a Chinese message naming the field, writing nothing', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', parentId: 1, form_type: 2 }, '菜单名称：请输入菜单名称'],
      [{ name: '链接', parentId: 1, form_type: 0 }, '链接地址：外部链接需填写以http://或https://开头的链接地址'],
      [{ name: '链接', parentId: 1, form_type: 0, url: 'javascript:alert(1)' }, '链接地址：外部链接需填写以http://或https://开头的链接地址'],
      [{ name: '分组', parentId: 9, form_type: 2 }, '所属分组：请选择所属分组'],
      [{ name: '类型', parentId: 1, form_type: 3 }, '菜单类型'],
      [{ name: '权限', parentId: 1, form_type: 2, power: 'no_such_code' }, '权限编码：权限编码不存在'],
    ];
    for (const [body, message] of cases) {
      const r = await client.call(C.customSave, body);
      expect(r.code).toBe('VALIDATION');
      expect(r.message).toContain(message);
    }
    expect((await client.call(C.customDelete, { ids: [] })).message).toContain('请选择需要删除的行');
    expect(await count(enterpriseId)).toBe(0);
  });

  it('is open to a paid or a free plan alike (custom entries are not a free-locked feature)', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    expect((await client.call(C.customSave, { name: '免费也可', parentId: 1, form_type: 2 })).success).toBe(true);
  });
});

describe('login helper sanity', () => {
  it('logs a second user of the same enterprise in', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep, { roles: [3] });
    const c = await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep);
    expect((await c.call(C.listV2)).success).toBe(true);
  });
});
