import { customerContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (o: Parameters<typeof loggedIn>[2] = {}) => loggedIn(t.app, t.deps.db, { roles: [3], ...o });
const customersOf = (ep: number) => countOf(t.deps.db, 'customers', sql`enterprise_id = ${ep}`);

describe('POST /v2/customer/addCustomer', () => {
  it('writes the customer, its primary contact and default address in one call, and the detail shows them', async () => {
    const { client } = await admin();
    const r = await client.call(C.addCustomer, {
      name: '上海星河科技有限公司',
      code: 'KH001',
      source: 2,
      level: 1,
      linkPerson: { name: '张三', phone: '13800138000', position: '设备科长' },
      address: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路88号', mapName: '星河大厦', latitude: 31.2, longitude: 121.6 },
    });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    const d = await client.call(C.detail, { id: r.data.id });
    expect(d.data).toMatchObject({
      name: '上海星河科技有限公司',
      code: 'KH001',
      linkperson: '张三',
      phone: '13800138000',
      address: '上海市浦东新区张江路88号',
      mapName: '星河大厦',
    });
    expect(d.data.contacts).toEqual([expect.objectContaining({ name: '张三', isPrimary: true, position: '设备科长' })]);
    expect(d.data.addresses).toEqual([expect.objectContaining({ province: '上海市', district: '浦东新区', isDefault: true, latitude: 31.2 })]);
    expect(d.data.abilities).toEqual({ edit: true, delete: true, permission: true });
  });

  it('refuses bad input with a Chinese message naming the field, and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const noPhone = await client.call(C.addCustomer, { name: '甲公司', linkPerson: { name: '张三', phone: '12345' } });
    expect(noPhone).toMatchObject({ success: false, code: 'VALIDATION', message: '联系电话：请输入正确的手机号或固定电话' });
    const noName = await client.call(C.addCustomer, { linkPerson: { name: '张三', phone: '13800138000' } });
    expect(noName.message).toBe('客户名称：请输入客户名称');
    const badArea = await client.call(C.addCustomer, {
      name: '乙公司',
      linkPerson: { name: '张三', phone: '13800138000' },
      address: { provinceCode: '31', cityCode: '3301', detail: 'x路' },
    });
    expect(badArea.message).toBe('省市区：请按省、市、区县的顺序选择');
    expect(await customersOf(enterpriseId)).toBe(0);
  });

  it('refuses a customer code already used, and a salesperson or tag of another enterprise', async () => {
    const { client, enterpriseId } = await admin();
    await newCustomer(client, { code: 'DUP1' });
    const dup = await newCustomer(client, { code: 'DUP1' }).catch((e: Error) => e.message);
    expect(dup).toBe('addCustomer: 该客户编号已被使用，请更换');
    const other = await admin();
    const stranger = await makeUser(t.deps.db, other.enterpriseId, { roles: [5] });
    const r = await client.call(C.addCustomer, { name: '丙公司', businessUserId: stranger.id, linkPerson: { name: '张三', phone: '13800138000' } });
    expect(r.message).toBe('负责销售：人员不存在');
    expect(await customersOf(enterpriseId)).toBe(1);
  });

  it('answers 未登录 without a session, and the CSRF message without the token', async () => {
    const anon = await new Client(t.app).call(C.addCustomer, { name: 'x' });
    expect(anon.message).toBe('未登录');
    const { client, enterpriseId } = await admin();
    const r = await client.call(C.addCustomer, { name: '丁公司', linkPerson: { name: '张三', phone: '13800138000' } }, { csrf: false });
    expect(r.message).toBe('操作失败，无效的CsrfToken');
    expect(await customersOf(enterpriseId)).toBe(0);
  });

  it('refuses a role without the customer power (finance, role 8)', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [8] });
    expect((await client.call(C.addCustomer, { name: 'x', linkPerson: { name: '张三', phone: '13800138000' } })).code).toBe('NO_POWER');
    expect((await client.call(C.epCustomerList, {})).code).toBe('NO_POWER');
    expect((await client.call(C.customerListCount, {})).code).toBe('NO_POWER');
  });

  it('on the free plan adds a customer but refuses tagging it with the upgrade notice', async () => {
    const { client, enterpriseId } = await admin({ plan: 0 });
    const [tag] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${enterpriseId}, 4, 'VIP', '#ff0000') returning id`,
    );
    const r = await client.call(C.addCustomer, { name: '戊公司', tagIds: [tag!.id], linkPerson: { name: '张三', phone: '13800138000' } });
    expect(r.message).toBe('免费版不支持标签，建议升级为VIP版本，咨询热线：400-800-6688');
    expect(await customersOf(enterpriseId)).toBe(0);
    await newCustomer(client);
    expect(await customersOf(enterpriseId)).toBe(1);
  });
});

describe('customer list, count and filters', () => {
  it('filters by every spec filter and sorts by creation time both ways', async () => {
    const { client, enterpriseId } = await admin();
    const sales = await makeUser(t.deps.db, enterpriseId, { roles: [5], name: '钱销售' });
    const [group] = await rows<{ id: number }>(t.deps.db, sql`insert into service_groups (enterprise_id, name) values (${enterpriseId}, '一组') returning id`);
    const [tag] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${enterpriseId}, 4, '重点', '#ff0000') returning id`,
    );
    const a = await newCustomer(client, {
      name: '杭州云帆制冷设备有限公司',
      businessUserId: sales.id,
      serviceGroupId: group!.id,
      tagIds: [tag!.id],
      external_userid: 'wm-abc',
      linkPerson: { name: '李娜', phone: '13905716602' },
      address: { provinceCode: '33', cityCode: '3301', districtCode: '330106', detail: '文三路100号', mapName: '云帆大厦' },
    });
    const b = await newCustomer(client, { name: '苏州恒通精密机械', linkPerson: { name: '王强', phone: '13771823003' } });
    await t.deps.db.execute(sql`update customers set created_at = now() - interval '3 days' where enterprise_id = ${enterpriseId} and id = ${b}`);
    const ids = async (q: Record<string, unknown>) => (await client.call(C.epCustomerList, q)).data.map((r: { id: number }) => r.id);
    const count = async (q: Record<string, unknown>) => (await client.call(C.customerListCount, q)).data;
    expect(await ids({})).toEqual([a, b]);
    expect(await ids({ sortType: 2 })).toEqual([b, a]);
    expect(await ids({ name: '云帆' })).toEqual([a]);
    expect(await ids({ name: '帆' })).toEqual([a]);
    expect(await ids({ name: '云帆苏' })).toEqual([]);
    expect(await ids({ phone: '139057' })).toEqual([a]);
    expect(await ids({ linkperson: '王强' })).toEqual([b]);
    expect(await ids({ linkPersonPhone: '1377182' })).toEqual([b]);
    expect(await ids({ mapName: '云帆大厦' })).toEqual([a]);
    expect(await ids({ mapName: '西湖区文三路' })).toEqual([a]);
    expect(await ids({ tagId: tag!.id })).toEqual([a]);
    expect(await ids({ businessUserId: sales.id })).toEqual([a]);
    expect(await ids({ serviceGroupId: group!.id })).toEqual([a]);
    expect(await ids({ external_userid: 'wm-abc' })).toEqual([a]);
    const day = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);
    expect(await ids({ startCreateTime: day(1) })).toEqual([a]);
    expect(await ids({ endCreateTime: day(2) })).toEqual([b]);
    expect(await count({ name: '云帆' })).toBe(1);
    expect(await count({})).toBe(2);
    const row = (await client.call(C.epCustomerList, { name: '云帆' })).data[0];
    expect(row).toMatchObject({
      linkperson: '李娜',
      businessUserName: '钱销售',
      serviceGroupName: '一组',
      tags: [{ name: '重点' }],
      address: '浙江省杭州市西湖区文三路100号',
    });
  });

  it('treats % and _ in a filter as plain characters', async () => {
    const { client } = await admin();
    await newCustomer(client, { name: '百分之百公司' });
    expect((await client.call(C.epCustomerList, { name: '%' })).data).toEqual([]);
    expect((await client.call(C.customerListCount, { name: '_' })).data).toBe(0);
  });

  it('refuses an impossible date in a creation range', async () => {
    const { client } = await admin();
    expect((await client.call(C.epCustomerList, { startCreateTime: '2024-02-30' })).message).toBe('创建开始时间：时间格式应为YYYY-MM-DD HH:mm:ss');
  });

  it('pages with zero-based pageIndex and refuses a page size the plan does not offer', async () => {
    const { client } = await admin();
    for (let i = 0; i < 12; i++) await newCustomer(client, { address: null });
    expect((await client.call(C.epCustomerList, { pageIndex: 1, pageSize: 10 })).data).toHaveLength(2);
    expect((await client.call(C.epCustomerList, { pageSize: 7 })).code).toBe('VALIDATION');
  });

  it('the pickers search name, contact and phone', async () => {
    const { client } = await admin();
    const a = await newCustomer(client, { name: '大连港湾冷链', linkPerson: { name: '何平', phone: '13904111616' } });
    await newCustomer(client, { name: '别的公司' });
    const pick = await client.call(C.customerList, { keyword: '何平' });
    expect(pick.data).toMatchObject({ count: 1, list: [{ id: a, name: '大连港湾冷链', phone: '13904111616' }] });
    expect((await client.call(C.customerList, { keyword: '1390411' })).data.count).toBe(1);
    expect((await client.call(C.getCustomerList, { ids: String(a) })).data.map((r: { id: number }) => r.id)).toEqual([a]);
  });
});

