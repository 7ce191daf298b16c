import { orgContract as C, teamContract as T } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, makeUser, nextMobile } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { behindLock } from '../../test/race';
import { adminAndWorker, count } from './org.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const groupsOf = (ep: number) => count(t.deps.db, sql`select count(*)::int as n from service_groups where enterprise_id = ${ep}`);
const groupRow = async (id: number) => (await rows(t.deps.db, sql`select name, type, leader_id from service_groups where id = ${id}`))[0];

describe('service groups', () => {
  it('creates a group with members and a leader (who becomes a member), and shows it', async () => {
    const o = await adminAndWorker(t);
    const lead = await makeUser(t.deps.db, o.enterpriseId, { roles: [2], name: '组长' });
    const r = await o.admin.call(T.groupCreate, { name: '华东服务组', type: 1, leaderId: lead.id, memberIds: [o.workerId], remark: '备注' });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    const d = await o.worker.call(T.groupDetail, { id: r.data.id });
    expect(d.data).toMatchObject({
      name: '华东服务组',
      type: 1,
      typeName: '内部服务团队',
      leaderId: lead.id,
      leader_name: '组长',
      memberCount: 2,
      remark: '备注',
    });
    expect(d.data.members.map((m: { id: number }) => m.id).sort()).toEqual([o.workerId, lead.id].sort());
    expect((await o.worker.call(C.userDetail, { id: lead.id })).data.groups).toEqual([{ id: r.data.id, name: '华东服务组', leader: true }]);
  });

  it('lists by type (-1 all) and search text with paging up to 1000, and the simple list', async () => {
    const o = await adminAndWorker(t);
    for (const [name, type] of [
      ['一组', 1],
      ['二组', 1],
      ['外包组', 2],
    ] as const)
      await o.admin.call(T.groupCreate, { name, type });
    const all = await o.worker.call(T.groupList, { type: -1, pageIndex: 0, pageSize: 1000 });
    expect(all.data.count).toBe(3);
    expect((await o.worker.call(T.groupList, { type: 2 })).data.list.map((g: { name: string }) => g.name)).toEqual(['外包组']);
    expect((await o.worker.call(T.groupList, { searchText: '二' })).data.list.map((g: { name: string }) => g.name)).toEqual(['二组']);
    expect((await o.worker.call(T.groupList, { pageIndex: 1, pageSize: 2 })).data.list).toHaveLength(1);
    expect((await o.worker.call(T.groupSimpleList)).data.map((g: { name: string }) => g.name)).toEqual(['一组', '二组', '外包组']);
    expect((await o.worker.call(T.groupList, { pageSize: 1001 })).message).toBe('每页条数：每页条数不能超过1000');
  });

  it('updates name, leader and members; deletes', async () => {
    const o = await adminAndWorker(t);
    const id = (await o.admin.call(T.groupCreate, { name: '旧名', memberIds: [o.workerId] })).data.id;
    const u = await o.admin.call(T.groupUpdate, { id, name: '新名', leaderId: o.adminId, memberIds: [] });
    expect(u).toMatchObject({ success: true, message: '保存成功' });
    const d = await o.admin.call(T.groupDetail, { id });
    expect(d.data).toMatchObject({ name: '新名', leaderId: o.adminId });
    expect(d.data.members.map((m: { id: number }) => m.id)).toEqual([o.adminId]);
    expect(await o.admin.call(T.groupDelete, { id })).toMatchObject({ success: true, message: '删除成功' });
    expect(await groupRow(id)).toBeUndefined();
  });

  it('refuses a duplicate name and bad input, writing nothing', async () => {
    const o = await adminAndWorker(t);
    await o.admin.call(T.groupCreate, { name: '唯一' });
    expect((await o.admin.call(T.groupCreate, { name: '唯一' })).code).toBe('NAME_TAKEN');
    expect((await o.admin.call(T.groupCreate, { name: '' })).message).toBe('团队名称：请输入团队名称');
    expect((await o.admin.call(T.groupCreate, { name: '类型错', type: 3 })).message).toBe('团队类型：团队类型不正确，可选：内部服务团队、外包服务团队');
    expect((await o.admin.call(T.groupCreate, { name: '成员错', memberIds: ['x'] })).message).toBe('成员：成员格式不正确');
    expect(await groupsOf(o.enterpriseId)).toBe(1);
  });

  it('answers NOT_FOUND for another enterprise’s group or people, changing nothing', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    const ga = (await a.admin.call(T.groupCreate, { name: '甲组', leaderId: a.workerId })).data.id;
    expect((await b.admin.call(T.groupCreate, { name: '偷人', memberIds: [a.workerId] })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(T.groupCreate, { name: '偷组长', leaderId: a.workerId })).code).toBe('NOT_FOUND');
    expect(await groupsOf(b.enterpriseId)).toBe(0);
    expect((await b.admin.call(T.groupUpdate, { id: ga, name: '被改' })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(T.groupDelete, { id: ga })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(T.groupDetail, { id: ga })).code).toBe('NOT_FOUND');
    expect(await groupRow(ga)).toMatchObject({ name: '甲组', leader_id: a.workerId });
  });

  it('deleting a user removes them from groups and leaderships', async () => {
    const o = await adminAndWorker(t);
    const id = (await o.admin.call(T.groupCreate, { name: '组', leaderId: o.workerId })).data.id;
    await o.admin.call(C.userDelete, { id: o.workerId });
    expect((await o.admin.call(T.groupDetail, { id })).data).toMatchObject({ leaderId: null, memberCount: 0, members: [] });
  });
});

