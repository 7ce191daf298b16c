import { orgContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { adminAndWorker } from './org.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An enterprise with a small tree and people in it; another enterprise with look-alike people. */
async function staffed() {
  const o = await adminAndWorker(t);
  const mk = async (name: string, parentId?: number) => (await o.admin.call(C.deptCreate, { name, parentId })).data.id as number;
  const root = await mk('总部');
  const service = await mk('服务部', root);
  const north = await mk('北方组', service);
  const sales = await mk('销售部', root);
  const db = t.deps.db;
  const ep = o.enterpriseId;
  const zhang = await makeUser(db, ep, { name: '张工程', roles: [2], deptId: north });
  const li = await makeUser(db, ep, { name: '李工程', roles: [2, 1], deptId: service });
  const wang = await makeUser(db, ep, { name: '王销售', roles: [5], deptId: sales });
  const off = await makeUser(db, ep, { name: '张停用', roles: [2], deptId: north, enabled: false });
  const gone = await makeUser(db, ep, { name: '张删除', roles: [2], deptId: north });
  await db.execute(sql`update users set deleted_at = now() where id = ${gone.id}`);
  const other = await adminAndWorker(t);
  await makeUser(db, other.enterpriseId, { name: '张外企', roles: [2] });
  return { ...o, root, service, north, sales, zhang, li, wang, off, gone, other };
}

const ids = (r: { data: { list?: { id: number }[] } | { id: number }[] }) =>
  (Array.isArray(r.data) ? r.data : (r.data.list ?? [])).map((u) => u.id).sort((a, b) => a - b);
const sorted = (...n: number[]) => [...n].sort((a, b) => a - b);

describe('GET /v2/user/list and /v2/user/count', () => {
  it('pages the enterprise’s non-deleted users with their department and roles', async () => {
    const s = await staffed();
    const r = await s.admin.call(C.userList, { pageIndex: 0, pageSize: 10 });
    expect(r.success).toBe(true);
    expect(r.data.count).toBe(6);
    expect(ids(r)).toEqual(sorted(s.adminId, s.workerId, s.zhang.id, s.li.id, s.wang.id, s.off.id));
    const li = r.data.list.find((u: { id: number }) => u.id === s.li.id);
    expect(li).toMatchObject({ name: '李工程', department_name: '服务部', roles: [2, 1], roleNames: '服务人员、派单员', enabled: true, userType: 0 });
    const page2 = await s.admin.call(C.userList, { pageIndex: 1, pageSize: 10 });
    expect(page2.data).toEqual({ list: [], count: 6 });
    expect((await s.admin.call(C.userCount, {})).data).toBe(6);
  });

  it('finds by a part of the name and by the start of the mobile, not by digits inside it', async () => {
    const s = await staffed();
    const ouyang = await makeUser(t.deps.db, s.enterpriseId, { name: '欧阳明华', mobile: '15912345678' });
    const q = async (keyword: string) => ids(await s.admin.call(C.userList, { keyword, pageSize: 50 }));
    expect(await q('阳明')).toEqual([ouyang.id]);
    expect(await q('明华')).toEqual([ouyang.id]);
    expect(await q('欧')).toEqual([ouyang.id]);
    expect(await q('1591234')).toEqual([ouyang.id]);
    expect(await q('2345678')).toEqual([]);
    expect(await q('华明')).toEqual([]);
    // Renaming keeps the search current: the database regenerates the name's grams.
    await s.admin.call(C.userUpdate, { id: ouyang.id, name: '司马光', mobile: '15912345678', roles: [2] });
    expect(await q('阳明')).toEqual([]);
    expect(await q('司马')).toEqual([ouyang.id]);
  });

  it('filters by keyword (name or mobile), department with its sub-departments, role, enabled and user type', async () => {
    const s = await staffed();
    const q = async (f: Record<string, unknown>) => {
      const list = await s.admin.call(C.userList, { pageSize: 50, ...f });
      expect((await s.admin.call(C.userCount, f)).data, JSON.stringify(f)).toBe(list.data.count);
      return ids(list);
    };
    expect(await q({ keyword: '张' })).toEqual(sorted(s.zhang.id, s.off.id));
    expect(await q({ keyword: s.wang.mobile })).toEqual([s.wang.id]);
    expect(await q({ keyword: '%' })).toEqual([]);
    expect(await q({ deptId: s.service })).toEqual(sorted(s.zhang.id, s.li.id, s.off.id));
    expect(await q({ deptId: s.north })).toEqual(sorted(s.zhang.id, s.off.id));
    expect(await q({ role: 1 })).toEqual([s.li.id]);
    expect(await q({ role: 2, enabled: '0' })).toEqual([s.off.id]);
    expect(await q({ role: 2, enabled: 'true' })).toEqual(sorted(s.workerId, s.zhang.id, s.li.id));
    expect(await q({ userType: 1 })).toEqual([]);
  });

  it('never shows another enterprise’s users, even with its department id', async () => {
    const s = await staffed();
    const r = await s.other.admin.call(C.userList, { deptId: s.service, pageSize: 50 });
    expect(r.data).toEqual({ list: [], count: 0 });
    const all = await s.other.admin.call(C.userList, { keyword: '张', pageSize: 50 });
    expect(all.data.list.map((u: { name: string }) => u.name)).toEqual(['张外企']);
  });

  it('refuses bad paging and filters with a clear message', async () => {
    const s = await staffed();
    expect((await s.admin.call(C.userList, { pageSize: 7 })).message).toMatch(/^每页条数：每页条数只能是10、20、50、100/);
    expect((await s.admin.call(C.userList, { role: 11 })).message).toBe('角色：角色只能是1至10');
    expect((await s.admin.call(C.userCount, { userType: 5 })).message).toBe('人员类型：人员类型不正确，可选：内部员工、外包人员');
  });
});

describe('person pickers', () => {
  it('GET /user/roleUserList answers enabled, non-deleted users in the picker shape, for any logged-in user', async () => {
    const s = await staffed();
    const r = await s.worker.call(C.roleUserList, { keyword: '张', pageIndex: 0, pageSize: 10 });
    expect(r.data).toEqual({ list: [{ id: s.zhang.id, name: '张工程', mobile: s.zhang.mobile, department_name: '北方组' }], count: 1 });
  });

  it('limits to holders of a role: service person 2, dispatcher 1, salesperson 5, return visitor 7', async () => {
    const s = await staffed();
    const byRole = async (role: number) => ids(await s.worker.call(C.roleUserList, { role, pageSize: 50 }));
    expect(await byRole(2)).toEqual(sorted(s.workerId, s.zhang.id, s.li.id));
    expect(await byRole(1)).toEqual([s.li.id]);
    expect(await byRole(5)).toEqual([s.wang.id]);
    expect(await byRole(7)).toEqual([]);
    expect((await s.worker.call(C.roleUserCount, { role: 2 })).data).toBe(3);
    expect((await s.worker.call(C.roleUserCount, { role: 2, keyword: s.li.mobile })).data).toBe(1);
    expect(ids(await s.worker.call(C.getUserWithRole, { role: 2 }))).toEqual(sorted(s.workerId, s.zhang.id, s.li.id));
  });

  it('pages the picker', async () => {
    const s = await staffed();
    const first = await s.worker.call(C.roleUserList, { pageIndex: 0, pageSize: 10, role: 2 });
    expect(first.data.count).toBe(3);
    const empty = await s.worker.call(C.roleUserList, { pageIndex: 1, pageSize: 10, role: 2 });
    expect(empty.data).toEqual({ list: [], count: 3 });
  });

  it('refuses a bad role filter', async () => {
    const s = await staffed();
    expect((await s.worker.call(C.roleUserList, { role: 0 })).message).toBe('角色：角色只能是1至10');
    expect((await s.worker.call(C.getUserWithRole, { role: 'abc' })).code).toBe('VALIDATION');
  });
});

describe('GET /user/names/{ids}', () => {
  it('names this enterprise’s users (deleted and disabled too) and skips other enterprises’ ids', async () => {
    const s = await staffed();
    const foreign = s.other.workerId;
    const r = await s.worker.get(`/user/names/${s.zhang.id},${s.gone.id},${s.off.id},${foreign}`);
    expect(r.data).toEqual(
      [
        { id: s.zhang.id, name: '张工程' },
        { id: s.off.id, name: '张停用' },
        { id: s.gone.id, name: '张删除' },
      ].sort((a, b) => a.id - b.id),
    );
  });

  it('refuses a malformed id list', async () => {
    const s = await staffed();
    const r = await s.worker.get('/user/names/a,b');
    expect(r).toMatchObject({ success: false, code: 'VALIDATION', message: '人员：请传入以逗号分隔的人员编号' });
  });
});
