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
const names = (list: { name: string }[]) => list.map((x) => x.name);

async function snapshot(enterpriseId: number) {
  return rows(
    t.deps.db,
    sql`select (select count(*)::int from form_template_versions where enterprise_id = ${enterpriseId}) as versions,
               (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'deleted', deleted_at is not null) order by id), '[]') from form_fields where enterprise_id = ${enterpriseId}) as fields`,
  );
}

async function add(client: Client, type: number, field: Record<string, unknown>, tmpId?: number) {
  const r = await client.post('/detailcontrol/saveField', { type, tmpId, field });
  expect(r.success, r.message).toBe(true);
  return r.data as { id: number; versionId: number };
}

describe('saveField / updateField / list', () => {
  it('adds fields to a form kind, each change making a new version', async () => {
    const { client } = await admin();
    const qty = await add(client, 2, { name: '采购数量', type: 2, required: true, min: 0, help: '单位：台' });
    const price = await add(client, 2, { name: '单价', type: 2, precision: 2 });
    expect(price.versionId).toBeGreaterThan(qty.versionId);
    const total = await add(client, 2, { name: '总价', type: 19, formula: `{${qty.id}} * {${price.id}}` });
    const list = await client.get('/detailcontrol/list', { type: 2 });
    expect(list.data).toMatchObject({ type: 2, templateName: '客户表单', version: 4, versionId: total.versionId });
    expect(list.data.fields.map((f: { name: string; sort: number }) => [f.name, f.sort])).toEqual([
      ['采购数量', 1],
      ['单价', 2],
      ['总价', 3],
    ]);
    expect(list.data.fields[0]).toMatchObject({ required: true, min: 0, help: '单位：台', group: null, visibleRoles: [] });
    const upd = await client.put('/detailcontrol/updateField', { type: 2, id: price.id, field: { name: '单价（元）', type: 2, precision: 2, required: true } });
    expect(upd).toMatchObject({ success: true, message: '保存成功' });
    const after = await client.get('/detailcontrol/list', { type: 2 });
    expect(after.data.version).toBe(5);
    expect(after.data.fields[1]).toMatchObject({ id: price.id, name: '单价（元）', required: true, sort: 2 });
  });

  it('groups order fields (default 其他) and lists fixed and custom field names', async () => {
    const { client } = await admin();
    await add(client, 1, { name: '型号', type: 1, group: 'orderInfo' });
    await add(client, 1, { name: '备注', type: 13 });
    const fields = (await client.get('/detailcontrol/list', { type: 1 })).data.fields;
    expect(fields.map((f) => f.group)).toEqual(['orderInfo', 'other']);
    const namesRes = await client.get('/detailcontrol/getFieldName', { type: 1 });
    expect(namesRes.data.filter((x: { system: boolean }) => x.system).map((x: { key: string }) => x.key)).toEqual([
      'customerId',
      'title',
      'serviceAmount',
      'spareAmount',
      'otherAmount',
      'totalAmount',
    ]);
    expect(namesRes.data.filter((x: { system: boolean }) => !x.system).map((x: { name: string }) => x.name)).toEqual(['型号', '备注']);
  });

  it('refuses bad definitions with a message naming the problem, writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    const num = await add(client, 26, { name: '金额', type: 2 });
    const before = await snapshot(enterpriseId);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', type: 1 }, '字段名称：请输入字段名称'],
      [{ name: '甲', type: 99 }, '字段类型：不支持的字段类型'],
      [{ name: '甲', type: 3, options: [] }, '选项：请至少添加一个选项'],
      [{ name: '甲', type: 3, options: ['A', 'A'] }, '选项：选项不能重复'],
      [{ name: '甲', type: 19, formula: '{1' }, '公式：引用缺少右花括号“}”'],
      [{ name: '甲', type: 19, formula: '{999999} + 1' }, '字段“甲”：公式引用的字段“999999”不存在或不是数字'],
      [{ name: '金额', type: 1 }, '字段“金额”：字段名称已存在'],
      [{ name: '甲', type: 1, condition: { field: '424242', values: ['x'] } }, '字段“甲”：显示条件引用的字段不存在'],
      [{ name: '甲', type: 2, defaultValue: '很多' }, '默认值：请输入数字'],
      [{ name: '甲', type: 30 }, '关联对象：请选择关联对象'],
    ];
    for (const [field, message] of cases) {
      expect(await client.post('/detailcontrol/saveField', { type: 26, field }), message).toMatchObject({ success: false, code: 'VALIDATION', message });
    }
    expect((await client.put('/detailcontrol/updateField', { type: 26, id: num.id, field: { name: '金额', type: 19, formula: `{${num.id}}` } })).message).toBe(
      '字段“金额”：公式不能引用自身',
    );
    expect(await snapshot(enterpriseId)).toEqual(before);
  });

  it("answers NOT_FOUND for another enterprise's field or template and changes nothing", async () => {
    const a = await admin();
    const b = await admin();
    const theirs = await add(b.client, 1, { name: '乙字段', type: 1 });
    const theirTmpl = (await b.client.get('/orderTypeTemplate/list')).data[0]!.id;
    const before = await snapshot(b.enterpriseId);
    expect((await a.client.put('/detailcontrol/updateField', { type: 1, id: theirs.id, field: { name: '改', type: 1 } })).code).toBe('NOT_FOUND');
    expect((await a.client.post('/detailcontrol/saveField', { type: 1, tmpId: theirTmpl, field: { name: '插入', type: 1 } })).code).toBe('NOT_FOUND');
    expect((await a.client.del('/detailcontrol/delete', { type: 1, ids: [theirs.id] })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/detailcontrol/list', { type: 1, tmpId: theirTmpl })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/detailcontrol/forminfo', { type: 1, versionId: theirs.versionId })).code).toBe('NOT_FOUND');
    expect((await a.client.post('/detailControl/save', { type: 1, fields: [{ id: theirs.id, name: '改', type: 1 }] })).code).toBe('NOT_FOUND');
    expect(await snapshot(b.enterpriseId)).toEqual(before);
  });
});