describe('a salesperson limited to own customers', () => {
  it('never sees another salesperson’s customer in the list, count, pickers or detail — until granted', async () => {
    const { client: boss, enterpriseId } = await admin();
    const a = await makeUser(t.deps.db, enterpriseId, { roles: [5] });
    const b = await makeUser(t.deps.db, enterpriseId, { roles: [5] });
    const mine = await newCustomer(boss, { name: '甲的客户', businessUserId: a.id });
    const theirs = await newCustomer(boss, { name: '乙的客户', businessUserId: b.id });
    const sa = await new Client(t.app).login(a.mobile, undefined, enterpriseId);
    const ids = async () => (await sa.call(C.epCustomerList, {})).data.map((r: { id: number }) => r.id);
    expect(await ids()).toEqual([mine]);
    expect((await sa.call(C.customerListCount, {})).data).toBe(1);
    expect((await sa.call(C.customerList, {})).data.list.map((r: { id: number }) => r.id)).toEqual([mine]);
    expect((await sa.call(C.getCustomerList, { ids: `${mine},${theirs}` })).data.map((r: { id: number }) => r.id)).toEqual([mine]);
    expect((await sa.call(C.detail, { id: theirs })).code).toBe('NOT_FOUND');
    expect((await sa.get('/customer/linkperson/count', {})).data).toBe(1);
    expect((await sa.call(C.editCustomer, { id: theirs, name: '改名' })).code).toBe('NOT_FOUND');
    expect((await sa.call(C.delAllCustomer, { ids: [mine] })).code).toBe('NO_POWER'); // deleting is the administrator's (docs/permissions.md)
    // A customer the salesperson adds is theirs.
    const own = await newCustomer(sa, { name: '甲自己加的' });
    expect(await ids()).toEqual([own, mine]);
    // Granted to view: visible, but not editable.
    expect((await boss.call(C.batchAddPermission, { customerIds: [theirs], userIds: [a.id], permission: 1 })).success).toBe(true);
    expect(await ids()).toContain(theirs);
    expect((await sa.call(C.detail, { id: theirs })).data.abilities.edit).toBe(false);
    expect((await sa.call(C.editCustomer, { id: theirs, name: '改名' })).code).toBe('NO_POWER');
    expect((await boss.call(C.batchRemovePermission, { customerIds: [theirs], userIds: [a.id] })).success).toBe(true);
    expect(await ids()).not.toContain(theirs);
    // A dispatcher (role 1) sees every customer.
    const d = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId });
    expect((await d.client.call(C.customerListCount, {})).data).toBe(3);
  });

  it('savePermission replaces a customer’s grants, lists them, and refuses users of another enterprise', async () => {
    const { client: boss, enterpriseId } = await admin();
    const a = await makeUser(t.deps.db, enterpriseId, { roles: [5], name: '甲' });
    const b = await makeUser(t.deps.db, enterpriseId, { roles: [5], name: '乙' });
    const c = await newCustomer(boss);
    await boss.call(C.savePermission, { customerId: c, users: [{ userId: a.id, permission: 2 }] });
    await boss.call(C.savePermission, { customerId: c, users: [{ userId: b.id, permission: 1 }] });
    expect((await boss.call(C.permissionList, { customerId: c })).data).toEqual([expect.objectContaining({ userId: b.id, userName: '乙', permission: 1 })]);
    const other = await admin();
    const stranger = await makeUser(t.deps.db, other.enterpriseId, { roles: [5] });
    expect((await boss.call(C.savePermission, { customerId: c, users: [{ userId: stranger.id }] })).code).toBe('NOT_FOUND');
    expect((await other.client.call(C.savePermission, { customerId: c, users: [] })).code).toBe('NOT_FOUND');
    expect((await boss.call(C.permissionList, { customerId: c })).data).toHaveLength(1);
    const free = await admin({ plan: 0 });
    expect((await free.client.call(C.permissionList, { customerId: c })).message).toBe('免费版不支持权限管理，建议升级为VIP版本，咨询热线：400-800-6688');
  });
});

