import { customerContract as C, customerPartsContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { behindLock } from '../../test/race';
import { newCustomer } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (o: Parameters<typeof loggedIn>[2] = {}) => loggedIn(t.app, t.deps.db, { roles: [3], ...o });
const flags = (ep: number, table: 'customer_contacts' | 'customer_addresses', col: 'is_primary' | 'is_default', customerId: number) =>
  rows<{ id: number; flag: boolean }>(
    t.deps.db,
    sql`select id, ${sql.identifier(col)} as flag from ${sql.identifier(table)} where enterprise_id = ${ep} and customer_id = ${customerId} order by id`,
  );

describe('contacts (/customer/linkperson/*)', () => {
  it('adds, lists, counts and makes a contact primary; the customer’s phone follows the primary contact', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client, { linkPerson: { name: '张三', phone: '13800000001' } });
    const r = await client.call(P.linkPersonSave, { customerId: id, name: '李四', phone: '021-62345678', position: '经理' });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect((await client.call(P.linkPersonCount, { customerId: id })).data).toBe(2);
    expect((await client.call(P.linkPersonList, { customerId: id })).data.map((k: { name: string }) => k.name)).toEqual(['张三', '李四']);
    await client.call(P.linkPersonSave, { id: r.data.id, customerId: id, name: '李四', phone: '021-62345678', isPrimary: true });
    expect((await flags(enterpriseId, 'customer_contacts', 'is_primary', id)).map((f) => f.flag)).toEqual([false, true]);
    expect((await client.call(C.detail, { id })).data).toMatchObject({ linkperson: '李四', phone: '021-62345678' });
    expect((await client.call(C.epCustomerList, { phone: '021-6234' })).data).toHaveLength(1);
    const all = await client.call(C.epLinkPersonList, { name: '李' });
    expect(all.data).toEqual([expect.objectContaining({ name: '李四', customerId: id })]);
    expect((await client.call(C.epLinkPersonListCount, { phone: '1380000' })).data).toBe(1);
  });

  it('deleting a contact made the primary while the delete waited still hands the flag on', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client);
    const second = (await client.call(P.linkPersonSave, { customerId: id, name: '第二', phone: '13800000002' })).data.id;
    const [first] = await flags(enterpriseId, 'customer_contacts', 'is_primary', id);
    // 设为主联系人 on the second holds the customer while its delete (read as not the primary) waits for it.
    const del = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`select 1 from customers where enterprise_id = ${enterpriseId} and id = ${id} for update`);
        await tx.execute(sql`update customer_contacts set is_primary = (id = ${second}) where enterprise_id = ${enterpriseId} and customer_id = ${id}`);
      },
      () => client.call(P.linkPersonDelete, { id: second }),
    );
    expect(del.message).toBe('删除成功');
    expect(await flags(enterpriseId, 'customer_contacts', 'is_primary', id)).toEqual([{ id: first?.id, flag: true }]);
  });

  it('deleting the primary hands the flag on; the last contact cannot be deleted', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client);
    const second = await client.call(P.linkPersonSave, { customerId: id, name: '第二', phone: '13800000002' });
    const [first] = await flags(enterpriseId, 'customer_contacts', 'is_primary', id);
    expect((await client.call(P.linkPersonDelete, { id: first!.id })).message).toBe('删除成功');
    expect(await flags(enterpriseId, 'customer_contacts', 'is_primary', id)).toEqual([{ id: second.data.id, flag: true }]);
    expect((await client.call(C.detail, { id })).data.linkperson).toBe('第二');
    expect((await client.call(P.linkPersonDelete, { id: second.data.id })).message).toBe('客户至少需要保留一个联系人');
  });

  it('refuses bad input, a missing CSRF token, a role without the power, the free plan and another enterprise', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client);
    expect((await client.call(P.linkPersonSave, { customerId: id, name: '', phone: '13800000002' })).message).toBe('联系人：请输入联系人');
    expect((await client.call(P.linkPersonSave, { customerId: id, name: '王五', phone: '13800000002' }, { csrf: false })).message).toBe(
      '操作失败，无效的CsrfToken',
    );
    expect((await new Client(t.app).call(P.linkPersonList, {})).message).toBe('未登录');
    const worker = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    expect((await worker.client.call(P.linkPersonSave, { customerId: id, name: '王五', phone: '13800000002' })).code).toBe('NO_POWER');
    const free = await admin({ plan: 0 });
    expect((await free.client.call(P.linkPersonList, {})).message).toBe('免费版不支持联系人管理，建议升级为VIP版本，咨询热线：400-800-6688');
    expect((await free.client.call(C.epLinkPersonList, {})).code).toBe('PLAN_FREE');
    const other = await admin();
    expect((await other.client.call(P.linkPersonSave, { customerId: id, name: '王五', phone: '13800000002' })).code).toBe('NOT_FOUND');
    const [k] = await flags(enterpriseId, 'customer_contacts', 'is_primary', id);
    expect((await other.client.call(P.linkPersonSave, { id: k!.id, customerId: id, name: '改', phone: '13800000002' })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.linkPersonDelete, { id: k!.id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.linkPersonCount, {})).data).toBe(0);
    expect((await client.call(P.linkPersonList, { customerId: id })).data).toEqual([
      expect.objectContaining({ id: k!.id, name: expect.not.stringContaining('改') }),
    ]);
  });
});

