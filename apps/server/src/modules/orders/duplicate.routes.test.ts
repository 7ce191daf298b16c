import { fieldInput, formsContract as F, orderContract as O, orderCreateContract as K, productContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer, newModel } from '../customers/test-helpers';
import { saveField } from '../forms/fields.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (plan: 0 | 1 = 1) => loggedIn(t.app, t.deps.db, { roles: [3], plan });
const ordersOf = (ep: number) => countOf(t.deps.db, 'orders', sql`enterprise_id = ${ep}`);
const orderRow = async (ep: number, id: number) =>
  (await rows(t.deps.db, sql`select * from orders where enterprise_id = ${ep} and id = ${id}`))[0] as Record<string, unknown>;

describe('GET /v2/order/duplicateCheck', () => {
  it('finds open orders of the same customer and type only: not completed, cancelled, invalid or deleted ones', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const other = await newCustomer(client);
    const repair = (await client.send(F.tempAdd, { type: 1, name: '维修工单' })).data.id;
    expect((await client.send(K.duplicateCheck, { customerId: customer })).data).toEqual({ count: 0, list: [] });

    const first = (await client.send(O.add, { customerId: customer, title: '空调不制冷' })).data;
    await client.send(O.add, { customerId: customer, title: '另一类型', orderType: repair });
    await client.send(O.add, { customerId: other, title: '别的客户' });
    const r = await client.send(K.duplicateCheck, { customerId: customer });
    expect(r.data).toMatchObject({ count: 1, list: [{ id: first.id, orderNo: first.orderNo, title: '空调不制冷', state: 1 }] });
    expect((await client.send(K.duplicateCheck, { customerId: customer, templateId: repair })).data.count).toBe(1);

    for (const cols of [sql`state = 5`, sql`state = 6`, sql`state = 0, invalid = true`, sql`deleted_at = now()`]) {
      const id = (await client.send(O.add, { customerId: customer, title: '已结束' })).data.id;
      await t.deps.db.execute(sql`update orders set ${cols} where enterprise_id = ${enterpriseId} and id = ${id}`);
    }
    expect((await client.send(K.duplicateCheck, { customerId: customer })).data.count).toBe(1);
  });

  it('refuses the anonymous and a role without the create power; another enterprise’s customer or type is not found', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    expect((await new Client(t.app).send(K.duplicateCheck, { customerId: customer })).message).toBe('未登录');
    const keeper = await loggedIn(t.app, t.deps.db, { roles: [9], enterpriseId });
    expect((await keeper.client.send(K.duplicateCheck, { customerId: customer })).code).toBe('NO_POWER');
    const other = await admin();
    const foreign = await newCustomer(other.client);
    const foreignType = (await other.client.send(F.tempAdd, { type: 1, name: '外企类型' })).data.id;
    expect((await client.send(K.duplicateCheck, { customerId: foreign })).code).toBe('NOT_FOUND');
    expect((await client.send(K.duplicateCheck, { customerId: customer, templateId: foreignType })).code).toBe('NOT_FOUND');
    expect((await client.send(K.duplicateCheck, {})).message).toContain('客户');
    expect((await client.send(K.duplicateCheck, { customerId: 'abc' })).success).toBe(false);
  });

  it('works on the free plan (creating orders is not locked)', async () => {
    const { client } = await admin(0);
    const customer = await newCustomer(client);
    await client.send(O.add, { customerId: customer, title: '免费版工单' });
    expect((await client.send(K.duplicateCheck, { customerId: customer })).data.count).toBe(1);
  });
});

describe('GET /v2/order/customerContext', () => {
  it('answers the customer’s contacts, addresses and installed products with their warranty', async () => {
    const { client } = await admin();
    const customer = await newCustomer(client);
    const model = await newModel(client, { warrantyPeriod: 1, warrantyUnit: 3, warrantyStartType: 3 });
    const today = new Date().toISOString().slice(0, 10);
    await client.send(P.productionSave, { productId: model, customerId: customer, serialNumber: 'SN-NEW', installDate: today });
    await client.send(P.productionSave, { productId: model, customerId: customer, serialNumber: 'SN-OLD', installDate: '2015-01-01' });
    const r = await client.send(K.customerContext, { customerId: customer });
    expect(r.success).toBe(true);
    expect(r.data.contacts).toMatchObject([{ name: expect.stringMatching(/^联系人/), isPrimary: true }]);
    expect(r.data.addresses).toMatchObject([{ fullAddress: expect.stringContaining('张江路'), provinceCode: '31', isDefault: true }]);
    const states = Object.fromEntries(r.data.products.map((p) => [p.serialNumber, p.warrantyState]));
    expect(states).toEqual({ 'SN-NEW': 1, 'SN-OLD': 2 });
  });

  it('refuses the anonymous and a role without the power; another enterprise’s customer is not found', async () => {
    const { client, enterpriseId } = await admin();
    const keeper = await loggedIn(t.app, t.deps.db, { roles: [9], enterpriseId });
    const customer = await newCustomer(client);
    expect((await new Client(t.app).send(K.customerContext, { customerId: customer })).message).toBe('未登录');
    expect((await keeper.client.send(K.customerContext, { customerId: customer })).code).toBe('NO_POWER');
    const other = await admin();
    expect((await client.send(K.customerContext, { customerId: await newCustomer(other.client) })).code).toBe('NOT_FOUND');
    expect((await client.send(K.customerContext, { customerId: -1 })).message).toContain('客户');
  });
});

