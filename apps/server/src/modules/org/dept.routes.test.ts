import { orgContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { adminAndWorker, count } from './org.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const deptCount = (enterpriseId: number) => count(t.deps.db, sql`select count(*)::int as n from departments where enterprise_id = ${enterpriseId}`);
const deptRow = async (id: number) =>
  (await rows<{ name: string; parent_id: number | null }>(t.deps.db, sql`select name, parent_id from departments where id = ${id}`))[0];

async function orgWithTree() {
  const o = await adminAndWorker(t);
  const mk = async (name: string, parentId?: number) => (await o.admin.call(C.deptCreate, { name, parentId })).data.id as number;
  const root = await mk('总部');
  const service = await mk('服务部', root);
  const north = await mk('华北组', service);
  const sales = await mk('销售部', root);
  return { ...o, root, service, north, sales };
}

describe('GET /stand/dept', () => {
  it('answers the whole tree with direct and subtree user counts', async () => {
    const o = await orgWithTree();
    await makeUser(t.deps.db, o.enterpriseId, { roles: [2], deptId: o.north });
    await makeUser(t.deps.db, o.enterpriseId, { roles: [2], deptId: o.north });
    await makeUser(t.deps.db, o.enterpriseId, { roles: [2], deptId: o.service });
    const gone = await makeUser(t.deps.db, o.enterpriseId, { roles: [2], deptId: o.service });
    await t.deps.db.execute(sql`update users set deleted_at = now() where id = ${gone.id}`);
    // Any logged-in user may read the tree (filters and pickers use it).
    const r = await o.worker.call(C.deptTree);
    expect(r.success).toBe(true);
    expect(r.data).toHaveLength(1);
    const root = r.data[0]!;
    expect(root).toMatchObject({ id: o.root, name: '总部', parentId: null, userCount: 0, allUserCount: 3 });
    const service = root.children.find((c: { id: number }) => c.id === o.service)!;
    expect(service).toMatchObject({ userCount: 1, allUserCount: 3 });
    expect(service.children[0]).toMatchObject({ id: o.north, name: '华北组', userCount: 2, allUserCount: 2, children: [] });
  });

  it('shows only the caller’s enterprise', async () => {
    const a = await orgWithTree();
    const b = await adminAndWorker(t);
    expect((await b.admin.call(C.deptTree)).data).toEqual([]);
    expect((await a.admin.call(C.deptTree)).data).toHaveLength(1);
  });
});

describe('POST /stand/dept', () => {
  it('puts a department saved without a parent under the company node, and a move to no parent there too', async () => {
    const o = await orgWithTree();
    const r = await o.admin.call(C.deptCreate, { name: '无上级部门' });
    expect(r.success).toBe(true);
    expect(await deptRow(r.data.id)).toMatchObject({ name: '无上级部门', parent_id: o.root });
    expect((await o.admin.call(C.deptTree)).data).toHaveLength(1);
    expect((await o.admin.call(C.deptUpdate, { id: o.north, parentId: null })).success).toBe(true);
    expect((await deptRow(o.north))?.parent_id).toBe(o.root);
    // The company node itself stays on top.
    expect((await o.admin.call(C.deptUpdate, { id: o.root, parentId: null })).success).toBe(true);
    expect((await deptRow(o.root))?.parent_id).toBeNull();
  });

  it('creates under a parent with 保存成功', async () => {
    const o = await orgWithTree();
    const r = await o.admin.call(C.deptCreate, { name: '华南组', parentId: o.service });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect(await deptRow(r.data.id)).toEqual({ name: '华南组', parent_id: o.service });
  });

  it('refuses a blank name with a message naming the field, writing nothing', async () => {
    const o = await orgWithTree();
    const before = await deptCount(o.enterpriseId);
    const r = await o.admin.call(C.deptCreate, { name: '  ', parentId: o.root });
    expect(r).toMatchObject({ success: false, code: 'VALIDATION', message: '部门名称：请输入部门名称' });
    expect(await deptCount(o.enterpriseId)).toBe(before);
  });

  it('refuses a sibling with the same name', async () => {
    const o = await orgWithTree();
    expect((await o.admin.call(C.deptCreate, { name: '销售部', parentId: o.root })).code).toBe('NAME_TAKEN');
    // The same name under another parent is fine.
    expect((await o.admin.call(C.deptCreate, { name: '销售部', parentId: o.service })).success).toBe(true);
  });

  it('answers NOT_FOUND for another enterprise’s parent and writes nothing', async () => {
    const a = await orgWithTree();
    const b = await adminAndWorker(t);
    const r = await b.admin.call(C.deptCreate, { name: '渗透', parentId: a.service });
    expect(r.code).toBe('NOT_FOUND');
    expect(await deptCount(b.enterpriseId)).toBe(0);
    expect(await deptCount(a.enterpriseId)).toBe(4);
  });
});

describe('PUT /stand/dept', () => {
  it('renames and moves', async () => {
    const o = await orgWithTree();
    const r = await o.admin.call(C.deptUpdate, { id: o.north, name: '北方组', parentId: o.sales });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect(await deptRow(o.north)).toEqual({ name: '北方组', parent_id: o.sales });
  });

  it('refuses a move under itself or one of its descendants, changing nothing', async () => {
    const o = await orgWithTree();
    for (const parentId of [o.service, o.north]) {
      const r = await o.admin.call(C.deptUpdate, { id: o.service, parentId, name: '改名' });
      expect(r).toMatchObject({ success: false, code: 'DEPT_CYCLE', message: '不能将部门移动到其自身或其下级部门之下' });
    }
    const top = await o.admin.call(C.deptUpdate, { id: o.root, parentId: o.north });
    expect(top.code).toBe('DEPT_CYCLE');
    expect(await deptRow(o.root)).toEqual({ name: '总部', parent_id: null });
    expect(await deptRow(o.service)).toEqual({ name: '服务部', parent_id: o.root });
  });

  it('answers NOT_FOUND for another enterprise’s department and leaves it unchanged', async () => {
    const a = await orgWithTree();
    const b = await orgWithTree();
    expect((await b.admin.call(C.deptUpdate, { id: a.north, name: '被改' })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(C.deptUpdate, { id: b.north, parentId: a.root })).code).toBe('NOT_FOUND');
    expect(await deptRow(a.north)).toEqual({ name: '华北组', parent_id: a.service });
    expect((await deptRow(b.north))?.parent_id).toBe(b.service);
  });

  it('refuses bad input', async () => {
    const o = await orgWithTree();
    const r = await o.admin.call(C.deptUpdate, { id: 'abc', name: '甲' });
    expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(r.message).toMatch(/^部门：/);
  });
});

describe('DELETE /stand/dept', () => {
  it('refuses a department with children or users, and deletes an empty one', async () => {
    const o = await orgWithTree();
    expect((await o.admin.call(C.deptDelete, { id: o.service })).code).toBe('DEPT_NOT_EMPTY');
    const u = await makeUser(t.deps.db, o.enterpriseId, { roles: [2], deptId: o.sales });
    expect((await o.admin.call(C.deptDelete, { id: o.sales })).message).toBe('该部门下还有子部门或人员，不能删除');
    // A deleted user does not keep the department.
    await t.deps.db.execute(sql`update users set deleted_at = now() where id = ${u.id}`);
    expect(await o.admin.call(C.deptDelete, { id: o.sales })).toMatchObject({ success: true, message: '删除成功' });
    expect(await deptRow(o.sales)).toBeUndefined();
  });

  it('answers NOT_FOUND for another enterprise’s department and keeps it', async () => {
    const a = await orgWithTree();
    const b = await adminAndWorker(t);
    expect((await b.admin.call(C.deptDelete, { id: a.north })).code).toBe('NOT_FOUND');
    expect(await deptRow(a.north)).toBeDefined();
  });

  it('refuses a missing id', async () => {
    const o = await orgWithTree();
    expect((await o.admin.call(C.deptDelete, {})).code).toBe('VALIDATION');
    expect(await deptCount(o.enterpriseId)).toBe(4);
  });
});

describe('GET /stand/dept/parentIdList', () => {
  it('answers the ids from the root down to the department', async () => {
    const o = await orgWithTree();
    expect((await o.worker.call(C.deptParents, { id: o.north })).data).toEqual([o.root, o.service, o.north]);
    expect((await o.worker.call(C.deptParents, { id: o.root })).data).toEqual([o.root]);
  });

  it('answers NOT_FOUND for another enterprise’s department, and a clear message for bad input', async () => {
    const a = await orgWithTree();
    const b = await adminAndWorker(t);
    expect((await b.admin.call(C.deptParents, { id: a.north })).code).toBe('NOT_FOUND');
    const bad = await b.admin.call(C.deptParents, {});
    expect(bad.code).toBe('VALIDATION');
    expect(bad.message).toMatch(/^部门：/);
  });
});
