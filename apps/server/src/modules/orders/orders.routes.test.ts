import { DEFAULT_ORDER_PROCESS, fieldInput, orderContract as K, productContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { outcomes, raceCalls } from '../../test/race';
import { deleteAddress } from '../customers/addresses.service';
import { deleteContact } from '../customers/contacts.service';
import { deleteCustomers } from '../customers/customers.service';
import { deleteInstalled } from '../customers/installed.service';
import { countOf, newCustomer, newModel } from '../customers/test-helpers';
import { saveField } from '../forms/fields.service';
import { AppError } from '../../platform/errors';
import { afterOrderCreated } from '../../platform/signals';
import { setProcessResolver } from './order.hooks';
import type { Actor } from '../../platform/actor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const ordersOf = (ep: number) => countOf(t.deps.db, 'orders', sql`enterprise_id = ${ep}`);
const orderRow = async (ep: number, id: number) =>
  (await rows(t.deps.db, sql`select * from orders where enterprise_id = ${ep} and id = ${id}`))[0] as Record<string, unknown>;

describe('POST /v2/order/add', () => {
  it('creates an order with a number, the pinned template version, the customer’s contact and address, people and a log row', async () => {
    const { client, enterpriseId, user } = await admin();
    const customer = await newCustomer(client);
    const helper = await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    const watcher = await makeUser(t.deps.db, enterpriseId, { roles: [4] });
    const { id: fieldId } = await saveField(
      t.deps.db,
      { enterpriseId, userId: user.id, kind: 1 },
      fieldInput.parse({ name: '故障代码', type: 1, required: true }),
    );
    const [item] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into service_items (enterprise_id, name, price) values (${enterpriseId}, '上门检测', 80) returning id`,
    );

    const body = {
      customerId: customer,
      title: '空调不制冷',
      priority: 2,
      customApplyTime: '2024-06-01 09:30:00',
      serviceId: [item?.id],
      coordinationUserId: [helper.id],
      duplicateUserId: [watcher.id],
    };
    const missing = await client.send(K.add, body);
    expect(missing).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(missing.message).toContain('故障代码');
    expect(await ordersOf(enterpriseId)).toBe(0);

    const r = await client.send(K.add, { ...body, ext: { [fieldId]: 'E1' } });
    expect(r).toMatchObject({ success: true, message: '创建成功', data: { state: 1, orderNo: expect.stringMatching(/^GD\d{8}-0001$/) } });
    const o = await orderRow(enterpriseId, r.data.id);
    expect(o).toMatchObject({
      state: 1,
      version: 0,
      title: '空调不制冷',
      priority: 2,
      created_by: user.id,
      // No source given: staff made it, 客服/内部创建 (1), so the 工单来源 filter and report count it.
      source: 1,
      ext: { [fieldId]: 'E1' },
      // numeric comes back as text from a raw select
      service_amount: '80.00',
      receivable_amount: '80.00',
      custom_link_person: expect.stringMatching(/^联系人/),
      full_address: expect.stringContaining('张江路'),
    });
    expect(o.template_version_id).not.toBeNull();
    expect(o.appointment_at).not.toBeNull();
    expect(await countOf(t.deps.db, 'order_people', sql`enterprise_id = ${enterpriseId} and order_id = ${r.data.id}`)).toBe(2);
    expect(
      await countOf(t.deps.db, 'order_logs', sql`enterprise_id = ${enterpriseId} and order_id = ${r.data.id} and action = 'create' and to_state = 1`),
    ).toBe(1);
    expect((await client.send(K.add, { ...body, ext: { [fieldId]: 'E2' } })).data.orderNo).toMatch(/-0002$/);
  });

  it('keeps a source given (经销商案例转化) and refuses one outside the list, writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const r = await client.send(K.add, { customerId: customer, title: '经销商转来', source: 2 });
    expect((await orderRow(enterpriseId, r.data.id)).source).toBe(2);
    const bad = await client.send(K.add, { customerId: customer, title: '来源不明', source: 9 });
    expect(bad.success).toBe(false);
    expect(await ordersOf(enterpriseId)).toBe(1);
  });

  it('gives parallel creations distinct numbers', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const { values, errors } = outcomes(await raceCalls(10, (i) => client.send(K.add, { customerId: customer, title: `单${i}` })));
    expect(errors).toEqual([]);
    expect(values.every((r) => r.success)).toBe(true);
    expect(new Set(values.map((r) => r.data.orderNo)).size).toBe(10);
    expect(await ordersOf(enterpriseId)).toBe(10);
  });

  it('pins the process the resolver gives and runs the created hooks in the transaction (a hook that throws writes nothing)', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const seen: number[] = [];
    let fail = false;
    const offHook = afterOrderCreated(async (o) => {
      if (o.enterpriseId !== enterpriseId) return;
      seen.push(o.state);
      if (fail) throw new AppError('VALIDATION', { detail: '自动派单失败' });
    });
    // The resolver that was there comes back afterwards: test files of one worker share the module.
    const restore = setProcessResolver(async () => ({ process: { ...DEFAULT_ORDER_PROCESS, acceptance: true }, processVersionId: null }));
    try {
      const r = await client.send(K.add, { customerId: customer, title: '按流程' });
      expect(r).toMatchObject({ success: true, data: { state: 0 } });
      expect((await orderRow(enterpriseId, r.data.id)).process).toMatchObject({ acceptance: true });
      fail = true;
      expect(await client.send(K.add, { customerId: customer, title: '回滚' })).toMatchObject({ success: false, message: '自动派单失败' });
    } finally {
      offHook();
      restore();
    }
    expect(seen).toEqual([0, 0]);
    expect(await ordersOf(enterpriseId)).toBe(1);
  });

  it('refuses the anonymous, a missing CSRF token and a role without the power, writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const body = { customerId: customer, title: '测试' };
    expect((await new Client(t.app).send(K.add, body)).message).toBe('未登录');
    expect((await client.send(K.add, body, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const keeper = await loggedIn(t.app, t.deps.db, { roles: [9], enterpriseId });
    expect((await keeper.client.send(K.add, body)).code).toBe('NO_POWER');
    expect(await ordersOf(enterpriseId)).toBe(0);
  });

  it('answers not found for another enterprise’s customer and refuses references outside the customer or enterprise', async () => {
    const { client, enterpriseId } = await admin();
    const other = await admin();
    const foreign = await newCustomer(other.client);
    expect((await client.send(K.add, { customerId: foreign, title: '越权' })).code).toBe('NOT_FOUND');
    const mine = await newCustomer(client);
    const [contact] = await rows<{ id: number }>(
      t.deps.db,
      sql`select id from customer_contacts where enterprise_id = ${other.enterpriseId} and customer_id = ${foreign}`,
    );
    expect((await client.send(K.add, { customerId: mine, title: '甲', contactId: contact?.id })).message).toBe('联系人：联系人不存在或不属于该客户');
    const stranger = await makeUser(t.deps.db, other.enterpriseId, { roles: [2] });
    expect((await client.send(K.add, { customerId: mine, title: '甲', coordinationUserId: [stranger.id] })).message).toBe('人员：人员不存在或已停用');
    expect((await client.send(K.add, { customerId: mine, title: '甲', orderType: 999999999 })).code).toBe('NOT_FOUND');
    expect(await ordersOf(enterpriseId)).toBe(0);
    expect(await ordersOf(other.enterpriseId)).toBe(0);
  });

  it('answers bad input with a Chinese message and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: customer }, '标题：请输入标题'],
      [{ title: '无客户' }, '客户'],
      [{ customerId: customer, title: '甲', priority: 5 }, '优先级不正确'],
      [{ customerId: customer, title: '甲', customApplyTime: '明天上午' }, '时间格式应为YYYY-MM-DD HH:mm:ss'],
      [{ customerId: customer, title: 'x'.repeat(101) }, '标题不能超过100个字'],
      [{ customerId: customer, title: '甲', gpsAddr: { provinceCode: '99', detail: '某路1号' } }, '服务地址：省市区不正确'],
    ];
    for (const [body, text] of cases) {
      const r = await client.send(K.add, body);
      expect(r.status).toBe(200);
      expect(r.success).toBe(false);
      expect(r.message).toContain(text);
    }
    expect(await ordersOf(enterpriseId)).toBe(0);
  });

  it('keeps orders whole when the customer’s records go: contact and address unlinked, product and customer refused', async () => {
    const { client, enterpriseId, user } = await admin();
    const customer = await newCustomer(client);
    const product = (await client.send(P.productionSave, { productId: await newModel(client), customerId: customer })).data.id;
    const [extra] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into customer_contacts (enterprise_id, customer_id, name, phone) values (${enterpriseId}, ${customer}, '李四', '13900001111') returning id`,
    );
    const [address] = await rows<{ id: number }>(
      t.deps.db,
      sql`select id from customer_addresses where enterprise_id = ${enterpriseId} and customer_id = ${customer}`,
    );
    const r = await client.send(K.add, { customerId: customer, title: '维修', contactId: extra?.id, addressId: address?.id, productId: product });
    expect(r.success).toBe(true);
    const v: Actor = { id: user.id, enterpriseId, sysrole: 3, admin: false, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
    await deleteContact(t.deps.db, v, Number(extra?.id));
    await deleteAddress(t.deps.db, v, Number(address?.id));
    expect(await orderRow(enterpriseId, r.data.id)).toMatchObject({
      contact_id: null,
      address_id: null,
      custom_link_person: '李四',
      full_address: expect.stringContaining('张江路'),
    });
    await expect(deleteInstalled(t.deps.db, v, [product])).rejects.toMatchObject({ message: expect.stringMatching(/^设备“.+”已有工单，不能删除$/) });
    await expect(deleteCustomers(t.deps.db, v, [customer])).rejects.toMatchObject({ message: expect.stringMatching(/^客户“.+”存在工单，不能删除$/) });
    expect(await ordersOf(enterpriseId)).toBe(1);
  });

  it('malformed bodies: never a 500, a Chinese message when refused, and only accepted bodies write', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const junk = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer()), fc.object());
    const keys = Object.keys(K.add.body.shape);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), junk, { maxKeys: 6 }), fc.boolean(), async (extra, withBasics) => {
        const body = withBasics ? { customerId: customer, title: '随机', ...extra } : extra;
        const r = await client.send(K.add, body);
        expect(r.status).toBe(200);
        if (r.success) accepted++;
        else expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
      }),
      { numRuns: 40 },
    );
    expect(await ordersOf(enterpriseId)).toBe(accepted);
  });
});
