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
async function templateRow(id: number) {
  const [r] = await rows<{ name: string; enabled: boolean; sort: number }>(t.deps.db, sql`select name, enabled, sort from form_templates where id = ${id}`);
  return r;
}

describe('order types and templates', () => {
  it('gives a new enterprise its default order type, event and project templates', async () => {
    const { client } = await admin();
    const types = await client.get('/orderTypeTemplate/list');
    expect(types.success).toBe(true);
    expect(names(types.data)).toEqual(['标准工单']);
    expect(types.data[0]).toMatchObject({ type: 1, enabled: true, isDefault: true, version: 1, fieldCount: 0 });
    expect(names((await client.get('/v2/eventTemp/list')).data.list)).toEqual(['标准事件']);
    expect(names((await client.get('/v2/detailcontroltmpl/list', { type: 10 })).data.list)).toEqual(['标准项目']);
  });

  it('creates, renames, disables and reorders order types', async () => {
    const { client } = await admin();
    const a = await client.post('/v2/temp/add', { name: '安装工单' });
    expect(a).toMatchObject({ success: true, message: '保存成功' });
    const b = await client.post('/v2/temp/add', { type: 1, name: '维修工单' });
    expect((await client.put('/v2/temp/rename', { id: b.data.id, name: '上门维修' })).message).toBe('保存成功');
    expect((await client.put('/v2/temp/enable', { id: a.data.id, enabled: false })).message).toBe('修改状态成功');
    expect(names((await client.get('/orderTypeTemplate/list')).data)).toEqual(['标准工单', '上门维修']);
    const listed = await client.get('/v2/temp/list', { pageIndex: 0, pageSize: 10 });
    expect(listed.data.count).toBe(3);
    expect(names(listed.data.list)).toEqual(['标准工单', '安装工单', '上门维修']);
    expect((await client.get('/v2/temp/list', { enabled: 'false' })).data.list.map((x: { id: number }) => x.id)).toEqual([a.data.id]);
    expect(names((await client.get('/v2/temp/list', { keyword: '维修' })).data.list)).toEqual(['上门维修']);
    await client.put('/v2/temp/sort', { ids: [b.data.id, a.data.id] });
    expect(names((await client.get('/v2/temp/list')).data.list)).toEqual(['上门维修', '安装工单', '标准工单']);
    expect(names((await client.get('/v2/temp/list', { pageIndex: 1, pageSize: 10 })).data.list)).toEqual([]);
  });

  it('refuses a duplicate name, a second template of a single-template kind, and disabling the default', async () => {
    const { client } = await admin();
    expect(await client.post('/v2/temp/add', { name: '标准工单' })).toMatchObject({ success: false, message: '名称已存在' });
    expect(await client.post('/v2/temp/add', { type: 2, name: '客户二' })).toMatchObject({ success: false, message: '表单类型：客户只有一个模板，不能新增' });
    const def = (await client.get('/orderTypeTemplate/list')).data[0]!;
    expect(await client.put('/v2/temp/enable', { id: def.id, enabled: false })).toMatchObject({ success: false, message: '默认模板不能停用' });
    const other = await client.post('/v2/temp/add', { name: '巡检工单' });
    expect(await client.put('/v2/temp/rename', { id: other.data.id, name: '标准工单' })).toMatchObject({ success: false, message: '名称已存在' });
  });

  it('explains bad input in Chinese and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    await client.get('/orderTypeTemplate/list');
    expect(await client.post('/v2/temp/add', { name: '  ' })).toMatchObject({ success: false, code: 'VALIDATION', message: '模板名称：请输入模板名称' });
    expect((await client.post('/v2/temp/add', { type: 99, name: '甲' })).message).toBe('表单类型：表单类型不存在');
    expect((await client.put('/v2/temp/enable', { id: 1, enabled: 'maybe' })).message).toBe('状态：请选择启用或停用');
    expect((await client.get('/v2/temp/list', { pageSize: 7 })).message).toContain('每页条数');
    const [n] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from form_templates where enterprise_id = ${enterpriseId} and form_kind = 1`,
    );
    expect(n?.n).toBe(1);
  });

  it("answers NOT_FOUND for another enterprise's template and leaves it unchanged", async () => {
    const a = await admin();
    const b = await admin();
    const theirs = (await b.client.post('/v2/temp/add', { name: '乙的类型' })).data.id;
    const mine = (await a.client.post('/v2/temp/add', { name: '甲的类型' })).data.id;
    expect((await a.client.put('/v2/temp/rename', { id: theirs, name: '改名' })).code).toBe('NOT_FOUND');
    expect((await a.client.put('/v2/temp/enable', { id: theirs, enabled: false })).code).toBe('NOT_FOUND');
    expect((await a.client.put('/v2/temp/sort', { ids: [mine, theirs] })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/v2/detailcontroltmpl/edit', { id: theirs })).code).toBe('NOT_FOUND');
    expect((await a.client.get('/v2/temp/cusTempField', { tmpId: theirs })).code).toBe('NOT_FOUND');
    expect(await templateRow(theirs)).toMatchObject({ name: '乙的类型', enabled: true });
    expect(names((await a.client.get('/v2/temp/list')).data.list)).not.toContain('乙的类型');
  });
});

describe('template fields', () => {
  async function withField(client: Client, tmpId?: number) {
    const r = await client.post('/detailcontrol/saveField', { type: 1, tmpId, field: { name: '故障类型', type: 3, options: ['A', 'B'] } });
    expect(r.success).toBe(true);
    return r.data as { id: number; versionId: number };
  }

  it('answers each template its own fields (cusTempField, eventTemp/cusTempField)', async () => {
    const { client } = await admin();
    const install = (await client.post('/v2/temp/add', { name: '安装' })).data.id;
    await withField(client, install);
    const own = await client.get('/v2/temp/cusTempField', { tmpId: install });
    expect(own.data).toMatchObject({ templateId: install, templateName: '安装', type: 1, version: 2 });
    expect(names(own.data.fields)).toEqual(['故障类型']);
    expect((await client.get('/v2/temp/cusTempField')).data.fields).toEqual([]);
    const ev = await client.post('/formcontrol/event/save', { field: { name: '来源', type: 1 } });
    expect(ev.message).toBe('保存成功');
    const events = await client.get('/v2/eventTemp/cusTempField');
    expect(names(events.data.fields)).toEqual(['来源']);
    // An event template's id is not an order template.
    expect((await client.get('/v2/temp/cusTempField', { tmpId: events.data.templateId })).code).toBe('NOT_FOUND');
  });

  it('shows a template read-only with any of its versions (template view)', async () => {
    const { client } = await admin();
    const first = await withField(client);
    await client.put('/detailcontrol/updateField', { type: 1, id: first.id, field: { name: '故障分类', type: 3, options: ['A'] } });
    const tmpl = (await client.get('/orderTypeTemplate/list')).data[0]!;
    const now = await client.get('/v2/detailcontroltmpl/edit', { id: tmpl.id });
    expect(now.data).toMatchObject({ version: 3, kindName: '工单', height: 86 });
    expect(now.data.groups.map((g: { name: string }) => g.name)).toEqual([
      '工单信息',
      '客户信息',
      '进度信息',
      '服务费用',
      '工单回执',
      '服务评价',
      '统计信息',
      '其他',
    ]);
    expect(now.data.fixedFields).toEqual([
      { key: 'customerId', name: '客户', type: 30, required: true, group: 'customerInfo' },
      { key: 'title', name: '标题', type: 1, required: true, group: 'orderInfo' },
    ]);
    expect(names(now.data.fields)).toEqual(['故障分类']);
    const old = await client.get('/v2/detailcontroltmpl/edit', { id: tmpl.id, versionId: first.versionId });
    expect(names(old.data.fields)).toEqual(['故障类型']);
    const all = await client.get('/v2/detailcontroltmpl/list', { pageSize: 20 });
    expect(all.data.count).toBe(14);
    expect(all.data.list.map((x: { type: number }) => x.type)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 25, 26]);
    expect(all.data.list.find((x: { type: number }) => x.type === 25)!.name).toBe('维保合同表单');
  });
});