describe('addresses (/customer/address/*)', () => {
  it('adds a second address and sets it default; exactly one default stays', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client);
    const r = await client.call(P.addressSave, {
      customerId: id,
      provinceCode: '33',
      cityCode: '3301',
      districtCode: '330106',
      detail: '文三路100号',
      mapName: '云帆大厦',
    });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect((await flags(enterpriseId, 'customer_addresses', 'is_default', id)).map((f) => f.flag)).toEqual([true, false]);
    expect((await client.call(P.addressSetDefault, { id: r.data.id })).message).toBe('设置成功');
    expect((await flags(enterpriseId, 'customer_addresses', 'is_default', id)).map((f) => f.flag)).toEqual([false, true]);
    expect((await client.call(C.detail, { id })).data.address).toBe('浙江省杭州市西湖区文三路100号');
    const list = await client.call(P.addressList, { customerId: id });
    expect(list.data[0]).toMatchObject({
      id: r.data.id,
      isDefault: true,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      fullAddress: '浙江省杭州市西湖区文三路100号',
    });
    expect((await client.call(P.addressCount, { cityCode: '3301' })).data).toBe(1);
    expect((await client.call(P.addressCount, { mapName: '云帆' })).data).toBe(1);
    // Twenty parallel setDefault calls on alternating addresses still leave one default.
    const [a, b] = (await flags(enterpriseId, 'customer_addresses', 'is_default', id)).map((f) => f.id);
    await Promise.all(Array.from({ length: 20 }, (_, i) => client.call(P.addressSetDefault, { id: i % 2 ? a : b })));
    expect((await flags(enterpriseId, 'customer_addresses', 'is_default', id)).filter((f) => f.flag)).toHaveLength(1);
  });

  it('a customer’s first address becomes its default; deleting the default hands the flag on', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client, { address: null });
    const a = await client.call(P.addressSave, { customerId: id, detail: '一号路' });
    const b = await client.call(P.addressSave, { customerId: id, detail: '二号路' });
    expect((await flags(enterpriseId, 'customer_addresses', 'is_default', id)).map((f) => f.flag)).toEqual([true, false]);
    expect((await client.call(P.addressDelete, { id: a.data.id })).message).toBe('删除成功');
    expect(await flags(enterpriseId, 'customer_addresses', 'is_default', id)).toEqual([{ id: b.data.id, flag: true }]);
  });

  it('deleting an address made the default while the delete waited still hands the flag on', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client, { address: null });
    const a = (await client.call(P.addressSave, { customerId: id, detail: '一号路' })).data.id;
    const b = (await client.call(P.addressSave, { customerId: id, detail: '二号路' })).data.id;
    // 设为默认 on b holds the customer while the delete of b (read as not the default) waits for it.
    const del = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`select 1 from customers where enterprise_id = ${enterpriseId} and id = ${id} for update`);
        await tx.execute(sql`update customer_addresses set is_default = (id = ${b}) where enterprise_id = ${enterpriseId} and customer_id = ${id}`);
      },
      () => client.call(P.addressDelete, { id: b }),
    );
    expect(del.message).toBe('删除成功');
    expect(await flags(enterpriseId, 'customer_addresses', 'is_default', id)).toEqual([{ id: a, flag: true }]);
  });

  it('refuses bad areas, missing CSRF, a role without the power, the free plan and another enterprise', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client);
    expect((await client.call(P.addressSave, { customerId: id, provinceCode: '11', cityCode: '3101', detail: 'x' })).message).toBe(
      '省市区：请按省、市、区县的顺序选择',
    );
    expect((await client.call(P.addressSave, { customerId: id, detail: '' })).message).toBe('详细地址：请输入详细地址');
    expect((await client.call(P.addressSave, { customerId: id, detail: 'x' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await new Client(t.app).call(P.addressCount, {})).message).toBe('未登录');
    const worker = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    expect((await worker.client.call(P.addressList, {})).code).toBe('NO_POWER');
    const free = await admin({ plan: 0 });
    expect((await free.client.call(P.addressSave, { customerId: id, detail: 'x' })).message).toBe(
      '免费版不支持地址管理，建议升级为VIP版本，咨询热线：400-800-6688',
    );
    const other = await admin();
    const [addr] = await flags(enterpriseId, 'customer_addresses', 'is_default', id);
    expect((await other.client.call(P.addressSetDefault, { id: addr!.id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.addressDelete, { id: addr!.id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.addressSave, { id: addr!.id, customerId: id, detail: '改' })).code).toBe('NOT_FOUND');
    expect((await client.call(P.addressCount, { customerId: id })).data).toBe(1);
    expect((await client.call(P.addressList, { customerId: id })).data[0]!.detail).not.toBe('改');
  });
});

