import { orgContract as C, teamContract as T } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, makeUser, nextMobile } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
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
