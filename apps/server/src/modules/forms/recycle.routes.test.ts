import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = async () => loggedIn(t.app, t.deps.db, { roles: [3] });
const ids = (list: { id: number }[]) => list.map((x) => x.id);

async function addField(client: Client, type: number, name: string, tmpId?: number): Promise<number> {
  const r = await client.post('/detailcontrol/saveField', { type, tmpId, field: { name, type: 1 } });
  expect(r.success, r.message).toBe(true);
  return r.data.id;
}
const deletedAt = async (id: number) =>
  (await rows<{ d: string | null }>(t.deps.db, sql`select deleted_at as d from form_fields where id = ${id}`))[0]?.d ?? null;

describe('field recycle bin', () => {
  it('lists deleted fields newest first, counts them, and restores them at the end of the form', async () => {
    const { client } = await admin();
    const install = (await client.post('/v2/temp/add', { name: '安装' })).data.id;
    const a = await addField(client, 1, '甲', install);
    const b = await addField(client, 1, '乙', install);
    await addField(client, 1, '丙', install);
    const c = await addField(client, 2, '客户备注');
    await client.del('/detailcontrol/delete', { type: 1, tmpId: install, ids: [a] });
    await client.del('/detailcontrol/delete', { type: 1, tmpId: install, ids: [b] });
    await client.del('/detailcontrol/delete', { type: 2, ids: [c] });
    const bin = await client.get('/v2/temp/recycleBinField', { tmpId: install });
    expect(ids(bin.data)).toEqual([b, a]);
    expect(bin.data[0]).toMatchObject({ name: '乙', templateName: '安装', formKind: 1, type: 1 });
    expect(bin.data[0]!.deleteTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(bin.data[0]!.deleteUserName).toMatch(/^用户/);
    expect((await client.get('/v2/temp/recycleBinFieldCount', { tmpId: install })).data).toBe(2);
    expect((await client.get('/v2/temp/recycleBinFieldCount')).data).toBe(3);
    expect((await client.get('/v2/temp/recycleBinFieldCount', { type: 2 })).data).toBe(1);
    expect(ids((await client.get('/v2/temp/recycleBinField', { pageIndex: 1, pageSize: 10 })).data)).toEqual([]);

    const r = await client.put('/v2/temp/reductionField', { tmpId: install, ids: [a] });
    expect(r).toMatchObject({ success: true, message: '恢复成功' });
    const fields = (await client.get('/v2/temp/cusTempField', { tmpId: install })).data.fields;
    expect(fields.map((f: { name: string }) => f.name)).toEqual(['丙', '甲']);
    expect(await client.put('/v2/temp/common/reductionField', { type: 2, ids: [c] })).toMatchObject({ success: true, message: '恢复成功' });
    expect((await client.get('/detailcontrol/list', { type: 2 })).data.fields.map((f: { id: number }) => f.id)).toEqual([c]);
    expect((await client.get('/v2/temp/recycleBinFieldCount')).data).toBe(1);
  });

  it('refuses to restore a field whose name is in use again, or one that is not in the bin', async () => {
    const { client } = await admin();
    const a = await addField(client, 2, '等级');
    await client.del('/detailcontrol/delete', { type: 2, ids: [a] });
    await addField(client, 2, '等级');
    expect(await client.put('/v2/temp/common/reductionField', { type: 2, ids: [a] })).toMatchObject({
      success: false,
      message: '等级：已有同名字段，无法恢复',
    });
    expect(await deletedAt(a)).not.toBeNull();
    const live = await addField(client, 2, '生效');
    expect((await client.put('/v2/temp/common/reductionField', { type: 2, ids: [live] })).code).toBe('NOT_FOUND');
    expect((await client.put('/v2/temp/common/reductionField', { type: 2, ids: 'x' })).code).toBe('VALIDATION');
  });

  it("answers NOT_FOUND for another enterprise's deleted fields and keeps them in its bin", async () => {
    const a = await admin();
    const b = await admin();
    const theirs = await addField(b.client, 1, '乙的字段');
    const theirTmpl = (await b.client.get('/orderTypeTemplate/list')).data[0]!.id;
    await b.client.del('/detailcontrol/delete', { type: 1, ids: [theirs] });
    expect((await a.client.put('/v2/temp/reductionField', { tmpId: theirTmpl, ids: [theirs] })).code).toBe('NOT_FOUND');
    expect((await a.client.put('/v2/temp/common/reductionField', { type: 1, ids: [theirs] })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/v2/temp/recycleBinField', { tmpId: theirTmpl })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/v2/temp/recycleBinFieldCount')).data).toBe(0);
    expect(await deletedAt(theirs)).not.toBeNull();
  });
});

