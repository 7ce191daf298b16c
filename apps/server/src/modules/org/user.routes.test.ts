import { orgContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeEnterprise, makeUser, nextMobile, TEST_PASSWORD, STRONG_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { adminAndWorker, usersOf } from './org.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface UserDb {
  name: string;
  mobile: string;
  roles: number[];
  sysrole: number | null;
  dept_id: number | null;
  enabled: boolean;
  deleted: boolean;
  admin: boolean;
}
const userRow = async (id: number): Promise<UserDb | undefined> =>
  (
    await rows<UserDb>(
      t.deps.db,
      sql`select name, mobile, roles, sysrole, dept_id, enabled, deleted_at is not null as deleted, admin from users where id = ${id}`,
    )
  )[0];
const sessionsOf = async (id: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from sessions where user_id = ${id}`))[0]?.n);

describe('POST /stand/user', () => {
  it('creates a user with an initial password who can then log in', async () => {
    const o = await adminAndWorker(t);
    const dept = (await o.admin.call(C.deptCreate, { name: '技术部' })).data.id;
    const mobile = nextMobile();
    const r = await o.admin.call(C.userCreate, { mobile, name: '新同事', deptId: dept, roles: [2, 1, 2], password: STRONG_PASSWORD, email: 'a@b.cn' });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect(await userRow(r.data.id)).toMatchObject({ name: '新同事', roles: [1, 2], sysrole: 1, dept_id: dept, admin: false, enabled: true });
    const c = await new Client(t.app).login(mobile, STRONG_PASSWORD, o.enterpriseId);
    expect((await c.get('/v2/sessionUser/info')).data.name).toBe('新同事');
  });

  it('allows no roles and no password (the user sets one by code login)', async () => {
    const o = await adminAndWorker(t);
    const r = await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '无角色' });
    expect(r.success).toBe(true);
    const d = await o.admin.call(C.userDetail, { id: r.data.id });
    expect(d.data).toMatchObject({ roles: [], hasPassword: false, deptId: null, deptPath: [] });
  });

  it('refuses a mobile already used in the enterprise, but not one only another enterprise or a deleted user holds', async () => {
    const o = await adminAndWorker(t);
    const mobile = nextMobile();
    expect((await o.admin.call(C.userCreate, { mobile, name: '甲' })).success).toBe(true);
    const before = await usersOf(t.deps.db, o.enterpriseId);
    const dup = await o.admin.call(C.userCreate, { mobile, name: '乙' });
    expect(dup).toMatchObject({ success: false, code: 'MOBILE_TAKEN', message: '该手机号已在本企业中存在' });
    expect(await usersOf(t.deps.db, o.enterpriseId)).toBe(before);
    const other = await adminAndWorker(t);
    expect((await other.admin.call(C.userCreate, { mobile, name: '丙' })).success).toBe(true);
    const gone = await makeUser(t.deps.db, o.enterpriseId, { roles: [2] });
    await o.admin.call(C.userDelete, { id: gone.id });
    expect((await o.admin.call(C.userCreate, { mobile: gone.mobile, name: '丁' })).success).toBe(true);
  });

  it('refuses bad input with a message naming the field, writing nothing', async () => {
    const o = await adminAndWorker(t);
    const before = await usersOf(t.deps.db, o.enterpriseId);
    const cases: [Record<string, unknown>, string][] = [
      [{ mobile: '123', name: '甲' }, '手机号：请输入正确的11位手机号'],
      [{ mobile: nextMobile(), name: '' }, '姓名：请输入姓名'],
      [{ mobile: nextMobile(), name: '甲', roles: [11] }, '角色：角色只能是1至10'],
      [{ mobile: nextMobile(), name: '甲', email: 'not-mail' }, '邮箱：邮箱格式不正确'],
      [{ mobile: nextMobile(), name: '甲', userType: 1 }, '服务商：外包人员需选择所属服务商'],
    ];
    for (const [body, message] of cases) expect((await o.admin.call(C.userCreate, body)).message).toBe(message);
    expect((await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '甲', password: 'short' })).message).toBe('密码：密码至少8位');
    expect((await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '甲', password: 'password1' })).code).toBe('PASSWORD_COMMON');
    expect(await usersOf(t.deps.db, o.enterpriseId)).toBe(before);
  });

  it('answers NOT_FOUND for another enterprise’s department, writing nothing', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    const foreign = (await a.admin.call(C.deptCreate, { name: '甲部门' })).data.id;
    const before = await usersOf(t.deps.db, b.enterpriseId);
    expect((await b.admin.call(C.userCreate, { mobile: nextMobile(), name: '甲', deptId: foreign })).code).toBe('NOT_FOUND');
    expect(await usersOf(t.deps.db, b.enterpriseId)).toBe(before);
  });
});

describe('GET /stand/user', () => {
  it('answers the caller’s own detail without id, and a colleague’s with id', async () => {
    const o = await adminAndWorker(t);
    const own = await o.worker.call(C.userDetail);
    expect(own.data).toMatchObject({ id: o.workerId, roles: [2], roleNames: '服务人员', enabled: true, deleted: false, hasPassword: true, groups: [] });
    expect(own.data.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await o.worker.call(C.userDetail, { id: o.adminId })).data.id).toBe(o.adminId);
  });

  it('answers NOT_FOUND for another enterprise’s user, and a clear message for a bad id', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    expect((await b.admin.call(C.userDetail, { id: a.workerId })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(C.userDetail, { id: 'x' })).message).toMatch(/^人员：/);
  });
});

describe('PUT /stand/user', () => {
  it('lets an administrator edit another user; the current role follows the roles', async () => {
    const o = await adminAndWorker(t);
    const dept = (await o.admin.call(C.deptCreate, { name: '仓储部' })).data.id;
    const r = await o.admin.call(C.userUpdate, { id: o.workerId, name: '改名了', roles: [9, 1], deptId: dept, admin: true });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect(await userRow(o.workerId)).toMatchObject({ name: '改名了', roles: [1, 9], sysrole: 1, dept_id: dept, admin: true });
  });

  it('edits the caller’s own profile without id (name, avatar, email only)', async () => {
    const o = await adminAndWorker(t);
    expect((await o.worker.call(C.userUpdate, { name: '我自己', email: 'me@x.cn', avatar: '/f/1.png' })).success).toBe(true);
    expect((await o.worker.call(C.userDetail)).data).toMatchObject({ name: '我自己', email: 'me@x.cn', avatar: '/f/1.png' });
    const r = await o.worker.call(C.userUpdate, { name: '提权', roles: [3] });
    expect(r).toMatchObject({ success: false, message: '修改个人资料只能修改姓名、头像和邮箱' });
    expect(await userRow(o.workerId)).toMatchObject({ name: '我自己', roles: [2] });
  });

  it('refuses removing role 3 from the last administrator', async () => {
    const o = await adminAndWorker(t);
    const r = await o.admin.call(C.userUpdate, { id: o.adminId, roles: [1] });
    expect(r).toMatchObject({ code: 'LAST_ADMIN', message: '企业至少需要保留一名启用的系统管理员' });
    expect((await userRow(o.adminId))?.roles).toEqual([3]);
  });

  it('refuses a mobile another user holds, and a weak reset password', async () => {
    const o = await adminAndWorker(t);
    const other = await makeUser(t.deps.db, o.enterpriseId, { roles: [2] });
    expect((await o.admin.call(C.userUpdate, { id: o.workerId, mobile: other.mobile })).code).toBe('MOBILE_TAKEN');
    expect((await o.admin.call(C.userUpdate, { id: o.workerId, password: '123' })).message).toBe('密码：密码至少8位');
    expect((await o.admin.call(C.userUpdate, { id: o.workerId, password: '1qaz2wsx' })).message).toBe('密码过于常见，请换一个');
  });

  it('a reset password ends the user’s sessions', async () => {
    const o = await adminAndWorker(t);
    expect((await o.admin.call(C.userUpdate, { id: o.workerId, password: STRONG_PASSWORD })).success).toBe(true);
    expect((await o.worker.get('/v2/sessionUser/info')).message).toBe('未登录');
    expect(await sessionsOf(o.workerId)).toBe(0);
  });

  it('answers NOT_FOUND for another enterprise’s user and leaves them unchanged', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    const before = await userRow(a.workerId);
    expect((await b.admin.call(C.userUpdate, { id: a.workerId, name: '被改', roles: [3] })).code).toBe('NOT_FOUND');
    expect(await userRow(a.workerId)).toEqual(before);
  });

  it('refuses bad input', async () => {
    const o = await adminAndWorker(t);
    expect((await o.admin.call(C.userUpdate, { id: o.workerId, name: 'x'.repeat(21) })).message).toBe('姓名：姓名不能超过20个字');
    expect((await userRow(o.workerId))?.name).not.toBe('x'.repeat(21));
  });
});

describe('DELETE /stand/user', () => {
  it('soft-deletes a user, ends their session and leaves the lists', async () => {
    const o = await adminAndWorker(t);
    expect((await o.worker.get('/v2/sessionUser/info')).success).toBe(true);
    const r = await o.admin.call(C.userDelete, { id: o.workerId });
    expect(r).toMatchObject({ success: true, message: '删除成功' });
    expect((await o.worker.get('/v2/sessionUser/info')).message).toBe('未登录');
    expect(await sessionsOf(o.workerId)).toBe(0);
    expect((await userRow(o.workerId))?.deleted).toBe(true);
    const list = await o.admin.call(C.userList, {});
    expect(list.data.list.map((u: { id: number }) => u.id)).not.toContain(o.workerId);
    expect((await o.admin.call(C.userDelete, { id: o.workerId })).code).toBe('NOT_FOUND');
  });

  it('refuses deleting oneself', async () => {
    const o = await adminAndWorker(t);
    expect((await o.admin.call(C.userDelete, { id: o.adminId })).message).toBe('不能删除或停用自己的账号');
    expect((await userRow(o.adminId))?.deleted).toBe(false);
  });

  it('answers NOT_FOUND for another enterprise’s user and leaves them', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    expect((await b.admin.call(C.userDelete, { id: a.workerId })).code).toBe('NOT_FOUND');
    expect((await userRow(a.workerId))?.deleted).toBe(false);
    expect((await a.worker.get('/v2/sessionUser/info')).success).toBe(true);
    expect((await b.admin.call(C.userDelete, { id: -1 })).code).toBe('VALIDATION');
  });
});

describe('PUT /stand/user/enabled', () => {
  it('disables (ending sessions and refusing login) and enables again', async () => {
    const o = await adminAndWorker(t);
    const worker = await rows<{ mobile: string }>(t.deps.db, sql`select mobile from users where id = ${o.workerId}`);
    const off = await o.admin.call(C.userEnabled, { id: o.workerId, enabled: false });
    expect(off).toMatchObject({ success: true, message: '修改状态成功' });
    expect((await o.worker.get('/v2/sessionUser/info')).message).toBe('未登录');
    const login = await new Client(t.app).post('/stand/pwdLogin', { mobile: worker[0]!.mobile, password: TEST_PASSWORD });
    expect(login.message).toBe('该账号已被停用，请联系管理员');
    expect((await o.admin.call(C.userEnabled, { id: o.workerId, enabled: '1' })).success).toBe(true);
    expect((await userRow(o.workerId))?.enabled).toBe(true);
    await new Client(t.app).login(worker[0]!.mobile);
  });

  it('refuses disabling oneself, another enterprise’s user and bad input', async () => {
    const a = await adminAndWorker(t);
    const b = await adminAndWorker(t);
    expect((await a.admin.call(C.userEnabled, { id: a.adminId, enabled: false })).code).toBe('SELF_DELETE');
    expect((await b.admin.call(C.userEnabled, { id: a.workerId, enabled: false })).code).toBe('NOT_FOUND');
    expect((await userRow(a.workerId))?.enabled).toBe(true);
    expect((await a.admin.call(C.userEnabled, { id: a.workerId, enabled: 'maybe' })).message).toMatch(/^启用状态：/);
  });
});

describe('POST /stand/user/password', () => {
  it('changes the own password, keeping this session and ending the others', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const { client, user } = await loggedIn(t.app, t.deps.db, { roles: [4], enterpriseId: ep });
    const second = await new Client(t.app).login(user.mobile, TEST_PASSWORD, ep);
    expect((await client.call(C.userPassword, { oldPassword: 'wrong999', newPassword: 'next2024' })).message).toBe('原密码错误');
    expect((await client.call(C.userPassword, { oldPassword: TEST_PASSWORD, newPassword: 'abcdef' })).message).toBe('新密码：密码至少8位');
    const r = await client.call(C.userPassword, { oldPassword: TEST_PASSWORD, newPassword: 'next2024' });
    expect(r).toMatchObject({ success: true, message: '密码修改成功' });
    expect((await client.get('/v2/sessionUser/info')).success).toBe(true);
    expect((await second.get('/v2/sessionUser/info')).message).toBe('未登录');
    await new Client(t.app).login(user.mobile, 'next2024', ep);
  });

  it('refuses a missing new password', async () => {
    const o = await adminAndWorker(t);
    expect((await o.worker.call(C.userPassword, { oldPassword: TEST_PASSWORD })).message).toMatch(/^新密码：/);
  });
});