describe('service providers and outsourced users', () => {
  it('creates, lists, filters, shows and updates providers', async () => {
    const o = await adminAndWorker(t);
    const r = await o.admin.call(T.providerCreate, { name: '联保服务', partnerType: 3, linkman: '陈经理', phone: '021-1' });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    await o.admin.call(T.providerCreate, { name: '平台服务', partnerType: 4 });
    const list = await o.admin.call(T.providerList, { partnerType: 3 });
    expect(list.data.count).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id: r.data.id, name: '联保服务', partnerTypeName: '授权服务商', enabled: true, userCount: 0 });
    expect((await o.admin.call(T.providerList, { keyword: '陈' })).data.count).toBe(1);
    expect((await o.admin.call(T.providerUpdate, { id: r.data.id, phone: '', address: '上海' })).success).toBe(true);
    expect((await o.admin.call(T.providerDetail, { id: r.data.id })).data).toMatchObject({ phone: null, address: '上海' });
    expect((await o.worker.call(T.providerSimpleList, {})).data.map((p: { name: string }) => p.name)).toEqual(['联保服务', '平台服务']);
  });

  it('outsourced users belong to a provider; disabling the provider disables them and ends their sessions', async () => {
    const o = await adminAndWorker(t);
    const p = (await o.admin.call(T.providerCreate, { name: '外包一号' })).data.id;
    const mobile = nextMobile();
    const u = await o.admin.call(C.userCreate, { mobile, name: '外包工程师', roles: [2], userType: 1, providerId: p, password: 'out12345' });
    expect(u.success).toBe(true);
    const outsider = await new Client(t.app).login(mobile, 'out12345', o.enterpriseId);
    const list = await o.admin.call(C.userList, { userType: 1, providerId: p });
    expect(list.data.list).toEqual([expect.objectContaining({ id: u.data.id, userType: 1, providerId: p, provider_name: '外包一号' })]);
    expect(await o.admin.call(T.providerEnabled, { id: p, enabled: false })).toMatchObject({ success: true, message: '修改状态成功' });
    expect((await outsider.get('/v2/sessionUser/info')).message).toBe('未登录');
    expect((await o.admin.call(C.userDetail, { id: u.data.id })).data.enabled).toBe(false);
    expect((await o.admin.call(C.userEnabled, { id: u.data.id, enabled: true })).code).toBe('PROVIDER_DISABLED');
    expect((await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '再来', userType: 1, providerId: p })).code).toBe('PROVIDER_DISABLED');
    expect((await o.worker.call(T.providerSimpleList, {})).data).toEqual([]);
  });

  it('enabling an outsourced user while its provider is being disabled waits for the disable and is refused', async () => {
    const o = await adminAndWorker(t);
    const p = (await o.admin.call(T.providerCreate, { name: '外包二号' })).data.id;
    const u = (await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '外包工程师', roles: [2], userType: 1, providerId: p })).data.id;
    expect((await o.admin.call(C.userEnabled, { id: u, enabled: false })).success).toBe(true);
    // The provider's disable (its enabled users, none here, disabled with it) holds the row while the enable waits.
    const on = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`update service_providers set enabled = false where enterprise_id = ${o.enterpriseId} and id = ${p}`);
      },
      () => o.admin.call(C.userEnabled, { id: u, enabled: true }),
    );
    expect(on.code).toBe('PROVIDER_DISABLED');
    expect((await rows<{ enabled: boolean }>(t.deps.db, sql`select enabled from users where id = ${u}`))[0]?.enabled).toBe(false);
  });

  it('refuses a duplicate name, bad input and another enterprise’s provider', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    const p = (await a.admin.call(T.providerCreate, { name: '甲服务商' })).data.id;
    expect((await a.admin.call(T.providerCreate, { name: '甲服务商' })).code).toBe('NAME_TAKEN');
    expect((await a.admin.call(T.providerCreate, { name: '乙', partnerType: 2 })).message).toBe(
      '合作类型：合作类型不正确，可选：外包服务商、授权服务商、授权服务平台',
    );
    expect((await b.admin.call(T.providerUpdate, { id: p, name: '被改' })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(T.providerEnabled, { id: p, enabled: false })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(T.providerDetail, { id: p })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(C.userCreate, { mobile: nextMobile(), name: '甲', userType: 1, providerId: p })).code).toBe('NOT_FOUND');
    const row = (await rows(t.deps.db, sql`select name, enabled from service_providers where id = ${p}`))[0];
    expect(row).toEqual({ name: '甲服务商', enabled: true });
    expect(await count(t.deps.db, sql`select count(*)::int as n from service_providers where enterprise_id = ${a.enterpriseId}`)).toBe(1);
  });
});

