import { badgeCountContract as B, contractContract as K, productContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { behindLock } from '../../test/race';
import { countOf, newCustomer, newModel } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (o: Parameters<typeof loggedIn>[2] = {}) => loggedIn(t.app, t.deps.db, { roles: [3], ...o });

describe('sales contracts', () => {
  it('a delete that waited for a submit leaves the contract and its log: refused, all or none', async () => {
    const { client, enterpriseId } = await admin();
    const id = (await client.call(K.saleSave, { name: '待提交', customerId: await newCustomer(client), signDate: '2024-05-01' })).data.id;
    const logs = () => countOf(t.deps.db, 'contract_logs', sql`enterprise_id = ${enterpriseId} and contract_id = ${id}`);
    const before = await logs();
    // A submit holds the contract while the delete, its check passed, waits for it.
    const del = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`update sale_contracts set status = 2 where enterprise_id = ${enterpriseId} and id = ${id}`);
      },
      () => client.call(K.saleDelete, { ids: [id] }),
    );
    expect(del.code).toBe('INVALID_STATE');
    expect(await countOf(t.deps.db, 'sale_contracts', sql`enterprise_id = ${enterpriseId} and id = ${id}`)).toBe(1);
    expect(await logs()).toBe(before);
  });

  it('creates with a generated number and products, submits, and is approved by an administrator', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const m = await newModel(client);
    const r = await client.call(K.saleSave, {
      name: '空调采购合同',
      customerId: customer,
      signDate: '2024-05-01',
      products: [{ productId: m, quantity: 3, price: 1200.5 }],
    });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    let d = (await client.call(K.saleDetail, { id: r.data.id })).data;
    expect(d).toMatchObject({
      status: 1,
      amount: 3601.5,
      contractNo: expect.stringMatching(/^HT\d{8}-0001$/),
      products: [{ productId: m, quantity: 3, price: 1200.5 }],
    });
    expect(d.abilities).toEqual({ edit: true, actions: ['submit'], delete: true });
    // An ordinary salesperson submits; approval is for administrators.
    const sales = await loggedIn(t.app, t.deps.db, { roles: [5], enterpriseId });
    const own = (await sales.client.call(K.saleSave, { name: '自己的合同', customerId: await newCustomer(sales.client), signDate: '2024-05-02' })).data.id;
    expect((await sales.client.call(K.saleSubmit, { id: own })).message).toBe('提交成功');
    expect((await sales.client.call(K.saleExamine, { id: own, pass: true })).code).toBe('ADMIN_ONLY');
    expect((await client.call(K.saleSubmit, { id: r.data.id })).success).toBe(true);
    expect((await client.call(K.saleSubmit, { id: r.data.id })).message).toBe('当前状态不允许该操作');
    expect((await client.call(K.saleSave, { id: r.data.id, name: '改', customerId: customer, signDate: '2024-05-01' })).code).toBe('INVALID_STATE');
    expect((await client.call(K.saleExamine, { id: r.data.id, pass: false, note: '价格有误' })).message).toBe('审批成功');
    expect((await client.call(K.saleSubmit, { id: r.data.id })).success).toBe(true);
    expect((await client.call(K.saleExamine, { id: r.data.id, pass: true })).success).toBe(true);
    d = (await client.call(K.saleDetail, { id: r.data.id })).data;
    expect(d.status).toBe(3);
    expect(d.logs.map((l: { toState: number }) => l.toState)).toEqual([1, 2, 1, 2, 3]);
    expect(d.logs[2]!.note).toBe('价格有误');
    expect((await client.call(K.saleDelete, { ids: [r.data.id] })).code).toBe('INVALID_STATE');
    expect((await client.call(K.saleList, { status: 3 })).data).toMatchObject({ count: 1, list: [{ id: r.data.id }] });
    expect((await client.call(K.saleList, { keyword: '空调' })).data.count).toBe(1);
  });

  it('refuses a taken number, bad input, CSRF, power and another enterprise', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    await client.call(K.saleSave, { contractNo: 'HT-1', name: '甲', customerId: customer, signDate: '2024-05-01' });
    expect((await client.call(K.saleSave, { contractNo: 'HT-1', name: '乙', customerId: customer, signDate: '2024-05-01' })).message).toBe(
      '该合同编号已被使用，请更换',
    );
    expect((await client.call(K.saleSave, { name: '丙', customerId: customer })).message).toBe('签订日期：请选择签订日期');
    expect((await client.call(K.saleSave, { name: '丙', customerId: customer, signDate: '2024-05-01' }, { csrf: false })).message).toBe(
      '操作失败，无效的CsrfToken',
    );
    expect(await countOf(t.deps.db, 'sale_contracts', sql`enterprise_id = ${enterpriseId}`)).toBe(1);
    expect((await new Client(t.app).call(K.saleList, {})).message).toBe('未登录');
    const fin = await loggedIn(t.app, t.deps.db, { roles: [8], enterpriseId });
    expect((await fin.client.call(K.saleList, {})).code).toBe('NO_POWER');
    const [c] = await rows<{ id: number }>(t.deps.db, sql`select id from sale_contracts where enterprise_id = ${enterpriseId}`);
    const other = await admin();
    expect((await other.client.call(K.saleDetail, { id: c!.id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(K.saleSubmit, { id: c!.id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(K.saleDelete, { ids: [c!.id] })).code).toBe('NOT_FOUND');
    expect((await other.client.call(K.saleSave, { name: '丁', customerId: customer, signDate: '2024-05-01' })).code).toBe('NOT_FOUND');
    expect((await client.call(K.saleDetail, { id: c!.id })).data.status).toBe(1);
    expect((await client.call(K.saleDelete, { ids: [c!.id] })).message).toBe('删除成功');
  });
});

describe('maintenance contracts', () => {
  it('covers the customer’s products and moves 1 → 2 → 3; terminate only from 1 or 2', async () => {
    const { client } = await admin();
    const customer = await newCustomer(client);
    const stranger = await newCustomer(client);
    const m = await newModel(client);
    const p1 = (await client.call(P.productionSave, { productId: m, customerId: customer })).data.id;
    const p2 = (await client.call(P.productionSave, { productId: m, customerId: stranger })).data.id;
    const body = { name: '年度维保', customerId: customer, startDate: '2024-04-01', endDate: '2025-03-31', amount: 48000 };
    expect((await client.call(K.maintainSave, { ...body, productIds: [p1, p2] })).message).toBe('保修设备：设备不存在或不属于该客户');
    expect((await client.call(K.maintainSave, { ...body, endDate: '2024-01-01' })).message).toBe('服务结束日期：服务结束日期不能早于开始日期');
    const r = await client.call(K.maintainSave, { ...body, productIds: [p1] });
    let d = (await client.call(K.maintainDetail, { id: r.data.id })).data;
    expect(d).toMatchObject({
      status: 1,
      amount: 48000,
      productCount: 1,
      products: [{ id: p1 }],
      abilities: { edit: true, actions: ['execute', 'terminate'], delete: true },
    });
    expect((await client.call(K.maintainChangeState, { id: r.data.id, action: 'finish' })).message).toBe('当前状态不允许该操作');
    expect((await client.call(K.maintainChangeState, { id: r.data.id, action: 'execute' })).message).toBe('修改状态成功');
    expect((await client.call(K.maintainChangeState, { id: r.data.id, action: 'finish' })).success).toBe(true);
    expect((await client.call(K.maintainChangeState, { id: r.data.id, action: 'terminate' })).code).toBe('INVALID_STATE');
    d = (await client.call(K.maintainDetail, { id: r.data.id })).data;
    expect(d.status).toBe(3);
    expect(d.logs.map((l: { toState: number }) => l.toState)).toEqual([1, 2, 3]);
    expect((await client.call(K.maintainDelete, { ids: [r.data.id] })).code).toBe('INVALID_STATE');
    expect((await client.call(K.maintainList, { customerId: customer })).data.count).toBe(1);
  });

  it('two parallel state changes: exactly one wins', async () => {
    const { client } = await admin();
    const customer = await newCustomer(client);
    const { data } = await client.call(K.maintainSave, { name: '并发', customerId: customer, startDate: '2024-04-01', endDate: '2025-03-31', amount: 1 });
    const out = await Promise.all(Array.from({ length: 5 }, () => client.call(K.maintainChangeState, { id: data.id, action: 'execute' })));
    expect(out.filter((o) => o.success)).toHaveLength(1);
    expect(out.filter((o) => o.code === 'INVALID_STATE')).toHaveLength(4);
    expect((await client.call(K.maintainDetail, { id: data.id })).data.logs).toHaveLength(2);
  });

  it('refuses CSRF, power and another enterprise, leaving the contract unchanged', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const { data } = await client.call(K.maintainSave, { name: '甲', customerId: customer, startDate: '2024-04-01', endDate: '2025-03-31', amount: 1 });
    expect((await client.call(K.maintainChangeState, { id: data.id, action: 'execute' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const fin = await loggedIn(t.app, t.deps.db, { roles: [8], enterpriseId });
    expect((await fin.client.call(K.maintainChangeState, { id: data.id, action: 'execute' })).code).toBe('NO_POWER');
    const other = await admin();
    expect((await other.client.call(K.maintainChangeState, { id: data.id, action: 'execute' })).code).toBe('NOT_FOUND');
    expect((await other.client.call(K.maintainDetail, { id: data.id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(K.maintainDelete, { ids: [data.id] })).code).toBe('NOT_FOUND');
    expect((await client.call(K.maintainDetail, { id: data.id })).data.status).toBe(1);
    expect((await client.call(K.maintainDelete, { ids: [data.id] })).message).toBe('删除成功');
  });
});

describe('renewals (维保合同 即将到期)', () => {
  /** A date `n` days from today in the test enterprises' zone (Asia/Shanghai). */
  const day = (n: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(Date.now() + n * 86_400_000),
    );

  it('counts, for those who may edit contracts, the ones in force ending within 30 days among the customers they see; the list’s filter shows the same', async () => {
    const a = await admin();
    const ep = a.enterpriseId;
    const sales = await loggedIn(t.app, t.deps.db, { roles: [5], enterpriseId: ep });
    const dispatcher = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId: ep });
    const employee = await loggedIn(t.app, t.deps.db, { roles: [4], enterpriseId: ep });
    const his = await newCustomer(sales.client);
    const theirs = await newCustomer(a.client);
    const contract = async (customerId: number, end: string, inForce = true) => {
      const id = (await a.client.call(K.maintainSave, { name: `维保${end}`, customerId, startDate: day(-300), endDate: end, amount: 1000 })).data.id;
      if (inForce) expect((await a.client.call(K.maintainChangeState, { id, action: 'execute' })).success).toBe(true);
      return id;
    };
    const soon = await contract(his, day(10));
    const today = await contract(theirs, day(0));
    await contract(his, day(31)); // past the 30 days
    await contract(his, day(5), false); // not in force yet (签订)
    await contract(his, day(-1)); // past its end: the date job finishes it
    const finished = await contract(theirs, day(3));
    expect((await a.client.call(K.maintainChangeState, { id: finished, action: 'finish' })).success).toBe(true);

    const count = (c: Client) => c.badge(B.renewalTodoCount);
    // The administrator sees every customer, the salesperson his own; the dispatcher reads the page but renews nothing;
    // the employee has no such page.
    expect([await count(a.client), await count(sales.client), await count(dispatcher.client), await count(employee.client)]).toEqual([2, 1, 0, 'NO_POWER']);
    const due = async (c: Client) => (await c.call(K.maintainList, { expiring: '1' })).data.list.map((r) => r.id).sort();
    expect(await due(a.client)).toEqual([soon, today].sort());
    expect(await due(sales.client)).toEqual([soon]);
    // Another enterprise: nothing of these.
    const b = await admin();
    expect([await count(b.client), (await b.client.call(K.maintainList, { expiring: '1' })).data.count]).toEqual([0, 0]);
  });
});