describe('money items and their recycle bin', () => {
  it('adds, edits, deletes and restores fee items of an order type', async () => {
    const { client } = await admin();
    const tmpl = (await client.get('/orderTypeTemplate/list')).data[0]!.id;
    const a = await client.post('/v2/moneyItem/save', { tmpId: tmpl, name: '上门费', price: 50, unit: '次' });
    expect(a).toMatchObject({ success: true, message: '保存成功' });
    const b = await client.post('/v2/moneyItem/save', { tmpId: tmpl, name: '材料费', price: '12.5' });
    expect((await client.put('/v2/moneyItem/update', { id: b.data.id, name: '材料费', price: 13.8, unit: '件' })).success).toBe(true);
    const list = await client.get('/v2/moneyItem/list', { tmpId: tmpl });
    expect(list.data.map((m: { name: string; price: number; unit: string }) => [m.name, m.price, m.unit])).toEqual([
      ['上门费', 50, '次'],
      ['材料费', 13.8, '件'],
    ]);
    expect(await client.del('/v2/moneyItem/delete', { ids: [a.data.id] })).toMatchObject({ success: true, message: '删除成功' });
    expect(ids((await client.get('/v2/moneyItem/list')).data)).toEqual([b.data.id]);
    const bin = await client.get('/v2/moneyItem/tmpDeleteList', { tmpId: tmpl });
    expect(bin.data).toHaveLength(1);
    expect(bin.data[0]).toMatchObject({ id: a.data.id, name: '上门费', templateName: '标准工单' });
    expect(bin.data[0]!.deleteTime).toMatch(/^\d{4}-/);
    expect((await client.get('/v2/moneyItem/tmpDeleteListCount')).data).toBe(1);
    expect(await client.put('/v2/moneyItem/returnTmp', { ids: [a.data.id] })).toMatchObject({ success: true, message: '恢复成功' });
    expect((await client.get('/v2/moneyItem/tmpDeleteListCount', { tmpId: tmpl })).data).toBe(0);
    expect(ids((await client.get('/v2/moneyItem/list')).data).sort()).toEqual([a.data.id, b.data.id].sort());
  });

  it('refuses bad input and duplicate names, writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    const tmpl = (await client.get('/orderTypeTemplate/list')).data[0]!.id;
    await client.post('/v2/moneyItem/save', { tmpId: tmpl, name: '上门费', price: 50 });
    expect((await client.post('/v2/moneyItem/save', { tmpId: tmpl, name: '', price: 1 })).message).toBe('收费项目名称：请输入收费项目名称');
    expect((await client.post('/v2/moneyItem/save', { tmpId: tmpl, name: '甲', price: -1 })).message).toBe('单价：单价不能小于0');
    expect((await client.post('/v2/moneyItem/save', { tmpId: tmpl, name: '甲', price: 1.234 })).message).toBe('单价：单价最多两位小数');
    expect((await client.post('/v2/moneyItem/save', { tmpId: tmpl, name: '上门费', price: 1 })).message).toBe('名称已存在');
    const event = (await client.get('/v2/eventTemp/list')).data.list[0]!.id;
    expect((await client.post('/v2/moneyItem/save', { tmpId: event, name: '乙', price: 1 })).code).toBe('NOT_FOUND');
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from money_items where enterprise_id = ${enterpriseId}`);
    expect(n?.n).toBe(1);
  });

  it("answers NOT_FOUND for another enterprise's items and leaves them alone", async () => {
    const a = await admin();
    const b = await admin();
    const theirTmpl = (await b.client.get('/orderTypeTemplate/list')).data[0]!.id;
    const item = (await b.client.post('/v2/moneyItem/save', { tmpId: theirTmpl, name: '乙的费用', price: 9 })).data.id;
    expect((await a.client.put('/v2/moneyItem/update', { id: item, name: '改', price: 1 })).code).toBe('NOT_FOUND');
    expect((await a.client.del('/v2/moneyItem/delete', { ids: [item] })).code).toBe('NOT_FOUND');
    expect((await a.client.post('/v2/moneyItem/save', { tmpId: theirTmpl, name: '插入', price: 1 })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/v2/moneyItem/list', { tmpId: theirTmpl })).code).toBe('NOT_FOUND');
    await b.client.del('/v2/moneyItem/delete', { ids: [item] });
    expect((await a.client.put('/v2/moneyItem/returnTmp', { ids: [item] })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/v2/moneyItem/tmpDeleteListCount')).data).toBe(0);
    const [r] = await rows<{ name: string; d: string | null }>(t.deps.db, sql`select name, deleted_at as d from money_items where id = ${item}`);
    expect(r?.name).toBe('乙的费用');
    expect(r?.d).not.toBeNull();
  });
});