describe('contact search and duplicates', () => {
  it('the contact list’s keyword finds a contact by name or by any part of the phone', async () => {
    const { client } = await admin();
    const id = await newCustomer(client, { linkPerson: { name: '王五', phone: '13912345678' } });
    await client.call(P.linkPersonSave, { customerId: id, name: '赵六', phone: '021-66668888' });
    const names = async (keyword: string) => (await client.call(C.epLinkPersonList, { keyword })).data.map((k: { name: string }) => k.name).sort();
    expect(await names('1391234')).toEqual(['王五']);
    expect(await names('5678')).toEqual(['王五']);
    expect(await names('6666')).toEqual(['赵六']);
    expect(await names('赵')).toEqual(['赵六']);
    expect((await client.call(C.epLinkPersonListCount, { keyword: '021-6666' })).data).toBe(1);
    // An edit keeps the search current.
    const [zhao] = (await client.call(C.epLinkPersonList, { keyword: '赵六' })).data;
    await client.call(P.linkPersonSave, { id: zhao!.id, customerId: id, name: '赵六', phone: '13055556666' });
    expect(await names('0555')).toEqual(['赵六']);
    expect(await names('021-6666')).toEqual([]);
  });

  it('refuses the same name and phone twice for one customer, with a Chinese message, and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client, { linkPerson: { name: '张三', phone: '13800000001' } });
    const r = await client.call(P.linkPersonSave, { customerId: id, name: '张三', phone: '13800000001' });
    expect(r).toMatchObject({ success: false, code: 'CONTACT_TAKEN', message: '该客户已有联系人“张三”（13800000001），请勿重复添加' });
    expect(await flags(enterpriseId, 'customer_contacts', 'is_primary', id)).toHaveLength(1);
    // Another customer may hold the same person; the same name with another phone is another contact.
    const other = await newCustomer(client);
    expect((await client.call(P.linkPersonSave, { customerId: other, name: '张三', phone: '13800000001' })).success).toBe(true);
    expect((await client.call(P.linkPersonSave, { customerId: id, name: '张三', phone: '13800000009' })).success).toBe(true);
    // Editing a contact into a copy of another one is refused too.
    const [, second] = await flags(enterpriseId, 'customer_contacts', 'is_primary', id);
    const edit = await client.call(P.linkPersonSave, { id: second!.id, customerId: id, name: '张三', phone: '13800000001' });
    expect(edit.code).toBe('CONTACT_TAKEN');
  });

  it('parallel saves of the same new contact write it once', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client);
    // Six requests at once (positions differ): the customer's row lock lets one through.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.call(P.linkPersonSave, { customerId: id, name: '并发', phone: '13700001111', position: `岗位${i}` })),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success).every((r) => r.code === 'CONTACT_TAKEN')).toBe(true);
    const n = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${id} and name = '并发'`,
    );
    expect(n[0]?.n).toBe(1);
  });
});

describe('deleting what an event refers to', () => {
  const eventOf = async (c: Client, o: Record<string, unknown>) => (await c.post('/v2/event/add', { title: '报修', ...o })).data.id as number;
  const linksOf = async (ep: number, id: number) =>
    (
      await rows<{ contact_id: number | null; address_id: number | null; custom_linkperson: string | null; full_address: string | null }>(
        t.deps.db,
        sql`select contact_id, address_id, custom_linkperson, full_address from events where enterprise_id = ${ep} and id = ${id}`,
      )
    )[0];

  it('detaches the event from a deleted contact or address; it keeps its copy of the name and the address', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client);
    const second = await client.call(P.linkPersonSave, { customerId: id, name: '第二', phone: '13800000002' });
    const addr = await client.call(P.addressSave, { customerId: id, detail: '二号路' });
    const ev = await eventOf(client, { customerId: id, contactId: second.data.id, addressId: addr.data.id });
    const before = await linksOf(enterpriseId, ev);
    expect(before).toMatchObject({ contact_id: second.data.id, address_id: addr.data.id });
    expect(await client.call(P.linkPersonDelete, { id: second.data.id })).toMatchObject({ success: true, message: '删除成功' });
    expect(await client.call(P.addressDelete, { id: addr.data.id })).toMatchObject({ success: true, message: '删除成功' });
    expect(await linksOf(enterpriseId, ev)).toEqual({ ...before, contact_id: null, address_id: null });
  });

  it('refuses to delete a customer that has events, in Chinese, and deletes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newCustomer(client, { name: '有事件的客户' });
    await eventOf(client, { customerId: id });
    expect(await client.call(C.delAllCustomer, { ids: [id] })).toMatchObject({
      success: false,
      code: 'CUSTOMER_HAS_EVENTS',
      message: '客户“有事件的客户”存在事件，不能删除',
    });
    expect(await flags(enterpriseId, 'customer_contacts', 'is_primary', id)).toHaveLength(1);
  });
});