describe('service providers: bank details, product lines, regions, contacts and the change log', () => {
  const logsOf = (ep: number) =>
    rows<{ user_id: number; module: string; action: string; detail: string }>(
      t.deps.db,
      sql`select user_id, module, action, detail from operation_log where enterprise_id = ${ep} and module = '服务商' order by id`,
    );
  const contactsOf = (ep: number, id: number) =>
    rows(
      t.deps.db,
      sql`select name, phone, position, is_primary from service_provider_contacts where enterprise_id = ${ep} and provider_id = ${id} order by sort`,
    );
  const full = {
    name: '华东联保',
    partnerType: 3,
    coefficient: 1.2,
    bankName: '招商银行上海分行',
    bankAccountName: '上海华东联保服务有限公司',
    bankAccount: '6214 8301 2345 6789',
    productLines: ['空调', '热水器', '空调'],
    regionCodes: ['31', '3201', '330106'],
    contacts: [
      { name: '陈经理', phone: '13800138000', position: '总经理', isPrimary: true },
      { name: '李调度', phone: '021-62345678', isPrimary: false },
    ],
  };

  it('creates and edits a provider with bank details, product lines, regions and contacts; the list masks the account', async () => {
    const o = await adminAndWorker(t);
    const id = (await o.admin.call(T.providerCreate, full)).data.id;
    const d = (await o.admin.call(T.providerDetail, { id })).data;
    expect(d).toMatchObject({
      bankName: '招商银行上海分行',
      bankAccountName: '上海华东联保服务有限公司',
      bankAccount: '6214830123456789',
      bankAccountMasked: '****6789',
      productLines: ['空调', '热水器'],
      regions: [
        { code: '31', name: '上海市' },
        { code: '3201', name: '江苏省南京市' },
        { code: '330106', name: '浙江省杭州市西湖区' },
      ],
      // The primary contact is the provider's linkman and phone.
      linkman: '陈经理',
      phone: '13800138000',
      contacts: [
        { name: '陈经理', phone: '13800138000', position: '总经理', isPrimary: true },
        { name: '李调度', phone: '021-62345678', position: null, isPrimary: false },
      ],
    });
    const row = (await o.admin.call(T.providerList, {})).data.list[0];
    expect(row).toMatchObject({ id, bankAccountMasked: '****6789', productLines: ['空调', '热水器'] });
    expect(row).not.toHaveProperty('bankAccount');
    expect(JSON.stringify(row)).not.toContain('6214830123456789');

    // Edit: a new primary contact, fewer regions, another account.
    const edited = await o.admin.call(T.providerUpdate, {
      id,
      bankAccount: '955880001234',
      regionCodes: ['310115'],
      productLines: [],
      contacts: [{ name: '王主管', phone: '0571-88886666', position: '站长', isPrimary: true }],
    });
    expect(edited.success).toBe(true);
    const e = (await o.admin.call(T.providerDetail, { id })).data;
    expect(e).toMatchObject({
      bankName: '招商银行上海分行',
      bankAccount: '955880001234',
      regions: [{ code: '310115', name: '上海市浦东新区' }],
      productLines: [],
      linkman: '王主管',
      phone: '0571-88886666',
    });
    expect(await contactsOf(o.enterpriseId, id)).toEqual([{ name: '王主管', phone: '0571-88886666', position: '站长', is_primary: true }]);
  });

  it('refuses a bad bank account, contact phone, region or primary choice with a Chinese message, writing nothing', async () => {
    const o = await adminAndWorker(t);
    const providers = () => count(t.deps.db, sql`select count(*)::int as n from service_providers where enterprise_id = ${o.enterpriseId}`);
    const bad = async (body: Record<string, unknown>, message: string) => {
      const r = await o.admin.call(T.providerCreate, { ...full, ...body });
      expect(r.success, message).toBe(false);
      expect(r.message).toBe(message);
    };
    await bad({ bankAccount: '6214-ABCD-0000' }, '银行账号：银行账号应为8至30位数字');
    await bad({ bankAccount: '1234567' }, '银行账号：银行账号应为8至30位数字');
    await bad({ bankAccount: '1'.repeat(31) }, '银行账号：银行账号应为8至30位数字');
    await bad({ contacts: [{ name: ' ', phone: '13800138000', isPrimary: true }] }, '联系人姓名：请输入联系人姓名');
    await bad({ contacts: [{ name: '陈经理', phone: '12345', isPrimary: true }] }, '联系人电话：请输入正确的手机号或固定电话');
    await bad({ contacts: [{ name: '陈经理', phone: '13800138000', isPrimary: false }] }, '联系人：请指定且只指定一位主联系人');
    await bad(
      {
        contacts: [
          { name: '甲', phone: '13800138000', isPrimary: true },
          { name: '乙', phone: '13800138001', isPrimary: true },
        ],
      },
      '联系人：请指定且只指定一位主联系人',
    );
    await bad({ regionCodes: ['99'] }, '服务区域：地区编码不存在');
    await bad({ regionCodes: ['3101150'] }, '服务区域第1项：地区编码不正确');
    expect(await providers()).toBe(0);
    expect(await logsOf(o.enterpriseId)).toEqual([]);

    // An edit refused the same way changes nothing and logs nothing.
    const id = (await o.admin.call(T.providerCreate, full)).data.id;
    const logged = (await logsOf(o.enterpriseId)).length;
    expect((await o.admin.call(T.providerUpdate, { id, bankAccount: '88', coefficient: 2 })).message).toBe('银行账号：银行账号应为8至30位数字');
    expect((await o.admin.call(T.providerUpdate, { id, coefficient: 2, contacts: [{ name: '新', phone: 'abc', isPrimary: true }] })).message).toBe(
      '联系人电话：请输入正确的手机号或固定电话',
    );
    expect((await o.admin.call(T.providerUpdate, { id, coefficient: 2, regionCodes: ['990101'] })).message).toBe('服务区域：地区编码不存在');
    expect((await rows(t.deps.db, sql`select coefficient_pct, bank_account from service_providers where id = ${id}`))[0]).toEqual({
      coefficient_pct: 120,
      bank_account: '6214830123456789',
    });
    expect(await contactsOf(o.enterpriseId, id)).toHaveLength(2);
    expect(await logsOf(o.enterpriseId)).toHaveLength(logged);
  });

  it('logs every create, edit and status change with who and the coefficient’s and bank details’ old → new, the account masked', async () => {
    const o = await adminAndWorker(t);
    const id = (await o.admin.call(T.providerCreate, full)).data.id;
    await o.admin.call(T.providerUpdate, { id, coefficient: 0.95, bankAccount: '955880001234', bankName: '工商银行' });
    await o.admin.call(T.providerUpdate, { id, remark: '年度合作' });
    await o.admin.call(T.providerEnabled, { id, enabled: false });
    await o.admin.call(T.providerEnabled, { id, enabled: false }); // already disabled: no change, no entry
    const logs = await logsOf(o.enterpriseId);
    expect(logs).toEqual([
      {
        user_id: o.adminId,
        module: '服务商',
        action: '新增',
        detail: '新增服务商「华东联保」：结算系数 1.20；开户银行 招商银行上海分行；开户名 上海华东联保服务有限公司；银行账号 ****6789',
      },
      {
        user_id: o.adminId,
        module: '服务商',
        action: '编辑',
        detail: '编辑服务商「华东联保」：结算系数 1.20 → 0.95；开户银行 招商银行上海分行 → 工商银行；银行账号 ****6789 → ****1234',
      },
      { user_id: o.adminId, module: '服务商', action: '编辑', detail: '编辑服务商「华东联保」' },
      { user_id: o.adminId, module: '服务商', action: '停用', detail: '停用服务商「华东联保」' },
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/6214830123456789|955880001234/);
  });

  it('another enterprise’s provider is not found, unchanged and unlogged', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    const id = (await a.admin.call(T.providerCreate, full)).data.id;
    expect((await b.admin.call(T.providerUpdate, { id, coefficient: 3, bankAccount: '11112222333344' })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(T.providerUpdate, { id, contacts: [{ name: '冒名', phone: '13900139000', isPrimary: true }] })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(T.providerDetail, { id })).code).toBe('NOT_FOUND');
    expect((await rows(t.deps.db, sql`select coefficient_pct, bank_account, linkman from service_providers where id = ${id}`))[0]).toEqual({
      coefficient_pct: 120,
      bank_account: '6214830123456789',
      linkman: '陈经理',
    });
    expect(await contactsOf(a.enterpriseId, id)).toHaveLength(2);
    expect(await logsOf(b.enterpriseId)).toEqual([]);
    expect(await logsOf(a.enterpriseId)).toHaveLength(1);
  });
});