describe('edit and delete', () => {
  it('edits a customer and replaces its tags', async () => {
    const { client, enterpriseId } = await admin();
    const [t1, t2] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${enterpriseId}, 4, '甲', '#ff0000'), (${enterpriseId}, 4, '乙', '#00ff00') returning id`,
    );
    const id = await newCustomer(client, { tagIds: [t1!.id] });
    const r = await client.call(C.editCustomer, { id, name: '新名字', level: 2, tagIds: [t2!.id] });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect((await client.call(C.detail, { id })).data).toMatchObject({ name: '新名字', level: 2, tags: [{ name: '乙' }] });
    expect((await client.call(C.epCustomerList, { name: '新名' })).data).toHaveLength(1);
  });

  it('deletes customers with their contacts and addresses; a failure half-way leaves everything in place', async () => {
    const { client, enterpriseId } = await admin();
    const keep = await newCustomer(client, { name: '保留' });
    const a = await newCustomer(client, { name: '删除甲' });
    await client.post('/customer/linkperson/save', { customerId: a, name: '第二联系人', phone: '13700000002' });
    await client.post('/customer/address/save', { customerId: a, detail: '第二地址' });
    const b = await newCustomer(client, { name: '删除乙' });
    const parts = (id: number) =>
      Promise.all([
        countOf(t.deps.db, 'customer_contacts', sql`enterprise_id = ${enterpriseId} and customer_id = ${id}`),
        countOf(t.deps.db, 'customer_addresses', sql`enterprise_id = ${enterpriseId} and customer_id = ${id}`),
      ]);
    expect(await parts(a)).toEqual([2, 2]);
    // Make the last statement of the delete fail: the contacts and addresses deleted before it must come back.
    await t.deps.db.execute(
      sql.raw(`create function sk_test_refuse() returns trigger language plpgsql as $$ begin
      if old.name = '删除乙' then raise exception 'refused'; end if; return old; end $$`),
    );
    await t.deps.db.execute(sql.raw('create trigger sk_test_refuse before delete on customers for each row execute function sk_test_refuse()'));
    const failed = await client.call(C.delAllCustomer, { ids: [a, b] });
    expect(failed.success).toBe(false);
    expect(await parts(a)).toEqual([2, 2]);
    await t.deps.db.execute(sql.raw('drop trigger sk_test_refuse on customers'));
    const r = await client.call(C.delAllCustomer, { ids: [a, b] });
    expect(r).toMatchObject({ success: true, message: '删除成功' });
    expect(await parts(a)).toEqual([0, 0]);
    expect(await parts(b)).toEqual([0, 0]);
    expect((await client.call(C.epCustomerList, {})).data.map((x: { id: number }) => x.id)).toEqual([keep]);
    expect((await client.call(C.deleteCustomer, { id: keep })).message).toBe('删除成功');
    expect(await customersOf(enterpriseId)).toBe(0);
  });

  it('refuses to delete a customer with a contract, and deletes nothing of the batch', async () => {
    const { client, enterpriseId } = await admin();
    const a = await newCustomer(client, { name: '有合同' });
    const b = await newCustomer(client, { name: '无合同' });
    expect((await client.post('/contract/sale/save', { name: '合同', customerId: a, signDate: '2024-05-01' })).success).toBe(true);
    const r = await client.call(C.delAllCustomer, { ids: [b, a] });
    expect(r.message).toBe('客户“有合同”存在合同，不能删除');
    expect(await customersOf(enterpriseId)).toBe(2);
  });

  it('another enterprise’s customer answers NOT_FOUND to detail, edit and delete, and stays unchanged', async () => {
    const mine = await admin();
    const id = await newCustomer(mine.client, { name: '我的客户' });
    const other = await admin();
    expect((await other.client.call(C.detail, { id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(C.editCustomer, { id, name: '被改' })).code).toBe('NOT_FOUND');
    expect((await other.client.call(C.deleteCustomer, { id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(C.delAllCustomer, { ids: [id] })).code).toBe('NOT_FOUND');
    expect((await other.client.call(C.customerListCount, {})).data).toBe(0);
    expect((await mine.client.call(C.detail, { id })).data.name).toBe('我的客户');
  });
});

describe('templates and smart paste', () => {
  it('cusTemplate answers the customer form’s fixed fields with the spec’s required flags', async () => {
    const { client } = await admin();
    const r = await client.call(C.cusTemplate);
    expect(r.data.fixedFields).toEqual([
      { key: 'name', name: '客户', required: true },
      { key: 'linkPerson', name: '联系人', required: true },
      { key: 'phone', name: '电话', required: true },
      { key: 'address', name: '服务地址', required: false },
    ]);
    expect(Array.isArray((await client.call(C.customerExtField)).data.fields)).toBe(true);
  });

  it('extractCustomerInfo turns pasted text into fields; needs a session, CSRF and the power', async () => {
    const { client } = await admin();
    const r = await client.call(C.extractCustomerInfo, { text: '张三 13800138000 上海市浦东新区张江路88号' });
    expect(r.data).toMatchObject({ name: '张三', phone: '13800138000', provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路88号' });
    expect((await client.call(C.extractCustomerInfo, { text: '' })).message).toBe('客户信息：请粘贴客户信息');
    expect((await client.call(C.extractCustomerInfo, { text: 'x' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await new Client(t.app).call(C.extractCustomerInfo, { text: 'x' })).message).toBe('未登录');
    const fin = await loggedIn(t.app, t.deps.db, { roles: [8] });
    expect((await fin.client.call(C.extractCustomerInfo, { text: 'x' })).code).toBe('NO_POWER');
  });
});