describe('GET /v2/order/customerOptions', () => {
  it('lets a creator without the customer list (ordinary employee) find customers, never another enterprise’s', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client, { name: '苏州湖畔花园' });
    const employee = await loggedIn(t.app, t.deps.db, { roles: [4], enterpriseId });
    expect((await employee.client.get('/v2/customer/getCustomerList', { keyword: '湖畔' })).code).toBe('NO_POWER');
    expect((await employee.client.send(K.customerOptions, { keyword: '湖畔' })).data).toMatchObject([{ id: customer, name: '苏州湖畔花园' }]);
    const other = await admin();
    const foreign = await newCustomer(other.client, { name: '苏州湖畔花园' });
    expect((await employee.client.send(K.customerOptions, { ids: String(foreign) })).data).toEqual([]);
    const keeper = await loggedIn(t.app, t.deps.db, { roles: [9], enterpriseId });
    expect((await keeper.client.send(K.customerOptions, { keyword: '湖畔' })).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(K.customerOptions)).message).toBe('未登录');
    expect((await employee.client.send(K.customerOptions, { keyword: 'x'.repeat(101) })).message).toContain('关键字不能超过100个字');
  });
});

describe('an order pins its template version and process', () => {
  it('keeps the version and process it was created with when the order type changes later', async () => {
    const { client, enterpriseId, user } = await admin();
    const customer = await newCustomer(client);
    const kind = { enterpriseId, userId: user.id, kind: 1 as const };
    const { id: code } = await saveField(t.deps.db, kind, fieldInput.parse({ name: '故障代码', type: 1, required: true }));
    const first = await client.send(O.add, { customerId: customer, title: '旧版本', ext: { [code]: 'E1' } });
    expect(first.success).toBe(true);
    const before = await orderRow(enterpriseId, first.data.id);

    // The type gains a required field and a new version; the process settings would change in the same way.
    const { id: photo } = await saveField(t.deps.db, kind, fieldInput.parse({ name: '现场说明', type: 1, required: true }));
    const second = await client.send(O.add, { customerId: customer, title: '新版本', ext: { [code]: 'E2', [photo]: '已拍照' } });
    const after = await orderRow(enterpriseId, second.data.id);
    expect(after.template_version_id).not.toBe(before.template_version_id);
    const again = await orderRow(enterpriseId, first.data.id);
    expect(again).toMatchObject({ template_version_id: before.template_version_id, process: before.process, ext: { [code]: 'E1' } });
    // The old order's version still lacks the new field: its detail renders the fields it was created with.
    const v = await client.send(F.dcFormInfo, { type: 1, versionId: before.template_version_id });
    expect(v.data.fields.map((f: { name: string }) => f.name)).toEqual(['故障代码']);
  });

  it('refuses a disabled order type, a source outside the list and a sale channel the enterprise does not allow', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const off = (await client.send(F.tempAdd, { type: 1, name: '停用类型' })).data.id;
    await client.send(F.tempEnable, { id: off, enabled: false });
    expect((await client.send(O.add, { customerId: customer, title: '甲', orderType: off })).message).toBe('工单类型：该工单类型已停用');
    expect((await client.send(O.add, { customerId: customer, title: '甲', source: 9 })).message).toBe('来源：来源不正确');
    await t.deps.db.execute(sql`update enterprises set sale_channels = '1,3' where id = ${enterpriseId}`);
    expect((await client.send(O.add, { customerId: customer, title: '甲', saleChannel: 2 })).message).toBe('销售渠道：不可选择该销售渠道');
    expect(await ordersOf(enterpriseId)).toBe(0);
    const ok = await client.send(O.add, { customerId: customer, title: '甲', source: 1, saleChannel: 3 });
    expect(await orderRow(enterpriseId, ok.data.id)).toMatchObject({ source: 1, sale_channel: 3 });
  });
});
