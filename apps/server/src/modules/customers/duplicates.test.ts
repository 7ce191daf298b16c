// Same name and same phone in one enterprise: the form asks first (duplicateCheck), every write refuses it.
import { customerContract as C, customerPartsContract as K, settingsContract } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { countOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An administrator of a new enterprise with 客户电话不可重复 off: one phone on two customers is then allowed, and only a true duplicate is refused (the setting's own tests: phone.routes.test.ts). */
async function admin(o: Parameters<typeof loggedIn>[2] = {}) {
  const a = await loggedIn(t.app, t.deps.db, { roles: [3], ...o });
  const off = await a.client.request('POST', settingsContract.batchSave.path, [{ code: 'customer_phone_unique', value: '0' }]);
  expect(off.success, off.message).toBe(true);
  return a;
}
const customersOf = (ep: number) => countOf(t.deps.db, 'customers', sql`enterprise_id = ${ep}`);
const HENGRUI = '上海恒瑞物业管理有限公司';
const DUP_MESSAGE = `已存在同名同电话的客户“${HENGRUI}”（13912345678），请直接选用该客户`;

async function add(client: Client, name: string, phone: string, linkName = '赵建国') {
  return client.call(C.addCustomer, { name, linkPerson: { name: linkName, phone } });
}

describe('GET /v2/customer/duplicateCheck', () => {
  it('finds the customer with the same name and phone (also written with dashes), and nothing for another name or phone', async () => {
    const { client } = await admin();
    const made = await add(client, HENGRUI, '13912345678');
    await add(client, HENGRUI, '13900001111', '钱七');
    await add(client, '上海恒瑞物业', '13912345678');
    const r = await client.call(C.duplicateCheck, { name: HENGRUI, phone: '139-1234-5678' });
    expect(r).toMatchObject({ success: true, data: [{ id: made.data.id, name: HENGRUI, linkperson: '赵建国', phone: '13912345678', address: null }] });
    expect((await client.call(C.duplicateCheck, { name: HENGRUI, phone: '13912340000' })).data).toEqual([]);
    expect((await client.call(C.duplicateCheck, { name: '上海恒瑞物业管理', phone: '13912345678' })).data).toEqual([]);
    // editing that customer itself is not a duplicate of itself
    expect((await client.call(C.duplicateCheck, { name: HENGRUI, phone: '13912345678', exceptId: made.data.id })).data).toEqual([]);
  });

  it("does not see another enterprise's customer, and names without an id one the caller may not open", async () => {
    const a = await admin();
    await add(a.client, HENGRUI, '13912345678');
    const b = await admin();
    expect((await b.client.call(C.duplicateCheck, { name: HENGRUI, phone: '13912345678' })).data).toEqual([]);
    // a salesperson (role 5) sees only their own customers: the match is named, but not to be opened
    const sales = await loggedIn(t.app, t.deps.db, { roles: [5], enterpriseId: a.enterpriseId });
    expect((await sales.client.call(C.duplicateCheck, { name: HENGRUI, phone: '13912345678' })).data).toEqual([
      expect.objectContaining({ id: null, name: HENGRUI }),
    ]);
  });

  it('answers 未登录, refuses a role without the add-customer power, and refuses empty input in Chinese', async () => {
    expect((await new Client(t.app).call(C.duplicateCheck, { name: HENGRUI, phone: '13912345678' })).message).toBe('未登录');
    const finance = await loggedIn(t.app, t.deps.db, { roles: [8] });
    expect(await finance.client.call(C.duplicateCheck, { name: HENGRUI, phone: '13912345678' })).toMatchObject({ success: false, code: 'NO_POWER' });
    const { client } = await admin();
    const r = await client.get('/v2/customer/duplicateCheck?name=&phone=139');
    expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(r.message).toContain('客户名称');
  });
});

describe('saving a true duplicate', () => {
  it('refuses a second customer with the same name and phone, clearly, and writes nothing; same name or same phone alone is allowed', async () => {
    const { client, enterpriseId } = await admin();
    expect((await add(client, HENGRUI, '13912345678')).success).toBe(true);
    const dup = await add(client, HENGRUI, '13912345678', '孙丽');
    expect(dup).toMatchObject({ success: false, code: 'CUSTOMER_DUPLICATE', message: DUP_MESSAGE });
    expect(await customersOf(enterpriseId)).toBe(1);
    // a landline is the same whether written with its dash or without
    expect((await add(client, '杭州西溪医院', '0571-88886666')).success).toBe(true);
    expect(await add(client, '杭州西溪医院', '057188886666')).toMatchObject({ success: false, code: 'CUSTOMER_DUPLICATE' });
    const contacts = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from customer_contacts where enterprise_id = ${enterpriseId}`);
    expect(contacts[0]?.n).toBe(2);
    expect((await add(client, HENGRUI, '13900001111')).success).toBe(true);
    expect((await add(client, '上海恒瑞物业', '13912345678')).success).toBe(true);
    expect(await customersOf(enterpriseId)).toBe(4);
  });

  it('is not refused because another enterprise has that customer', async () => {
    const a = await admin();
    await add(a.client, HENGRUI, '13912345678');
    const b = await admin();
    expect((await add(b.client, HENGRUI, '13912345678')).success).toBe(true);
  });

  it('refuses renaming a customer to the name of another with the same phone, and leaves the name as it was', async () => {
    const { client, enterpriseId } = await admin();
    await add(client, HENGRUI, '13912345678');
    const other = await add(client, '恒瑞物业', '13912345678');
    const r = await client.call(C.editCustomer, { id: other.data.id, name: HENGRUI });
    expect(r).toMatchObject({ success: false, code: 'CUSTOMER_DUPLICATE', message: DUP_MESSAGE });
    const [row] = await rows<{ name: string }>(t.deps.db, sql`select name from customers where enterprise_id = ${enterpriseId} and id = ${other.data.id}`);
    expect(row?.name).toBe('恒瑞物业');
    // saving it under its own name is no duplicate of itself
    expect((await client.call(C.editCustomer, { id: other.data.id, name: '恒瑞物业' })).success).toBe(true);
  });

  it('refuses making a primary contact whose phone turns the customer into a duplicate', async () => {
    const { client, enterpriseId } = await admin();
    await add(client, HENGRUI, '13912345678');
    const second = await add(client, HENGRUI, '13900001111', '钱七');
    const r = await client.call(K.linkPersonSave, { customerId: second.data.id, name: '赵建国', phone: '13912345678', isPrimary: true });
    expect(r).toMatchObject({ success: false, code: 'CUSTOMER_DUPLICATE' });
    const [row] = await rows<{ phone: string }>(t.deps.db, sql`select phone from customers where enterprise_id = ${enterpriseId} and id = ${second.data.id}`);
    expect(row?.phone).toBe('13900001111');
    const contacts = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${second.data.id}`,
    );
    expect(contacts[0]?.n).toBe(1);
  });

  it('lets exactly one of 8 parallel saves of the same customer through', async () => {
    const { client, enterpriseId } = await admin();
    const answers = await race(8, (i) => client.post('/v2/customer/addCustomer', { name: HENGRUI, linkPerson: { name: `联系人${i}`, phone: '13912345678' } }));
    expect(tally(answers)).toEqual({ ok: 1, [DUP_MESSAGE]: 7 });
    expect(await customersOf(enterpriseId)).toBe(1);
  });
});