describe('forminfo and fieldValues', () => {
  it('answers the form for the caller: fixed fields, heights, and only fields their role may see', async () => {
    const { client, enterpriseId } = await admin();
    await add(client, 3, { name: '公开', type: 1 });
    await add(client, 3, { name: '仅管理员', type: 1, visibleRoles: [3] });
    const info = await client.get('/detailcontrol/forminfo', { type: 3 });
    expect(info.data).toMatchObject({ kindName: '客户产品', height: 215, groups: [] });
    expect(info.data.fixedFields.map((f: { name: string; required: boolean }) => [f.name, f.required])).toEqual([
      ['名称', true],
      ['序列号', false],
      ['客户', false],
      ['地址', false],
      ['二维码', false],
    ]);
    expect(names(info.data.fields)).toEqual(['公开', '仅管理员']);
    const staff = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    expect(names((await staff.client.get('/detailcontrol/forminfo', { type: 3 })).data.fields)).toEqual(['公开']);
    const contract = await client.get('/detailcontrol/forminfo', { type: 26 });
    expect(contract.data.fixedFields.every((f: { required: boolean }) => f.required)).toBe(true);
    expect(names(contract.data.fixedFields)).toEqual(['合同编号', '名称', '客户', '签订日期', '状态']);
    expect(names((await client.get('/detailcontrol/forminfo', { type: 25 })).data.fixedFields)).toEqual(['名称', '服务期限', '金额']);
    expect(names((await client.get('/detailcontrol/forminfo', { type: 7 })).data.fixedFields)).toEqual(['服务项目', '备件金额', '其他金额', '优惠金额']);
    expect((await client.get('/detailcontrol/forminfo', { type: 5 })).message).toBe('表单类型：表单类型不存在');
  });

  it('validates and computes values without saving them (designer preview)', async () => {
    const { client, enterpriseId } = await admin();
    const hours = await add(client, 1, { name: '工时', type: 2, required: true });
    const cost = await add(client, 1, { name: '工时费', type: 19, formula: `{${hours.id}} * 80 + {serviceAmount}` });
    const before = await snapshot(enterpriseId);
    const r = await client.post('/detailcontrol/fieldValues', { type: 1, ext: { [hours.id]: '1.5' }, system: { serviceAmount: 10 } });
    expect(r.data.ext).toEqual({ [hours.id]: 1.5, [cost.id]: 130 });
    expect(r.data.fields.map((f: { tfname: string; tfvvalue: string }) => [f.tfname, f.tfvvalue])).toEqual([
      ['工时', '1.5'],
      ['工时费', '130'],
    ]);
    expect(await client.post('/detailcontrol/fieldValues', { type: 1, ext: {} })).toMatchObject({ success: false, message: '工时：不能为空' });
    expect(await client.post('/detailcontrol/fieldValues', { type: 1, ext: { [hours.id]: '两个' } })).toMatchObject({
      success: false,
      message: '工时：请输入数字',
    });
    expect(await client.post('/detailcontrol/fieldValues', { type: 1, ext: [1] })).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(await snapshot(enterpriseId)).toEqual(before);
  });
});

