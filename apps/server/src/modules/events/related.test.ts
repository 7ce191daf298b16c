import { eventContract as K } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newModel } from '../customers/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const newEvent = async (c: Client, o: Record<string, unknown>) => {
  const r = await c.post('/v2/event/add', { title: '打印机卡纸', ...o });
  expect(r.message).toBe('创建成功');
  return r.data.id as number;
};
const titles = (r: { data: { list: { title: string }[] } }) => r.data.list.map((e) => e.title).sort();

describe('a customer’s and an installed product’s events', () => {
  it('lists the customer’s events (GET /v2/event/relatedEventList) and the product’s in its service history', async () => {
    const { client, enterpriseId } = await admin();
    const a = await newCustomer(client);
    const b = await newCustomer(client);
    const model = await newModel(client);
    const product = (await client.post('/v2/customer/production/save', { productId: model, customerId: a })).data.id as number;
    await newEvent(client, { customerId: a, title: '甲一' });
    await newEvent(client, { customerId: a, title: '甲二', customerProductId: product });
    await newEvent(client, { customerId: b, title: '乙' });

    expect(titles(await client.call(K.relatedList, { customerId: a, pageIndex: 0, pageSize: 10 }))).toEqual(['甲一', '甲二']);
    expect(titles(await client.call(K.relatedList, { customerProductId: product, pageIndex: 0, pageSize: 10 }))).toEqual(['甲二']);
    expect(await client.call(K.relatedList, { pageIndex: 0, pageSize: 10 })).toMatchObject({ success: false, message: '客户：请选择客户或产品' });

    const history = await client.get(`/v2/customer/production/history?id=${product}`);
    expect(history.data.filter((h: { type: string }) => h.type === '事件').map((h: { title: string }) => h.title)).toEqual(['甲二']);

    // A service person sees only what their scope shows: the unclaimed pool, not others' claimed events.
    const eng = await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    const engClient = await new Client(t.app).login(eng.mobile, TEST_PASSWORD, enterpriseId);
    const claimed = await newEvent(client, { customerId: a, title: '甲三' });
    const other = await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    expect((await client.post('/v2/event/assign', { id: claimed, principalId: other.id })).success).toBe(true);
    expect(titles(await engClient.call(K.relatedList, { customerId: a, pageIndex: 0, pageSize: 10 }))).toEqual(['甲一', '甲二']);

    // Another enterprise's customer id: nothing.
    const stranger = await admin();
    expect((await stranger.client.call(K.relatedList, { customerId: a, pageIndex: 0, pageSize: 10 })).data).toEqual({ list: [], count: 0 });
  });
});
