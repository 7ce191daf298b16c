import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const someone = async (enterpriseId?: number) => loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
const PAGE = '/allOrder';

describe('table configuration', () => {
  it('keeps each user their own columns and widths per table; an empty choice resets', async () => {
    const me = await someone();
    const colleague = await someone(me.enterpriseId);
    expect((await me.client.get('/fr/table/cfg/parameter/list', { tableKey: PAGE })).data).toEqual([]);
    const cols = [{ key: 'orderNo', width: 180 }, { key: 'title' }, { key: 'state', fixed: 'right' }];
    expect(await me.client.post('/fr/table/cfg/update', { tableKey: PAGE, columns: cols })).toMatchObject({ success: true, message: '保存成功' });
    const saved = await me.client.get('/fr/table/cfg/parameter/list', { tableKey: PAGE });
    expect(saved.data).toEqual([
      { key: 'orderNo', width: 180, fixed: null },
      { key: 'title', width: null, fixed: null },
      { key: 'state', width: null, fixed: 'right' },
    ]);
    await me.client.post('/fr/table/cfg/update', { tableKey: PAGE, columns: [{ key: 'title', width: 300 }] });
    await me.client.post('/fr/table/cfg/update', { tableKey: '/allCustomer', columns: [{ key: 'name' }] });
    const all = await me.client.get('/fr/table/cfg/list/table');
    expect(all.data.map((x: { tableKey: string; columns: unknown[] }) => [x.tableKey, x.columns.length])).toEqual([
      ['/allCustomer', 1],
      [PAGE, 1],
    ]);
    expect((await colleague.client.get('/fr/table/cfg/parameter/list', { tableKey: PAGE })).data).toEqual([]);
    await me.client.post('/fr/table/cfg/update', { tableKey: PAGE, columns: [] });
    expect((await me.client.get('/fr/table/cfg/parameter/list', { tableKey: PAGE })).data).toEqual([]);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const me = await someone();
    expect((await me.client.post('/fr/table/cfg/update', { tableKey: '', columns: [] })).message).toBe('表格：请指定表格');
    expect((await me.client.post('/fr/table/cfg/update', { tableKey: 'a b', columns: [] })).message).toBe('表格：表格格式不正确');
    expect((await me.client.post('/fr/table/cfg/update', { tableKey: PAGE, columns: 'title' })).code).toBe('VALIDATION');
    expect((await me.client.post('/fr/table/cfg/update', { tableKey: PAGE, columns: [{ key: 'a' }, { key: 'a' }] })).message).toBe('列：不能重复');
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from table_configs where user_id = ${me.user.id}`);
    expect(n?.n).toBe(0);
  });
});

describe('saved search plans', () => {
  it('saves named filter sets per page, with one default that survives a new session', async () => {
    const me = await someone();
    const a = await me.client.post('/search/plan/save', { pageKey: PAGE, name: '我的待服务', conditions: { states: [3], keyword: '空调' } });
    expect(a).toMatchObject({ success: true, message: '保存成功' });
    const b = await me.client.post('/search/plan/save', { pageKey: PAGE, name: '紧急', conditions: { priority: 3 }, isDefault: true });
    await me.client.post('/search/plan/save', { pageKey: '/Myevent', name: '紧急', conditions: {} });
    expect((await me.client.get('/search/plan/count', { pageKey: PAGE })).data).toBe(2);
    const list = await me.client.get('/search/plan/list', { pageKey: PAGE });
    expect(list.data.map((p: { name: string; isDefault: boolean }) => [p.name, p.isDefault])).toEqual([
      ['我的待服务', false],
      ['紧急', true],
    ]);
    expect((await me.client.get('/search/plan/detail', { id: a.data.id })).data).toMatchObject({ pageKey: PAGE, conditions: { states: [3], keyword: '空调' } });
    expect(await me.client.post('/search/plan/set/default', { pageKey: PAGE, id: a.data.id })).toMatchObject({ success: true, message: '设置成功' });
    const again = await new Client(t.app).login(me.user.mobile, TEST_PASSWORD, me.enterpriseId);
    expect((await again.get('/search/plan/default', { pageKey: PAGE })).data).toMatchObject({ id: a.data.id, name: '我的待服务', isDefault: true });
    const upd = await me.client.post('/search/plan/save', { id: b.data.id, pageKey: PAGE, name: '很紧急', conditions: { priority: 3 } });
    expect(upd.data.id).toBe(b.data.id);
    expect((await me.client.get('/search/plan/detail', { id: b.data.id })).data).toMatchObject({ name: '很紧急', isDefault: false });
    await me.client.post('/search/plan/set/default', { pageKey: PAGE });
    expect((await me.client.get('/search/plan/default', { pageKey: PAGE })).data).toBeNull();
    expect(await me.client.del('/search/plan/delete', { id: a.data.id })).toMatchObject({ success: true, message: '删除成功' });
    expect((await me.client.get('/search/plan/count', { pageKey: PAGE })).data).toBe(1);
  });

  it('refuses duplicate names and bad input, writing nothing', async () => {
    const me = await someone();
    await me.client.post('/search/plan/save', { pageKey: PAGE, name: '甲', conditions: {} });
    expect((await me.client.post('/search/plan/save', { pageKey: PAGE, name: '甲', conditions: { x: 1 } })).message).toBe('名称已存在');
    expect((await me.client.post('/search/plan/save', { pageKey: PAGE, name: '', conditions: {} })).message).toBe('方案名称：请输入方案名称');
    expect((await me.client.post('/search/plan/save', { pageKey: PAGE, name: '乙', conditions: 'x' })).code).toBe('VALIDATION');
    const big = { text: 'x'.repeat(10_001) };
    expect((await me.client.post('/search/plan/save', { pageKey: PAGE, name: '乙', conditions: big })).message).toBe('筛选条件：筛选条件不能超过10000个字符');
    expect((await me.client.get('/search/plan/detail', { id: 'abc' })).code).toBe('VALIDATION');
    expect((await me.client.get('/search/plan/count', { pageKey: PAGE })).data).toBe(1);
  });

  it("keeps plans private: another user's or enterprise's plan answers NOT_FOUND and stays unchanged", async () => {
    const me = await someone();
    const colleague = await someone(me.enterpriseId);
    const stranger = await someone();
    const plan = (await me.client.post('/search/plan/save', { pageKey: PAGE, name: '我的', conditions: { a: 1 } })).data.id;
    for (const other of [colleague, stranger]) {
      expect((await other.client.get('/search/plan/detail', { id: plan })).code).toBe('NOT_FOUND');
      expect((await other.client.post('/search/plan/save', { id: plan, pageKey: PAGE, name: '偷改', conditions: {} })).code).toBe('NOT_FOUND');
      expect((await other.client.post('/search/plan/set/default', { pageKey: PAGE, id: plan })).code).toBe('NOT_FOUND');
      expect((await other.client.del('/search/plan/delete', { id: plan })).code).toBe('NOT_FOUND');
      expect((await other.client.get('/search/plan/count', { pageKey: PAGE })).data).toBe(0);
    }
    expect((await me.client.get('/search/plan/detail', { id: plan })).data).toMatchObject({ name: '我的', isDefault: false, conditions: { a: 1 } });
  });
});