describe('delete and the designer save', () => {
  it('moves fields to the recycle bin, but not a field another one uses', async () => {
    const { client } = await admin();
    const a = await add(client, 1, { name: '数量', type: 2 });
    const f = await add(client, 1, { name: '两倍', type: 19, formula: `{${a.id}} * 2` });
    expect(await client.del('/detailcontrol/delete', { type: 1, ids: [a.id] })).toMatchObject({ success: false, message: '数量：被字段“两倍”引用，不能删除' });
    expect(await client.del('/detailcontrol/delete', { type: 1, ids: [f.id, a.id] })).toMatchObject({ success: true, message: '删除成功' });
    expect((await client.get('/detailcontrol/list', { type: 1 })).data.fields).toEqual([]);
    expect(await client.del('/detailcontrol/delete', { type: 1, ids: [a.id] })).toMatchObject({ code: 'NOT_FOUND' });
    expect((await client.del('/detailcontrol/delete', { type: 1, ids: [] })).message).toBe('字段：请选择字段');
  });

  it('saves the whole form at once: reorders, edits, adds and removes in one version', async () => {
    const { client } = await admin();
    const a = await add(client, 6, { name: 'A', type: 1 });
    const b = await add(client, 6, { name: 'B', type: 1 });
    const c = await add(client, 6, { name: 'C', type: 1 });
    const r = await client.post('/detailControl/save', {
      type: 6,
      fields: [
        { id: c.id, name: 'C', type: 1 },
        { name: 'D', type: 2 },
        { id: a.id, name: 'A2', type: 1, required: true },
      ],
    });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    const after = await client.get('/v2/eventTemp/cusTempField');
    expect(after.data.version).toBe(5);
    expect(after.data.fields.map((f: { name: string; sort: number }) => `${f.name}${f.sort}`)).toEqual(['C1', 'D2', 'A23']);
    const detail = await client.get('/detailControl/detail', { type: 6 });
    expect(detail.data).toMatchObject({ recycleCount: 1, templateEnabled: true, kindName: '事件' });
    expect((await client.get('/v2/temp/recycleBinField', { type: 6 })).data.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const bad = await client.post('/detailControl/save', {
      type: 6,
      fields: [
        { name: 'X', type: 1 },
        { name: 'X', type: 2 },
      ],
    });
    expect(bad).toMatchObject({ success: false, message: '字段“X”：字段名称已存在' });
    expect((await client.get('/v2/eventTemp/cusTempField')).data.version).toBe(5);
  });

  it('offers event and project variants of save, update and delete', async () => {
    const { client } = await admin();
    const p = await client.post('/formcontrol/project/save', { field: { name: '预算', type: 2 } });
    expect(p).toMatchObject({ success: true, message: '保存成功' });
    expect((await client.put('/formcontrol/project/update', { id: p.data.id, field: { name: '预算（万元）', type: 2 } })).success).toBe(true);
    expect(names((await client.get('/detailcontrol/list', { type: 10 })).data.fields)).toEqual(['预算（万元）']);
    // A project field is not an event field.
    expect((await client.put('/formcontrol/event/update', { id: p.data.id, field: { name: 'x', type: 1 } })).code).toBe('NOT_FOUND');
    expect(await client.del('/formcontrol/project/delete', { ids: [p.data.id] })).toMatchObject({ success: true, message: '删除成功' });
    const e = await client.post('/formcontrol/event/save', { field: { name: '渠道', type: 3, options: ['电话', '微信'] } });
    expect((await client.put('/formcontrol/event/update', { id: e.data.id, field: { name: '渠道', type: 3, options: ['电话'] } })).success).toBe(true);
    expect((await client.del('/formcontrol/event/delete', { ids: [e.data.id] })).success).toBe(true);
    expect((await client.post('/formcontrol/event/save', { field: { name: '', type: 1 } })).message).toBe('字段名称：请输入字段名称');
  });
});
